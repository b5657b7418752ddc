"""The table screen's markup fed from a guest's phone (GuestTable) and from the host's
(HostTable): connection badges, the waiting lines, and never another seat's dice."""
from __future__ import annotations

import random
import re

from app.friends.core.guest import HOST_SILENT_S
from app.snyd.bid_picker import BidPicker
from app.snyd.table_markup import HOST_DEALS, TableLook, controls_html, felt_html, is_my_turn
from app.snyd.table_session import Session
from app.snyd.table_setup import Seat
from table_net import Wire

from engine.snyd import Rules

SEAT = re.compile(r'<div class="[^"]*" data-testid="seat" data-player="([^"]+)"[^>]*>')
DIE = re.compile(r'data-testid="(die|revealed-die)" data-value="(\d)"')


def look_of(table, peeking: bool = True) -> TableLook:
    """What the table screen builds from a session (TableUI.refresh), with the cup lifted."""
    v = table.view()
    look = TableLook(regulars=tuple(table.regulars), deals=table.deals,
                     connections=table.connections())
    look.step = table.next_step()
    look.can_peek = table.can_peek()
    look.peeking = peeking and look.can_peek
    if is_my_turn(look.step, v) and v.get("can_bid"):
        look.picker = BidPicker.for_view(v)
    return look


def markup(table) -> str:
    look = look_of(table)
    return felt_html(table.view(), look) + controls_html(table.view(), look)


def seats(html: str) -> dict[str, str]:
    """data-player -> the seat's opening tag."""
    return {m.group(1): m.group(0) for m in SEAT.finditer(html)}


def test_guest_markup_has_badges_and_only_its_own_dice_all_evening():
    wire = Wire()
    wire.room.seat_regular("Henning")
    wire.join("Mette")
    wire.join("Kaj")
    host = wire.start(Rules(dice_per_player=3), 6)
    rng = random.Random(6)
    checked = 0
    for _ in range(400):
        wire.move(rng)
        for name, phone in wire.phones.items():
            html = markup(phone.table)
            tags = seats(html)
            assert set(tags) == set(host.table.players)
            for tag in tags.values():
                assert re.search(r'data-connection="(connected|reconnecting|away)"', tag)
            dice = [int(v) for kind, v in DIE.findall(html) if kind == "die"]
            revealed = [kind for kind, _ in DIE.findall(html) if kind == "revealed-die"]
            if host.table.phase == "bidding":
                assert not revealed  # no cup is lifted while bidding
                if phone.table.can_peek():
                    assert dice == list(host.table.hands[name])  # its own cup, nobody else's
                checked += 1
            if phone.table.next_step()["kind"] == "remote":
                turn = host.view()["turn"]
                assert f"Venter på {turn} …" in html
            if host.table.phase in ("reveal", "game_over"):
                assert 'data-action="next"' not in html and HOST_DEALS in html
    assert checked > 100


def test_an_away_seat_and_a_silent_host_show_on_the_guests_phone():
    wire = Wire()
    wire.join("Mette")
    wire.join("Kaj")
    wire.start(Rules(dice_per_player=3), 2)
    kaj, mette = wire.phones["Kaj"], wire.phones["Mette"]
    wire.drop(kaj)
    wire.tick(1)
    html = markup(mette.table)
    assert 'data-connection="reconnecting"' in seats(html)["Kaj"]
    assert "genforbinder" in html
    assert "Venter på værten" not in html and 'data-testid="waiting-host"' not in html
    # the host goes silent: Mette's phone says so, on the line the tests find
    wire.clock.now += HOST_SILENT_S + 1
    mette.table.tick()
    html = markup(mette.table)
    assert 'data-testid="waiting-host" role="status">Venter på værten<' in html
    assert 'data-action="bid" disabled' in html


def test_the_hosts_markup_has_badges_and_a_one_phone_table_has_none():
    wire = Wire()
    wire.join("Mette")
    wire.start(Rules(dice_per_player=3), 1)
    host_tags = seats(markup(wire.host))
    assert all("data-connection=" in t for t in host_tags.values()) and len(host_tags) == 2
    one_phone = Session([Seat("Du", "human"), Seat("Henning", "regular")], Rules(), seed=1)
    html = markup(one_phone)
    assert "data-connection" not in html and len(seats(html)) == 2
    assert 'data-testid="waiting-host"' not in html
