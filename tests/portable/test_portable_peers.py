"""Peer-layer checks that run unchanged in CPython (pytest) and inside Pyodide (the browser test).

Plain ``assert`` and the standard library only. What matters most in Pyodide: deep nesting is
refused before json.loads (whose recursion would overflow the browser's stack), and a game
played purely through messages keeps each guest's view equal to the host's table.view(seat).
"""
import json
import random

from app.friends.core.guest import GuestSession
from app.friends.core.host import HostRoom
from app.friends.core.protocol import (
    ProtocolError,
    decode_from_guest,
    decode_from_host,
    parse_frame,
)

from engine.snyd import Bid, Rules, Table, raises


def _code(fn, text):
    try:
        fn(text)
    except ProtocolError as err:
        return err.code
    raise AssertionError(f"accepted: {text[:40]!r}")


def test_hostile_frames_are_refused_without_recursion():
    assert _code(lambda t: parse_frame(t, 10**6), "[" * 100_000) == "too_deep"
    assert _code(lambda t: parse_frame(t, 10**6), '{"a":' * 100_000) == "too_deep"
    assert _code(decode_from_host, "[" * 60_000) == "too_deep"
    assert _code(decode_from_guest, "[" * 100_000) == "too_big"
    assert _code(decode_from_guest, '{"v":1,"t":"ping","n":NaN}') == "not_json"
    assert _code(decode_from_guest, '{"v":1,"t":"ping","n":' + "9" * 5000 + "}") == "not_json"
    assert _code(decode_from_guest, json.dumps(
        {"v": 1, "t": "act", "id": 1, "action": {"type": "call"}, "player": "Kaj"})) == "seat_field"


def _choose(view, rng):
    rules = Rules.from_dict(view["rules"])
    cur = view["current_bid"]
    options = raises(None if cur is None else Bid(cur["quantity"], cur["face"]), rules,
                     view["max_quantity"])
    if view["can_call"] and (not options or rng.random() < 0.35):
        return {"type": "call"}
    b = rng.choice(options[:6])
    return {"type": "bid", "quantity": b.quantity, "face": b.face}


def test_a_game_through_messages_keeps_every_guest_view_exact():
    now = [0.0]
    room = HostRoom("Vært", clock=lambda: now[0])
    guests, queues = {}, {}
    for name in ("Mette", "Kaj"):
        guests[name] = GuestSession(name, clock=lambda: now[0])
        queues[name] = []
        room.connect(name, queues[name].append)
        room.receive(name, guests[name].hello())

    def deliver():
        while any(queues.values()):
            for name, queue in queues.items():
                frames = queue[:]
                del queue[:]
                for text in frames:
                    for reply in guests[name].receive(text):
                        room.receive(name, reply)

    deliver()
    table = Table(["Vært", "Mette", "Kaj"], Rules(dice_per_player=2), seed=3)
    table.deal()
    room.start(table)
    deliver()
    rng = random.Random(3)
    for _ in range(500):
        now[0] += 0.5
        if table.phase == "game_over":
            break
        if table.phase == "reveal":
            table.deal()
            room.table_changed()
        elif table.turn == "Vært":
            table.act("Vært", _choose(table.view("Vært"), rng))
            room.table_changed()
        else:
            guest = guests[table.turn]
            room.receive(table.turn, guest.act(_choose(guest.view(), rng)))
        deliver()
        for name, guest in guests.items():
            assert guest.view() == table.view(name), name
            assert guest.error is None
    assert table.phase == "game_over"
