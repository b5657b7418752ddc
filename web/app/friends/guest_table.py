"""A guest's phone at a table with friends: a Session-shaped controller over GuestSession.

The table screen shows it as it shows a one-phone Session (view, next_step, act, can_peek,
news, tick), but the table lives on the host's phone: this only sends the player's own
actions and shows the views that arrive. Nothing is saved here but the seat token.

API (screens: helper H2; transports: helper T; docs/protocol.md "A guest's table"):

    table = GuestTable(name, token=stored_token)   # from the share link's join, *Sæt dig*
    table.attach(send)        # on every (re)opened channel: sends hello (with the token)
    table.receive(text)       # every frame from the host; replies go out through ``send``
    table.detach()            # the channel closed (frames wait until the next attach)
    table.token               # store it after each welcome: it brings this phone back
    table.ready               # True once the first view is in: show it with
    table_screen.show_peer_table(table)

The screen's tick drives ``tick()`` (pings, resends, resyncs, the clock face); every change
that arrives is told through ``on_change`` (the screen redraws at once).
"""
from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from app.friends.core.guest import GuestSession
from app.friends.core.notices import bye_line
from app.lang import t
from app.shell.both_languages import both
from app.snyd.announcements import bid_words, lines_for
from app.snyd.table_session import News
from app.table.turn_clock import RED_FROM_S

from engine.fair_dice import (
    RoundId,
    Secret,
    commitment,
    from_hex,
    hand,
    joint,
    share_commitment,
    verify_cup,
)
from engine.snyd import IllegalAction

DICE_CHECKS_KEPT = 64  # the latest rounds' results (GuestTable.dice_checks)


class GuestTable:
    """What a guest's phone shows and sends, shaped like table_session.Session."""

    remote = True         # the table is on the host's phone: nothing to save here
    deals = False         # the host deals the next round
    handoff_to = None     # one person per phone: never a hand-off
    pass_and_play = False

    def __init__(self, name: str, token: str | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.guest = GuestSession(name, token, clock)
        self.clock = clock
        self.on_change: Callable[[], None] | None = None
        self.regulars: dict[str, Any] = {}  # the regulars play on the host's phone
        self.faults: list[Any] = []
        self.tempo = 1.0
        self.seen: int | None = None        # events already told (history before joining: none)
        self._send: Callable[[str], None] | None = None
        self._shown: tuple = ()
        self._beeped: object = None
        self._notes: list[News] = []        # the host's errors and goodbyes, told as news
        # Fair dice (issue 20): this phone's part in the current fair round (its secrets, in
        # memory only: a reload loses them and the seat forfeits that round), and what its own
        # check of every cup found at the round's end: "verified" or "mismatch:<seat>".
        self._fair: dict[str, Any] | None = None
        self._checked_no = 0
        self.dice_check: str | None = None
        self.dice_checks: deque[tuple[int, str]] = deque(maxlen=DICE_CHECKS_KEPT)
        self._merged: tuple[Any, Any] = (None, None)  # (the host's view, it with my own cup)

    # ---------- the transport's side ----------
    def attach(self, send: Callable[[str], None]) -> None:
        """A channel to the host opened: say hello (back to our seat, with the token)."""
        self._send = send
        self.put([self.guest.hello()])

    def detach(self) -> None:
        self._send = None

    def receive(self, text: object) -> None:
        """A frame from the host; what it needs answered goes back, and the screen is told."""
        self.put(self.guest.receive(text))
        self._fair_turn()
        if self.seen is None and self.ready:
            self.seen = len(self.view()["events"])  # the evening before we sat down is not news
        self._tell_if_changed()

    def put(self, frames: list[str]) -> None:
        """Frames to the host on the open channel (also game_guest's actions)."""
        if self._send is None:
            return  # no channel: a pending action is sent again after the next hello
        for text in frames:
            self._send(text)

    def _tell_if_changed(self) -> None:
        g = self.guest
        shown = (id(g.view()), id(g.seats), g.pending is None, g.error, g.closed,
                 g.deadline, g.waiting_host, g.record.epoch)  # the epoch: who leads (host-moved)
        if shown != self._shown:
            old = self._shown or (None,) * len(shown)
            if g.error and g.error != old[3]:
                self._note(g.error)
            if g.closed and g.closed != old[4]:
                self._note(bye_line(g.closed))
            self._shown = shown
            if self.on_change is not None:
                self.on_change()

    # ---------- what the screen reads ----------
    @property
    def name(self) -> str:
        return self.guest.name

    @property
    def token(self) -> str | None:
        return self.guest.token

    @property
    def ready(self) -> bool:
        return self.guest.view() is not None

    @property
    def holder(self) -> str | None:
        return self.guest.seat

    @property
    def waiting(self) -> bool:
        """A late arrival: seated in the lobby, at the table from a later game (the lobby
        screen shows it; docs/protocol.md "The lobby and late arrivals")."""
        return any(s["player"] == self.guest.seat and s["waiting"] for s in self.guest.seats)

    @property
    def waiting_host(self) -> bool:
        return self.guest.waiting_host

    def handed(self) -> set[str]:
        """The seats a stand-in plays now by the host's hand (the view's "handed", validated
        by protocol.is_handed): this phone shows it when its own seat is one."""
        v = self.view()
        return set(v.get("handed", [])) if v else set()

    def view(self) -> dict | None:
        """The host's view of this seat; in a fair round with this phone's own cup in it (the
        host does not know it): ``my_dice`` and ``can_peek`` as the engine's view would give."""
        v = self.guest.view()
        if v is None:
            return None
        if self._merged[0] is not v:
            self._merged = (v, self._with_my_cup(v))
        return self._merged[1]

    def table_host(self) -> tuple[str | None, int]:
        """Who leads the table now (the lobby's host) and how many hosts led it before
        (the record's epoch: more than 0 once another phone carried the table on)."""
        host = next((s["player"] for s in self.guest.seats if s["kind"] == "host"), None)
        return host, self.guest.record.epoch

    def connections(self) -> dict[str, str]:
        """Every seat's badge, from the host's lobby (late arrivals not at the table left out)."""
        return {s["player"]: s["connection"] for s in self.guest.seats if not s["waiting"]}

    def next_step(self) -> dict:
        """{"kind": "waiting_host"} while the host is silent (or before the first view),
        "reveal" / "game_over", "human" on this phone's turn, else "remote" with the player."""
        v = self.view()
        if v is None or self.guest.waiting_host:
            return {"kind": "waiting_host"}
        if (v.get("fair") or {}).get("step") == "key":
            return {"kind": "opening", "player": v["turn"]}  # every cup opens before the Løft
        if v["phase"] in ("reveal", "game_over", "idle"):
            return {"kind": "reveal" if v["phase"] == "idle" else v["phase"]}
        if v["turn"] == v["me"] and v["me"] not in self.handed():
            return {"kind": "human", "player": v["me"]}  # (handed: the stand-in plays it)
        return {"kind": "remote", "player": v["turn"]}

    def can_peek(self) -> bool:
        v = self.view()
        return bool(v and v.get("can_peek"))

    def new_faults(self) -> list[Any]:
        return []

    # ---------- what the player does ----------
    def act(self, action: dict) -> None:
        """The player's bid or *Løft*, to the host (IllegalAction if it cannot be sent now)."""
        v = self.view()
        if v is None or v["phase"] != "bidding" or v["turn"] != v["me"]:
            raise IllegalAction(both("friends.no.not_your_turn"))
        self.put([self.guest.act(action)])
        self._tell_if_changed()

    def next_round(self) -> None:
        raise IllegalAction(both("friends.host_deals"))

    def accept_handoff(self) -> str:
        raise IllegalAction(both("friends.no.handoff"))

    # ---------- time ----------
    def tick(self, now: float | None = None) -> dict | None:
        """Pings, resends and resyncs go out; returns the clock's face toward the host's
        deadline (None when no clock runs). ``now`` is ignored: the session's clock counts."""
        self.put(self.guest.tick())
        self._fair_turn()
        self._tell_if_changed()
        v, deadline = self.view(), self.guest.deadline
        if v is None or deadline is None or v["phase"] != "bidding" or deadline[0] != v["turn"]:
            return None
        remaining = max(0.0, deadline[1] - self.clock())
        red = remaining <= RED_FROM_S
        beep = red and self._beeped != deadline
        if beep:
            self._beeped = deadline
        return {"player": deadline[0], "seconds": math.ceil(remaining), "remaining": remaining,
                "red": red, "beep": beep, "timed_out": None}

    # ---------- fair dice (issue 20, docs/fair-dice.md "On the wire") ----------
    def _fair_turn(self) -> None:
        """This phone's part in the fair round the host's view shows: draw its secrets and
        send its commitments, then its share, then at the *Løft* its key, each once, through
        the reliable action path; at the round's end check every cup."""
        v = self.guest.view()
        fair = v.get("fair") if v else None
        me = self.guest.seat
        if fair is None or me is None:
            return
        rid = RoundId(fair["table"], fair["game_no"], fair["round_no"])
        mine = self._fair
        if mine is not None and (mine["no"], mine["rid"]) != (fair["no"], rid):
            mine = None
        if fair["step"] == "done" and fair["no"] != self._checked_no:
            self._checked_no = fair["no"]
            result = self._check_round(fair, v, rid, mine)
            if result is not None:
                self.dice_check = result
                self.dice_checks.append((fair["no"], result))
        if me not in fair["seats"] or me in fair["held"]:
            return  # not in this round, or the host holds this seat's cup (its stand-in's)
        step = fair["step"]
        if mine is None:
            if step != "commit" or me in fair["cups"]:
                return  # this phone lost its secrets (a reload): the seat forfeits the round
            mine = self._fair = {"no": fair["no"], "rid": rid, "secret": Secret.draw(),
                                 "sent": set(), "cups": None, "hand": None}
        secret: Secret = mine["secret"]
        own = [commitment(rid, me, secret.key), share_commitment(rid, me, secret.share)]
        action = None
        if step == "commit" and me not in fair["cups"]:
            action = {"type": "cup", "round": fair["no"], "cup": own[0], "share": own[1]}
        elif step == "share" and me not in fair["shares"] and fair["cups"].get(me) == own:
            mine["cups"] = {p: list(c) for p, c in fair["cups"].items()}  # what my share opens
            action = {"type": "share", "round": fair["no"], "share": secret.share.hex()}
        elif step == "key" and me not in fair["keys"] and fair["cups"].get(me) == own:
            action = {"type": "key", "round": fair["no"], "key": secret.key.hex()}
        if action is None or action["type"] in mine["sent"] or self.guest.pending is not None:
            return
        mine["sent"].add(action["type"])
        self.put([self.guest.act(action)])

    def _joint(self, fair: dict, rid: RoundId) -> bytes | None:
        """The round's joint value from the shares in the view, each checked against its
        commitment; None until every share is in (or if one does not match)."""
        seats = fair["seats"]
        if set(fair["shares"]) != set(seats) or set(fair["cups"]) != set(seats):
            return None
        shares = [from_hex(fair["shares"][p]) for p in seats]
        if any(share_commitment(rid, p, r) != fair["cups"][p][1] for p, r in zip(seats, shares)):
            return None
        return joint(rid, shares)

    def _with_my_cup(self, v: dict) -> dict:
        fair, mine, me = v.get("fair"), self._fair, v.get("me")
        if (fair is None or mine is None or v["phase"] != "bidding"
                or v.get("my_dice") is not None or fair["no"] != mine["no"]
                or fair["step"] not in ("dealt", "key")
                or (v["game_no"], v["round_no"]) != (fair["game_no"], fair["round_no"])):
            return v
        count = v["my_dice_count"]
        if mine["hand"] is None or len(mine["hand"]) != count:
            value = self._joint(fair, mine["rid"])
            if value is None:
                return v
            mine["hand"] = hand(mine["secret"].key, value, mine["rid"], me, count)
        locked = bool(v["rules"].get("peek_once")) and any(b["player"] == me for b in v["bids"])
        peek = count > 0 and not locked  # as the engine's can_peek (S3, S40)
        return {**v, "can_peek": peek, "my_dice": list(mine["hand"]) if peek else None}

    def fair_state(self) -> dict[str, Any] | None:
        """What the table screen shows of fair dice (None at a table without them, or before
        the host's first view): the round's ``step`` and this phone's own ``check`` of the
        round just settled ("verified", "mismatch:<seat>", or None: not checked or no cup)."""
        v = self.view()
        fair = v.get("fair") if v else None
        if fair is None:
            return None
        check = None
        if fair["step"] == "done" and self.dice_checks and self.dice_checks[-1][0] == fair["no"]:
            check = self.dice_checks[-1][1]
        return {"step": fair["step"], "check": check}

    def _check_round(self, fair: dict, v: dict, rid: RoundId, mine: dict | None) -> str | None:
        """This phone's own check of a settled fair round: every share against its
        commitment, the commitments against those it opened its share to, every opened key
        against its commitment and the revealed cup. "verified", "mismatch:<seat>" (the
        first seat that failed), or None when no cup was dealt (a share never came)."""
        seats, cups = fair["seats"], fair["cups"]
        if set(fair["shares"]) != set(seats):
            return None
        for p in seats:
            if p not in cups:
                return f"mismatch:{p}"  # a share without its commitment: the host broke it
        for p in seats:
            if share_commitment(rid, p, from_hex(fair["shares"][p])) != cups[p][1]:
                return f"mismatch:{p}"
            if mine is not None and mine["cups"] is not None and mine["cups"].get(p) != cups[p]:
                return f"mismatch:{p}"  # the host showed this phone other commitments
        value = joint(rid, [from_hex(fair["shares"][p]) for p in seats])
        reveal = _reveal_of(v["events"], rid)
        for p in seats:
            key = fair["keys"].get(p)
            if key is None:
                continue
            if reveal is None:  # forfeited at the Løft: the keys that came still must fit
                ok = commitment(rid, p, from_hex(key)) == cups[p][0]
            else:
                hands = reveal.get("hands")
                claimed = hands.get(p) if isinstance(hands, dict) else None
                ok = isinstance(claimed, list) and verify_cup(rid, p, key, cups[p][0], value,
                                                              claimed, len(claimed))
            if not ok:
                return f"mismatch:{p}"
        for p in seats:
            if p in fair["bad"]:
                return f"mismatch:{p}"
        return "verified"

    # ---------- what the table says ----------
    def _note(self, line: str) -> None:
        self._notes.append(News({"type": "seat_note", "player": self.guest.seat}, [line]))

    def news(self) -> list[News]:
        """Public events since the last call, with their lines and a plain bubble for bids
        and calls (the regulars' own words are said on the host's phone), then what the host
        told this phone alone (an error, a goodbye)."""
        v = self.view()
        notes, self._notes = self._notes, []
        if v is None:
            return notes
        start = self.seen
        events = v["events"][start:]
        self.seen = len(v["events"])
        out = []
        for i, (e, lines) in enumerate(zip(events, lines_for(events, v)), start):
            # What the host said about a seat (handed to a stand-in, given back), before the
            # move it came with: the view's "said", by event index (host_seats.SaidRoomTable).
            out += [News({"type": "seat_note", "player": s["player"]}, [s["line"]])
                    for s in v.get("said", []) if s["event"] == i]
            bubble = None
            if e.get("type") == "bid" and e.get("player"):
                bubble = (e["player"], bid_words(e["quantity"], e.get("face")))
            elif e.get("type") == "call" and e.get("player"):
                bubble = (e["player"], t("snyd.call_shout"))
            out.append(News(e, lines, bubble))
        return out + notes

    # ---------- the phone's own record ----------
    def to_dict(self) -> dict[str, Any]:
        """What the phone stores to come back to its seat (the share link adds the room)."""
        return {"name": self.guest.name, "token": self.guest.token}


def _reveal_of(events: list[dict], rid: RoundId) -> dict | None:
    """The reveal event of the fair round ``rid`` in a view's events (None if it had none)."""
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if (e.get("type") == "deal" and e.get("fair")
                and (e.get("game_no"), e.get("round_no")) == (rid.game_no, rid.round_no)):
            for later in events[i + 1:]:
                if later.get("type") == "reveal":
                    return later
                if later.get("type") in ("deal", "forfeit"):
                    return None
            return None
    return None


__all__ = ["GuestTable"]
