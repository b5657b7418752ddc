"""Privacy: no frame a guest receives holds another seat's dice before that round's reveal.

Every frame is recorded with the host table's dealt hands at the moment it was sent
(peer_net.Sent). The check walks each frame's structure: a ``hands`` mapping may only be one
already revealed, ``my_dice`` only the guest's own cup, and no other list anywhere in the
frame may equal another seat's cup that is still hidden. A text search for each hidden cup
backs it up.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from peer_net import Net, Sent

from engine.snyd import Rules

GUESTS = ("Mette", "Kaj", "Lis")


def _lists(value: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    """Every (path, list) and (path, "hands" mapping) in a decoded frame."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "hands":
                found.append((path + (key,), item))
            elif key != "counting":  # indexes of counted dice, not dice
                found += _lists(item, path + (key,))
    elif isinstance(value, list):
        found.append((path, value))
        for i, item in enumerate(value):
            found += _lists(item, path + (i,))
    return found


def leaks(sent: Sent, me: str, revealed: list[dict[str, list[int]]]) -> list[str]:
    """What in this frame shows dice ``me`` may not see (empty when the frame is clean)."""
    secret = ({p: h for p, h in sent.hands.items() if p != me}
              if sent.phase == "bidding" else {})
    problems = []
    frame = json.loads(sent.text)
    for path, value in _lists(frame):
        if path and path[-1] == "hands":
            if value not in revealed:
                problems.append(f"unrevealed hands at {path}: {value}")
        elif path and path[-1] == "my_dice":
            if value != sent.hands.get(me):
                problems.append(f"my_dice is not {me}'s cup: {value}")
        elif len(value) >= 2 and any(value == h for h in secret.values()):
            problems.append(f"a hidden cup at {path}: {value}")
    shown = [sent.hands.get(me)] + [h for r in revealed for h in r.values()]
    for player, hand in secret.items():
        # Text check for cups long enough to be telling (a 1-2 die list is everywhere).
        if (len(hand) >= 4 and json.dumps(hand, separators=(",", ":")) in sent.text
                and hand not in shown):
            problems.append(f"{player}'s hidden cup in the text")
    return problems


@pytest.mark.parametrize("rules", [Rules(dice_per_player=5), Rules(dice_per_player=4,
                                                                     hidden_count=True,
                                                                     peek_once=True)],
                         ids=["standard", "hidden-count"])
def test_no_guest_ever_receives_another_seats_dice_before_the_reveal(rules):
    net = Net(rng_seed=3)
    for name in GUESTS:
        net.open(name)
    net.start(rules, seed=3)
    rng = random.Random(3)
    for _ in range(250):
        net.move(rng, drop=0.1, reorder=0.1)  # resyncs and full views are checked too
        net.settle()
    rounds = sum(1 for e in net.table.events if e["type"] == "reveal")
    assert rounds >= 15
    assert sum(link.guest.resyncs for link in net.links.values()) > 0
    reveals = _reveals(net)
    # The cups each frame is checked against are the deals in the host's log, round by round.
    dealt = [sorted(map(sorted, e["hands"])) for e in net.table.log if e["type"] == "deal"]
    for link in net.links.values():
        me = link.guest.seat
        for sent in link.received:
            if sent.phase == "bidding":
                assert sorted(map(sorted, sent.hands.values())) in dealt
            assert leaks(sent, me, _revealed_before(reveals, sent)) == [], me
            if rules.hidden_count:  # S43: no dice count of anyone but me, anywhere
                assert _count_keys(json.loads(sent.text)) <= {"my_dice_count"}
        assert len(link.received) > rounds


def _count_keys(value: Any) -> set[str]:
    """Every key in a frame that could carry a dice count."""
    keys: set[str] = set()
    if isinstance(value, dict):
        keys |= {k for k in value if k in ("dice_left", "total_dice", "count", "my_dice_count")}
        for item in value.values():
            keys |= _count_keys(item)
    elif isinstance(value, list):
        for item in value:
            keys |= _count_keys(item)
    return keys


def _reveals(net: Net) -> list[dict[str, list[int]]]:
    """The hands of every revealed round, checked against the deals in the host's log."""
    deals = [entry["hands"] for entry in net.table.log if entry["type"] == "deal"]
    reveals = [e["hands"] for e in net.table.events if e["type"] == "reveal"]
    assert len(reveals) in (len(deals), len(deals) - 1)
    assert [sorted(map(sorted, r.values())) for r in reveals] == [
        sorted(map(sorted, d)) for d in deals[:len(reveals)]]  # each reveal shows its deal
    return reveals


def _revealed_before(reveals: list[dict[str, list[int]]], sent: Sent
                     ) -> list[dict[str, list[int]]]:
    """Hands of every round revealed when ``sent`` left the host: all but the one being bid."""
    if sent.phase == "bidding":
        cut = next(i for i, r in enumerate(reveals + [None])
                   if r is None or r == sent.hands)
        return reveals[:cut]
    return reveals


def test_the_check_catches_a_leaky_host():
    # A host that sent each guest another seat's view must fail the check above.
    net = Net(rng_seed=1)
    for name in GUESTS:
        net.open(name)
    net.start(Rules(dice_per_player=5), seed=1)
    real_view = net.table.view
    net.table.view = lambda player, events_from=None: real_view(
        "Kaj" if player == "Mette" else player, events_from)
    net.room.table_changed()
    net.table.view = real_view
    mette = net.links["Mette"]
    leaky = [s for s in mette.received if '"my_dice"' in s.text][-1]
    assert any("my_dice" in p for p in leaks(leaky, "Mette", []))
    # And a frame carrying a hidden cup anywhere (here: under an innocent key) is caught.
    kaj = net.table.hands["Kaj"]
    forged = Sent(json.dumps({"v": 1, "t": "update", "view": {"note": kaj}},
                             separators=(",", ":")), "bidding",
                  net.table.hands)
    assert leaks(forged, "Mette", []) == [f"a hidden cup at ('view', 'note'): {kaj}",
                                          "Kaj's hidden cup in the text"]
    revealed_early = Sent(json.dumps({"events": [{"type": "reveal", "hands": dict(
        net.table.hands)}]}), "bidding", net.table.hands)
    assert leaks(revealed_early, "Mette", [])
