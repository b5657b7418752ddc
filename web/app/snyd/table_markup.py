"""The Snyd table as HTML, from a view and the screen's own state (pure, CPython-testable).

The screen sets these strings with one innerHTML per region, which is far cheaper than
building nodes one FFI call at a time, and lets tests check what is in the DOM: above all
that your dice are in the markup only while you peek.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

from app.friends.peer_marks import hand_over_html
from app.lang import t
from app.snyd.announcements import bid_words, merge_slap, said
from app.snyd.bid_history import history_html
from app.snyd.bid_picker import BidPicker, chance_of
from app.snyd.reveal_markup import (
    glass_html,
    moment_classes,
    reveal_centre_html,
    revealed_hand_html,
    turn_line_html,
)
from app.snyd.reveal_steps import out_at_this_reveal
from app.table.fair_marks import (
    dice_mismatch_html,
    dice_verified_html,
    fair_check,
    fair_mark_html,
    fair_status_html,
)
from app.table.seat_markup import seat_html


def __getattr__(name: str) -> str:
    """HOST_DEALS ("Værten deler ud", on a guest's phone in place of *Næste runde*) for modules
    that import it as a constant: the text in the language of the moment it is read."""
    if name == "HOST_DEALS":
        return t("snyd.host_deals")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Which cells of a 3×3 grid hold a pip, per face.
PIP_CELLS = {1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8),
             6: (0, 2, 3, 5, 6, 8)}


@dataclass
class TableLook:
    """What the screen adds to the view: gestures, bubbles, the picker, help."""
    peeking: bool = False
    lift_px: float = 0.0                       # how far the cup is lifted (follows the finger)
    can_peek: bool = False                     # the session's say (turn, hand-off, S40)
    picker: BidPicker | None = None
    picker_bids: int = -1                      # how many bids the picker was built after
    advice: dict | None = None                 # practice.advice(view) when help is on
    bubbles: dict[str, str] = field(default_factory=dict)  # in the order said (see `speaking`)
    fresh: set[str] = field(default_factory=set)  # whose bubble is new since the last drawing
    news: str = ""                             # the latest line, shown on the felt
    reveal_lines: list[str] = field(default_factory=list)  # what followed the verdict: slap, Viborg …
    step: dict = field(default_factory=dict)   # Session.next_step()
    regulars: tuple[str, ...] = ()
    # A peer table: each seat's connection ("connected" | "reconnecting" | "away"); empty at a
    # one-phone table, whose seats carry no data-connection.
    connections: dict[str, str] = field(default_factory=dict)
    deals: bool = True                         # False on a guest's phone: the host deals
    history_open: bool = False                 # the round's bids: the whole list (a tap)
    shaking: bool = False                      # the cups shake: drawn right after a deal
    # The host's phone at a table with friends: it may hand a guest's seat to a stand-in
    # (peer_marks.hand_over_html); whose seat it asked to confirm, and the seats handed.
    can_hand_over: bool = False
    confirm_hand: str | None = None
    handed: frozenset[str] = frozenset()
    me_handed: bool = False                    # a guest's phone whose seat a stand-in plays
    # Fair dice at a friends' table (issue 20): the session's fair_state() ({"step", "check"};
    # None at a table without them) and whether the mark's explanation is open (a tap).
    fair: dict | None = None
    fair_open: bool = False


CONNECTION_TAGS = ("reconnecting", "away")  # a badge (snyd.tag.<state>); none when connected


def a(value: object) -> str:
    """An attribute value, escaped."""
    return escape(str(value), quote=True)


def die_html(value: int, testid: str | None = None, extra: str = "") -> str:
    cells = "".join(f'<i class="{"p" if i in PIP_CELLS[value] else ""}"></i>' for i in range(9))
    tid = f' data-testid="{testid}"' if testid else ""
    return (f'<span class="die {extra}"{tid} data-value="{value}" role="img" '
            f'aria-label="{value}">{cells}</span>')


def seat_order(view: dict) -> list[str]:
    """Everyone in seat order starting with the device's player (at the bottom), clockwise."""
    players = view["players"]
    i = players.index(view["me"])
    return players[i:] + players[:i]


def seat_positions(n_others: int) -> list[tuple[float, float]]:
    """(left %, top %) for the other seats on the upper arc of the felt, clockwise from the left."""
    if n_others == 1:
        return [(50.0, 17.0)]
    out = []
    for k in range(n_others):
        angle = math.pi * (1.0 - (k + 0.5) / n_others)  # from the left (π) over the top to the right (0)
        out.append((round(50 + 40 * math.cos(angle), 1), round(57 - 40 * math.sin(angle), 1)))
    return out


def mat_state(view: dict, player: str) -> str:
    return "black" if player in view.get("viborg", []) else "green"


def mat_html(view: dict, player: str, inner: str) -> str:
    """A seat's mat (green, or black in Viborg: `data-state`), holding `inner`."""
    return (f'<div class="mat" data-testid="mat" data-player="{a(player)}" '
            f'data-state="{mat_state(view, player)}">{inner}</div>')


def is_watching(view: dict, player: str) -> bool:
    """At the table but not in this game: the others at a final in Viborg (S32). They have
    no cup and no dice, so their seat shows none."""
    return bool(view.get("in_game")) and player not in view["in_game"]


def _hand_html(view: dict, player: str) -> str:
    """A revealed hand (S7): public once the cups are lifted; counted dice get a golden ring,
    one after the other, the specials labelled (reveal_markup)."""
    return revealed_hand_html(view, player, die_html)


def _tags(view: dict, player: str) -> str:
    tags = []
    if player in view.get("out", []):
        tags.append(f'<span class="tag slap">{t("snyd.tag.out")}</span>')
    if player in view.get("viborg", []):
        tags.append('<span class="tag viborg">Viborg</span>')
    if is_watching(view, player):
        tags.append(f'<span class="tag watching">{t("snyd.tag.watching")}</span>')
    strokes = view.get("tally", {}).get(player, 0)
    if strokes:  # the evening's strokes on Tavlen, also at the seat
        label = t("snyd.strokes.one" if strokes == 1 else "snyd.strokes.many", n=strokes)
        tags.append(f'<span class="tag strokes" aria-label="{label}">{"|" * strokes}</span>')
    return "".join(tags)


def _count(view: dict, player: str) -> str:
    if "dice_left" in view:  # absent under Skjult antal (S43) …
        n = view["dice_left"].get(player, 0)
    elif player == view["me"] and "my_dice_count" in view:  # … but you always know your own
        n = view["my_dice_count"]
    else:
        return ""
    label = t("snyd.dice.one" if n == 1 else "snyd.dice.many", n=n)
    return f'<span class="dice-count" aria-label="{label}">{n}</span>'


CROWDED_SEATS = 6      # from this many players the upper arc is full …
CROWDED_BUBBLES = 3    # … and only the latest few speakers keep their bubble


def speaking(view: dict, look: TableLook) -> set[str]:
    """Whose bubbles show: everyone's, but at a crowded table only the latest speakers' (the
    bubbles are kept in the order they were said), else they cover each other and the names."""
    said = list(look.bubbles)
    if len(view.get("players", [])) >= CROWDED_SEATS:
        said = said[-CROWDED_BUBBLES:]
    return set(said)


def bubble_html(view: dict, look: TableLook, player: str) -> str:
    """A seat's speech bubble. Only a new one pops in: the felt is redrawn after every move,
    and replaying the animation on the old bubbles made them all blink each time."""
    text = look.bubbles.get(player)
    if not text or player not in speaking(view, look):
        return ""
    pop = " pop" if player in look.fresh else ""
    return f'<div class="bubble{pop}">{escape(text)}</div>'


def _state_classes(view: dict, player: str) -> list[str]:
    """A seat's state as CSS classes, the same for your seat and the others'."""
    # Out at the reveal on show: not dimmed until *Næste* (their dice are still being checked).
    out = player in view.get("out", []) and player not in out_at_this_reveal(view)
    states = {"turn": view.get("turn") == player, "out": out, "watching": is_watching(view, player)}
    return [name for name, on in states.items() if on] + moment_classes(view, player)


def connection_attr(look: TableLook, player: str) -> str:
    """` data-connection="…"` at a peer table, nothing at a one-phone table."""
    state = look.connections.get(player)
    return f' data-connection="{a(state)}"' if state else ""


def connection_tag(look: TableLook, player: str) -> str:
    """The seat's tag at a peer table: *stamgæst* while a stand-in plays it by the host's hand
    (every phone knows: the view's "handed"), else *genforbinder* / *væk* when not connected."""
    if player in look.handed:
        return f'<span class="tag connection handed" data-testid="handed-tag">{t("friends.tag.handed")}</span>'
    state = look.connections.get(player, "")
    return f'<span class="tag connection">{t(f"snyd.tag.{state}")}</span>' if state in CONNECTION_TAGS else ""


def other_seat_html(view: dict, look: TableLook, player: str, pos: tuple[float, float]) -> str:
    classes = ["seat", "left" if pos[0] < 30 else "right" if pos[0] > 70 else "mid"]
    if look.bubbles and list(look.bubbles)[-1] == player:
        classes.append("latest")  # the newest bubble is drawn over its neighbours
    classes += _state_classes(view, player)
    watching = is_watching(view, player)
    lifted = "lifted" if view["phase"] in ("reveal", "game_over") else ""
    shake = " shake" if look.shaking and not lifted else ""
    cup = "" if watching else f'<div class="cup {lifted}{shake}"></div>'
    bub = bubble_html(view, look, player)
    thinking = '<span class="thinking" aria-hidden="true">…</span>' if view.get("turn") == player \
        and view["phase"] == "bidding" else ""
    # The regular's deliberate pause, for benches that separate it from the app's own work.
    step = look.step
    pause = f' data-pause-ms="{step["delay_ms"]}"' if step.get("kind") == "regular" \
        and step.get("player") == player else ""
    return seat_html(" ".join(classes), player,
                     f'{pause}{connection_attr(look, player)} style="left:{pos[0]}%;top:{pos[1]}%"',
                     bub + mat_html(view, player, cup + _hand_html(view, player)),
                     f"{escape(player)}{thinking} {_count(view, player)}",
                     _tags(view, player) + connection_tag(look, player))


def my_dice_html(view: dict, look: TableLook) -> str:
    """Your dice: only while you peek and may (S3, S40); otherwise nothing at all."""
    if not (look.peeking and look.can_peek and view.get("my_dice")):
        return ""
    return "".join(die_html(v, "die") for v in view["my_dice"])


def my_seat_html(view: dict, look: TableLook) -> str:
    me = view["me"]
    phase = view["phase"]
    classes = ["seat", "me", *_state_classes(view, me)]
    watching = is_watching(view, me)
    locked = view["phase"] == "bidding" and me in view.get("in_play", []) and not view.get("can_peek")
    cup_classes = ["cup", "cup-me"]
    if locked:
        cup_classes.append("locked")
    if phase in ("reveal", "game_over"):
        cup_classes.append("lifted")
    elif look.shaking:
        cup_classes.append("shake")
    lift = f"transform:translateY({-look.lift_px:.0f}px)" if look.peeking and look.lift_px else ""
    lock = '<span class="lock" aria-hidden="true">🔒</span>' if locked else ""
    label = t("snyd.cup.locked") if locked else t("snyd.cup.hold")
    bub = bubble_html(view, look, me)
    # A watcher has no cup to lift (the screen's gestures look the cup up and find none).
    cup = "" if watching else (
        f'<div class="{" ".join(cup_classes)}" id="cup-me" data-testid="cup-me" role="img" '
        f'aria-label="{a(label)}" style="{lift}">{lock}</div>')
    dice = f'<div class="my-dice" id="my-dice" data-player="{a(me)}">{my_dice_html(view, look)}</div>'
    return seat_html(" ".join(classes), me, connection_attr(look, me),
                     bub + mat_html(view, me, dice + _hand_html(view, me) + cup),
                     f"{escape(me)} {_count(view, me)}", _tags(view, me))


def centre_html(view: dict, look: TableLook) -> str:
    """The middle of the felt: the current bid, or the reveal and its verdict."""
    phase = view["phase"]
    rev = view.get("last_reveal")
    if phase in ("reveal", "game_over") and rev:
        # What followed (slap, Viborg, tabt helt …) and "Næste runde" are in the controls:
        # here, a game's worth of lines grew the box over the seats it talks about.
        return reveal_centre_html(view)
    cur = view.get("current_bid")
    bid = f'<p class="current">{escape(view.get("bidder") or "")}: ' \
          f'{escape(bid_words(cur["quantity"], cur.get("face")))}</p>' if cur else \
          f'<p class="current">{escape(said("snyd.opens", view.get("starter") or ""))}</p>'
    return f'<div class="centre">{turn_line_html(view, look.step)}{bid}<p class="news">{escape(look.news)}</p></div>'


def felt_html(view: dict, look: TableLook) -> str:
    order = seat_order(view)
    others = order[1:]
    seats = "".join(other_seat_html(view, look, p, pos)
                    for p, pos in zip(others, seat_positions(len(others))))
    info_key = "snyd.round_info.final" if view.get("final") else "snyd.round_info"
    info = (f'<div class="round-info">{t(info_key, game=view.get("game_no", 0), round=view.get("round_no", 0))}'
            f'{fair_mark_html(look.fair, look.fair_open, "snyd.fair.explain")}</div>')
    # The round's bids: an empty slot here, filled by the table's life (issue 12); the layout
    # (table.css) puts it over your seat upright and in the right-hand column on its side.
    history = (f'<div class="bid-history" data-testid="bid-history" aria-label="{t("snyd.history")}">'
               f'{history_html(view, look.history_open)}</div>')
    # The bid (or the verdict) and the bids: one column beside the felt on a phone on its side,
    # in the felt's flow elsewhere (table.css, .side).
    return (f'{info}{glass_html(view)}{seats}<div class="side">{centre_html(view, look)}{history}</div>'
            f'{my_seat_html(view, look)}')


def fair_check_html(view: dict, look: TableLook) -> str:
    """After a fair round: ✓ every cup checked out (at a reveal), or whose cup did not match
    (that seat lost the round). This phone's own check (GuestTable / HostTable.fair_state)."""
    check = (look.fair or {}).get("check")
    if check == "verified" and view.get("last_reveal"):
        return dice_verified_html("snyd.fair.verified", live=True)
    name = fair_check(look.fair)
    return dice_mismatch_html(name) if name is not None else ""


def _options(pairs: list[tuple[str, str]], selected: str) -> str:
    return "".join(f'<option value="{a(v)}"{" selected" if v == selected else ""}>{escape(lbl)}</option>'
                   for v, lbl in pairs)


def is_my_turn(step: dict, view: dict) -> bool:
    """The device's player acts now: may bid, or only call when no raise is left (then the
    practice help still has advice: Løft)."""
    return step.get("kind") == "human" and bool(view.get("can_bid") or view.get("can_call"))


def practice_html(view: dict, look: TableLook) -> str:
    """S42: the chance of the current bid, of the raise being chosen, and a suggestion."""
    adv = look.advice
    if not adv:
        return ""
    parts = []
    if adv.get("current") is not None:
        parts.append(t("snyd.practice.current", pct=percent(adv["current"])))
    sel = look.picker.selected if look.picker else None
    if sel is not None:
        p = next((r["chance"] for r in adv.get("raises", [])
                  if r["bid"]["quantity"] == sel.quantity and r["bid"].get("face") == sel.face),
                 None)
        if p is None:
            p = chance_of(view, sel)
        if p is not None:
            parts.append(t("snyd.practice.mine", pct=percent(p)))
    sug = adv.get("suggestion")
    if sug:
        what = t("snyd.call") if sug["type"] == "call" else bid_words(sug["quantity"], sug.get("face"))
        parts.append(t("snyd.practice.suggestion", what=f"<b>{escape(what)}</b>"))
    return (f'<div class="practice" data-testid="practice" aria-label="{t("snyd.practice")}">'
            f'{" · ".join(parts)}</div>')


def percent(p: float) -> str:
    """A chance as the practice table shows it, in bold: "<b>62 %</b>"."""
    return f'<b>{t("snyd.percent", n=round(100 * p))}</b>'


def after_reveal_html(view: dict, look: TableLook) -> str:
    """After a call, in place of the (then useless) picker: what followed the verdict and the
    button that shakes again. Empty while a round is being bid."""
    # A fair round lost by a cup that did not open or match has no reveal, yet is over.
    if view["phase"] not in ("reveal", "game_over") or not (view.get("last_reveal") or look.fair):
        return ""
    label = t("snyd.next_game") if view["phase"] == "game_over" else t("snyd.next_round")
    # The news after the verdict waits for it (life.css: --reveal-end, set by the screen).
    after = "".join(f"<li>{escape(line)}</li>" for line in merge_slap(look.reveal_lines))
    nxt = f'<button type="button" class="btn next" data-action="next">{label}</button>' \
        if look.deals else f'<p class="waiting">{t("snyd.host_deals")} …</p>'
    if (look.fair or {}).get("step") in ("commit", "share"):
        nxt = fair_status_html("snyd.fair.shaking")  # asked: the deal comes with every cup made
    return (f'{waiting_html(look)}<div class="after-reveal">{fair_check_html(view, look)}'
            f'<ul class="after">{after}</ul>{nxt}</div>')


def waiting_html(look: TableLook) -> str:
    """At a peer table: "Venter på værten" while the host is silent, else who has the turn
    when it is not this phone's ("Venter på Mette …")."""
    kind = look.step.get("kind")
    if kind == "waiting_host":
        return f'<p class="waiting" data-testid="waiting-host" role="status">{t("snyd.waiting_host")}</p>'
    if look.me_handed:
        return f'<p class="waiting" data-testid="seat-handed" role="status">{t("friends.handed.you")}</p>'
    if kind == "remote":
        player = look.step["player"]
        line = f'<p class="waiting" role="status">{escape(t("snyd.waiting_for", who=player))}</p>'
        gone = look.connections.get(player) in ("reconnecting", "away")
        if look.can_hand_over and gone and player not in look.handed:
            line += hand_over_html(player, look.confirm_hand)  # the table need not wait
        return line
    return ""


def controls_html(view: dict, look: TableLook) -> str:
    """The picker (only legal raises), Byd, Løft and Kig; after a call, the news and *Næste*."""
    after = after_reveal_html(view, look)
    if after:
        return after
    kind = look.step.get("kind")
    making = view["phase"] == "idle" and (look.fair or {}).get("step") in ("commit", "share")
    if kind in ("dealing", "opening") or making:  # the phones answer each other: nothing to tap
        return fair_status_html("snyd.fair.opening" if kind == "opening" else "snyd.fair.shaking")
    my_turn = look.step.get("kind") == "human" and view.get("turn") == view["me"] and view["phase"] == "bidding"
    picker = look.picker if my_turn else None
    sel = picker.selected if picker else None
    dis = "" if sel else " disabled"
    q_opts = _options(picker.quantity_options(), str(sel.quantity)) if sel else "<option>–</option>"
    f_opts = _options(picker.face_options(), "slags" if sel and sel.face is None else str(sel.face if sel else ""))\
        if sel else "<option>–</option>"
    call_dis = "" if my_turn and view.get("can_call") else " disabled"
    peek_dis = "" if look.can_peek else " disabled"
    return (f'{waiting_html(look)}{practice_html(view, look) if my_turn else ""}'
            f'<div class="picker" role="group" aria-label="{t("snyd.picker")}">'
            f'<select data-testid="bid-quantity" aria-label="{t("snyd.picker.quantity")}"{dis}>{q_opts}</select>'
            f'<select data-testid="bid-face" aria-label="{t("snyd.picker.face")}"{dis}>{f_opts}</select></div>'
            f'<div class="actions">'
            f'<button type="button" class="btn peek" data-action="peek"{peek_dis}>{t("snyd.peek")}</button>'
            f'<button type="button" class="btn bid" data-action="bid"{dis}>{t("snyd.bid")}</button>'
            f'<button type="button" class="btn call" data-action="call"{call_dis}>{t("snyd.call")}</button>'
            f'</div>')


def handoff_html(player: str) -> str:
    """Pass-and-play: covers everything so the next player never sees the last one's dice."""
    return (f'<div class="handoff" data-testid="handoff" role="dialog" aria-modal="true" '
            f'aria-labelledby="handoff-title"><div class="handoff-card">'
            f'<div class="cup big" aria-hidden="true"></div>'
            f'<h2 id="handoff-title">{escape(t("snyd.handoff.title", name=player))}</h2>'
            f'<p>{escape(t("snyd.handoff.only", name=player))}</p>'
            f'<button type="button" class="btn" data-action="handoff-ok">{escape(t("snyd.handoff.ok", name=player))}</button>'
            f'</div></div>')
