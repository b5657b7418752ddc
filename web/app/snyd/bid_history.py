"""The round's bids (pure): a compact strip of the latest bids, the full list on tap.

Fills the layout's `data-testid="bid-history"` slot (table_markup.felt_html): upright, a strip
over your seat, one tap opens the whole round; on a phone on its side the right-hand column
shows the whole list (web/app/snyd/life.css). From ``view["bids"]`` only: this round, in order
(kept through the reveal, cleared by the next deal).
"""
from __future__ import annotations

from html import escape

from app.lang import t
from app.snyd.announcements import bid_words

STRIP = 3  # bids in the strip; the rest behind "+n"


def short_bid(bid: dict) -> str:
    """"3 × ⚄" in numerals, as a chalkboard would: "3 femmere" is too long for the strip."""
    face = bid.get("face")
    return f'{bid["quantity"]} {t("snyd.history.alike") if face is None else ""}'.strip()


def chip_html(bid: dict) -> str:
    words = f'{bid["player"]}: {bid_words(bid["quantity"], bid.get("face"))}'
    face = bid.get("face")
    pip = f'<span class="mini-die" data-value="{face}" aria-hidden="true">{face}</span>' if face else ""
    return (f'<li class="chip" aria-label="{escape(words, quote=True)}">'
            f'<span class="who" aria-hidden="true">{escape(bid["player"])}</span> '
            f'<span class="what" aria-hidden="true">{escape(short_bid(bid))}{pip}</span></li>')


def history_html(view: dict, open_: bool) -> str:
    """The slot's inside: empty before the round's first bid (the slot then hides)."""
    bids = view.get("bids", [])
    if not bids:
        return ""
    hidden = max(0, len(bids) - STRIP)
    shown = bids if open_ else bids[-STRIP:]
    more = f'<li class="more">{t("snyd.history.more", n=hidden)}</li>' if hidden and not open_ else ""
    label = t("snyd.history.close") if open_ else t("snyd.history.open")
    full = "".join(f'<li>{escape(b["player"])}: {escape(bid_words(b["quantity"], b.get("face")))}</li>'
                   for b in bids)
    return (f'<button type="button" class="history-strip" data-action="history" data-testid="history-toggle" '
            f'aria-expanded="{"true" if open_ else "false"}">'
            # The label as hidden text, not aria-label: the chips' words stay in the name (axe's
            # label-content-name-mismatch).
            f'<span class="visually-hidden">{label}</span><ol class="chips{" open" if open_ else ""}">{more}{"".join(chip_html(b) for b in shown)}</ol></button>'
            f'<ol class="history-full" data-testid="history-full" aria-label="{t("snyd.history")}">{full}</ol>')
