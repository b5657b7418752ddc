"""A seat's view over the wire as deltas: the host's ``Outbox`` and the guest's ``Assembler``.

A view is its small current fields plus ``events``, the public history of the evening, which
only ever grows (~1.6 MB after 200 games at 8 seats). So an ``update`` carries the current
fields whole and only the events after ``base``, the count the guest has acknowledged.
The guest keeps ``fields + events``: an update whose ``base`` is at most what it holds fits
(events before ``base`` are the same for everyone, forever); a ``base`` beyond it means frames
were lost, and the guest asks for a ``resync``, which the host answers from ``base`` 0.
``seq`` numbers tell the guest which of two frames is newer, so a late, reordered frame is
ignored rather than rolling the view back.

A long history is sent as several pages (``more`` true on all but the last), each frame under
protocol.HOST_FRAME_MAX; the guest shows nothing new until the last page is in.

The host asks its engine for each seat's view only from ``Outbox.events_from()``, the first
event the next update can carry (``table.view(seat, events_from=n)``, docs/views.md): the
events before it are never copied again (docs/performance.md, "Host"). ``updates`` takes such a
view (its events start at its ``events_from``) or a whole one; the update sent is the same.
"""
from __future__ import annotations

import json
from typing import Any

from app.friends.core.protocol import HOST_FRAME_MAX

# Room for the envelope and the counters of an update besides the fields and the events.
_FRAME_SLACK = 300  # ~100 for the envelope and counters, ~60 for a clock
# At most this many unacknowledged events are sent again (a few moves' worth; an ack in flight).
REPEAT_MAX = 200


def _size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":")))


class Outbox:
    """What the host has sent one guest seat, and what that guest has acknowledged."""

    def __init__(self) -> None:
        self.seq = 0          # the last seq sent to this seat (welcome, lobby and update share it)
        self.acked = 0        # events the guest has confirmed holding
        self.sent = 0         # events sent so far (an ack may not claim more)
        self._fields: dict[str, Any] | None = None  # the fields of the last update sent
        self._last_act = 0
        self._clock_key: object = None  # which turn's clock the guest was last told about

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def ack(self, events: int) -> bool:
        """The guest holds ``events`` events; False if it claims more than it was sent."""
        if events > self.sent:
            return False
        self.acked = max(self.acked, events)  # a late, reordered ack must not move it back
        return True

    def events_from(self) -> int:
        """The first event the next update can carry: from the acknowledged count, unless a long
        history is still on its way unacknowledged (a full view's pages): then from what was
        sent, rather than send it all again; if those pages were lost, the guest sees the gap
        and asks for a resync."""
        return self.acked if self.sent - self.acked <= REPEAT_MAX else self.sent

    def reset(self) -> None:
        """Send everything again from the first event (a resync, a new channel)."""
        self.acked = 0
        self.sent = 0
        self._fields = None
        self._clock_key = None

    def updates(self, view: dict[str, Any], last_act: int, clock: dict[str, Any] | None = None,
                clock_key: object = None) -> list[dict[str, Any]]:
        """The ``update`` messages (without envelope) that bring the guest to ``view``.

        ``view`` holds the events from its ``events_from`` on (0 when absent: a whole view),
        which must be at most ``events_from()``; ``events_from`` never goes on the wire (the
        update's ``base`` says where its events start). ``clock`` ({"player", "ms"}: the
        turn's time left now) rides along on every page while a turn is timed; ``clock_key``
        names that turn, so the same running clock is not a change (its ms shrink every
        call). Empty when the guest already has all this, so a host may broadcast freely.
        """
        offset = view.get("events_from", 0)
        events = view["events"]
        total = offset + len(events)  # the events of the whole evening
        start = self.events_from()
        if not 0 <= offset <= start:
            raise ValueError(f"the view starts at event {offset}; this seat needs {start} on")
        fields = {k: v for k, v in view.items() if k not in ("events", "events_from")}
        if (fields == self._fields and total == self.sent and last_act == self._last_act
                and clock_key == self._clock_key):
            return []
        self._fields, self._last_act, self._clock_key = fields, last_act, clock_key
        pages = _pages(start, events[start - offset:], HOST_FRAME_MAX - _size(fields) - _FRAME_SLACK)
        self.sent = total
        timed = {} if clock is None else {"clock": clock}
        return [{"seq": self.next_seq(), "base": b, "events": p, "view": fields,
                 "last_act": last_act, "more": i < len(pages) - 1, **timed}
                for i, (b, p) in enumerate(pages)]


# A record's state (core/succession.py) rides on its last page: room for it (a save without
# its log is ~2-3 KB; the host's frame is 64 KiB).
RECORD_STATE_MAX = 16 * 1024


def record_pages(base: int, entries: list[dict[str, Any]]
                 ) -> list[tuple[int, list[dict[str, Any]], bool]]:
    """The pages (base, entries, more) that carry ``entries`` (the log from ``base`` on) under
    the host's frame bound; one page (maybe empty) when they fit, the last one with room for
    the state."""
    pages = _pages(base, entries, HOST_FRAME_MAX - RECORD_STATE_MAX - _FRAME_SLACK)
    return [(b, p, i < len(pages) - 1) for i, (b, p) in enumerate(pages)]


def _pages(base: int, items: list[dict[str, Any]], budget: int
           ) -> list[tuple[int, list[dict[str, Any]]]]:
    """``items`` (numbered from ``base``) cut into pages of at most ``budget`` characters of
    JSON each (a single larger item gets a page of its own); at least one page."""
    pages: list[tuple[int, list[dict[str, Any]]]] = []
    page: list[dict[str, Any]] = []
    used = 0
    for item in items:
        size = _size(item) + 1
        if page and used + size > budget:
            pages.append((base, page))
            base, page, used = base + len(page), [], 0
        page.append(item)
        used += size
    pages.append((base, page))
    return pages


class Assembler:
    """The guest's copy of its seat's view, put together from ``update`` messages."""

    def __init__(self) -> None:
        self.seq = 0  # the newest update applied
        self.events: list[dict[str, Any]] = []
        self.fields: dict[str, Any] | None = None
        self.complete = False  # False while the pages of a long update are still arriving
        self._view: dict[str, Any] | None = None  # the last complete view

    def restart(self, seq: int) -> None:
        """A new welcome: what comes next starts from scratch, after ``seq``. The last
        complete view stays on screen until the new one is in."""
        self.seq = seq
        self.events = []
        self.fields = None
        self.complete = False

    def apply(self, update: dict[str, Any]) -> str:
        """Take one validated update: "applied", "stale" (older than what we hold: ignored)
        or "gap" (it starts after events we never got: ask for a resync)."""
        if update["seq"] <= self.seq:
            return "stale"
        base = update["base"]
        if base > len(self.events):
            return "gap"
        del self.events[base:]  # an update from an older ack repeats events we hold: same ones
        self.events.extend(update["events"])
        self.fields = update["view"]
        self.seq = update["seq"]
        self.complete = not update["more"]
        if self.complete:
            self._view = {**self.fields, "events": list(self.events)}
        return "applied"

    def view(self) -> dict[str, Any] | None:
        """The last fully arrived view (docs/views.md; kept while a resync's pages come in),
        or None before the first."""
        return self._view
