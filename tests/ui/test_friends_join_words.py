"""The friends' words and marks of issue 16, pure (CPython): who invites to which game on the
join screen (names are outside input: escaped), the share link's game, the tables a guest's
phone remembers as closed, and the host's seat menu (hand a seat to a stand-in, give it back).
"""
from __future__ import annotations

import json

from app.friends import lobby as friends
from app.friends.core.guest import GuestSession
from app.friends.core.host import HostRoom
from app.friends.guest_table import GuestTable
from app.friends.host_table import HostTable
from app.friends.markup import join_html
from app.friends.peer_marks import hand_over_html, seats_menu_html
from app.snyd.table_markup import TableLook, waiting_html

from engine.snyd import Rules

ROOM = "A" * 22
EVIL = '<img src=x onerror="alert(1)">'


def test_the_invite_line_is_escaped_and_a_closed_table_has_its_own_heading():
    html = join_html("", "", "", form=True, retry="", invite=f"{EVIL} inviterer dig til Snyd")
    assert "<img" not in html and "&lt;img" in html
    assert 'data-testid="join-invite"' in html
    closed = join_html("", "Tak for spillet!", "Værten har lukket bordet", form=False,
                       retry="home", title=EVIL)
    assert "<img" not in closed and 'data-testid="join-sit"' not in closed
    assert 'data-action="home"' in closed


def test_the_share_link_names_its_game_and_only_a_known_game_is_read():
    url = friends.share_url("https://bord.dk/", ROOM, "bakke")
    assert url == f"https://bord.dk/?bord={ROOM}&spil=bakke"
    assert friends.game_from_search(f"?bord={ROOM}&spil=bakke") == "bakke"
    assert friends.room_from_search(f"?bord={ROOM}&spil=bakke") == ROOM
    for search in (f"?bord={ROOM}", "?spil=<script>", "?spil=Snyd", "?spil=snyd&spil=bakke",
                   "?spil=" + "x" * 5000, "&".join(["a=1"] * 100) + "&spil=snyd"):
        assert friends.game_from_search(search) is None, search
    try:
        friends.share_url("https://bord.dk/", ROOM, "poker")
    except ValueError:
        pass
    else:
        raise AssertionError("an unknown game went into the link")


def test_the_closed_tables_are_a_short_list_of_room_ids_and_junk_is_dropped():
    closed: list[str] = []
    for i in range(12):
        closed = friends.remember_closed(closed, chr(ord("a") + i) * 22)
    assert len(closed) == friends.CLOSED_KEPT and closed[-1] == "l" * 22
    assert friends.remember_closed(closed, closed[0])[-1] == closed[0]  # newest again, once
    assert friends.read_closed(json.dumps(closed)) == closed
    assert friends.read_closed(json.dumps([ROOM, "kort", 5, None, "<b>" * 8])) == [ROOM]
    for text in (None, "", "{", '{"a": 1}', "x" * 10_000):
        assert friends.read_closed(text) == []


def host_with_guests() -> HostTable:
    room = HostRoom("Vært")
    for i, name in enumerate(("Mette", "Kaj")):
        room.connect(f"c{i}", lambda _text: None)
        room.receive(f"c{i}", GuestSession(name).hello())
    return HostTable.from_lobby(room, Rules(dice_per_player=3), seed=5, first="Mette")


def test_the_seat_menu_offers_each_guest_to_a_stand_in_with_a_confirm_and_gives_back():
    host = host_with_guests()
    html = seats_menu_html(host, None)
    assert html.count('data-testid="seat-menu-row"') == 2 and "Vært" not in html
    assert html.count('data-testid="hand-over"') == 2 and "hand-over-confirm" not in html
    asking = seats_menu_html(host, "Kaj")
    assert asking.count('data-testid="hand-over-confirm"') == 1
    assert "Skal en stamgæst spille for Kaj?" in asking
    host.hand_over("Kaj")
    handed = seats_menu_html(host, None)
    assert handed.count('data-testid="give-back"') == 1 and "stamgæst spiller" in handed
    assert seats_menu_html(GuestTable("Mette"), None) == ""  # only the host's phone
    assert EVIL not in hand_over_html(EVIL, EVIL) and "&lt;img" in hand_over_html(EVIL, EVIL)


def test_venter_paa_offers_the_hand_over_only_for_a_phone_that_is_not_there():
    step = {"kind": "remote", "player": "Mette"}
    for connection, offered in (("connected", False), ("reconnecting", True), ("away", True)):
        look = TableLook(step=step, connections={"Mette": connection}, can_hand_over=True)
        assert ('data-testid="hand-over"' in waiting_html(look)) is offered, connection
    gone = {"Mette": "away"}
    guest_phone = TableLook(step=step, connections=gone, can_hand_over=False)
    assert "hand-over" not in waiting_html(guest_phone)
    handed = TableLook(step=step, connections=gone, can_hand_over=True, handed=frozenset({"Mette"}))
    assert "hand-over" not in waiting_html(handed)
    mine = TableLook(step={"kind": "remote", "player": "Mette"}, me_handed=True)
    assert 'data-testid="seat-handed"' in waiting_html(mine)


def test_a_bakke_or_treere_guest_whose_seat_is_handed_sees_the_line_not_the_moves():
    from app.bakke import markup as bakke
    from app.treere import table_markup as treere

    bakke_view = {"phase": "playing", "me": "Mette", "turn": "Mette", "legal": ["throw_all"],
                  "rules": {"faults": True}, "handed": ["Mette"]}
    treere_view = {"phase": "playing", "me": "Mette", "turn": "Mette", "legal": ["roll"],
                   "rolled": [], "kept": [], "handed": ["Mette"]}
    for controls, look, view in ((bakke.controls_html, bakke.TableLook, bakke_view),
                                 (treere.controls_html, treere.TableLook, treere_view)):
        html = controls(view, look(guest=True))
        assert 'data-testid="seat-handed"' in html and "data-action" not in html
        other = controls({**view, "handed": ["Kaj"]}, look(guest=True))
        assert "seat-handed" not in other and "data-action" in other
        host = controls(view, look(guest=False))  # the host's own view never says it
        assert "seat-handed" not in host


def test_a_snyd_seat_a_stand_in_plays_by_the_hosts_hand_is_tagged_on_every_phone():
    from app.snyd.table_markup import felt_html

    host = host_with_guests()
    v = host.view()
    look = TableLook(step=host.next_step(), connections=host.connections())
    assert 'data-testid="handed-tag"' not in felt_html(v, look)
    host.hand_over("Kaj")
    look.handed = frozenset(host.handed())
    html = felt_html(v, look)
    assert html.count('data-testid="handed-tag"') == 1
    assert '>stamgæst</span>' in html
