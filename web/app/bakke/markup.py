"""The Bakke table as HTML, from a view and the screen's own state (pure, CPython-testable).

One innerHTML per region (felt, turn, controls), as at the Snyd table: cheap over the FFI and
checkable in tests. Every die in Bakke is public the moment it lands, so the felt shows the
whole table to whoever holds the phone; dice in a hand have no faces (nobody has thrown them).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape

from app.bakke.words import dice_word, event_line, genitive, hint_line, place, turn_line
from app.friends.peer_marks import connection_attr, connection_tag, handed_here_html, host_starts
from app.lang import t
from app.table.fair_marks import fair_mark_html, fair_notes_html, fair_throwing
from app.table.seat_markup import seat_html
from app.table.tally_legend import legend_html

# Which cells of a 3×3 grid hold a pip, per face (the same dice as the Snyd table's).
PIP_CELLS = {1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8),
             6: (0, 2, 3, 5, 6, 8)}
HAND_SHOWN = 6         # dice drawn in a hand; more are "+n"
CROWDED_SEATS = 6      # from this many players only the latest few speakers keep a bubble
CROWDED_BUBBLES = 3


@dataclass
class TableLook:
    """What the screen adds to the view: who is a regular, the bubbles, the news, motion."""
    regulars: tuple[str, ...] = ()
    single: str | None = None          # the only person at this phone ("du"); None: pass-and-play
    bubbles: dict[str, str] = field(default_factory=dict)  # in the order said
    fresh: set[str] = field(default_factory=set)  # whose bubble is new since the last drawing
    news: str = ""                     # the latest line, under the tray
    roll: bool = False                 # a throw since the last drawing: its dice tumble in once
    fejl_open: bool = False            # the *Fejl* menu of players is open
    fejl_confirm: str | None = None    # whom the holder is about to call a fault against (asked)
    guest: bool = False                # a guest's phone: the host starts the next game
    # A table with friends: each seat's connection (app/friends/peer_marks.py); {} on one phone.
    connections: dict[str, str] = field(default_factory=dict)
    # Fair throws at a friends' table (issue 20): the session's fair_state() ({"step", "check"};
    # None elsewhere) and whether the *Ærlige terninger* mark's explanation is open.
    fair: dict | None = None
    fair_open: bool = False


def a(value: object) -> str:
    """An attribute value, escaped."""
    return escape(str(value), quote=True)


def die_html(value: int, testid: str, extra: str = "") -> str:
    cells = "".join(f'<i class="{"p" if i in PIP_CELLS[value] else ""}"></i>' for i in range(9))
    return (f'<span class="die {extra}" data-testid="{testid}" data-value="{value}" role="img" '
            f'aria-label="{value}">{cells}</span>')


def seat_order(view: dict) -> list[str]:
    """Everyone in seat order from the phone's holder (at the bottom), clockwise."""
    players = view["players"]
    i = players.index(view["me"]) if view.get("me") in players else 0
    return players[i:] + players[:i]


def speaking(view: dict, look: TableLook) -> set[str]:
    said = list(look.bubbles)
    if len(view.get("players", [])) >= CROWDED_SEATS:
        said = said[-CROWDED_BUBBLES:]
    return set(said)


def bubble_html(view: dict, look: TableLook, player: str) -> str:
    text = look.bubbles.get(player)
    if not text or player not in speaking(view, look):
        return ""
    pop = " pop" if player in look.fresh else ""
    return f'<div class="bubble{pop}">{escape(text)}</div>'


def hand_html(n: int, big: bool = False) -> str:
    """Dice in a hand, faceless (not thrown yet): up to six drawn, the rest as "+n"."""
    dice = '<span class="hand-die"></span>' * min(n, HAND_SHOWN)
    more = f'<span class="more">+{n - HAND_SHOWN}</span>' if n > HAND_SHOWN else ""
    return f'<div class="bakke-hand{" big" if big else ""}" aria-hidden="true">{dice}{more}</div>'


def count_html(n: int) -> str:
    label = a(t("bakke.in_hand", dice=dice_word(n)))
    return f'<span class="dice-count" data-testid="hand-count" aria-label="{label}">{n}</span>'


def _tags(view: dict, player: str) -> str:
    tags = []
    if player == view.get("loser"):
        tags.append(f'<span class="tag tuborg-giver">{escape(t("bakke.tag.lost"))}</span>')
    elif player in view.get("out", []):
        rank = view["out"].index(player) + 1
        tags.append(f'<span class="tag done">{escape(t("bakke.tag.out", place=place(rank)))}</span>')
    given = view.get("tally", {}).get(player, 0)
    if given:
        tags.append(f'<span class="tag tuborgs" aria-label="{a(t("bakke.tag.tuborgs", n=given))}">'
                    f'<i class="beer" aria-hidden="true"></i>{given}</span>')
    return "".join(tags)


def _classes(view: dict, player: str, *extra: str) -> str:
    states = {"turn": view.get("turn") == player and view.get("phase") == "playing",
              "out": player in view.get("out", []), "loser": player == view.get("loser")}
    return " ".join(["seat", *extra, *(name for name, on in states.items() if on)])


def other_seat_html(view: dict, look: TableLook, player: str) -> str:
    """Another player's seat: bakke.css lays the seats out in the felt's flow, in this order."""
    latest = "latest" if look.bubbles and list(look.bubbles)[-1] == player else ""
    n = view["hands"].get(player, 0)
    thinking = '<span class="thinking" aria-hidden="true">…</span>' \
        if view.get("turn") == player and player in look.regulars else ""
    return seat_html(_classes(view, player, latest), player, connection_attr(look.connections, player),
                     f'{bubble_html(view, look, player)}<div class="mat">{hand_html(n)}</div>',
                     f"{escape(player)}{thinking} {count_html(n)}",
                     _tags(view, player) + connection_tag(look.connections, player))


def my_seat_html(view: dict, look: TableLook) -> str:
    """The holder's seat at the bottom: their hand is the flick zone when they may throw."""
    me = view["me"]
    n = view["hands"].get(me, 0)
    can_throw = bool({"throw", "throw_all"} & set(view.get("legal", [])))
    zone = (f'<div class="hand-zone{" ready" if can_throw else ""}" data-testid="hand" data-player="{a(me)}" '
            f'role="img" aria-label="{a(_hand_label(me, n, look))}">{hand_html(n, big=True)}'
            f'{_flick_hint() if can_throw else ""}'
            f'{_no_dice() if n == 0 else ""}</div>')
    name = t("bakke.you") if me == look.single else me
    return seat_html(_classes(view, me, "me"), me, connection_attr(look.connections, me),
                     bubble_html(view, look, me) + zone, f"{escape(name)} {count_html(n)}",
                     _tags(view, me) + connection_tag(look.connections, me))


def _flick_hint() -> str:
    return f'<span class="flick-hint" aria-hidden="true">{escape(t("bakke.flick"))}</span>'


def _no_dice() -> str:
    return f'<span class="zone-note">{escape(t("bakke.no_dice"))}</span>'


def _hand_label(me: str, n: int, look: TableLook) -> str:
    if me == look.single:
        return t("bakke.hand.mine", dice=dice_word(n))
    return t("bakke.hand.other", owner=genitive(me), dice=dice_word(n))


def tray_html(view: dict, look: TableLook) -> str:
    """The shared tray in the middle with the dice in it (B2: at most one of each face 2–6)."""
    tray = view.get("tray", [])
    last = view.get("last") or {}
    # Only the dice this throw left in the tray tumble in (the others lay there already).
    landed = set(last.get("tray", [])) & set(last.get("faces", [])) if look.roll else set()
    dice = "".join(die_html(f, "tray-die", "roll" if f in landed else "") for f in tray)
    label = t("bakke.tray.empty") if not tray else t("bakke.tray.dice", shown=", ".join(str(f) for f in tray))
    empty = f'<span class="tray-empty">{escape(label)}</span>' if not tray else ""
    return f'<div class="tray" data-testid="tray" role="img" aria-label="{a(label)}">{dice}{empty}</div>'


def last_throw_html(view: dict, look: TableLook) -> str:
    """The last throw, die by die: a 1 leaves the game, a pair goes up into the hand, the rest
    stays in the tray. Its dice tumble in once (not under *Færre bevægelser*: bakke.css)."""
    last = view.get("last")
    if not last:
        return '<div class="last-throw" data-testid="last-throw"></div>'
    picked = set(last.get("picked", []))
    dice = []
    for face in last["faces"]:
        fate = "one" if face == 1 else "up" if face in picked else "stays"
        dice.append(die_html(face, "thrown-die", f"{fate}{' roll' if look.roll else ''}"))
    who = t("bakke.you") if last["player"] == look.single else last["player"]
    return (f'<div class="last-throw" data-testid="last-throw" data-player="{a(last["player"])}">'
            f'<span class="who">{escape(who)}:</span>{"".join(dice)}</div>')


def centre_html(view: dict, look: TableLook) -> str:
    return (f'<div class="bakke-centre">{tray_html(view, look)}{last_throw_html(view, look)}'
            f'<p class="news" data-testid="news">{escape(look.news)}</p></div>')


def felt_html(view: dict, look: TableLook) -> str:
    order = seat_order(view)
    others = order[1:]
    seats = "".join(other_seat_html(view, look, p) for p in others)
    info = (f'<div class="round-info">{escape(t("bakke.round", n=view.get("game_no", 0)))}'
            f'{fair_mark_html(look.fair, look.fair_open, "friends.fair.throws_explain")}</div>')
    return f'{info}{seats}{centre_html(view, look)}{my_seat_html(view, look)}'


def turn_html(view: dict, look: TableLook) -> str:
    """Whose turn, big and clear (pass-and-play needs no hand-off: every die is public)."""
    mine = view.get("turn") == view.get("me") and view.get("phase") == "playing"
    line = turn_line(view, look.regulars, look.single)
    hint = hint_line(view, mine)
    state = "over" if view.get("phase") == "over" else "mine" if mine else \
        "regular" if view.get("turn") in look.regulars else "other"
    tid = ' data-testid="tuborg"' if state == "over" else ""
    return (f'<div class="turn-banner" data-testid="turn" data-state="{state}" role="status">'
            f'<p class="turn-line"{tid}>{escape(line)}</p>'
            f'<p class="turn-hint">{escape(hint)}</p></div>')


def _button(action: str, label: str, legal: bool, extra: str = "", testid: str = "") -> str:
    tid = f' data-testid="{testid}"' if testid else ""
    return (f'<button type="button" class="btn {action}{extra}" data-action="{action}"{tid}'
            f'{"" if legal else " disabled"}>{escape(label)}</button>')


def fejl_menu_html(view: dict, look: TableLook) -> str:
    """B7: whom the holder calls *Fejl* against (players still in, the tray not empty, never a
    regular), under what counts as a fault in the seed's words: a call for something that
    happened."""
    targets = view.get("fejl_against", [])
    if not (look.fejl_open and targets):
        return ""
    buttons = "".join(
        f'<button type="button" class="btn small fejl-against" data-action="fejl" '
        f'data-testid="fejl-against" data-player="{a(p)}">{escape(t("bakke.fejl.against", name=p))}</button>'
        for p in targets)
    return (f'<div class="fejl-menu" role="group" aria-label="{a(t("bakke.fejl.whom"))}" data-testid="fejl-menu">'
            f'<p class="fejl-note fejl-what" data-testid="fejl-what">{escape(t("bakke.fejl.what"))}</p>'
            f'<p class="fejl-note">{escape(t("bakke.fejl.note"))}</p>{buttons}</div>')


def fejl_confirm_html(view: dict, look: TableLook) -> str:
    """The question before a fault is called: who calls it against whom, what it costs (the
    tray's dice), that it can be taken back until the next throw; *Ja, fejl* / *Fortryd*."""
    name = look.fejl_confirm
    if name is None or name not in view.get("fejl_against", []):
        return ""
    me = view.get("me")
    dice = dice_word(len(view.get("tray", [])))
    cost = (t("bakke.fejl.confirm.cost.you", name=name, dice=dice) if me == look.single
            else t("bakke.fejl.confirm.cost", who=me, name=name, dice=dice))
    return (f'<div class="fejl-confirm" role="alertdialog" aria-labelledby="fejl-confirm-title" '
            f'aria-describedby="fejl-confirm-cost" data-testid="fejl-confirm" data-player="{a(name)}">'
            f'<p class="fejl-confirm-title" id="fejl-confirm-title">'
            f'{escape(t("bakke.fejl.confirm.title", name=name))}</p>'
            f'<p class="fejl-note" id="fejl-confirm-cost">{escape(cost)} '
            f'{escape(t("bakke.fejl.confirm.undo"))}</p>'
            f'<div class="fejl-confirm-buttons">'
            f'<button type="button" class="btn fejl-yes" data-action="fejl-yes" data-testid="fejl-yes" '
            f'data-player="{a(name)}">{escape(t("bakke.fejl.yes"))}</button>'
            f'<button type="button" class="btn fejl-cancel" data-action="fejl-cancel" '
            f'data-testid="fejl-cancel">{escape(t("bakke.fejl.cancel"))}</button></div></div>')


def fejl_undo_html(view: dict) -> str:
    """The caller's way back: *Fortryd fejlen*, offered until the next throw (the view's
    ``fejl_undo`` and ``legal`` say so; anyone else sees only the news line)."""
    fault = view.get("fejl_undo")
    if not fault or "undo_fejl" not in view.get("legal", []):
        return ""
    return (f'<div class="fejl-undo-bar" data-testid="fejl-undo-bar">'
            f'<span class="fejl-note">{escape(t("bakke.fejl.undo_note", name=fault["against"]))}</span>'
            f'<button type="button" class="btn small fejl-undo" data-action="undo-fejl" '
            f'data-testid="fejl-undo">{escape(t("bakke.fejl.undo"))}</button></div>')


def controls_html(view: dict, look: TableLook) -> str:
    """*Kast*, *Kast alle*, *Videre*, *Fejl* (enabled from the view's `legal`); after a game the
    Tuborg line and *Nyt spil*."""
    if view.get("phase") == "over":  # the banner says who gives the Tuborg
        if look.guest:  # the host's phone holds the table and deals the next game
            return (f'<div class="game-over"><p class="host-starts" data-testid="host-starts">'
                    f'{escape(host_starts())}</p>{handed_here_html(view, True)}</div>')
        return f'<div class="game-over">{_button("new-game", t("bakke.new_game"), True, " primary", "new-game")}</div>'

    handed = handed_here_html(view, look.guest)  # friends: a stand-in plays this seat now
    if handed:
        return handed
    legal = set(view.get("legal", []))
    fejl = bool(view.get("fejl_against")) and view.get("rules", {}).get("faults", True)
    fejl_btn = (f'<button type="button" class="btn fejl" data-action="fejl-menu" '
                f'aria-expanded="{"true" if look.fejl_open else "false"}"{"" if fejl else " disabled"}>'
                f'{escape(t("bakke.fejl"))}</button>') if view.get("rules", {}).get("faults", True) else ""
    asked = fejl_confirm_html(view, look)
    if fair_throwing(look.fair):  # a throw's faces are on the way: nothing invites a second tap
        legal = set()
    return (f'{fair_notes_html(look.fair)}{fejl_undo_html(view)}{asked or fejl_menu_html(view, look)}'
            f'<div class="bakke-actions{"" if fejl_btn else " no-fejl"}">'
            f'{_button("throw", t("bakke.throw"), "throw" in legal)}'
            f'{_button("throw_all", t("bakke.throw_all"), "throw_all" in legal)}'
            f'{_button("videre", t("bakke.videre"), "videre" in legal)}{fejl_btn}</div>')


def news_lines(events: list[dict], me: str | None) -> list[str]:
    """The lines of a batch of events, in order ("" dropped)."""
    return [line for line in (event_line(e, me) for e in events) if line]


def tally_html(view: dict) -> str:
    """*Tavlen*: who gave the Tuborgs this evening (B1: the loser gives one)."""
    tally = view.get("tally", {})
    rows = "".join(
        f'<tr data-player="{a(p)}"><th scope="row">{escape(p)}</th>'
        f'<td class="marks" aria-label="{a(t("bakke.tally.row", n=tally.get(p, 0)))}">'
        f'{"|" * int(tally.get(p, 0)) or "–"}</td>'
        f'<td class="strokes">{int(tally.get(p, 0))}</td></tr>'
        for p in view.get("players", []))
    games = view.get("game_no", 1) - (0 if view.get("phase") == "over" else 1)
    caption = t("bakke.tally.caption.one" if games == 1 else "bakke.tally.caption.many", games=games)
    heads = "".join(f'<th scope="col">{escape(text)}</th>'
                    for text in (t("bakke.tally.player"), t("bakke.tally.marks"), t("bakke.tally.tuborg")))
    return (f'<table class="tally-table"><caption>{escape(caption)}</caption>'
            f'<thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>'
            + legend_html([("bakke.tally.marks", "bakke.tally.marks.means"),
                           ("bakke.tally.tuborg", "bakke.tally.tuborg.means")]))


def absorb(look: TableLook, events: list[dict], lines: Callable[[dict], list[tuple[str, str]]]) -> list[str]:
    """Take the table's news into the look: the regulars' bubbles (`lines`: the session's),
    the throw that tumbles in, the line under the tray. Returns the lines for the live log."""
    said = []
    for event in events:
        kind = event.get("type")
        if kind == "new_game":
            look.bubbles = {}
        if kind == "throw":
            look.roll = True
        line = event_line(event, look.single)
        if line:
            said.append(line)
        for who, text in lines(event):
            look.bubbles.pop(who, None)  # the latest speaker goes last
            look.bubbles[who] = text
            look.fresh.add(who)
    if said:
        look.news = " · ".join(said[-4:])  # one move's lines: the throw, ones out, pick-ups, out
    return said
