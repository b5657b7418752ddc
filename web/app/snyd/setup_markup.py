"""*Dæk bordet* as HTML from a draft of the table (pure; the screen module does the DOM)."""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from app import lang
from app.home.player_settings import default_name, is_default_name
from app.lang import error_text, t
from app.shell.both_languages import both
from app.snyd.table_setup import HOUSE_RULES, MAX_SEATS, RULE_SETS, Seat, build_rules, switches_of
from app.table.pub_names import free_pub_name
from app.tutorial.markup import open_button_html

from engine.snyd import Rules

MODES = ("phone", "friends")  # snyd.setup.mode.<mode>


@dataclass
class Draft:
    """The table being set: changed by the screen, turned into Rules + seats on start."""
    ruleset: str = "standard"
    switches: dict[str, bool] = field(default_factory=lambda: switches_of(Rules()))
    dice: int = 6
    seats: list[Seat] = field(default_factory=list)
    regular_choice: str = ""
    error: str = ""
    notice: str = ""
    mode: str = "phone"   # "phone": everyone at this phone; "friends": each on their own
    house_open: bool = False  # *Husregler* unfolded (kept across repaints and visits)

    def choose_mode(self, mode: str) -> None:
        """*Med vennerne*: this phone keeps one person (the host) and the regulars; friends
        take the other seats from the share link, so the extra "ved telefonen" seats go."""
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}")
        self.mode = mode
        if mode == "friends":
            people = [i for i, s in enumerate(self.seats) if s.kind == "human"]
            self.seats = [s for i, s in enumerate(self.seats) if s.kind != "human"
                          or i == (people[0] if people else -1)]
            host = t("snyd.setup.host")  # the host's seat while it is still called "Du"
            if not people:
                self.seats.insert(0, Seat(host, "human"))
            # "Du" names nobody on the friends' phones ("Du byder" would be about them).
            self.seats = [Seat(host, "human") if s.kind == "human" and is_default_name(s.name) else s
                          for s in self.seats]

    def choose_ruleset(self, key: str) -> None:
        """A rule set is a starting point: its switches replace the current ones (S44)."""
        self.switches = switches_of(build_rules(key))
        self.ruleset = key

    def rules(self) -> Rules:
        return build_rules(self.ruleset, self.switches, self.dice)

    def free_regulars(self, regulars: list[dict]) -> list[dict]:
        taken = {s.name for s in self.seats}
        return [r for r in regulars if r["name"] not in taken]

    def add_regular(self, regulars: list[dict]) -> None:
        free = self.free_regulars(regulars)
        if len(self.seats) >= MAX_SEATS or not free:
            raise ValueError(both("snyd.setup.full", max=MAX_SEATS))
        pick = next((r for r in free if r["name"] == self.regular_choice), free[0])
        self.seats.append(Seat(pick["name"], "regular"))
        rest = self.free_regulars(regulars)
        self.regular_choice = rest[0]["name"] if rest else ""

    def add_human(self) -> None:
        if len(self.seats) >= MAX_SEATS:
            raise ValueError(both("snyd.setup.full", max=MAX_SEATS))
        self._name_default_seats()  # a second person comes: "Du" is named first (the first name)
        self.seats.append(Seat(free_pub_name(s.name for s in self.seats), "human"))

    def name_shared_seats(self) -> None:
        """With several people at one phone, the default "Du" names nobody: everyone reads
        "Du taber runden" as themselves, and "Giv telefonen til Du" is not Danish. That seat
        takes a pub's first name, as every extra person does (app/table/seat_draft.py, docs/ui.md);
        anyone can still type their own."""
        if sum(s.kind == "human" for s in self.seats) >= 2:
            self._name_default_seats()

    def _name_default_seats(self) -> None:
        for i, s in enumerate(self.seats):
            if s.kind == "human" and is_default_name(s.name):
                self.seats[i] = Seat(free_pub_name(x.name for x in self.seats), "human")

    def follow_language(self) -> None:
        """The untouched default seat reads in the language spoken now ("Du" / "You"): the draft
        outlives a switch under *Indstillinger*; a typed name stays as typed."""
        you = default_name()
        self.seats = [Seat(you, "human") if s.kind == "human" and is_default_name(s.name) else s
                      for s in self.seats]

    def remove(self, index: int, regulars: list[dict]) -> None:
        if 0 <= index < len(self.seats):
            del self.seats[index]
        if not self.regular_choice:
            free = self.free_regulars(regulars)
            self.regular_choice = free[0]["name"] if free else ""


def _attr(v: object) -> str:
    return escape(str(v), quote=True)


def _seat_html(i: int, seat: Seat, descriptions: dict[str, str]) -> str:
    remove = (f'<button type="button" class="icon-btn" data-action="remove" data-seat="{i}" '
              f'aria-label="{_attr(t("snyd.setup.remove", name=seat.name))}">×</button>')
    if seat.kind == "human":
        body = (f'<input type="text" class="name" data-seat="{i}" value="{_attr(seat.name)}" '
                f'maxlength="20" aria-label="{_attr(t("snyd.setup.name_of", n=i + 1))}" autocomplete="off">'
                f'<span class="kind">{t("snyd.setup.at_phone")}</span>')
    else:
        body = (f'<span class="reg-name">{escape(seat.name)}</span>'
                f'<span class="reg-desc">{escape(descriptions.get(seat.name, ""))}</span>')
    return (f'<li class="setup-seat {seat.kind}" data-testid="setup-seat" data-kind="{seat.kind}" '
            f'data-player="{_attr(seat.name)}">{body}{remove}</li>')


def description(regular: dict) -> str:
    """A regular as Dæk bordet presents them: the catalogue's words for the style (the engine's
    REGULARS describe them in Danish), else the engine's own line."""
    return lang.regular_portrait("snyd", regular)


def setup_html(d: Draft, regulars: list[dict], saved: bool) -> str:
    descriptions = {r["name"]: description(r) for r in regulars}
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
    seats = "".join(_seat_html(i, s, descriptions) for i, s in enumerate(d.seats))
    friends = d.mode == "friends"
    modes = "".join(
        f'<button type="button" class="btn small mode" data-action="mode-{key}" '
        f'data-testid="mode-{key}" aria-pressed="{"true" if key == d.mode else "false"}">'
        f'{t(f"snyd.setup.mode.{key}")}</button>' for key in MODES)
    mode_hint = f'<p class="hint">{t("snyd.setup.friends_hint")}</p>' if friends else ""
    free = d.free_regulars(regulars)
    reg_opts = "".join(f'<option value="{_attr(r["name"])}"{" selected" if r["name"] == d.regular_choice else ""}>'
                       f'{escape(r["name"])} – {escape(description(r))}</option>' for r in free)
    full = len(d.seats) >= MAX_SEATS
    add_human = "" if friends else (
        f'<button type="button" class="btn small" data-action="add-human" data-testid="add-human"'
        f'{" disabled" if full else ""}>{t("snyd.setup.add_human")}</button>')
    add = (f'<div class="add-seats">{add_human}'
           f'<select data-testid="regular-choice" aria-label="{t("snyd.setup.choose_regular")}"'
           f'{" disabled" if not free else ""}>'
           f'{reg_opts}</select>'
           f'<button type="button" class="btn small" data-action="add-regular" data-testid="add-regular"'
           f'{" disabled" if full or not free else ""}>{t("snyd.setup.add_regular")}</button></div>')
    go = ('<button type="button" class="btn primary" data-action="friends" data-testid="open-lobby">'
          f'{t("snyd.setup.invite")}</button>') if friends else (
          '<button type="button" class="btn primary" data-action="start" data-testid="start-table">'
          f'{t("snyd.setup.start")}</button>')
    error = f'<p class="error" role="alert">{escape(error_text(d.error))}</p>' if d.error else '<p class="error" role="alert"></p>'
    return (f'<section class="setup panel" data-testid="setup">'
            f'<h2>{t("snyd.title.setup")}</h2>{notice}{resume}'
            f'<p class="game-line">{t("snyd.setup.game")} <b>Snyd</b> '
            f'<span class="hint">{t("snyd.setup.tagline")}</span></p>'
            f'{open_button_html("snyd")}'
            f'<div class="modes" role="group" aria-label="{t("snyd.setup.modes")}">{modes}</div>{mode_hint}'
            # Who plays and with how many dice first, then the rule set; the twelve house
            # rules are folded away under *Husregler* (issue 12).
            f'<fieldset class="players"><legend>{t("snyd.setup.players", n=len(d.seats), max=MAX_SEATS)}</legend>'
            f'<ol class="seats">{seats}</ol>{add}</fieldset>'
            f'<div class="field"><label for="dice">{t("snyd.setup.dice")}</label>'
            f'<select id="dice" data-testid="dice-per-player">{dice}</select></div>'
            f'<div class="field"><label for="ruleset">{t("snyd.setup.ruleset")}</label>'
            f'<select id="ruleset" data-testid="ruleset">{rs}</select><p class="hint">{escape(rs_text)}</p></div>'
            f'<details class="house" data-testid="house-rules"{" open" if d.house_open else ""}>'
            f'<summary class="house-title">{t("snyd.setup.house")}</summary>{switches}</details>{error}'
            f'<div class="setup-actions">'
            f'<button type="button" class="back" data-action="back">{t("snyd.back")}</button>'
            f'{go}</div></section>')
