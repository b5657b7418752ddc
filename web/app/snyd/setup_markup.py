"""*Dæk bordet* as HTML from a draft of the table (pure; the screen module does the DOM).

The players are the shared seat draft of every game (app/table/seat_draft.py); Snyd's draft
adds the rule set, the house rules, the dice and the phone/friends switch, and hands the seats
on as its `Seat`s (app/snyd/table_setup.py: the Snyd session and the host's table take those).
"""
from __future__ import annotations

from html import escape

from app.lang import error_text, t
from app.snyd.table_setup import HOUSE_RULES, RULE_SETS, Seat, build_rules, switches_of
from app.table.seat_draft import SeatDraft, described, seats_html
from app.tutorial.markup import open_button_html

from engine.snyd import Rules

MODES = ("phone", "friends")  # snyd.setup.mode.<mode>


class SnydSeats(SeatDraft):
    """The shared seat draft in Snyd's own English, which has always said "The table seats 8"
    and "Name of player 1" (Bakke and Treere: "There's room for 8 at the table", "Player 1's
    name"); the Danish is the same."""
    FULL = "snyd.setup.full"
    NAME_LABEL = "snyd.setup.name_of"


class Draft:
    """The table being set: changed by the screen, turned into Rules + seats on start. The
    seats live in `seating` (the shared SeatDraft); `seats` gives and takes them as Seats."""

    def __init__(self, *, seats: list[Seat] | None = None, regular_choice: str = "",
                 ruleset: str = "standard", switches: dict[str, bool] | None = None, dice: int = 6,
                 error: str = "", notice: str = "", mode: str = "phone", house_open: bool = False) -> None:
        self.seating = SnydSeats(regular_choice=regular_choice)
        self.seats = seats or []
        self.ruleset = ruleset
        self.switches = switches if switches is not None else switches_of(Rules())
        self.dice = dice
        self.error = error
        self.notice = notice
        self.mode = mode  # "phone": everyone at this phone; "friends": each on their own
        self.house_open = house_open  # *Husregler* unfolded (kept across repaints and visits)

    @property
    def seats(self) -> list[Seat]:
        return [Seat(name, kind) for name, kind in self.seating.seats]

    @seats.setter
    def seats(self, seats: list[Seat]) -> None:
        self.seating.seats = [(s.name, s.kind) for s in seats]

    @property
    def regular_choice(self) -> str:
        return self.seating.regular_choice

    @regular_choice.setter
    def regular_choice(self, name: str) -> None:
        self.seating.regular_choice = name

    def choose_mode(self, mode: str) -> None:
        """*Med vennerne*: this phone keeps one person (the host) and the regulars; friends
        take the other seats from the share link, so the extra "ved telefonen" seats go."""
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}")
        self.mode = mode
        if mode == "friends":
            self.seating.keep_one_person(t("snyd.setup.host"))

    def choose_ruleset(self, key: str) -> None:
        """A rule set is a starting point: its switches replace the current ones (S44)."""
        self.switches = switches_of(build_rules(key))
        self.ruleset = key

    def rules(self) -> Rules:
        return build_rules(self.ruleset, self.switches, self.dice)

    # The seats' own moves are the shared draft's.
    def free_regulars(self, regulars: list[dict]) -> list[dict]:
        return self.seating.free_regulars(regulars)

    def add_regular(self, regulars: list[dict]) -> None:
        self.seating.add_regular(regulars)

    def add_human(self) -> None:
        self.seating.add_human()

    def name_shared_seats(self) -> None:
        self.seating.name_shared_seats()

    def follow_language(self) -> None:
        self.seating.follow_language()

    def remove(self, index: int, regulars: list[dict]) -> None:
        self.seating.remove(index, regulars)


def setup_html(d: Draft, regulars: list[dict], saved: bool) -> str:
    resume = ('<button type="button" class="btn resume" data-action="resume" data-testid="resume-table">'
              f'{t("snyd.setup.resume")}</button>') if saved else ""
    notice = f'<p class="notice" role="alert">{escape(d.notice)}</p>' if d.notice else ""
    rs = "".join(f'<option value="{r.key}"{" selected" if r.key == d.ruleset else ""}>{escape(r.title)}</option>'
                 for r in RULE_SETS)
    rs_text = next(r.text for r in RULE_SETS if r.key == d.ruleset)
    switches = "".join(
        f'<label class="switch"><input type="checkbox" role="switch" data-rule="{h.rule_id}"'
        f'{" checked" if d.switches.get(h.rule_id) else ""}>'
        f'<span class="sw-title">{escape(h.title)}</span><span class="sw-text">{escape(h.text)}</span></label>'
        for h in HOUSE_RULES)
    dice = "".join(f'<option value="{n}"{" selected" if n == d.dice else ""}>{n}</option>' for n in range(1, 7))
    friends = d.mode == "friends"
    modes = "".join(
        f'<button type="button" class="btn small mode" data-action="mode-{key}" '
        f'data-testid="mode-{key}" aria-pressed="{"true" if key == d.mode else "false"}">'
        f'{t(f"snyd.setup.mode.{key}")}</button>' for key in MODES)
    # The regulars sit on the host's phone (their dice too: docs/fair-dice.md), said where
    # the host seats them.
    mode_hint = (f'<p class="hint">{t("snyd.setup.friends_hint")}</p>'
                 f'<p class="hint" data-testid="regulars-on-host">{t("snyd.setup.regulars_on_host")}</p>'
                 ) if friends else ""
    go = ('<button type="button" class="btn primary" data-action="friends" data-testid="open-lobby">'
          f'{t("snyd.setup.invite")}</button>') if friends else (
          '<button type="button" class="btn primary" data-action="start" data-testid="start-table">'
          f'{t("shell.seats.start")}</button>')
    error = f'<p class="error" role="alert">{escape(error_text(d.error))}</p>' if d.error else '<p class="error" role="alert"></p>'
    return (f'<section class="setup panel" data-testid="setup">'
            f'<h2>{t("snyd.title.setup")}</h2>{notice}{resume}'
            f'<p class="game-line">{t("snyd.setup.game")} <b>Snyd</b> '
            f'<span class="hint">{t("snyd.setup.tagline")}</span></p>'
            f'{open_button_html("snyd")}'
            f'<div class="modes" role="group" aria-label="{t("snyd.setup.modes")}">{modes}</div>{mode_hint}'
            # Who plays and with how many dice first, then the rule set; the twelve house
            # rules are folded away under *Husregler* (issue 12).
            f'{seats_html(d.seating, described("snyd", regulars), people=not friends)}'
            f'<div class="field"><label for="dice">{t("snyd.setup.dice")}</label>'
            f'<select id="dice" data-testid="dice-per-player">{dice}</select></div>'
            f'<div class="field"><label for="ruleset">{t("snyd.setup.ruleset")}</label>'
            f'<select id="ruleset" data-testid="ruleset">{rs}</select><p class="hint">{escape(rs_text)}</p></div>'
            f'<details class="house" data-testid="house-rules"{" open" if d.house_open else ""}>'
            f'<summary class="house-title">{t("snyd.setup.house")}</summary>{switches}</details>{error}'
            f'<div class="setup-actions">'
            f'<button type="button" class="back" data-action="back">{t("snyd.back")}</button>'
            f'{go}</div></section>')
