"""Fair dice at a friends' table (issue 20, docs/fair-dice.md), the same in all three games: the
*Ærlige terninger* mark with its explanation on a tap, the calm line while the phones answer
each other, and the notice for dice that did not match this phone's check.

    look.fair = fair_of(session)                                      # None without fair dice
    fair_mark_html(look.fair, look.fair_open, "snyd.fair.explain")   # "" without fair dice
    if fair_info_tap(action, self.look): ...                          # a table screen's clicked
    fair_status_html("friends.fair.throwing")
    dice_verified_html("snyd.fair.verified", live=True)              # Snyd's reveal; the throws' quiet
    dice_mismatch_html("Mette")
"""
from __future__ import annotations

from html import escape
from typing import Any

from app.lang import t


def fair_of(session: Any) -> dict | None:
    """The session's fair_state() at a friends' table (the host's or a guest's), None at a
    table without fair dice (one phone, the regulars): as peer_marks.connections_of."""
    read = getattr(session, "fair_state", None)
    return read() if callable(read) else None


FAIR_INFO = "fair-info"  # the mark's data-action


def fair_info_tap(action: str, look: Any) -> bool:
    """A tap on the mark: its explanation opens, or closes again (``look.fair_open``, the table
    look's, which fair_mark_html draws). True when ``action`` was that tap (the screen then draws
    the felt again, each as it draws after a tap), else False and nothing changed."""
    if action != FAIR_INFO:
        return False
    look.fair_open = not look.fair_open
    return True


def fair_mark_html(fair: dict | None, fair_open: bool, explain: str) -> str:
    """The mark at a friends' table with fair dice (``fair``: the session's fair_state; None
    elsewhere: nothing); a tap (data-action "fair-info") opens and closes ``explain``'s words."""
    if fair is None:
        return ""
    info = (f'<p class="fair-info" id="fair-info" data-testid="dice-fair-info" role="note">'
            f'{escape(t(explain))}</p>') if fair_open else ""
    return (f'<span class="fair"><button type="button" class="fair-mark" data-testid="dice-fair" '
            f'data-action="{FAIR_INFO}" aria-expanded="{"true" if fair_open else "false"}" '
            f'aria-controls="fair-info">{escape(t("snyd.fair.mark"))}</button>{info}</span>')


def fair_status_html(key: str) -> str:
    """A calm line while the phones answer each other (the cups made, the keys opened)."""
    return f'<p class="waiting fair-status" data-testid="fair-status" role="status">{escape(t(key))}</p>'


def dice_verified_html(key: str, live: bool = False) -> str:
    """✓ this phone's own check held: ``key``'s words. ``live`` (Snyd's reveal, once a round)
    gives it role status; Bakke's and Treere's per-throw line is quiet (read out at every throw
    it would drown the table)."""
    role = ' role="status"' if live else ""
    return f'<p class="dice-verified" data-testid="dice-verified"{role}>{escape(t(key))}</p>'


def dice_mismatch_html(name: str) -> str:
    """‹navn›s terninger passer ikke: this phone's check of ``name``'s dice failed."""
    return (f'<p class="dice-mismatch" data-testid="dice-mismatch" role="alert">'
            f'{escape(t("friends.dice_mismatch", player=name))}</p>')


def fair_check(fair: dict | None) -> str | None:
    """The seat named by a failed check ("mismatch:<seat>"), else None."""
    check = (fair or {}).get("check")
    if isinstance(check, str) and check.startswith("mismatch:"):
        return check.partition(":")[2]
    return None


def fair_throwing(fair: dict | None) -> bool:
    """A fair throw's exchange is open (Bakke, Treere: the phones commit and share): its faces
    are on the way, so the throw buttons wait."""
    return (fair or {}).get("step") in ("commit", "share")


def fair_notes_html(fair: dict | None) -> str:
    """Bakke's and Treere's line over their buttons: *Terningerne rystes …* while a throw's
    exchange is open, else this phone's check of the latest throw: the notice when it failed,
    a quiet ✓ when it held."""
    if fair_throwing(fair):
        return fair_status_html("friends.fair.throwing")
    name = fair_check(fair)
    if name is not None:
        return dice_mismatch_html(name)
    if (fair or {}).get("check") == "verified":  # a guest's ✓: the latest throw checked out here
        return dice_verified_html("friends.fair.throw_verified")
    return ""
