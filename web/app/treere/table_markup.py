"""The Treere table as HTML from a view (pure; table_screen writes it into the page).

Everything comes from `engine.treere`'s view (every die is public once rolled) plus a
`TableLook`: what the screen adds (the dice chosen to keep, bubbles, the roll to animate).
The felt: the pot and the score to beat, a chip per seat (name, score this round, the dice it
kept), whose turn it is, the rolled dice (tap to choose), the kept dice with the running score.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from app.friends.peer_marks import connection_attr, connection_tag, handed_here_html, host_starts
from app.home.player_settings import is_default_name
from app.lang import language, t
from app.table.fair_marks import fair_mark_html, fair_notes_html, fair_throwing
from app.table.tally_legend import legend_html
from app.treere.announce import score_text, units

# Which cells of a 3×3 grid hold a pip, per face (the same dice as the Snyd table's).
PIP_CELLS = {1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8),
             6: (0, 2, 3, 5, 6, 8)}


@dataclass
class TableLook:
    """What the screen adds to the view."""
    humans: tuple[str, ...] = ()           # the people at this phone
    regulars: tuple[str, ...] = ()
    selected: frozenset[int] = frozenset()  # indexes of the rolled dice chosen to keep
    bubbles: dict[str, str] = field(default_factory=dict)  # the regulars' latest words
    fresh: set[str] = field(default_factory=set)            # bubbles to pop in (new)
    news: str = ""                          # the latest thing that happened, in words
    rolling: bool = False                   # the roll on show is new: tumble it in (not reduced)
    guest: bool = False                     # a guest's phone: the host starts the next pot
    # A table with friends: each seat's connection (app/friends/peer_marks.py); {} on one phone.
    connections: dict[str, str] = field(default_factory=dict)
    # Fair throws at a friends' table (issue 20): the session's fair_state() ({"step", "check"};
    # None elsewhere) and whether the *Ærlige terninger* mark's explanation is open.
    fair: dict | None = None
    fair_open: bool = False


def _attr(v: object) -> str:
    return escape(str(v), quote=True)


def possessive(name: str) -> str:
    """Whose: Danish "Mettes", "Lis'" (a name ending in s, x or z takes an apostrophe);
    English "Mette's", "Lis's". The default seat ("Du"/"You") is "Din"/"Your"."""
    if is_default_name(name):
        return t("treere.owner.you")
    if language() == "en":
        return f"{name}'s"
    return name + ("'" if name[-1:].lower() in ("s", "x", "z") else "s")


def die_html(value: int, zero_face: int, extra: str = "", testid: str = "", index: int | None = None,
             selected: bool = False) -> str:
    """One die; the zero face carries class `zero` (its pips count nothing, the CSS says 0).
    With an index it is a button that chooses the die (aria-pressed)."""
    cells = "".join(f'<i class="{"p" if i in PIP_CELLS[value] else ""}"></i>' for i in range(9))
    zero = " zero" if value == zero_face else ""
    worth = t("treere.counts.zero") if zero else t("treere.counts", n=value)
    tid = f' data-testid="{testid}"' if testid else ""
    if index is None:
        return (f'<span class="die{zero} {extra}"{tid} data-value="{value}" role="img" '
                f'aria-label="{value} ({worth})">{cells}</span>')
    return (f'<button type="button" class="die tr-die{zero}{" chosen" if selected else ""} {extra}"{tid} '
            f'data-action="choose" data-index="{index}" data-value="{value}" '
            f'aria-pressed="{"true" if selected else "false"}" aria-label="{value} ({worth})">{cells}</button>')


def in_turn_here(v: dict, look: TableLook) -> bool:
    """A person at this phone is in turn (so the dice answer taps and the buttons are live)."""
    return v["phase"] == "playing" and v["turn"] in look.humans


def running_score(v: dict, look: TableLook) -> tuple[int, int | None]:
    """(score of the dice kept, score with the chosen ones kept too, or None when none chosen)."""
    zero = v["rules"]["zero_face"]
    chosen = [v["rolled"][i] for i in sorted(look.selected) if 0 <= i < len(v["rolled"])]
    worth = sum(0 if f == zero else f for f in chosen)
    return v["score"], (v["score"] + worth if chosen else None)


def seat_html(v: dict, name: str, look: TableLook) -> str:
    zero = v["rules"]["zero_face"]
    classes = ["tr-seat"]
    playing = name in v["in_round"]
    if name == v["turn"]:
        classes.append("turn")
    if name == v.get("winner"):
        classes.append("winner")
    if not playing and v["phase"] == "playing":
        classes.append("out")
    if name in look.humans:
        classes.append("here")
    score = v["scores"].get(name)
    if name == v["turn"]:
        shown, kept = (score_text(v["score"]) if v["kept"] else "…"), v["kept"]
    elif score is not None:
        shown, kept = score_text(score), v["kept_by"].get(name, [])
    else:
        shown, kept = (t("treere.watching") if not playing and v["phase"] == "playing" else "–"), []
    dice = "".join(die_html(f, zero, "mini") for f in kept)
    if name == v.get("winner"):  # a tag of its own: the name keeps its room beside the score
        dice = f'<span class="tr-tag" data-testid="winner">{escape(t("treere.winner"))}</span>' + dice
    bubble = ""
    if name in look.bubbles:
        pop = " pop" if name in look.fresh else ""
        bubble = f'<span class="bubble{pop}" data-testid="bubble">{escape(look.bubbles[name])}</span>'
    return (f'<li class="{" ".join(classes)}" data-testid="seat" data-player="{_attr(name)}"'
            f'{" data-regular" if name in look.regulars else ""}{connection_attr(look.connections, name)}>'
            f'<span class="seat-name">{escape(name)}</span>'
            f'<span class="tr-score" data-testid="seat-score">{escape(shown)}</span>'
            f'<span class="tr-kept-mini">{connection_tag(look.connections, name)}{dice}</span>{bubble}</li>')


def turn_line(v: dict, look: TableLook) -> str:
    if v["phase"] == "over":
        return escape(t("treere.turn.won", winner=v["winner"]) if v.get("winner") else t("treere.turn.over"))
    who = v["turn"]
    if who in look.regulars:
        return escape(t("treere.turn.regular", name=who))
    if len(look.humans) == 1:
        return escape(t("treere.turn.mine") if who == look.humans[0] else t("treere.turn.other", owner=possessive(who)))
    return escape(t("treere.turn.passed", owner=possessive(who), name=who))  # pass-and-play: say whose


def roll_area_html(v: dict, look: TableLook) -> str:
    zero = v["rules"]["zero_face"]
    mine = in_turn_here(v, look) and not fair_throwing(look.fair)  # no flick while one is made
    if v["rolled"]:
        rolling = "rolling" if look.rolling else ""
        if mine:
            dice = "".join(die_html(f, zero, rolling, "rolled-die", i, i in look.selected)
                           for i, f in enumerate(v["rolled"]))
            hint = escape(t("treere.hint.choose"))
        else:
            dice = "".join(die_html(f, zero, rolling, "rolled-die") for f in v["rolled"])
            hint = ""
        return (f'<div class="tr-rolled" data-testid="rolled">{dice}</div>'
                f'<p class="tr-hint">{hint}</p>')
    if mine and "roll" in v["legal"]:
        left = v["left"]
        cup = "".join('<span class="die blank"></span>' for _ in range(left))
        return (f'<div class="tr-cup" data-testid="flick" data-action="roll" '
                f'aria-hidden="true">{cup}</div><p class="tr-hint">{escape(t("treere.hint.flick"))}</p>')
    return '<div class="tr-rolled empty"></div><p class="tr-hint"></p>'


def kept_html(v: dict, look: TableLook) -> str:
    zero = v["rules"]["zero_face"]
    if v["phase"] != "playing":
        return ""
    kept = "".join(die_html(f, zero, "", "kept-die") for f in v["kept"])
    now, chosen = running_score(v, look)
    preview = (f' <span class="tr-preview" data-testid="preview-score">→ {score_text(chosen)}</span>'
               if chosen is not None else "")
    running = escape(t("treere.running", score=score_text(now)))
    return (f'<div class="tr-kept" data-testid="kept"><span class="label">{escape(t("treere.kept"))}</span>'
            f'<span class="tr-kept-dice">{kept}</span>'
            f'<span class="tr-running" data-testid="running-score">{running}{preview}</span></div>')


def won_event(v: dict) -> dict | None:
    """The ``won`` event of a pot just won (phase over), or None while a pot is played."""
    if v["phase"] != "over":
        return None
    last = v.get("last")
    if isinstance(last, dict) and last.get("type") == "won":
        return last
    return next((e for e in reversed(v["events"]) if e.get("type") == "won"), None)


def info_html(v: dict, look: TableLook) -> str:
    beat = v.get("to_beat")
    beat_text = "–" if beat is None else score_text(beat)
    stage = ""
    threshold = v.get("threshold")
    if threshold is not None:
        limit = t("treere.zero") if threshold == 0 else t("treere.limit", n=threshold)
        stage = f'<span class="tr-threshold" data-testid="threshold">{escape(t("treere.can_win", limit=limit))}</span>'

    won = won_event(v)
    if won:  # the pot is empty now: say what was won and by whom, not "Puljen 0"
        label, shown_pot = t("treere.pot.won", winner=won["player"]), won["pot"]
        aria = t("treere.pot.won.label", winner=won["player"], units=units(won["pot"]))
    else:
        label, shown_pot, aria = t("treere.pot"), v["pot"], t("treere.pot.label", units=units(v["pot"]))
    pot = _figure("tr-pot won" if won else "tr-pot", "pot", aria, label, shown_pot)
    to_beat = _figure("tr-beat", "to-beat", t("treere.to_beat.label", score=beat_text), t("treere.to_beat"), beat_text)
    fair = fair_mark_html(look.fair, look.fair_open, "friends.fair.throws_explain")
    return f'<div class="tr-info">{pot}{to_beat}{stage}{fair}</div>'


def _figure(classes: str, testid: str, aria: str, label: str, value: object) -> str:
    """One figure over the seats (the pot, the score to beat): its label over its value."""
    return (f'<div class="{classes}" data-testid="{testid}" aria-label="{_attr(aria)}">'
            f'<span class="label">{escape(label)}</span><b>{escape(str(value))}</b></div>')


def felt_html(v: dict, look: TableLook) -> str:
    seats = "".join(seat_html(v, p, look) for p in v["players"])
    news = f'<p class="news" data-testid="news">{escape(look.news)}</p>'
    return (f'{info_html(v, look)}'
            f'<ol class="tr-seats" data-count="{len(v["players"])}">{seats}</ol>'
            f'<div class="tr-play"><p class="tr-turn" data-testid="turn-line">{turn_line(v, look)}</p>'
            f'{roll_area_html(v, look)}{kept_html(v, look)}</div>{news}')


def controls_html(v: dict, look: TableLook) -> str:
    if v["phase"] == "over":
        if look.guest:  # the host's phone holds the table and starts the next pot
            return (f'<div class="actions one"><p class="host-starts" data-testid="host-starts">'
                    f'{escape(host_starts())}</p>{handed_here_html(v, True)}</div>')
        return ('<div class="actions one"><button type="button" class="btn primary" '
                f'data-action="new-game" data-testid="new-game">{escape(t("treere.new_game"))}</button></div>')
    handed = handed_here_html(v, look.guest)  # friends: a stand-in plays this seat now
    if handed:
        return handed
    mine = in_turn_here(v, look) and not fair_throwing(look.fair)  # a throw's faces on the way
    can_keep = mine and "keep" in v["legal"] and bool(look.selected)
    can_roll = mine and "roll" in v["legal"]
    n = len(look.selected)
    keep_label = t("treere.keep.count", n=n) if n else t("treere.keep")
    return (f'{fair_notes_html(look.fair)}<div class="actions two">'
            f'<button type="button" class="btn keep" data-action="keep" aria-label="{_attr(t("treere.keep"))}"'
            f'{"" if can_keep else " disabled"}>{escape(keep_label)}</button>'
            f'<button type="button" class="btn roll" data-action="roll"'
            f'{"" if can_roll else " disabled"}>{escape(t("treere.roll"))}</button></div>')


def signed(n: int) -> str:
    """+3, 0, −2 (a real minus sign)."""
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


def settled(v: dict) -> dict[str, int]:
    """Each player's net units of the pots already decided. The pot in play is nobody's loss
    yet: every player at the table put the same into it (T1, T4, T6 ante all seats alike), so
    their share goes back on the board until the pot is won. The column sums to zero."""
    share = v["pot"] // len(v["players"]) if v["phase"] == "playing" else 0
    return {p: v["tally"][p] + share for p in v["players"]}


def tally_html(v: dict) -> str:
    """*Tavlen*: each player's units won and lost this evening (net, pots decided), pots won,
    the pot in play, and a line per column saying what it counts."""
    wins: dict[str, int] = {p: 0 for p in v["players"]}
    for e in v["events"]:
        if e.get("type") == "won" and e.get("player") in wins:
            wins[e["player"]] += 1
    net = settled(v)
    rows = "".join(
        f'<tr data-player="{_attr(p)}"><th scope="row">{escape(p)}</th><td class="pots">{wins[p]}</td>'
        f'<td class="units">{signed(net[p])}</td></tr>'
        for p in v["players"])
    heads = "".join(f'<th scope="col">{escape(text)}</th>'
                    for text in (t("treere.tally.player"), t("treere.tally.pots"), t("treere.tally.units")))
    in_play = ""
    if v["phase"] == "playing" and v["pot"]:
        in_play = (f'<p class="tally-pot" data-testid="tally-pot">'
                   f'{escape(t("treere.tally.in_pot", units=units(v["pot"])))}</p>')
    return (f'<table class="tally-table" data-testid="tally-table"><caption>{escape(t("treere.tally.caption"))}'
            f'</caption><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>{in_play}'
            + legend_html([("treere.tally.pots", "treere.tally.pots.means"),
                           ("treere.tally.units", "treere.tally.units.means")]))

