"""*Med vennerne*'s pure parts: the share link, the seats a guest's phone remembers, the lobby
and join markup, the mode choice in *Dæk bordet*, and the QR code from the vendored wheel."""
from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import pytest
from app.friends import lobby as friends
from app.friends import qr
from app.friends.markup import join_html, lobby_html, lobby_seats_html
from app.snyd.setup_markup import Draft, setup_html
from app.snyd.table_setup import Seat

from devtools import vendor

ROOM = "AbCdEfGhIjKlMnOpQrSt_-"
WHEEL = Path(vendor.VENDOR) / "wheels" / qr.SEGNO_WHEEL


def test_the_share_link_is_the_apps_own_address_with_the_room_and_no_key():
    assert friends.share_url("https://bord.dk/", ROOM) == f"https://bord.dk/?bord={ROOM}"
    # Under a sub-path, from a page with a hash or an old link: still this app, no hash.
    assert (friends.share_url("https://x.dk/spil/index.html#bordet", ROOM)
            == f"https://x.dk/spil/?bord={ROOM}")
    assert (friends.share_url(f"https://x.dk/spil/?bord={'B' * 22}#bord", ROOM)
            == f"https://x.dk/spil/?bord={ROOM}")
    with pytest.raises(ValueError):
        friends.share_url("https://x.dk/", "kort")


@pytest.mark.parametrize("search, room", [
    (f"?bord={ROOM}", ROOM), (f"bord={ROOM}&x=1", ROOM), ("", None), ("?bord=", None),
    ("?bord=kort", None), (f"?bord={ROOM}x", None), (f"?bord={ROOM}&bord={ROOM}", None),
    ("?bord=" + "<script>" * 3, None)])
def test_only_a_well_formed_room_id_is_taken_from_the_address(search, room):
    assert friends.room_from_search(search) == room


def test_a_malformed_bord_still_counts_as_asking_for_a_table():
    assert friends.has_bord_param("?bord=kort") and friends.has_bord_param("?bord=")
    assert not friends.has_bord_param("?x=1") and not friends.has_bord_param("")


def test_seats_are_remembered_per_room_newest_last_and_bounded():
    seats: dict = {}
    rooms = [f"{i:02d}" + "A" * 20 for i in range(friends.SEATS_KEPT + 3)]
    for i, room in enumerate(rooms):
        seats = friends.remember_seat(seats, room, f"Navn {i}", f"token{i}")
    assert list(seats) == rooms[-friends.SEATS_KEPT:]
    seats = friends.remember_seat(seats, rooms[-friends.SEATS_KEPT], "Mette", "nyt")
    assert list(seats)[-1] == rooms[-friends.SEATS_KEPT]  # the one just used is the newest
    text = json.dumps(seats)
    assert friends.read_seats(text) == seats


@pytest.mark.parametrize("text", [
    None, "", "[]", "{", "null", json.dumps({"kort": {"name": "A", "token": "t"}}),
    json.dumps({ROOM: {"name": "", "token": "t"}}), json.dumps({ROOM: {"name": "A" * 21,
                                                                      "token": "t"}}),
    json.dumps({ROOM: {"name": "A", "token": "<x>"}}), json.dumps({ROOM: "A"}),
    "x" * (friends.SEATS_MAX_CHARS + 1)])
def test_a_bad_memory_of_seats_is_dropped_not_raised(text):
    assert friends.read_seats(text) == {}


def test_the_lobby_lists_every_seat_with_its_kind_and_a_remove_button_but_the_hosts():
    seats = [{"player": "Vært", "kind": "host", "connection": "connected", "waiting": False},
             {"player": '<b>"Mette"</b>', "kind": "guest", "connection": "reconnecting",
              "waiting": False},
             {"player": "Henning", "kind": "regular", "connection": "connected",
              "waiting": False},
             {"player": "Kaj", "kind": "guest", "connection": "connected", "waiting": True}]
    html = lobby_seats_html(seats)
    rows = re.findall(r'<li [^>]*data-testid="lobby-seat"[^>]*>.*?</li>', html)
    assert len(rows) == 4
    kinds = re.findall(r'data-player="([^"]*)" data-kind="(\w+)"', html)
    assert kinds == [("Vært", "host"), ("&lt;b&gt;&quot;Mette&quot;&lt;/b&gt;", "guest"),
                     ("Henning", "regular"), ("Kaj", "guest")]
    assert "<b>" not in html
    assert [row.count('data-action="remove"') for row in rows] == [0, 1, 1, 1]
    assert "genforbinder" in rows[1] and "sætter sig fra næste spil" in rows[3]


def test_the_lobby_frame_has_the_link_copy_share_only_where_the_phone_can_and_start():
    url = f"https://bord.dk/?bord={ROOM}"
    html = lobby_html(url, can_share=False, regulars=[{"name": "Grethe", "description": "x"}])
    assert f'data-testid="share-link" aria-label="Link til bordet" value="{url}"' in html
    assert 'data-testid="copy-link"' in html and 'data-testid="start-table"' in html
    assert 'data-action="share"' not in html
    assert 'data-action="share"' in lobby_html(url, can_share=True, regulars=[])


def test_join_asks_for_a_name_or_says_what_is_wrong_with_proev_igen():
    form = join_html("Mette", "", "", form=True)
    assert 'data-testid="join-name"' in form and 'value="Mette"' in form
    assert 'data-testid="join-sit"' in form and "join-retry" not in form
    gone = join_html("Mette", "", "Bordet findes ikke", form=False)
    assert "Bordet findes ikke" in gone and ">Prøv igen<" in gone and "join-sit" not in gone
    home = join_html("", "", "Linket er ikke helt", form=False, retry="home")
    assert 'data-action="home"' in home and ">Til forsiden<" in home


def test_med_vennerne_keeps_one_person_at_this_phone_and_the_regulars():
    d = Draft(seats=[Seat("Mette", "human"), Seat("Henning", "regular"),
                     Seat("Spiller 3", "human")])
    d.choose_mode("friends")
    assert d.seats == [Seat("Mette", "human"), Seat("Henning", "regular")]
    html = setup_html(d, [], saved=False)
    assert 'data-testid="mode-friends" aria-pressed="true"' in html
    assert 'data-testid="add-human"' not in html       # friends come by the link
    assert 'data-testid="open-lobby"' in html and 'data-testid="start-table"' not in html
    d.choose_mode("phone")
    html = setup_html(d, [], saved=False)
    assert 'data-testid="mode-phone" aria-pressed="true"' in html
    assert 'data-testid="start-table"' in html and 'data-testid="add-human"' in html
    with pytest.raises(ValueError):
        d.choose_mode("telefon")


def test_a_draft_with_only_regulars_gets_a_seat_for_the_host():
    d = Draft(seats=[Seat("Henning", "regular")])
    d.choose_mode("friends")
    assert d.seats == [Seat("Vært", "human"), Seat("Henning", "regular")]


def test_the_hosts_default_name_du_becomes_vaert_at_a_friends_table():
    d = Draft(seats=[Seat("Du", "human"), Seat("Henning", "regular")])
    d.choose_mode("friends")
    assert d.seats[0] == Seat("Vært", "human")


def test_the_vendored_wheel_is_the_pinned_one_and_draws_the_link():
    assert qr.SEGNO_WHEEL in vendor.WHEELS
    if not WHEEL.is_file():
        pytest.fail(f"{WHEEL} is missing: run `make setup` (python -m devtools.vendor)")
    assert hashlib.sha256(WHEEL.read_bytes()).hexdigest() == vendor.WHEELS[qr.SEGNO_WHEEL]
    sys.path.insert(0, str(WHEEL))  # a pure-Python wheel is a zip: the very file we ship
    try:
        svg = qr.svg(f"https://bord.dk/?bord={ROOM}")
    finally:
        sys.path.remove(str(WHEEL))
    assert svg.startswith("<svg") and 'class="share-qr"' in svg and "viewBox" in svg
    assert "<script" not in svg and "style=" not in svg  # nothing the CSP would refuse
    assert qr.wheel_url("https://x.dk/spil/?bord=1#b") == f"https://x.dk/spil/vendor/wheels/{qr.SEGNO_WHEEL}"


def test_an_open_installed_app_navigates_to_a_share_link():
    manifest = json.loads((Path(vendor.ROOT) / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["launch_handler"] == {"client_mode": "navigate-existing"}


def test_leaving_a_table_does_not_sit_down_again_over_the_relay(monkeypatch):
    # join_screen leaves (GuestLinks.close) when the host removed this phone's seat. Closing
    # the open data channel fires its on_close at once; that must not count as a drop that
    # says hello again over the relay (the host would seat the removed friend anew).
    from app.friends.core.guest import GuestSession
    from app.friends.wire.links import GuestLinks, SessionEndpoint

    links = GuestLinks(SessionEndpoint(GuestSession("Mette")), ROOM, webrtc=False)
    sent: list[str] = []
    monkeypatch.setattr(links.relay, "send", lambda data, to=None: sent.append(data) or True)
    monkeypatch.setattr(links.relay, "close", lambda: None)
    links.relay.state, links.relay.host_present = "open", True

    class Channel:  # an open data channel whose close reports at once, as a browser may
        state, opened = "open", True

        def close(self) -> None:
            self.state = "closed"
            links._rtc_closed(self)

    links.rtc = Channel()
    links.close()
    assert sent == [] and links.fallbacks == 0


def test_an_address_with_many_fields_never_breaks_the_boot_or_the_join_screen():
    # parse_qs(max_num_fields=…) raises ValueError past its bound: at boot that was a blank app.
    crowded = "?" + "&".join(f"x{i}=1" for i in range(200))
    assert not friends.has_bord_param(crowded)
    assert friends.has_bord_param("?bord=abc&" + crowded[1:])
    assert friends.room_from_search(crowded + "&bord=" + "a" * 22) is None
    assert friends.room_from_search("?bord=" + "a" * 22) == "a" * 22
