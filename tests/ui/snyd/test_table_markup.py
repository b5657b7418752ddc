"""The table's HTML: what is in the DOM, from real engine views."""
import re

from app.snyd.bid_picker import BidPicker
from app.snyd.table_markup import (
    TableLook,
    controls_html,
    felt_html,
    glass_html,
    handoff_html,
    seat_positions,
)

from engine.snyd import Rules, Table


def table(rules=None, first="Mette"):
    t = Table(["Mette", "Henning", "Ib"], rules or Rules(dice_per_player=3), seed=1, first=first)
    t.deal([[2, 3, 4], [5, 5, 1], [6, 6, 6]])
    return t


def dice_in(html, testid="die"):
    return [int(v) for v in re.findall(rf'data-testid="{testid}" data-value="(\d)"', html)]


def test_own_dice_in_the_markup_only_while_peeking():
    v = table().view("Mette")
    assert dice_in(felt_html(v, TableLook(peeking=False, can_peek=True))) == []
    assert dice_in(felt_html(v, TableLook(peeking=True, can_peek=True))) == [2, 3, 4]
    assert dice_in(felt_html(v, TableLook(peeking=True, can_peek=False))) == []


def test_no_other_players_dice_before_the_reveal():
    v = table().view("Mette")
    html = felt_html(v, TableLook(peeking=True, can_peek=True))
    assert dice_in(html, "revealed-die") == []
    assert "5, 5, 1" not in html


def test_reveal_shows_every_hand_with_golden_rings_and_verdict():
    t = table()
    t.act("Mette", {"type": "bid", "quantity": 4, "face": 6})
    t.act("Henning", {"type": "call"})
    v = t.view("Mette")
    html = felt_html(v, TableLook())
    assert sorted(dice_in(html, "revealed-die")) == sorted([2, 3, 4, 5, 5, 1, 6, 6, 6])
    assert html.count("die counted") == 4  # three sixes and Henning's joker
    assert "Buddet holdt – Henning taber runden" in html
    assert "Der var fire seksere" in html
    assert 'data-action="next"' in controls_html(v, TableLook())


def test_seats_mats_and_viborg():
    v = table().view("Mette")
    v["viborg"] = ["Ib"]
    html = felt_html(v, TableLook())
    assert re.findall(r'data-testid="seat" data-player="(\w+)"', html).count("Mette") == 1
    states = dict(re.findall(r'data-testid="mat" data-player="(\w+)" data-state="(\w+)"', html))
    assert states == {"Mette": "green", "Henning": "green", "Ib": "black"}
    assert 'data-testid="cup-me"' in html


def test_glass_counts_or_is_fogged_under_hidden_count():
    assert ">9<" in glass_html(table().view("Mette"))
    hidden = glass_html(table(Rules(dice_per_player=3, hidden_count=True)).view("Mette"))
    assert "fogged" in hidden and not re.search(r"\d", hidden)


def test_peek_once_locks_the_cup_after_the_first_bid():
    t = table(Rules(dice_per_player=3, peek_once=True))
    t.act("Mette", {"type": "bid", "quantity": 2, "face": 3})
    v = t.view("Mette")
    html = felt_html(v, TableLook(peeking=True, can_peek=bool(v["can_peek"])))
    assert "cup cup-me locked" in html and dice_in(html) == []


def test_controls_offer_only_legal_raises_and_named_buttons():
    t = table()
    t.act("Mette", {"type": "bid", "quantity": 2, "face": 5})
    v = t.view("Henning")
    look = TableLook(picker=BidPicker.for_view(v), step={"kind": "human", "player": "Henning"},
                     can_peek=True)
    html = controls_html(v, look)
    qs = re.search(r'data-testid="bid-quantity"[^>]*>(.*?)</select>', html).group(1)
    fs = re.search(r'data-testid="bid-face"[^>]*>(.*?)</select>', html).group(1)
    assert re.findall(r'value="(\d+)"', qs)[0] == "2"
    assert re.findall(r'value="(\w+)"', fs) == ["6"]  # 2 seksere is the only raise at 2
    for name in ("Kig", "Byd", "Løft"):
        assert re.search(rf'<button[^>]*>{name}</button>', html)
    assert 'data-action="call">Løft' in html and 'data-action="call" disabled' not in html


def test_controls_disabled_when_not_my_turn():
    v = table().view("Henning")
    html = controls_html(v, TableLook(step={"kind": "human", "player": "Mette"}))
    assert 'data-action="bid" disabled' in html and 'data-action="call" disabled' in html
    assert "<option value" not in html  # only a "–" placeholder


def test_handoff_names_the_next_player_and_seats_fit_the_arc():
    assert "Giv telefonen til Mette" in handoff_html("Mette")
    for n in range(1, 8):
        pos = seat_positions(n)
        assert len(pos) == n and all(5 <= x <= 95 and 5 <= y <= 60 for x, y in pos)


def test_practice_panel_shows_current_chosen_and_suggestion():
    from engine.snyd.practice import advice
    t = table()
    t.act("Mette", {"type": "bid", "quantity": 2, "face": 5})
    v = t.view("Henning")
    picker = BidPicker.for_view(v)
    picker.choose_quantity(5)
    picker.choose_face(6)  # not among the "sensible raises": computed for the choice itself
    look = TableLook(picker=picker, advice=advice(v), step={"kind": "human", "player": "Henning"})
    html = controls_html(v, look)
    assert "Buddet holder:" in html and "Dit bud:" in html and "Forslag:" in html
    from engine.snyd.odds import chance
    p = chance({"quantity": 5, "face": 6}, [5, 5, 1], [3, 3], Rules(dice_per_player=3))
    assert f"Dit bud: <b>{round(100 * p)} %</b>" in html


def test_seat_tags_slap_viborg_and_strokes():
    v = table().view("Mette")
    v["out"], v["viborg"], v["tally"] = ["Henning"], ["Ib"], {"Mette": 0, "Henning": 0, "Ib": 2}
    html = felt_html(v, TableLook())
    assert '<span class="tag slap">slap</span>' in html
    assert '<span class="tag viborg">Viborg</span>' in html
    assert 'aria-label="2 streger på tavlen">||<' in html


def test_my_turn_includes_a_turn_where_only_lift_is_left():
    """At the cap no raise is left (can_bid False): it is still my turn, so Øvebord advises Løft."""
    from app.snyd.table_markup import is_my_turn

    from engine.snyd import Bid, Rules, Table
    t = Table(["Mette", "Henning"], Rules(dice_per_player=1), seed=1, first="Henning")
    t.deal([[6], [3]])
    t.bid("Henning", Bid(t.cap, 6))          # the highest bid there is
    v = t.view("Mette")
    assert not v["can_bid"] and v["can_call"]
    assert is_my_turn({"kind": "human", "player": "Mette"}, v)
    assert not is_my_turn({"kind": "regular", "player": "Henning"}, t.view("Henning"))
    assert not is_my_turn({"kind": "handoff", "player": "Mette"}, v)


def test_watchers_at_a_final_in_viborg_have_no_cup_and_say_ser_paa():
    """S32: only the two in Viborg play the final; the others watch. A watcher's seat used to
    show a cup on the mat as if they played."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[2] / "engine"))
    from snyd_play import lose_game
    from snyd_play import table as abc_table

    t = abc_table(4, viborg_final=True)
    lose_game(t, "B")
    lose_game(t, "D")
    t.deal([[5], [5]])
    for me in ("A", "B"):  # a watcher's phone and a finalist's phone
        v = t.view(me)
        assert v["final"] and v["in_game"] == ["B", "D"]
        html = felt_html(v, TableLook())
        starts = list(re.finditer(r'<div class="([^"]*)" data-testid="seat" data-player="(\w)"', html))
        seats = {m[2]: (m[1].split(), html[m.start():nxt.start() if nxt else None])
                 for m, nxt in zip(starts, starts[1:] + [None])}
        assert set(seats) == {"A", "B", "C", "D"}
        for p, (classes, seat) in seats.items():
            watcher = p in ("A", "C")
            assert bool(re.search(r'class="cup[ "]', seat)) != watcher, (me, p)
            assert ('class="tag watching">ser på<' in seat) == watcher, (me, p)
            assert ("watching" in classes) == watcher, (me, p)
            state = re.search(r'data-testid="mat" data-player="\w" data-state="(\w+)"', seat)[1]
            assert state == ("black" if p in ("B", "D") else "green")
        assert ('data-testid="cup-me"' in html) == (me == "B")
