"""An open table's lobby on the host's phone (issue 21): share_screen.open_lobby with an
``open_table`` (the seat cap, the forced rules, the save, a bad one refused before anything
changes), its row listed on the relay and said again as it changes, the regulars filling the
empty seats at *Start spillet*, the listing kept in the started table's link (a reload or the
next host lists again), and unlisted when the host leaves.

share_screen runs against the fakes of test_friends_lobby_save.py, with a relay link that
records what is listed; the room, the store, the rules and Snyd's host table are real."""
from __future__ import annotations

import json

import pytest
from app.friends.core.protocol import encode
from app.snyd.table_setup import TIME_LIMIT_S, Seat
from test_friends_lobby_save import FakeLinks, saved_lobby, share, sit_down_at  # noqa: F401

from engine.errors import IllegalAction
from engine.snyd import Rules

OPEN = {"ruleset": "Standard", "seats": 3, "regulars": False}


class FakeRelay:
    """RelayLink's listing side: what was listed and unlisted."""

    def __init__(self) -> None:
        self.state, self.listing, self.list_refused = "open", None, None
        self.listed: list[dict] = []
        self.unlisted = 0

    def list_table(self, table: dict) -> bool:
        self.listing = dict(table)
        self.listed.append(dict(table))
        return True

    def unlist(self) -> bool:
        self.listing = None
        self.unlisted += 1
        return True


class ListingLinks(FakeLinks):
    def __init__(self, room, link) -> None:
        super().__init__(room, link)
        self.relay = FakeRelay()


@pytest.fixture
def open_share(share, monkeypatch):  # noqa: F811 - the fixture imported above
    monkeypatch.setattr(share, "HostLinks", ListingLinks)
    return share


def open_table(screen, **change) -> None:
    screen.open_lobby([Seat("Bodil", "human")],
                      Rules(practice=True, viborg_final=True, time_limit=None), 1.0, "snyd",
                      {**OPEN, **change})


def sit(room, channel: str, name: str) -> list[dict]:
    sent: list[str] = []
    room.connect(channel, sent.append)
    room.receive(channel, encode("hello", name=name, token=None))
    return [json.loads(f) for f in sent]


def test_an_open_lobby_is_capped_forced_saved_and_listed(open_share):
    open_table(open_share)
    room, rules = open_share._state["room"], open_share._state["rules"]
    assert room.seats_max == 3
    assert (rules.practice, rules.viborg_final, rules.time_limit) == (False, False, TIME_LIMIT_S)
    assert saved_lobby(open_share)["open"] == OPEN
    relay = FakeLinks.made[-1].relay
    open_share._tick()
    assert relay.listing == {"game": "snyd", "ruleset": "Standard", "seats": 3, "free": 2,
                             "state": "waiting", "name": "Bodil"}
    open_share._tick()
    assert len(relay.listed) == 1  # nothing changed: not listed again
    sit(room, "a", "Mette")
    sit(room, "b", "Kaj")
    open_share._tick()
    assert (relay.listing["free"], relay.listing["state"]) == (0, "full")
    assert sit(room, "c", "Lis")[0]["code"] == "table_full"


@pytest.mark.parametrize("bad", [{"seats": 9}, {"ruleset": ""}, {"regulars": "ja"}])
def test_a_bad_open_table_is_refused_and_nothing_opens(open_share, bad):
    with pytest.raises(IllegalAction):
        open_table(open_share, **bad)
    assert open_share._state["room"] is None and FakeLinks.made == []
    assert saved_lobby(open_share) is None


def test_more_seats_in_the_draft_than_the_table_has_are_refused(open_share):
    with pytest.raises(IllegalAction, match="fuldt"):
        open_share.open_lobby([Seat("Bodil", "human"), Seat("Henning", "regular"),
                               Seat("Grethe", "regular")], Rules(), 1.0, "snyd",
                              {**OPEN, "seats": 2})
    assert open_share._state["room"] is None


def test_a_friends_lobby_is_not_listed(open_share):
    open_share.open_lobby([Seat("Bodil", "human")], Rules(practice=True), 1.0)
    open_share._tick()
    relay = FakeLinks.made[-1].relay
    assert relay.listed == [] and open_share._state["rules"].practice is True
    open_share.leave()
    assert relay.unlisted == 0


def test_a_reload_reopens_the_open_lobby_and_lists_it_again(open_share):
    open_table(open_share)
    open_share._state.update(room=None, link=None, links=None, saved=None, open=None)
    open_share.shown["now"] = open_share.screens.START
    open_share.resume_lobby()
    assert open_share._state["open"] == OPEN and open_share._state["room"].seats_max == 3
    open_share._tick()
    assert FakeLinks.made[-1].relay.listing["state"] == "waiting"


def test_start_fills_the_empty_seats_with_regulars_and_keeps_the_listing(open_share,
                                                                           monkeypatch):
    open_table(open_share, seats=4, regulars=True)
    room = open_share._state["room"]
    sit(room, "a", "Mette")
    sit_down_at(open_share, monkeypatch)
    open_share._start()
    table = open_share._state["table"]
    kinds = [kind for _name, kind in table.seats]
    assert kinds[:2] == ["human", "guest"] and kinds[2:] == ["regular", "regular"]
    assert json.loads(table.link["open"]) == {**OPEN, "seats": 4, "regulars": True}
    assert table.rules.time_limit == TIME_LIMIT_S and table.rules.practice is False
    open_share._tick()
    relay = FakeLinks.made[-1].relay
    assert (relay.listing["state"], relay.listing["free"]) == ("playing", 0)
    open_share.leave()
    assert relay.unlisted == 1 and relay.listing is None


def test_start_without_regulars_starts_with_who_sits(open_share, monkeypatch):
    open_table(open_share, seats=4)
    sit(open_share._state["room"], "a", "Mette")
    sit_down_at(open_share, monkeypatch)
    open_share._start()
    assert [kind for _n, kind in open_share._state["table"].seats] == ["human", "guest"]
    open_share._tick()
    assert FakeLinks.made[-1].relay.listing["free"] == 2  # late arrivals sit down at Snyd


def test_a_reloaded_open_table_lists_again_and_a_spoilt_entry_plays_on_unlisted(
        open_share, monkeypatch):
    open_table(open_share)
    sit(open_share._state["room"], "a", "Mette")
    sit_down_at(open_share, monkeypatch)
    open_share._start()
    table = open_share._state["table"]
    open_share.leave(say_bye=False)
    from app.friends import host_table
    monkeypatch.setattr(host_table, "on_restore", None)
    table = host_table.load_table(table.to_json())  # the page reloads: the table's save
    open_share.table_screen.ui.session = table        # its screen resumes it
    open_share._reattach(table, probe=False)
    assert open_share._state["open"] == OPEN and table.room.seats_max == 3
    open_share._tick()
    assert FakeLinks.made[-1].relay.listing["state"] == "playing"
    open_share.leave(say_bye=False)
    table.link["open"] = json.dumps({**OPEN, "seats": 80})
    open_share._reattach(table, probe=False)
    assert open_share._state["open"] is None
    open_share._tick()
    assert FakeLinks.made[-1].relay.listed == []
