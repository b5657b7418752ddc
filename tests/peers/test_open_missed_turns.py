"""At an open table (issue 21) a stranger who walks away must not stall the table: their turn
runs out (Snyd's S41 clock, always on there; Bakke's and Treere's OPEN_TURN_S, as they have
no clock) and after two missed turns in a row a stand-in regular takes the seat for the rest
of the game (host_seats.MissedTurns, HostedTable.turn_missed). Through table_net's in-memory
wire and the room's fake clock: the seat is handed over and played by its stand-in, the table
says so on every phone, an own move starts the count again, the next game gives the seat
back (not one the host handed), a friends' table never counts, and the count is saved with
the table and a hostile one refused."""
from __future__ import annotations

import json
import random

import pytest
from app.friends import host_table
from app.friends.core.host_seats import (
    AUTO_DEAL_S,
    COVER_GRACE_S,
    MISSES_IN_A_ROW,
    OPEN_TURN_S,
    given_back_line,
    missed_line,
)
from app.friends.core.succession import OPEN_KEY
from app.friends.game_host import HostGameTable
from app.friends.host_table import HostTable
from app.lang import t
from app.snyd.table_session import CorruptSave
from table_net import Wire
from test_game_peers import seated as game_seated
from test_game_peers import (
    thrown,  # noqa: F401 (the fixture)
    until_turn_of,
)
from test_hand_over import host_lines, phone_lines
from test_host_table import play_until_turn_of_without, seated

from engine.errors import IllegalAction
from engine.fair_dice import Secret
from engine.snyd import Rules

GAMES = ["bakke", "treere"]


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch):
    """Fair dice from seeded bytes, so that each test deals the same cups every run: these
    tests count turns, and a game that ends sooner (other cups) would give a seat back early."""
    rng = random.Random(21)
    draw = Secret.draw.__func__
    monkeypatch.setattr(Secret, "draw", classmethod(lambda cls, source=None: draw(cls, rng.randbytes)))
    monkeypatch.setattr(host_table.secrets, "token_hex", lambda n=8: rng.randbytes(n).hex())
CLOCK_S = 15  # the open table's turn clock (open_listing.open_rules: TIME_LIMIT_S)
OPEN_LINK = {OPEN_KEY: json.dumps({"ruleset": "Husets regler", "seats": 4, "regulars": False})}


def test_the_rule_is_two_missed_turns_and_the_lines_say_so():
    assert MISSES_IN_A_ROW == 2 and OPEN_TURN_S == 30.0
    assert missed_line("Kaj") == ("Kaj missede to ture – en stamgæst tager pladsen resten af "
                                  "spillet")
    from app.lang.en.friends import TEXT as EN  # the same key in both catalogues
    assert EN["friends.missed_turns"].format(player="Kaj") == (
        "Kaj missed two turns – a regular takes the seat for the rest of the game")


# ---------- Snyd: the S41 clock ----------

def snyd_table(open_table: bool = True, dice: int = 3, seed: int = 3, fair: bool = False):
    if fair:  # an open table has fair dice (issue 20): the cups made by every phone
        wire = Wire()
        wire.join("Mette")
        wire.join("Kaj")
        wire.start(Rules(dice_per_player=dice, time_limit=CLOCK_S), seed, fair=True)
        wire.pump()
    else:
        wire = seated(Rules(dice_per_player=dice, time_limit=CLOCK_S), seed=seed, regular=False)
    if open_table:
        wire.host.link = {**wire.host.link, **OPEN_LINK}
    return wire


def play_to(wire, player: str, rng: random.Random) -> None:
    """Play on to ``player``'s turn: the others from their phones, a handed seat by its
    stand-in (the next tick), the host's *Næste runde* after a verdict."""
    host = wire.host
    for _ in range(500):
        step = host.next_step()
        v = host.view()
        if v["phase"] == "bidding" and v["turn"] == player:
            return
        if step["kind"] == "remote" and step["player"] in host.handed():
            wire.tick(0.5)
        else:
            wire.move(rng)
    raise AssertionError(f"{player} never had the turn")


def open_cups(wire) -> None:
    """At a fair table's Løft: tick (well within the keys' grace) until every key is in."""
    for _ in range(12):
        if wire.host.next_step()["kind"] != "opening":
            return
        wire.tick(0.5)
    raise AssertionError("the cups never opened")


def time_out(wire, player: str, rng: random.Random) -> None:
    """Play on (others' turns) to ``player``'s turn, then let the clock run out on it."""
    play_to(wire, player, rng)
    n = len(wire.host.table.log)
    wire.tick(CLOCK_S + 0.5)
    open_cups(wire)  # fair dice: every phone opens its cup
    made = [e for e in wire.host.table.log[n:] if e["type"] != "reveal_hands"]  # fair: cups
    assert made[0] == {"type": "timeout", "player": player}


def own_move(wire, player: str, rng: random.Random) -> None:
    play_to(wire, player, rng)
    n = len(wire.host.table.log)
    wire.move(rng)  # from the guest's own phone
    assert wire.host.table.log[n]["player"] == player
    assert wire.host.table.log[n]["type"] in ("bid", "call")


@pytest.mark.parametrize("fair", [False, True])
def test_snyd_two_timeouts_in_a_row_hand_the_seat_to_its_stand_in(fair):
    wire = snyd_table(fair=fair)
    host, rng = wire.host, random.Random(5)
    time_out(wire, "Kaj", rng)
    assert host.handed() == set() and host.missed.misses == {"Kaj": 1}
    time_out(wire, "Kaj", rng)
    assert host.handed() == {"Kaj"} and host.missed.by_clock == {"Kaj"}
    assert missed_line("Kaj") in host_lines(host)
    wire.pump()
    assert missed_line("Kaj") in [s["line"] for s in wire.phones["Kaj"].table.view()["said"]]
    assert wire.phones["Kaj"].table.handed() == {"Kaj"}
    # the stand-in plays Kaj's next turn at once, on the next tick, with the phone connected
    play_until_turn_of_without(wire, "Kaj", rng)
    assert host.connections()["Kaj"] == "connected"
    n = len(host.table.log)
    wire.tick(0.5)
    open_cups(wire)  # fair dice: the stand-in called, cups open
    made = [e for e in host.table.log[n:] if e["type"] != "reveal_hands"]
    assert made[0]["player"] == "Kaj"
    assert made[0]["type"] in ("bid", "call")  # the stand-in's move, not the clock's
    assert not any(e["type"] == "forfeit" for e in host.table.log)  # every cup opened
    assert missed_line("Kaj") in phone_lines(wire, "Mette")  # with the next event, as said
    # the phone's own move is refused with the handed seat's message, nothing changes
    play_to(wire, "Kaj", rng)
    log = json.dumps(host.table.log)
    with pytest.raises(IllegalAction, match="En stamgæst spiller din plads nu"):
        host.guest_act("Kaj", {"type": "call"})
    assert json.dumps(host.table.log) == log


def test_snyd_an_away_seat_covered_twice_is_handed_over_too():
    wire = snyd_table()
    host, rng = wire.host, random.Random(5)
    wire.drop(wire.phones["Kaj"])
    for _ in range(2):
        play_until_turn_of_without(wire, "Kaj", rng)
        n = len(host.table.log)
        for _ in range(40):
            wire.tick(1)
            if len(host.table.log) > n:
                break
        assert host.table.log[n]["player"] == "Kaj"
        assert host.table.log[n]["type"] in ("bid", "call")  # the stand-in, not the timeout
    assert host.handed() == {"Kaj"}


def test_snyd_an_own_move_between_two_timeouts_starts_the_count_again():
    wire = snyd_table()
    host, rng = wire.host, random.Random(5)
    time_out(wire, "Kaj", rng)
    own_move(wire, "Kaj", rng)
    assert host.missed.misses == {}
    time_out(wire, "Kaj", rng)
    assert host.handed() == set() and host.missed.misses == {"Kaj": 1}
    time_out(wire, "Mette", rng)  # another seat's misses are its own
    assert host.missed.misses == {"Kaj": 1, "Mette": 1}
    time_out(wire, "Kaj", rng)
    assert host.handed() == {"Kaj"} and host.missed.misses == {"Mette": 1}


def test_snyd_a_friends_table_never_hands_a_seat_over():
    wire = snyd_table(open_table=False)
    host, rng = wire.host, random.Random(5)
    for _ in range(3):
        time_out(wire, "Kaj", rng)
    assert host.handed() == set() and not host.missed
    assert "missed" not in host.to_dict()  # a friends' table saves as before
    assert missed_line("Kaj") not in host_lines(host)


def play_to_next_game(wire, rng: random.Random) -> None:
    """Play on (a handed seat by its stand-in, on the tick) until the next game is dealt."""
    host = wire.host
    game = host.view()["game_no"]
    for _ in range(3000):
        if host.view()["game_no"] > game:
            return
        step = host.next_step()
        if step["kind"] == "remote" and step["player"] in host.handed():
            wire.tick(0.5)
        else:
            wire.move(rng)
    raise AssertionError("the game never ended")


@pytest.mark.parametrize("fair", [False, True])
def test_snyd_the_next_game_gives_the_seat_back_but_not_one_the_host_handed(fair):
    wire = snyd_table(dice=3, fair=fair)
    host, rng = wire.host, random.Random(5)
    time_out(wire, "Kaj", rng)
    time_out(wire, "Kaj", rng)
    time_out(wire, "Mette", rng)
    assert host.missed.misses == {"Mette": 1}
    host.hand_over("Mette")  # by the host's hand: stays handed
    assert host.handed() == {"Kaj", "Mette"}
    host.news()
    play_to_next_game(wire, rng)
    assert host.handed() == {"Mette"}
    assert not host.missed  # Kaj's seat counts from 0 again (the host's hand cleared Mette's)
    assert given_back_line("Kaj") in host_lines(host)
    wire.pump()
    assert wire.phones["Kaj"].table.handed() == {"Mette"}
    # Kaj's own phone plays again: nobody covers the connected seat
    play_to(wire, "Kaj", rng)
    n = len(host.table.log)
    wire.tick(CLOCK_S - 1)
    assert len(host.table.log) == n
    wire.move(rng)
    made = [e for e in host.table.log[n:] if e["type"] != "reveal_hands"]  # fair: a Løft's cups
    assert made[0]["player"] == "Kaj"


def test_snyd_missed_turns_in_a_row_count_across_a_games_end():
    wire = snyd_table(dice=1)  # every round ends a game (its loser's one die)
    host, rng = wire.host, random.Random(5)
    time_out(wire, "Kaj", rng)
    game = host.view()["game_no"]
    play_to(wire, "Kaj", rng)
    assert host.view()["game_no"] > game and host.missed.misses == {"Kaj": 1}
    time_out(wire, "Kaj", rng)
    assert host.handed() == {"Kaj"}


def test_snyd_the_host_giving_the_seat_back_by_hand_takes_it_off_the_rule():
    wire = snyd_table(dice=3)
    host, rng = wire.host, random.Random(5)
    time_out(wire, "Kaj", rng)
    time_out(wire, "Kaj", rng)
    host.give_back("Kaj")
    host.hand_over("Kaj")  # the host's own hand now: the next game does not undo it
    play_to_next_game(wire, rng)
    assert host.handed() == {"Kaj"}


def test_snyd_the_count_is_saved_with_the_table_and_restored():
    wire = snyd_table()
    host, rng = wire.host, random.Random(5)
    time_out(wire, "Kaj", rng)
    data = json.loads(host.to_json())
    assert data["missed"] == {"misses": {"Kaj": 1}, "handed": []}
    restored = HostTable.from_dict(data, clock=wire.clock)
    assert restored.is_open() and restored.missed.misses == {"Kaj": 1}
    wire.rebind(restored)
    for p in wire.phones.values():
        wire.open(p)
    time_out(wire, "Kaj", rng)  # the second in a row, after the reload
    assert restored.handed() == {"Kaj"}
    data = json.loads(restored.to_json())
    assert data["missed"] == {"misses": {}, "handed": ["Kaj"]} and data["handed"] == ["Kaj"]
    again = HostTable.from_dict(data, clock=wire.clock)
    assert again.missed.by_clock == {"Kaj"}
    again._next_game_seats()  # what the next game's deal does: the rule's seat comes back
    assert again.handed() == set()


# Each against a save where Kaj's seat is handed and Mette's is not.
GOOD = {"misses": {"Mette": 1}, "handed": ["Kaj"]}
HOSTILE = [
    "Kaj", [], 1, {"misses": {}}, {**GOOD, "x": 1},
    {**GOOD, "misses": {"Mette": 2}},       # two would have handed the seat already
    {**GOOD, "misses": {"Mette": 0}}, {**GOOD, "misses": {"Mette": -1}},
    {**GOOD, "misses": {"Mette": True}}, {**GOOD, "misses": {"Mette": 1.0}},
    {**GOOD, "misses": {"Mette": "1"}}, {**GOOD, "misses": {"Mette": None}},
    {**GOOD, "misses": {"Vært": 1}}, {**GOOD, "misses": {"Nobody": 1}},
    {**GOOD, "misses": [["Mette", 1]]}, {**GOOD, "misses": None},
    {**GOOD, "handed": ["Mette"]},          # not a handed seat
    {**GOOD, "handed": "Kaj"}, {**GOOD, "handed": [["Kaj"]]}, {**GOOD, "handed": [None]},
    {**GOOD, "handed": ["Kaj", "Kaj"]}, {**GOOD, "handed": None},
    {"misses": {"Kaj": 1}, "handed": ["Kaj"]},  # handed and counting at once
]


@pytest.mark.parametrize("bad", HOSTILE)
def test_snyd_a_hostile_saved_count_is_refused(bad):
    wire = snyd_table()
    wire.host.hand_over("Kaj")
    data = json.loads(wire.host.to_json())
    good = HostTable.from_dict({**data, "missed": GOOD})
    assert good.missed.misses == {"Mette": 1} and good.missed.by_clock == {"Kaj"}
    with pytest.raises(CorruptSave):
        HostTable.from_dict({**data, "missed": bad})


# ---------- Bakke and Treere: OPEN_TURN_S ----------

def game_table(game: str, thrown: list[int], open_table: bool = True):  # noqa: F811
    wire = game_seated(game, thrown, regular=False)
    if open_table:
        wire.host.link = {**wire.host.link, **OPEN_LINK}
    return wire


def run_out(wire, player: str, rng: random.Random) -> None:
    """Play on to ``player``'s turn; its phone does not move: at OPEN_TURN_S (not before) the
    stand-in plays, and goes on until the turn is over."""
    until_turn_of(wire, player, rng)
    host = wire.host
    n = len(host.table.log)
    wire.tick(OPEN_TURN_S - 1)
    assert len(host.table.log) == n  # the phone has its time
    wire.tick(1)
    assert host.table.log[n]["player"] == player
    for _ in range(60):
        v = host.table.view(None)
        if v["phase"] != "playing" or v.get("turn") != player:
            return
        wire.tick(1)
    raise AssertionError("the stand-in never finished the turn")


def game_said(wire, player: str) -> list[str]:
    wire.pump()
    return [s["line"] for s in wire.phones[player].table.view().get("said", [])]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_seat_whose_time_runs_out_twice_goes_to_its_stand_in(game, thrown):  # noqa: F811
    wire = game_table(game, thrown)
    host, rng = wire.host, random.Random(4)
    run_out(wire, "Kaj", rng)
    assert host.handed() == set() and host.missed.misses == {"Kaj": 1}  # once for the turn
    run_out(wire, "Kaj", rng)
    assert host.handed() == {"Kaj"} and host.missed.by_clock == {"Kaj"}
    assert missed_line("Kaj") in game_said(wire, "Kaj")
    assert missed_line("Kaj") in game_said(wire, "Mette")
    assert wire.phones["Mette"].table.view()["handed"] == ["Kaj"]
    # the phone's move is refused with the handed seat's message, nothing changes
    log = json.dumps(host.table.log)
    with pytest.raises(IllegalAction, match="En stamgæst spiller din plads nu"):
        host.guest_act("Kaj", {"type": "roll"} if game == "treere" else {"type": "throw"})
    assert json.dumps(host.table.log) == log
    # Kaj's next turn in this game (a Treere pot mostly has none): played at once
    game_no = host.table.view(None)["game_no"]
    for _ in range(500):
        v = host.table.view(None)
        if v["game_no"] != game_no or v["phase"] != "playing":
            assert game == "treere"
            break
        if v["turn"] == "Kaj":
            n = len(host.table.log)
            wire.tick(1)
            assert host.table.log[n]["player"] == "Kaj"
            break
        wire.move(rng)
    else:
        raise AssertionError("the game never went on")


@pytest.mark.parametrize("game", GAMES)
def test_a_game_seat_away_covered_twice_is_handed_over(game, thrown):  # noqa: F811
    wire = game_table(game, thrown)
    host, rng = wire.host, random.Random(4)
    wire.drop(wire.phones["Kaj"])
    for _ in range(2):
        until_turn_of(wire, "Kaj", rng)
        n = len(host.table.log)
        for _ in range(30):
            wire.tick(1)
            if len(host.table.log) > n:
                break
        assert host.table.log[n]["player"] == "Kaj"
        for _ in range(60):
            if host.table.view(None).get("turn") != "Kaj":
                break
            wire.tick(1)
    assert host.handed() == {"Kaj"}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_seat_that_moves_itself_starts_the_count_again(game, thrown):  # noqa: F811
    wire = game_table(game, thrown)
    host, rng = wire.host, random.Random(4)
    run_out(wire, "Kaj", rng)
    until_turn_of(wire, "Kaj", rng)
    wire.tick(OPEN_TURN_S - 5)  # slow, but in time
    n = len(host.table.log)
    assert wire.move(rng) == "guest" and host.table.log[n]["player"] == "Kaj"
    assert host.missed.misses == {}
    if host.table.view(None).get("turn") == "Kaj":  # the turn goes on (a second throw …)
        wire.tick(OPEN_TURN_S - 5)  # the time counts from the phone's last move
        assert len(host.table.log) == n + 1
    while host.table.view(None).get("turn") == "Kaj":
        assert wire.move(rng) == "guest"  # Kaj's phone plays the turn to its end
    assert all(e["player"] == "Kaj" for e in host.table.log[n:] if e["type"] != "new_game")
    run_out(wire, "Kaj", rng)
    assert host.handed() == set() and host.missed.misses == {"Kaj": 1}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_friends_table_has_no_turn_limit(game, thrown):  # noqa: F811
    wire = game_table(game, thrown, open_table=False)
    host, rng = wire.host, random.Random(4)
    until_turn_of(wire, "Kaj", rng)
    n = len(host.table.log)
    for _ in range(3):
        wire.tick(OPEN_TURN_S + COVER_GRACE_S)
    assert len(host.table.log) == n and host.table.view(None)["turn"] == "Kaj"
    assert host.handed() == set() and not host.missed and "missed" not in host.to_dict()


def game_to(wire, player: str, rng: random.Random) -> None:
    """As until_turn_of, a handed seat played by its stand-in (the next tick)."""
    host = wire.host
    for _ in range(500):
        v = host.table.view(None)
        if v["phase"] == "playing" and v["turn"] == player:
            return
        if v["phase"] == "playing" and v["turn"] in host.handed():
            wire.tick(1)
        else:
            wire.move(rng)
    raise AssertionError(f"{player} never had the turn")


def game_to_next_game(wire, rng: random.Random) -> None:
    host = wire.host
    game = host.table.view(None)["game_no"]
    for _ in range(3000):
        v = host.table.view(None)
        if v["game_no"] > game:
            return
        if v["phase"] == "playing" and v["turn"] in host.handed():
            wire.tick(1)
        else:
            wire.move(rng)
    raise AssertionError("the game never ended")


@pytest.mark.parametrize("game", GAMES)
def test_a_game_seat_comes_back_at_the_next_game_but_not_one_the_host_handed(game, thrown):  # noqa: F811
    wire = game_table(game, thrown)
    host, rng = wire.host, random.Random(4)
    run_out(wire, "Kaj", rng)
    run_out(wire, "Kaj", rng)
    host.hand_over("Mette")
    assert host.handed() == {"Kaj", "Mette"}
    game_to_next_game(wire, rng)
    assert host.handed() == {"Mette"} and not host.missed
    assert given_back_line("Kaj") in game_said(wire, "Mette")
    wire.pump()
    assert wire.phones["Kaj"].table.view()["handed"] == ["Mette"]
    game_to(wire, "Kaj", rng)
    n = len(host.table.log)
    wire.tick(OPEN_TURN_S - 1)
    assert len(host.table.log) == n  # Kaj's own phone has the turn again


@pytest.mark.parametrize("game", GAMES)
def test_a_game_seat_comes_back_when_the_host_starts_the_next_game_itself(game, thrown):  # noqa: F811
    wire = game_table(game, thrown)
    host, rng = wire.host, random.Random(4)
    run_out(wire, "Kaj", rng)
    run_out(wire, "Kaj", rng)
    for _ in range(3000):  # to the game's end, nobody starting the next
        v = host.table.view(None)
        if v["phase"] == "over":
            break
        if v["turn"] in host.handed():
            wire.tick(1)
        else:
            wire.move(rng)
    assert host.handed() == {"Kaj"}
    game = host.table.view(None)["game_no"]
    wire.tick(AUTO_DEAL_S["game_over"] + 1)  # the host's phone starts it (_auto_new_game)
    assert host.table.view(None)["game_no"] == game + 1 and host.handed() == set()


@pytest.mark.parametrize("game", GAMES)
def test_a_game_count_is_saved_and_a_hostile_one_refused(game, thrown):  # noqa: F811
    wire = game_table(game, thrown)
    host, rng = wire.host, random.Random(4)
    run_out(wire, "Kaj", rng)
    data = json.loads(host.to_json())
    assert data["missed"] == {"misses": {"Kaj": 1}, "handed": []}
    restored = HostGameTable.from_dict(data, clock=wire.clock)
    assert restored.is_open() and restored.missed.misses == {"Kaj": 1}
    restored.turn_missed("Kaj")  # the next missed turn, after the reload: the second in a row
    assert restored.handed() == {"Kaj"}
    data = json.loads(restored.to_json())
    assert data["missed"] == {"misses": {}, "handed": ["Kaj"]}
    assert HostGameTable.from_dict(data).missed.by_clock == {"Kaj"}
    assert HostGameTable.from_dict({**data, "missed": GOOD}).missed.misses == {"Mette": 1}
    for bad in HOSTILE:
        with pytest.raises(CorruptSave):
            HostGameTable.from_dict({**data, "missed": bad})


def test_the_refusal_for_a_handed_seat_is_clear_in_both_languages():
    assert t("friends.no.handed_seat") == ("En stamgæst spiller din plads nu – værten kan give "
                                           "den tilbage")


def test_the_phone_that_carries_an_open_table_on_drops_its_own_missed_turns():
    """The hand-over (succession.adopt): the heir's seat was a guest's, and a host's seat has
    no missed turns, so its count (or its seat handed by them) does not come along; the other
    guests' do, and the heir's table restores from the record."""
    from app.friends.core.succession import RecordCopy, adopt, public_state

    wire = snyd_table()
    host, rng = wire.host, random.Random(5)
    time_out(wire, "Kaj", rng)
    time_out(wire, "Kaj", rng)
    time_out(wire, "Mette", rng)
    assert host.missed.misses == {"Mette": 1} and host.missed.by_clock == {"Kaj"}
    data = json.loads(host.to_json())
    log, state = data["log"], public_state(data)  # the record every guest's phone holds
    for heir, left in (("Mette", {"misses": {}, "handed": ["Kaj"]}),
                       ("Kaj", {"misses": {"Mette": 1}, "handed": []})):
        record = RecordCopy()
        record.log, record.state = json.loads(json.dumps(log)), json.loads(json.dumps(state))
        mine = {"relay_room": "ZyXwVuTsRqPoNmLkJiHg_-", "host_key": "newKey_0123456789abcdef"}
        save = adopt(record, heir, "t" * 22, mine)
        assert save["missed"] == left
        table = HostTable.from_dict(save)
        assert table.is_open() and table.missed.to_dict() == left
