"""Bakke and Treere tables with friends in CPython: a HostGameTable and two guests' phones
(GuestTable wrapped in GuestGameTable) on the in-memory wire of table_net.py, playing through
frames only: whole games, refused moves and junk with the table unchanged, privacy (no frame
carries a die the host's engine has not thrown yet), away guests, the host's reload."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from app.friends import game_host
from app.friends.core.host import AWAY_AFTER_S, ERROR_EVERY_S, HostRoom
from app.friends.core.host_seats import AUTO_DEAL_S, COVER_GRACE_S, away_line, back_line, open_room
from app.friends.core.protocol import (
    ProtocolError,
    decode_from_guest,
    decode_from_host,
    encode,
    is_action,
)
from app.friends.game_guest import GuestGameTable
from app.friends.game_host import HostGameTable
from app.table import session as game_session
from app.table.session import GameSession
from peer_net import Sent
from table_net import Phone, Wire

from engine import dice as engine_dice
from engine.errors import IllegalAction

SEED = 8_123_456_789_123  # long enough that its digits in a frame would mean a leak


class GameWire(Wire):
    """table_net's wire with a Bakke or Treere room, recording the dice the host's engine has
    thrown when each frame left (``Phone.revealed``: the count of faces thrown by then)."""

    def __init__(self, game: str, thrown: list[int]) -> None:
        super().__init__()
        self.room = HostRoom("Vært", clock=self.clock, game=game)
        self.thrown = thrown
        self.games: dict[str, GuestGameTable] = {}

    def _down(self, phone: Phone, channel: str, text: str) -> None:
        if phone.up and phone.channel == channel:
            phone.received.append(Sent(text, None, {}))
            phone.revealed.append(len(self.thrown))
            phone.inbox.append(text)

    def start_game(self, rules: Any = None) -> HostGameTable:
        self.host = HostGameTable.from_lobby(self.room, rules, seed=SEED)
        self.pump()
        return self.host

    def guest(self, name: str) -> GuestGameTable:
        """The guest's table as the Bakke/Treere screen holds it (made once the view is in)."""
        if name not in self.games:
            self.games[name] = GuestGameTable(self.phones[name].table)
        return self.games[name]

    def move(self, rng: random.Random) -> str:
        """Whoever has the turn acts from their own device; a decided game: the host's next."""
        h = self.host
        self.clock.now += 0.5
        v = h.table.view(None)
        if v["phase"] == "over":
            h.new_game()
            kind = "new_game"
        elif v["turn"] == "Vært":
            h.act("Vært", choose(h.view(), rng))
            kind = "host"
        elif h.regular_due():
            h.play_regular()
            kind = "regular"
        else:
            g = self.guest(v["turn"])
            g.act(v["turn"], choose(g.view(), rng))
            kind = "guest"
        self.pump()
        return kind


@pytest.fixture
def thrown(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every face any engine table throws from now on, in order."""
    faces: list[int] = []
    real = engine_dice.Dice.throw

    def throw(self: Any, n: int) -> list[int]:
        out = real(self, n)
        faces.extend(out)
        return out

    monkeypatch.setattr(engine_dice.Dice, "throw", throw)
    return faces


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal move from a view alone, as a screen offers it (no *Fejl*: a game must end)."""
    legal = view["legal"]
    if view["game"] == "treere":
        if "roll" in legal:
            return {"type": "roll"}
        n = len(view["rolled"])
        return {"type": "keep", "dice": sorted(rng.sample(range(n), rng.randint(1, n)))}
    options = [t for t in ("throw", "throw_all", "videre") if t in legal]
    if "videre" in options and rng.random() < 0.5:
        return {"type": "videre"}
    return {"type": rng.choice(options)}


def seated(game: str, thrown: list[int], rules: Any = None, regular: bool = True) -> GameWire:
    wire = GameWire(game, thrown)
    if regular:
        wire.room.seat_regular("Lis")
    wire.join("Mette")
    wire.join("Kaj")
    wire.start_game(rules)
    return wire


def assert_in_step(wire: GameWire) -> None:
    """Every guest's phone holds its seat's engine view, plus the table talk ("said")."""
    for name, phone in wire.phones.items():
        assert phone.table.view() == wire.host.adapter.view(name)
        assert {k: v for k, v in phone.table.view().items() if k != "said"} == wire.host.table.view(name)


def faces_shown(view: dict[str, Any]) -> list[int]:
    """Every die the view's events say was thrown, in order."""
    return [f for e in view["events"] if e["type"] in ("throw", "roll") for f in e["faces"]]


def play(wire: GameWire, games: int, rng: random.Random) -> set[str]:
    kinds = set()
    for _ in range(3000):
        kinds.add(wire.move(rng))
        assert_in_step(wire)
        if wire.host.table.view(None)["game_no"] > games:
            return kinds
    raise AssertionError("the games never ended")


# ---------- whole games ----------

@pytest.mark.parametrize("game,rules", [("bakke", {"dice_per_player": 3}),
                                        ("treere", {"ante": 1})])
def test_whole_games_through_frames_only(game, rules, thrown):
    wire = seated(game, thrown, rules)
    kinds = play(wire, 2, random.Random(7))
    assert {"host", "guest", "regular", "new_game"} <= kinds
    host = wire.host
    for name in ("Mette", "Kaj"):
        v = wire.guest(name).view()
        assert v["tally"] == host.table.view(None)["tally"] and v["me"] == name
        assert any(e["type"] == "new_game" and e["game_no"] == 3 for e in v["events"])
    # the guests' moves went through the host's engine for their own seats
    actors = {e.get("player") for e in host.table.log}
    assert {"Vært", "Mette", "Kaj", "Lis"} <= actors
    # the lobby told each phone the game; nothing about the table was saved on a guest's phone
    assert all(p.table.guest.game == game for p in wire.phones.values())
    assert all(p.table.guest.bad_frames == 0 for p in wire.phones.values())


def test_a_guest_table_reads_like_a_game_session(thrown):
    wire = seated("bakke", thrown)
    mette = wire.guest("Mette")
    assert mette.humans == ["Mette"] and list(mette.regulars) == ["Lis"]
    assert mette.regular_due() is None and mette.remote and mette.lines({"type": "x"}) == []
    assert mette.table.events == mette.view()["events"]
    assert mette.news() == []  # what was on the table before is not news
    rng = random.Random(3)
    while wire.host.table.view(None)["turn"] == "Mette":
        wire.move(rng)
    wire.move(rng)
    assert [e["type"] for e in mette.news()]  # the move that came over the wire is news
    with pytest.raises(IllegalAction):
        mette.new_game()  # the host starts the next game
    with pytest.raises(IllegalAction):
        mette.view("Kaj")  # only its own seat's view


# ---------- refused moves ----------

@pytest.mark.parametrize("game", ["bakke", "treere"])
def test_out_of_turn_and_illegal_moves_are_refused_and_change_nothing(game, thrown):
    wire = seated(game, thrown, regular=False)
    host = wire.host
    rng = random.Random(2)
    while host.table.view(None)["turn"] not in ("Mette", "Kaj"):
        wire.move(rng)
    turn = host.table.view(None)["turn"]
    idle = "Kaj" if turn == "Mette" else "Mette"
    move = {"type": "throw_all"} if game == "bakke" else {"type": "roll"}
    # the idle phone refuses by itself, and sends nothing
    with pytest.raises(IllegalAction):
        wire.guest(idle).act(idle, move)
    assert wire.to_host == []
    with pytest.raises(IllegalAction):
        wire.guest(turn).act(idle, move)  # not for another seat either
    # frames made by hand, around the phone's own checks: the host refuses each, to that
    # phone only, and its table is unchanged
    # (who, action, code, answered by id: the room read the frame as an action)
    bad = [(idle, move, "illegal", True),                                    # out of turn
           (turn, {"type": "keep", "dice": [4]} if game == "treere"          # not offered now
            else {"type": "fejl", "against": "Ingen"}, "illegal", True),
           (turn, {"type": "bid", "quantity": 2, "face": 3}, "bad_field", True),  # Snyd's
           (turn, {"type": "new_game"}, "bad_field", False)]  # no game's on the wire: the host's
    for n, (who, action, code, by_id) in enumerate(bad, start=50):
        phone, other = wire.phones[who], wire.phones["Kaj" if who == "Mette" else "Mette"]
        log, seen = json.dumps(host.table.log), len(other.received)
        wire.clock.now += ERROR_EVERY_S  # the host answers one error per channel this often
        wire.to_host.append((phone.channel, json.dumps(
            {"v": 1, "t": "act", "id": n, "action": action})))
        wire.pump()
        assert json.dumps(host.table.log) == log, action
        answer = json.loads(phone.received[-1].text)
        assert (answer["t"], answer["code"], answer["id"]) == ("error", code, n if by_id else None)
        assert len(other.received) == seen  # the other phone heard nothing of it
    assert_in_step(wire)
    # the legal move from the phone in turn still goes through
    before = len(host.table.log)
    g = wire.guest(turn)
    g.act(turn, choose(g.view(), rng))
    wire.pump()
    assert len(host.table.log) == before + 1 and host.table.log[-1]["player"] == turn


JUNK_ACTIONS = [
    ({"type": "keep", "dice": []}, "bad_field"),
    ({"type": "keep", "dice": [0, 0]}, "bad_field"),
    ({"type": "keep", "dice": [5]}, "bad_field"),
    ({"type": "keep", "dice": [True]}, "bad_field"),
    ({"type": "keep", "dice": [0, 1, 2, 3, 4, 0]}, "bad_field"),
    ({"type": "keep", "dice": "01"}, "bad_field"),
    ({"type": "keep"}, "bad_field"),
    ({"type": "roll", "dice": [0]}, "bad_field"),
    ({"type": "throw", "n": 2}, "bad_field"),
    ({"type": "fejl"}, "bad_field"),
    ({"type": "fejl", "against": ""}, "bad_field"),
    ({"type": "fejl", "against": "x" * 21}, "bad_field"),
    ({"type": "fejl", "against": "Kaj", "player": "Mette"}, "seat_field"),
    ({"type": "videre", "seat": "Kaj"}, "seat_field"),
    ({"type": "timeout"}, "bad_field"),
    ({"type": "new_game"}, "bad_field"),
    ({"type": ["roll"]}, "bad_field"),
    ({}, "bad_field"),
]


@pytest.mark.parametrize("action,code", JUNK_ACTIONS, ids=lambda x: json.dumps(x)[:40])
def test_junk_actions_are_refused_on_the_wire(action, code):
    with pytest.raises(ProtocolError) as err:
        decode_from_guest(json.dumps({"v": 1, "t": "act", "id": 1, "action": action}))
    assert err.value.code == code


@pytest.mark.parametrize("game", ["bakke", "treere"])
def test_junk_frames_to_the_host_change_nothing(game, thrown):
    wire = seated(game, thrown)
    host, phone = wire.host, wire.phones["Mette"]
    log = json.dumps(host.table.log)
    junk = ["", "[]", "{", '{"v":1,"t":"act","id":1}', '{"v":2,"t":"ping","n":1}',
            "[" * 50_000, json.dumps({"v": 1, "t": "act", "id": 3, "action": JUNK_ACTIONS[1][0]}),
            json.dumps({"v": 1, "t": "act", "id": 4, "action": {"type": "keep", "dice": [0]},
                        "seat": "Kaj"})]
    for text in junk:
        wire.clock.now += ERROR_EVERY_S  # the host answers one error per channel this often
        wire.to_host.append((phone.channel, text))
        wire.pump()
    errors = [json.loads(s.text) for s in phone.received[-len(junk):]]
    assert [e["t"] for e in errors] == ["error"] * len(junk)
    assert json.dumps(host.table.log) == log
    assert_in_step(wire)


def test_the_protocol_knows_each_games_actions():
    assert is_action({"type": "fejl", "against": "Kaj"}, "bakke")
    assert is_action({"type": "keep", "dice": [0, 4]}, "treere")
    assert is_action({"type": "call"}, "snyd") and is_action({"type": "roll"})
    assert not is_action({"type": "roll"}, "bakke")
    assert not is_action({"type": "throw"}, "treere")
    assert not is_action({"type": "call"}, "treere")
    with pytest.raises(IllegalAction):
        HostRoom("Vært", game="yatzy")


def test_a_guest_refuses_a_view_of_another_game(thrown):
    wire = seated("treere", thrown)
    guest = wire.phones["Mette"].table.guest
    fields = {k: v for k, v in guest.view().items() if k != "events"}
    forged = encode("update", seq=999, base=len(guest.view()["events"]), events=[],
                    view={**fields, "game": "bakke"}, last_act=0, more=False)
    before, bad = guest.view(), guest.bad_frames
    assert guest.receive(forged) == []
    assert guest.bad_frames == bad + 1 and guest.view() == before


# ---------- privacy: where the dice come from ----------

@pytest.mark.parametrize("game,rules", [("bakke", {"dice_per_player": 4}),
                                        ("treere", {"ante": 2})])
def test_no_frame_carries_a_die_before_the_host_throws_it(game, rules, thrown):
    """Every die is thrown on the host's table by its engine and is public the moment it
    lands: the faces a guest holds are always a prefix of the faces thrown so far, all of
    them once the frames are in, and nothing of the table's seed or dice state crosses."""
    wire = seated(game, thrown, rules)
    play(wire, 2, random.Random(11))
    for phone in wire.phones.values():
        held: list[dict[str, Any]] = []
        for sent, count in zip(phone.received, phone.revealed, strict=True):
            assert str(SEED) not in sent.text
            msg = decode_from_host(sent.text)
            if msg["t"] != "update":
                continue
            assert not {"seed", "dice", "log", "rng"} & set(msg["view"])
            held[msg["base"]:] = msg["events"]
            faces = faces_shown({"events": held})
            assert faces == thrown[:len(faces)] and len(faces) <= count
        assert faces_shown(phone.table.view()) == thrown  # all public once the frames are in


# ---------- away guests, the next game, the host's reload ----------

def until_turn_of(wire: GameWire, player: str, rng: random.Random) -> None:
    for _ in range(500):
        v = wire.host.table.view(None)
        if v["phase"] == "playing" and v["turn"] == player:
            return
        wire.move(rng)
    raise AssertionError(f"{player} never had the turn")


@pytest.mark.parametrize("game", ["bakke", "treere"])
def test_an_away_guest_is_covered_by_a_stand_in_and_gets_the_seat_back(game, thrown):
    wire = seated(game, thrown, regular=False)
    host = wire.host
    rng = random.Random(4)
    until_turn_of(wire, "Kaj", rng)
    kaj = wire.phones["Kaj"]
    wire.drop(kaj)
    wire.tick(AWAY_AFTER_S - 1)
    assert host.connections()["Kaj"] == "reconnecting"
    assert host.table.view(None)["turn"] == "Kaj"  # a reconnecting seat is waited for
    before = len(host.table.log)
    wire.tick(1.5)
    assert host.connections()["Kaj"] == "away" and len(host.table.log) == before
    wire.tick(COVER_GRACE_S)
    played = host.table.log[before]
    assert played["player"] == "Kaj"
    said = [line for e in host.news() for _, line in host.lines(e)]
    assert away_line("Kaj") == "Kaj er væk – en stamgæst tager turen" and away_line("Kaj") in said
    # the phone comes back (its token): its seat, its view, a line, and nobody covers it now
    wire.open(kaj)
    wire.tick(0.5)
    assert host.connections()["Kaj"] == "connected"
    until_turn_of(wire, "Kaj", rng)
    wire.move(rng)  # Kaj's own move, from Kaj's phone: the line comes with the news
    assert ("Kaj", back_line("Kaj")) in [s for e in host.news() for s in host.lines(e)]
    assert_in_step(wire)
    n = len(host.table.log)
    wire.tick(COVER_GRACE_S + 1)
    assert len(host.table.log) == n


def test_the_host_starts_the_next_game_itself_after_a_pause(thrown):
    wire = seated("treere", thrown)
    host, rng = wire.host, random.Random(9)
    for _ in range(500):
        if host.table.view(None)["phase"] == "over":
            break
        wire.move(rng)
    assert host.table.view(None)["phase"] == "over"
    wire.tick(AUTO_DEAL_S["game_over"] - 1)
    assert host.table.view(None)["phase"] == "over"
    wire.tick(1.5)
    assert host.table.view(None)["game_no"] == 2
    assert_in_step(wire)


def test_the_host_reloads_and_the_guests_come_back_by_their_tokens(thrown):
    wire = seated("bakke", thrown)
    rng = random.Random(6)
    for _ in range(12):
        wire.move(rng)
    host = wire.host
    host.link = {"relay_room": "r" * 22, "host_key": "k" * 22}
    told = []
    game_host.on_restore = told.append
    try:
        restored = GameSession.from_json(host.to_json(), "bakke")
    finally:
        game_host.on_restore = None
    assert isinstance(restored, HostGameTable) and told == [restored]
    assert restored.table.log == host.table.log and restored.link == host.link
    assert restored.connections() == {"Vært": "connected", "Lis": "connected",
                                      "Mette": "reconnecting", "Kaj": "reconnecting"}
    # the same save on the wire's clock (the room's rate bound counts the test's time)
    restored = HostGameTable.from_dict(json.loads(host.to_json()), clock=wire.clock)
    wire.rebind(restored)
    for phone in wire.phones.values():
        wire.drop(phone)
        wire.open(phone)  # the same phone: hello with its stored token
    assert restored.connections()["Mette"] == "connected"
    assert_in_step(wire)
    play(wire, 1, rng)


def test_a_broken_host_save_is_refused_whole():
    room = open_room([("Vært", "human"), ("Lis", "regular")], game="treere")
    host = HostGameTable.from_lobby(room, seed=1)
    good = host.to_dict()
    for bad in ({**good, "room": None}, {**good, "link": {"x": 5}},
                {**good, "room": {**good["room"], "game": "bakke"}},
                {**good, "room": {**good["room"], "seats": good["room"]["seats"][:1]}}):
        with pytest.raises(game_session.CorruptSave):
            HostGameTable.from_dict(bad)


def test_a_guests_phone_saves_no_table(thrown):
    wire = seated("treere", thrown)

    class Store:
        def __init__(self) -> None:
            self.writes: list[str] = []

        def write(self, key: str, text: str) -> bool:
            self.writes.append(key)
            return True

    store = Store()
    assert game_session.save(wire.guest("Mette"), store) and store.writes == []
    assert game_session.save(wire.host, store) and store.writes == ["bodegabordet.treere.table"]


def test_a_lobby_of_a_game_needs_one_person_and_that_games_regulars():
    with pytest.raises(IllegalAction):
        open_room([("Vært", "human"), ("Bo", "human")], game="bakke")
    room = open_room([("Vært", "human"), ("Henning", "regular")], game="bakke")
    assert room.game == "bakke" and room.to_dict()["game"] == "bakke"
    assert HostRoom.from_dict(room.to_dict()).game == "bakke"


def test_a_game_lobby_is_saved_with_its_game():
    from app.friends import lobby as friends

    from engine.treere import Rules as TreereRules
    room = open_room([("Vært", "human"), ("Lis", "regular")], game="treere")
    lobby = friends.Lobby(room, {"relay_room": "a" * 22, "host_key": "b" * 22},
                          TreereRules(ante=2), 1.0, "treere")
    saved = json.loads(json.dumps(friends.lobby_to_dict(lobby)))
    back = friends.lobby_from_dict(saved)
    assert (back.game, back.rules, back.room.game) == ("treere", TreereRules(ante=2), "treere")
    for bad in ({**saved, "game": "bakke"}, {**saved, "game": "yatzy"},
                {**saved, "rules": {"ante": 0}}):
        with pytest.raises(ValueError):
            friends.lobby_from_dict(bad)
    old = {k: v for k, v in saved.items() if k != "game"}  # a Snyd lobby saved before games
    old["room"] = {k: v for k, v in old["room"].items() if k != "game"}
    old["rules"] = {}
    assert friends.lobby_from_dict(old).game == "snyd"


def test_the_games_own_markup_draws_a_guests_table(thrown):
    """The Bakke and Treere screens draw a guest's table from a GuestGameTable as they draw a
    one-phone GameSession: its own moves offered on its turn only."""
    from app.bakke import markup as bakke
    from app.treere import table_markup as treere

    rng = random.Random(5)
    wire = seated("bakke", thrown)
    until_turn_of(wire, "Mette", rng)
    for name, state in (("Mette", "mine"), ("Kaj", "other")):
        g = wire.guest(name)
        look = bakke.TableLook(regulars=tuple(g.regulars), single=g.humans[0])
        assert f'data-state="{state}"' in bakke.turn_html(g.view(), look)
        controls = bakke.controls_html(g.view(), look)
        assert ('data-action="throw">' in controls) == (name == "Mette")  # enabled: no disabled
    wire = seated("treere", thrown)
    until_turn_of(wire, "Kaj", rng)
    for name in ("Mette", "Kaj"):
        g = wire.guest(name)
        look = treere.TableLook(humans=tuple(g.humans), regulars=tuple(g.regulars))
        controls = treere.controls_html(g.view(), look)
        assert ('data-action="roll">Kast' in controls) == (name == "Kaj")
        assert "Lis" in treere.felt_html(g.view(), look)  # the regular's seat is drawn


def test_a_friend_who_comes_after_the_start_is_told_the_game_has_started(thrown):
    wire = seated("bakke", thrown)
    seats = wire.room.lobby()
    bo = wire.join("Bo")
    answer = decode_from_host(bo.received[-1].text)
    assert (answer["t"], answer["code"]) == ("error", "started")
    assert bo.table.guest.error_code == "started" and not bo.table.ready
    assert wire.room.lobby() == seats  # no seat was made
    del wire.phones["Bo"]
    # a seated guest's phone still comes back by its token
    mette = wire.phones["Mette"]
    wire.drop(mette)
    wire.open(mette)
    assert wire.host.connections()["Mette"] == "connected"
    assert_in_step(wire)


@pytest.mark.parametrize("game", ["bakke", "treere"])
def test_the_guests_read_the_regulars_lines_as_the_host_does(game, thrown):
    """Table talk is public: each line is decided once on the host's phone and travels in the
    guests' views ("said"), so every phone shows the same words on the same event."""
    wire = seated(game, thrown)
    host = wire.host
    rng = random.Random(7)
    for name in ("Mette", "Kaj"):
        wire.guest(name).news()  # the start is not news
    host.news()
    heard_host: list[tuple[int, str, str]] = []
    heard: dict[str, list[tuple[int, str, str]]] = {"Mette": [], "Kaj": []}

    def listen(table: Any, into: list) -> None:
        before = table.seen
        for i, e in enumerate(table.news(), start=before):
            into.extend((i, p, line) for p, line in table.lines(e))

    for _ in range(400):
        wire.move(rng)
        listen(host, heard_host)
        for name, into in heard.items():
            listen(wire.guest(name), into)
        if len(heard_host) >= 6:
            break
    assert len(heard_host) >= 6, "the regular spoke"
    assert heard["Mette"] == heard_host and heard["Kaj"] == heard_host
    said = host.adapter.view("Mette")["said"]
    assert 0 < len(said) <= 8 and said[-1]["line"] == heard_host[-1][2]


def test_a_view_whose_said_is_junk_is_refused():
    view = {"game": "bakke", "me": "Mette"}
    good = [{"event": 3, "player": "Lis", "line": "Skål"}]
    update = {"seq": 1, "base": 0, "events": [], "last_act": 0, "more": False}
    assert decode_from_host(encode("update", view={**view, "said": good}, **update))
    for junk in (good * 9, [{**good[0], "line": "x" * 201}], [{**good[0], "event": -1}],
                 [{**good[0], "extra": 1}], [{**good[0], "player": ""}], "Skål"):
        with pytest.raises(ProtocolError):
            decode_from_host(encode("update", view={**view, "said": junk}, **update))
