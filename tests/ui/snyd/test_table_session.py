"""The session controller: seats, hand-offs, the regulars' turns, the clock, saving."""
import json

import pytest
from app.snyd.table_session import CorruptSave, Session
from app.snyd.table_setup import Seat

from engine.snyd import Bid, IllegalAction, Rules
from engine.snyd.bid import raises


class Plodder:
    """A test regular: always the smallest raise, calls at a third bid. Decides from its view."""

    def __init__(self, name, seed):
        self.name = name
        self.seen_views = []

    def decide(self, view):
        self.seen_views.append(view)
        if view["can_call"] and len(view["bids"]) >= 3:
            return {"type": "call"}
        cur = view["current_bid"]
        first = raises(Bid.from_dict(cur) if cur else None, Rules.from_dict(view["rules"]),
                       view["max_quantity"])[0]
        return {"type": "bid", **first.to_dict()}

    def say(self, event, view, lang="da"):
        self.said_in = lang
        return "Så siger vi det!" if event["type"] == "bid" else None


def session(kinds, rules=None, first=None, seed=7):
    names = ["Mette", "Jonas", "Henning", "Ib"][: len(kinds)]
    seats = [Seat(n, k) for n, k in zip(names, kinds)]
    return Session(seats, rules or Rules(dice_per_player=3), seed=seed, first=first,
                   regular_factory=Plodder)


def smallest_raise(v):
    cur = v["current_bid"]
    b = raises(Bid.from_dict(cur) if cur else None, Rules.from_dict(v["rules"]), v["max_quantity"])[0]
    return {"type": "bid", **b.to_dict()}


def test_starts_dealt_and_shows_the_first_humans_view():
    s = session(["human", "regular", "regular"], first="Mette")
    v = s.view()
    assert v["phase"] == "bidding" and v["me"] == "Mette"
    assert s.next_step() == {"kind": "human", "player": "Mette"}
    assert s.can_peek() and len(v["my_dice"]) == 3


def test_handoff_between_two_humans_and_only_the_player_on_turn_may_peek():
    s = session(["human", "human", "regular"], first="Mette")
    assert s.next_step()["kind"] == "human"
    s.act(smallest_raise(s.view()))
    # Jonas is next: the phone must change hands before anything of the table shows.
    assert s.next_step() == {"kind": "handoff", "player": "Jonas"}
    assert not s.can_peek()
    with pytest.raises(IllegalAction):
        s.act({"type": "call"})
    assert s.accept_handoff() == "Jonas"
    assert s.view()["me"] == "Jonas" and s.can_peek()
    s.act(smallest_raise(s.view()))
    step = s.next_step()
    assert step["kind"] == "regular" and step["player"] == "Henning"
    assert not s.can_peek()  # Jonas holds the phone but it is Henning's turn
    with pytest.raises(IllegalAction):
        s.accept_handoff()


def test_single_human_never_gets_a_handoff_and_may_peek_while_regulars_think():
    s = session(["human", "regular", "regular"], first="Jonas")
    assert s.next_step()["kind"] == "regular"
    assert s.can_peek()
    s.play_regular()
    s.play_regular()
    assert s.next_step() == {"kind": "human", "player": "Mette"}


def test_regular_pause_is_data_stable_per_turn_and_scaled_by_tempo():
    s = session(["human", "regular", "regular"], first="Jonas")
    d1 = s.next_step()["delay_ms"]
    assert s.next_step()["delay_ms"] == d1
    assert 600 <= d1 <= 2000
    s.tempo = 0.1
    s._pause = None
    assert s.next_step()["delay_ms"] < 200


def test_regulars_decide_from_their_own_view():
    s = session(["human", "regular", "regular"], first="Jonas")
    s.play_regular()
    seen = s.regulars["Jonas"].seen_views[-1]
    assert seen["me"] == "Jonas" and seen["can_bid"]


def test_acting_out_of_turn_or_illegally_changes_nothing():
    s = session(["human", "regular", "regular"], first="Jonas")
    before = (s.table.log, s.view())
    with pytest.raises(IllegalAction):
        s.act({"type": "bid", "quantity": 1, "face": 2})
    with pytest.raises(IllegalAction):
        s.next_round()  # the round is not over
    assert (s.table.log, s.view()) == before
    s.play_regular()
    s.play_regular()
    before = s.table.log
    with pytest.raises(IllegalAction):
        s.act({"type": "bid", "quantity": 1, "face": 1})  # ones are jokers
    with pytest.raises(IllegalAction):
        s.act({"type": "fold"})
    assert s.table.log == before


def play_round(s):
    """Everyone plays the smallest raise until the regulars call."""
    while s.next_step()["kind"] not in ("reveal", "game_over"):
        step = s.next_step()
        if step["kind"] == "handoff":
            s.accept_handoff()
        elif step["kind"] == "regular":
            s.play_regular()
        else:
            v = s.view()
            s.act({"type": "call"} if v["can_call"] and len(v["bids"]) >= 4 else smallest_raise(v))


def test_news_carries_bubbles_and_danish_lines():
    s = session(["human", "regular", "regular"], first="Mette")
    s.act({"type": "bid", "quantity": 2, "face": 5})
    news = s.news()
    assert news[-1].bubble == ("Mette", "to femmere")
    assert news[-1].lines == ["Mette: to femmere"]
    s.play_regular()
    news = s.news()
    assert news[-1].bubble == ("Jonas", "Så siger vi det!")
    assert s.news() == []  # each event only once
    play_round(s)
    lines = [line for n in s.news() for line in n.lines]
    assert any(" taber runden" in line for line in lines)


def test_a_whole_evening_to_tabt_helt_through_the_session():
    s = session(["human", "regular", "regular"], rules=Rules(dice_per_player=2))
    seen = []
    for _ in range(200):
        play_round(s)
        seen += [line for n in s.news() for line in n.lines]
        if any(v > 0 for v in s.view()["tally"].values()):
            break
        s.next_round()
    assert any("har tabt helt" in line for line in seen)
    assert any("ryger til Viborg" in line for line in seen)


def test_clock_acts_at_zero_and_pauses_for_handoff():
    s = session(["human", "human", "regular"], rules=Rules(dice_per_player=3, time_limit=15), first="Mette")
    face = s.tick(100.0)
    assert face["seconds"] == 15 and not face["red"] and face["player"] == "Mette"
    assert s.tick(110.5)["red"] and s.tick(110.6)["beep"] is False  # beeped once at 110.5
    face = s.tick(115.0)
    assert face["timed_out"] == "Mette"
    assert s.view()["bids"] == [{"player": "Mette", "quantity": 1, "face": 2}]  # opener: lowest bid
    assert s.next_step()["kind"] == "handoff"
    assert s.tick(200.0) is None  # no clock while the phone changes hands
    s.accept_handoff()
    assert s.tick(300.0)["seconds"] == 15  # Jonas' time starts when Jonas has the phone
    s.tick(315.0)
    assert s.view()["phase"] == "reveal"  # a non-opener's time out is a call


def test_no_clock_without_time_limit():
    assert session(["human", "regular"]).tick(0.0) is None


def test_save_and_restore_mid_round_resumes_the_same_table():
    s = session(["human", "human", "regular"], first="Mette")
    s.act(smallest_raise(s.view()))
    text = json.dumps(s.to_dict())
    r = Session.from_json(text, regular_factory=Plodder)
    assert r.table.log == s.table.log
    assert r.next_step() == {"kind": "handoff", "player": "Jonas"}
    r.accept_handoff()
    s.accept_handoff()
    assert r.view() == s.view()
    assert r.news() == []  # old news is not said again


@pytest.mark.parametrize("text", [
    "not json", "[]", "{}", json.dumps({"format": "bodegabordet.snyd.table", "version": 99}),
])
def test_corrupt_saves_raise_one_clear_error(text):
    with pytest.raises(CorruptSave) as err:
        Session.from_json(text, regular_factory=Plodder)
    assert "nyt bord" in str(err.value)


def test_corrupt_log_or_seats_raise_corrupt_save():
    s = session(["human", "regular", "regular"], first="Mette")
    s.act(smallest_raise(s.view()))
    good = s.to_dict()
    bad_log = json.loads(json.dumps(good))
    bad_log["log"][-1]["quantity"] = "mange"
    for bad in (bad_log, {**good, "holder": "Henning"}, {**good, "seats": [{"name": "X"}]},
                {**good, "log": good["log"][:1] + [{"type": "bid"}]}):
        with pytest.raises(CorruptSave):
            Session.from_dict(bad, regular_factory=Plodder)


def test_bad_regular_action_falls_back_to_the_clock_rule():
    class Broken(Plodder):
        def decide(self, view):
            return {"type": "bid", "quantity": 0, "face": 9}

    s = Session([Seat("Mette", "human"), Seat("Ib", "regular")], Rules(dice_per_player=2), seed=3,
                first="Ib", regular_factory=Broken)
    assert s.play_regular() == {"type": "timeout"}
    assert s.view()["bids"][0]["player"] == "Ib"


def test_finale_and_home_by_win_are_announced_and_watchers_marked():
    from app.snyd.table_markup import TableLook, felt_html
    s = session(["human", "regular", "regular", "regular"],
                rules=Rules(dice_per_player=1, viborg_final=True), seed=11)
    for _ in range(400):
        play_round(s)
        s.news()
        s.next_round()
        if s.view()["final"]:
            break
    v = s.view()
    assert v["final"] and len(v["in_game"]) == 2
    lines = [line for n in s.news() for line in n.lines]
    assert any(line.startswith("Finalen i Viborg: ") for line in lines)
    html = felt_html(v, TableLook())
    assert html.count('class="tag watching">ser på<') == 2  # the other two watch
    assert "Finalen i Viborg" in html


def test_home_by_win_line():
    s = session(["human", "regular", "regular"], rules=Rules(dice_per_player=1, home_by_win=True), seed=5)
    lines = []
    for _ in range(300):
        play_round(s)
        lines += [line for n in s.news() for line in n.lines]
        if any("kommer hjem ved sejr" in line for line in lines):
            break
        s.next_round()
    assert any("kommer hjem ved sejr" in line for line in lines)


def test_a_restored_regular_still_remembers_dice_behind_a_locked_cup():
    """S40: after its first bid a regular's cup is locked; a reload must not make it forget."""
    seats = [Seat("Mette", "human"), Seat("Henning", "regular")]
    s = Session(seats, Rules(dice_per_player=3, peek_once=True), seed=3, first="Henning")
    s.play_regular()                       # Henning looks, then bids: his cup is now locked
    assert s.table.view("Henning")["my_dice"] is None
    remembered = s.regulars["Henning"].memory()
    assert remembered["seen"] and remembered["seen"][0][2] == s.table.log[1]["hands"][1]
    r = Session.from_json(s.to_json())
    assert r.regulars["Henning"].memory() == remembered


def test_a_restored_table_refuses_memory_of_a_stranger():
    seats = [Seat("Mette", "human"), Seat("Henning", "regular")]
    d = Session(seats, Rules(dice_per_player=3), seed=3, first="Mette").to_dict()
    d["memory"] = {"Ukendt": {"seen": []}}
    with pytest.raises(CorruptSave):
        Session.from_dict(d)


def test_the_view_is_built_once_per_state_and_never_stale():
    s = session(["human", "human", "regular"], first="Mette")
    v = s.view()
    assert s.view() is v                      # nothing changed: the same view, not rebuilt
    s.act(smallest_raise(v))
    after = s.view()
    assert after is not v and after["bids"] and after == s.table.view("Mette")
    s.accept_handoff()                        # the holder changes: Jonas's view now
    assert s.view()["me"] == "Jonas" and s.view() == s.table.view("Jonas")


def test_a_crashing_regular_is_recorded_and_reported_once_not_swallowed():
    """The evening goes on (the clock's rule plays the turn), but the crash is on record with
    its traceback for console.warn, and a line for the table. Fails if the except clause
    swallows the exception silently."""
    class Crashing(Plodder):
        def decide(self, view):
            return 1 // 0

    s = Session([Seat("Mette", "human"), Seat("Ib", "regular")], Rules(dice_per_player=2), seed=3,
                first="Ib", regular_factory=Crashing)
    assert s.play_regular() == {"type": "timeout"}
    assert s.view()["bids"][0]["player"] == "Ib"          # the evening goes on
    [fault] = s.new_faults()
    assert fault.player == "Ib" and fault.error.startswith("ZeroDivisionError")
    assert "in decide" in fault.traceback and "1 // 0" in fault.traceback
    assert fault.line == "Ib gik i stå – uret tog turen"
    assert s.new_faults() == []                             # reported once


def test_faults_are_bounded_and_a_crashing_line_is_recorded_too():
    class Mumbling(Plodder):
        def say(self, event, view, lang="da"):
            raise KeyError("line")

    s = Session([Seat("Mette", "human"), Seat("Ib", "regular")], Rules(dice_per_player=2), seed=3,
                first="Ib", regular_factory=Mumbling)
    s.play_regular()
    s.news()
    assert any(f.error.startswith("KeyError") for f in s.new_faults())
    for _ in range(60):
        s._record_fault("Ib", ValueError("again"))
    assert len(s.faults) == 20 and len(s.new_faults()) == 20
