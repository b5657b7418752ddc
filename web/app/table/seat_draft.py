"""The seats of a table being set in *Dæk bordet*: you, people at this phone, the regulars.

Shared by the three games' set-ups (pure; each game's setup markup adds its own rules). Seats
are (name, kind) pairs, kind "human" (a person at this phone) or "regular", the shape
`app.table.session.GameSession` takes; Snyd's draft turns them into its `Seat`s
(app/snyd/setup_markup.py). A game whose words differ names its own keys (`FULL`, `NAME_LABEL`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import ClassVar

from app import lang
from app.home.player_settings import default_name, is_default_name
from app.lang import t
from app.shell.both_languages import both
from app.table.pub_names import free_pub_name
from app.table.session import MAX_SEATS


def actions_html() -> str:
    """The buttons under a public-dice game's *Dæk bordet* (app/table/setup.py acts on them)."""
    return ('<div class="setup-actions">'
            f'<button type="button" class="back" data-action="back">{t("shell.back")}</button>'
            '<button type="button" class="btn" data-action="friends" data-testid="open-lobby">'
            f'{t("shell.seats.friends")}</button>'
            '<button type="button" class="btn primary" data-action="start" data-testid="start-table">'
            f'{t("shell.seats.start")}</button></div>')



def described(game: str, regulars: list[dict]) -> list[dict]:
    """The regulars with their line on *Dæk bordet* in the player's language ("<game>.regular.<style>");
    a style the catalogue does not know keeps the engine's own (Danish) description."""
    return [dict(r, description=lang.regular_portrait(game, r)) for r in regulars]


@dataclass
class SeatDraft:
    seats: list[tuple[str, str]] = field(default_factory=list)
    regular_choice: str = ""  # the regular the *+ Stamgæst* select shows
    # The words of a full table ({most}) and of a name's field ({number}): a game may keep its own.
    FULL: ClassVar[str] = "shell.error.table_full"
    NAME_LABEL: ClassVar[str] = "shell.seats.name_label"

    @classmethod
    def first(cls, my_name: str, regulars: list[dict], picks: tuple[str, ...] = ("Lis", "Henning")) -> SeatDraft:
        """A first table: you against `picks` (the ones seated; else the first two regulars).
        Without regulars (their module not loaded) a second person sits at the phone."""
        names = [r["name"] for r in regulars if r["name"] != my_name]
        chosen = [n for n in picks if n in names] or names[:2]
        d = cls(seats=[(my_name or default_name(), "human")] + [(n, "regular") for n in chosen])
        if not chosen:
            d.add_human()
        d.regular_choice = next(iter(r["name"] for r in d.free_regulars(regulars)), "")
        return d

    def follow_language(self) -> None:
        """After a switch of language under *Indstillinger*: the untouched default seat reads
        in the new one ("Du" -> "You"); typed names and given ones ("Bo") stay as they are."""
        me = default_name()
        self.seats = [(me if kind == "human" and is_default_name(name) else name, kind)
                      for name, kind in self.seats]

    def free_regulars(self, regulars: list[dict]) -> list[dict]:
        taken = {name for name, _ in self.seats}
        return [r for r in regulars if r["name"] not in taken]

    def add_regular(self, regulars: list[dict]) -> None:
        free = self.free_regulars(regulars)
        if len(self.seats) >= MAX_SEATS or not free:
            raise ValueError(both(self.FULL, most=MAX_SEATS))
        pick = next((r for r in free if r["name"] == self.regular_choice), free[0])
        self.seats.append((pick["name"], "regular"))
        rest = self.free_regulars(regulars)
        self.regular_choice = rest[0]["name"] if rest else ""

    def add_human(self) -> None:
        """Another person at this phone (pass-and-play). "Du" (You) then names nobody ("Dus
        tur" is not Danish, and everyone reads "Du" as themselves), so that seat is renamed too."""
        if len(self.seats) >= MAX_SEATS:
            raise ValueError(both(self.FULL, most=MAX_SEATS))
        self._name_default_seats()  # a second person comes: "Du" is named first (the first name)
        self.seats.append((self._free_name(), "human"))

    def name_shared_seats(self) -> None:
        """With several people at one phone, the default "Du" names nobody: everyone reads
        "Du taber runden" as themselves, and "Giv telefonen til Du" is not Danish. That seat
        takes a pub's first name, as every extra person does (docs/ui.md); anyone can still
        type their own."""
        if sum(kind == "human" for _, kind in self.seats) >= 2:
            self._name_default_seats()

    def _name_default_seats(self) -> None:
        for i, (name, kind) in enumerate(self.seats):
            if kind == "human" and is_default_name(name):
                self.seats[i] = (self._free_name(), kind)

    def keep_one_person(self, host: str) -> None:
        """A table with friends (each on their own phone, by the share link): this phone keeps
        its first person, seated as `host` while still called "Du" ("Du byder" would be about
        every friend), or gets one; the regulars stay."""
        people = [i for i, (_, kind) in enumerate(self.seats) if kind == "human"]
        if people:
            self.seats = [s for i, s in enumerate(self.seats) if s[1] != "human" or i == people[0]]
        else:
            self.seats.insert(0, (host, "human"))
        self.seats = [(host, kind) if kind == "human" and is_default_name(name) else (name, kind)
                      for name, kind in self.seats]

    def _free_name(self) -> str:
        """A name a pub would give: the first of the catalogue's first names (none of them a
        regular's) that nobody at the table has, whatever the case; "Spiller N" only if every
        one of them is taken (a full table of typed names). docs/ui.md, *Dæk bordet*."""
        return free_pub_name(n for n, _ in self.seats)

    def rename(self, index: int, name: str) -> None:
        """A name typed in place (checked when the table starts: game_session.check_seats)."""
        if 0 <= index < len(self.seats) and self.seats[index][1] == "human":
            self.seats[index] = (name, "human")

    def remove(self, index: int, regulars: list[dict]) -> None:
        if 0 <= index < len(self.seats):
            del self.seats[index]
        if not self.regular_choice:
            free = self.free_regulars(regulars)
            self.regular_choice = free[0]["name"] if free else ""


def _attr(v: object) -> str:
    return escape(str(v), quote=True)


def _seat_html(i: int, name: str, kind: str, descriptions: dict[str, str], name_label: str) -> str:
    remove = (f'<button type="button" class="icon-btn" data-action="remove" data-seat="{i}" '
              f'aria-label="{_attr(t("shell.seats.remove", name=name))}">×</button>')
    if kind == "human":
        body = (f'<input type="text" class="name" data-seat="{i}" value="{_attr(name)}" '
                f'maxlength="20" aria-label="{_attr(t(name_label, number=i + 1))}" '
                f'autocomplete="off"><span class="kind">{t("shell.seats.at_phone")}</span>')
    else:
        body = (f'<span class="reg-name">{escape(name)}</span>'
                f'<span class="reg-desc">{escape(descriptions.get(name, ""))}</span>')
    return (f'<li class="setup-seat {kind}" data-testid="setup-seat" data-kind="{kind}" '
            f'data-player="{_attr(name)}">{body}{remove}</li>')


def seats_html(d: SeatDraft, regulars: list[dict], people: bool = True) -> str:
    """The *Spillere* fieldset of every game: the seats, *+ Spiller*, the regulars' select and
    *+ Stamgæst* (test ids: docs/testids.md). `regulars` as `described` gives them; without
    `people` (Snyd's *Med vennerne*: friends come by the link) there is no *+ Spiller*."""
    descriptions = {r["name"]: r.get("description", "") for r in regulars}
    seats = "".join(_seat_html(i, n, k, descriptions, d.NAME_LABEL) for i, (n, k) in enumerate(d.seats))
    free = d.free_regulars(regulars)
    full = len(d.seats) >= MAX_SEATS
    options = "".join(
        f'<option value="{_attr(r["name"])}"{" selected" if r["name"] == d.regular_choice else ""}>'
        f'{escape(r["name"])} – {escape(r.get("description", ""))}</option>' for r in free)
    add_human = (f'<button type="button" class="btn small" data-action="add-human" data-testid="add-human"'
                 f'{" disabled" if full else ""}>{t("shell.seats.add_human")}</button>') if people else ""
    add = (f'<div class="add-seats">{add_human}'
           f'<select data-testid="regular-choice" aria-label="{_attr(t("shell.seats.choose_regular"))}"'
           f'{" disabled" if not free else ""}>'
           f'{options}</select>'
           f'<button type="button" class="btn small" data-action="add-regular" data-testid="add-regular"'
           f'{" disabled" if full or not free else ""}>{t("shell.seats.add_regular")}</button></div>')
    legend = t("shell.seats.legend", count=len(d.seats), most=MAX_SEATS)
    return (f'<fieldset class="players"><legend>{legend}</legend>'
            f'<ol class="seats">{seats}</ol>{add}</fieldset>')
