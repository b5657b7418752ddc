"""A guest's phone at a Bakke or Treere table with friends: GameSession-shaped, over the wire.

The join screen talks to the host through a GuestTable (guest_table.py: hello with the seat
token, frames in and out, the transport's endpoint), whatever the game; once the first view
says the table is Bakke or Treere, this wraps it in the shape the Bakke and Treere table
screens use (``view()``, ``act(player, action)``, ``news()``, ``lines()``, ``humans``,
``regulars`` …), so the same screens draw a guest's table. The table lives on the host's
phone: nothing is saved here (``remote``), the regulars play there (``regular_due()`` is
always None), and the host starts the next game.

    game_table = GuestGameTable(guest_table)   # once guest_table.ready
    game_table.on_change = redraw              # a frame from the host changed the table
    bakke.table_screen.show_peer_table(game_table)

At a fair table (docs/fair-dice.md "Bakke and Treere") the host's view carries "fair", the
exchange of the throw under way, in Snyd's shape: the endpoint (GuestTable) answers it as it
answers Snyd's round (a fresh secret, its "cup", then its "share"), and this table checks every
fair throw itself once its faces are out (``dice_check``: "verified" or "mismatch:<no>").
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from app.friends.core.protocol import is_action
from app.friends.guest_table import GuestTable
from app.shell.both_languages import both
from app.table import games

from engine.errors import IllegalAction
from engine.fair_dice import RoundId, from_hex, joint, public_faces, share_commitment

LOOK_BACK = 200  # events back from the end where the news being drawn sits
FAIR_CHECKS_KEPT = 64  # the latest fair throws' checks this phone keeps


class _HeldTable:
    """What the screens read of ``session.table``: the events of the view held here."""

    def __init__(self, guest: GuestGameTable) -> None:
        self._guest = guest

    @property
    def events(self) -> list[dict]:
        return self._guest.view()["events"]


class GuestGameTable:
    """A guest's Bakke or Treere table, shaped like app.table.session.GameSession."""

    remote = True          # the host's phone holds and saves the table
    pass_and_play = False

    def __init__(self, endpoint: GuestTable) -> None:
        v = endpoint.view()
        if v is None or v.get("game") not in games.ON_GAME_SESSION:
            raise IllegalAction(both("friends.no.game_view"))
        self.endpoint = endpoint
        self.game = v["game"]
        self.faults: list[Any] = []  # the regulars play (and fail) on the host's phone
        self.on_change: Callable[[], None] | None = None
        self.seen = len(v["events"])  # the evening before this screen is not news
        self.table = _HeldTable(self)
        # Fair throws: the commitments this phone saw when the shares were asked for (a host that
        # shows other commitments later is caught), and its own check of each fair throw.
        self._seen_cups: tuple[int, dict] | None = None
        self._checked_no = 0
        self._scanned = 0  # events looked through for a plain throw after a fair one
        self._fair_from: int | None = None  # the first fair throw's event index
        self.dice_check: str | None = None
        self.dice_checks: deque[tuple[int, str]] = deque(maxlen=FAIR_CHECKS_KEPT)
        told = endpoint.on_change
        endpoint.on_change = lambda: self._moved(told)
        self._check_fair()

    def _moved(self, told: Callable[[], None] | None) -> None:
        self._check_fair()
        if told is not None:
            told()  # the join screen's own watch (a goodbye, the seat token)
        if self.on_change is not None:
            self.on_change()

    # ---------- what the screens read ----------
    @property
    def me(self) -> str:
        return self.endpoint.view()["me"]

    @property
    def humans(self) -> list[str]:
        return [self.me]

    @property
    def holder(self) -> str:
        return self.me

    @property
    def names(self) -> list[str]:
        return list(self.view()["players"])

    @property
    def regulars(self) -> dict[str, None]:
        """The regular seats (from the host's lobby): drawn as regulars, played by the host."""
        return {s["player"]: None for s in self.endpoint.guest.seats if s["kind"] == "regular"}

    @property
    def tally(self) -> dict:
        return self.view()["tally"]

    @property
    def waiting_host(self) -> bool:
        return self.endpoint.waiting_host

    def view(self, seat: str | None = None) -> dict:
        """This phone's seat's view (every die on the table is public: it is the table)."""
        if seat not in (None, self.me):
            raise IllegalAction(both("friends.no.own_view"))
        return self.endpoint.view()

    def connections(self) -> dict[str, str]:
        return self.endpoint.connections()

    def table_host(self) -> tuple[str | None, int]:
        return self.endpoint.table_host()

    def is_regular(self, name: str) -> bool:
        return name in self.regulars

    def regular_due(self) -> None:
        return None  # the regulars play on the host's phone

    def pause_ms(self, tempo: float = 1.0) -> int:
        return 0

    # ---------- what the player does ----------
    def act(self, player: str, action: Any) -> None:
        """This phone's move, to the host: refused here already when the view does not offer
        it (the host's engine judges it again); IllegalAction, nothing sent."""
        v = self.view()
        if player != v["me"]:
            raise IllegalAction(both("friends.no.own_seat"))
        if not is_action(action, self.game) or action["type"] not in v.get("legal", []):
            raise IllegalAction(both("friends.no.not_now"))
        if (v.get("fair") or {}).get("step") in ("commit", "share"):
            raise IllegalAction(both("friends.no.fair_opening"))  # a throw's faces are on the way
        self.endpoint.put([self.endpoint.guest.act(action)])  # IllegalAction while one pends

    def play_regular(self) -> dict:
        raise IllegalAction(both("friends.no.regulars_host"))

    def new_game(self) -> None:
        raise IllegalAction(both("friends.host_starts"))

    # ---------- what the table says ----------
    def news(self) -> list[dict]:
        events = self.view()["events"]
        fresh, self.seen = events[self.seen:], len(events)
        return list(fresh)

    def lines(self, event: dict) -> list[tuple[str, str]]:
        """The lines said on `event` (from news()): the host's phone decides them and its
        view carries the latest few ("said", by event index), so this phone reads the same."""
        v = self.view()
        events = v["events"]
        for i in range(len(events) - 1, max(-1, len(events) - 1 - LOOK_BACK), -1):
            if events[i] is event:
                return [(s["player"], s["line"]) for s in v.get("said", []) if s["event"] == i]
        return []

    def new_faults(self) -> list[Any]:
        return []

    # ---------- fair throws: this phone's own check ----------
    def _check_fair(self) -> None:
        """Once a fair throw's faces are out (step "dealt"), check them here: every share against
        its commitment, the commitments against those seen when the shares were asked for, and
        the thrown faces against the joint value. The result is ``dice_check``."""
        v = self.endpoint.view()
        fair = v.get("fair") if v else None
        if fair is None:
            return
        self._check_plain(v["events"])
        if fair["step"] == "share" and (self._seen_cups is None
                                        or self._seen_cups[0] != fair["no"]):
            self._seen_cups = (fair["no"], {p: list(c) for p, c in fair["cups"].items()})
        if fair["step"] != "dealt" or fair["no"] == self._checked_no:
            return
        self._checked_no = fair["no"]
        result = "verified" if _fair_faces_hold(fair, v["events"], self._seen_cups) else \
            f"mismatch:{fair['no']}"
        self.dice_check = result
        self.dice_checks.append((fair["no"], result))

    def fair_state(self) -> dict[str, Any] | None:
        """What the table screen shows of fair throws (None at a table without them): the
        exchange's ``step`` (None before the first fair throw, at a game whose friends' tables
        are fair, games.Game.fair, while no plain throw was seen) and this phone's ``check`` of
        the latest fair throw: "verified", or "mismatch:<thrower>" (whose throw it was)."""
        v = self.view()
        fair = v.get("fair") if v else None
        events = v.get("events", []) if v else []
        if fair is None:
            plain = any(e.get("type") in ("throw", "roll") and "fair" not in e for e in events)
            return {"step": None, "check": None} if games.get(self.game).fair and not plain else None
        check = None
        if self.dice_checks and self.dice_checks[-1][0] == fair["no"]:
            check = self.dice_checks[-1][1]
            if check.startswith("mismatch:"):
                thrower = next((e.get("player") for e in reversed(events)
                                if e.get("type") in ("throw", "roll") and e.get("fair") == fair["no"]), "?")
                check = f"mismatch:{thrower}"
        return {"step": fair["step"], "check": check}

    def _check_plain(self, events: list[dict]) -> None:
        """At a fair table every throw after the first fair one is fair: a plain (seeded) throw
        would be one the host's seed decides, so it is reported ("mismatch:plain")."""
        for i in range(min(self._scanned, len(events)), len(events)):
            e = events[i]
            if e.get("type") not in ("throw", "roll"):
                continue
            if "fair" in e:
                self._fair_from = i if self._fair_from is None else self._fair_from
            elif self._fair_from is not None:
                self.dice_check = "mismatch:plain"
                self.dice_checks.append((0, self.dice_check))
        self._scanned = len(events)

    def to_dict(self) -> dict[str, Any]:
        return self.endpoint.to_dict()


def _fair_faces_hold(fair: dict, events: list[dict], seen: tuple[int, dict] | None) -> bool:
    """Whether the fair throw of ``fair`` (a view's "fair" at step "dealt") is the one its
    shares give: each share matches its commitment, the commitments are those this phone saw at
    the share step (when it saw them), and the throw event of this exchange shows exactly
    ``public_faces(joint, rid, 1 + the thrower's place, count)``."""
    try:
        rid = RoundId(fair["table"], fair["game_no"], fair["round_no"])
        seats, cups, shares = fair["seats"], fair["cups"], fair["shares"]
        if set(shares) != set(seats) or set(cups) != set(seats):
            return False
        if seen is not None and seen[0] == fair["no"] and seen[1] != cups:
            return False  # the host showed other commitments than before the shares opened
        values = [from_hex(shares[p]) for p in seats]
        if any(share_commitment(rid, p, r) != cups[p][1] for p, r in zip(seats, values)):
            return False
        throw = _fair_event(events, fair["game_no"], fair["round_no"])
        if throw is None or throw.get("player") not in seats:
            return False
        faces = throw.get("faces")
        return faces == public_faces(joint(rid, values), rid, 1 + seats.index(throw["player"]),
                                     len(faces))
    except (IllegalAction, KeyError, TypeError, ValueError):
        return False


def _fair_event(events: list[dict], game_no: int, no: int) -> dict | None:
    """The latest throw (Bakke) or roll (Treere) made with exchange ``no`` of game ``game_no``
    (an exchange belongs to one game; a phone that sits down after a game's last throw sees the
    next game's ``new_game`` after it)."""
    for e in reversed(events):
        if e.get("type") in ("throw", "roll") and e.get("fair") == no:
            return e
        if e.get("type") == "new_game" and e.get("game_no") == game_no:
            return None  # the game's start: no such throw in it
    return None
