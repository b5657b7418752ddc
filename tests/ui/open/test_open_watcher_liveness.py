"""The list watcher's own liveness (web/app/open/watcher.py): a phone cannot see the relay's
WebSocket pings, so it pings after PING_S of silence and gives up a socket silent for STALE_S
(the wifi dropped without a close), lest a list that is no longer refreshed lie."""
from __future__ import annotations

from app.open.watcher import PING_S, STALE_S, Liveness


def test_a_quiet_socket_is_pinged_once_per_silence_then_given_up():
    live = Liveness(100.0)
    assert live.due(100.0 + PING_S - 0.1) is None
    assert live.due(100.0 + PING_S) == "ping"
    assert live.due(100.0 + PING_S + 1) is None  # one ping per PING_S, not one per look
    assert live.due(100.0 + 2 * PING_S) == "ping"
    assert live.due(100.0 + STALE_S) == "stale"


def test_anything_heard_keeps_the_socket_alive_and_puts_the_ping_off():
    live = Liveness(0.0)
    for now in range(5, 200, 5):  # a frame (a pong or a row) every 5 s
        live.heard(float(now))
        assert live.due(now + 1.0) is None
    assert live.due(195.0 + PING_S) == "ping"
    live.heard(195.0 + PING_S + 0.5)  # its pong
    assert live.due(195.0 + STALE_S) == "ping"  # quiet again, but heard within STALE_S
    assert live.due(195.0 + PING_S + 0.5 + STALE_S) == "stale"
