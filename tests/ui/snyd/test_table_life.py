"""The table feels alive (issue 12): the round's bids, the glass's timing, Din tur / "Henning
tænker …", players out at a reveal not dimmed until *Næste*, the black mat's moment, the shake."""
import re

from app.snyd.bid_history import history_html
from app.snyd.reveal_markup import glass_html, turn_line_html
from app.snyd.table_markup import TableLook, felt_html

from engine.snyd import Rules, Table


def bidding_table():
    t = Table(["Mette", "Henning", "Ib"], Rules(dice_per_player=3), seed=1, first="Mette")
    t.deal([[2, 3, 4], [5, 5, 1], [6, 6, 6]])
    return t


def bid(t, who, q, face):
    t.act(who, {"type": "bid", "quantity": q, "face": face})


def seat_classes(html):
    return {p: c for c, p in re.findall(r'<div class="([^"]*)" data-testid="seat" data-player="(\w+)"', html)}


def test_the_history_shows_the_latest_bids_in_a_strip_and_all_on_tap():
    t = bidding_table()
    assert history_html(t.view("Mette"), False) == ""  # no bids yet: the slot hides
    for who, q in (("Mette", 1), ("Henning", 2), ("Ib", 3), ("Mette", 4), ("Henning", 5)):
        bid(t, who, q, 5)
    v = t.view("Mette")
    strip = history_html(v, False)
    chips = re.findall(r'<li class="chip" aria-label="([^"]+)"', strip)
    assert chips == ["Ib: tre femmere", "Mette: fire femmere", "Henning: fem femmere"]
    assert '<li class="more">+2</li>' in strip and 'aria-expanded="false"' in strip
    full = history_html(v, True)
    assert len(re.findall(r'<li class="chip"', full)) == 5 and 'aria-expanded="true"' in full
    assert "+2" not in full
    # the whole list (the landscape column) in words, in order, either way
    for html in (strip, full):
        listed = re.search(r'data-testid="history-full"[^>]*>(.*)</ol>', html).group(1)
        assert re.findall(r"<li>([^<]+)</li>", listed)[0] == "Mette: en femmer"
        assert len(re.findall(r"<li>", listed)) == 5


def test_the_history_stays_through_the_reveal_and_clears_at_the_deal():
    t = bidding_table()
    bid(t, "Mette", 4, 6)
    t.act("Henning", {"type": "call"})
    assert "Mette: fire seksere" in history_html(t.view("Mette"), False)
    t.deal()
    assert history_html(t.view("Mette"), False) == ""
    html = felt_html(t.view("Mette"), TableLook())
    assert 'data-testid="bid-history"' in html  # the layout's slot is always there


def test_the_glass_is_labelled_and_changes_only_when_the_next_round_is_dealt():
    t = bidding_table()
    assert re.search(r'glass-n">9<.*glass-label">terninger<', glass_html(t.view("Mette")))
    bid(t, "Mette", 4, 6)
    t.act("Henning", {"type": "call"})  # held: Henning loses, Mette and Ib put a die away
    v = t.view("Mette")
    assert v["total_dice"] == 7
    assert 'glass-n">9<' in glass_html(v), "the reveal still shows the old dice: so does the glass"
    t.deal()
    assert 'glass-n">7<' in glass_html(t.view("Mette"))
    hidden = Table(["Mette", "Henning"], Rules(dice_per_player=2, hidden_count=True), seed=1)
    hidden.deal()
    assert "fogged" in glass_html(hidden.view("Mette")) and not re.search(r"\d", glass_html(hidden.view("Mette")))


def test_din_tur_and_who_the_table_waits_for():
    t = bidding_table()
    v = t.view("Mette")
    mine = turn_line_html(v, {"kind": "human", "player": "Mette"})
    assert 'data-testid="your-turn"' in mine and "Din tur" in mine
    assert "Din tur" in felt_html(v, TableLook(step={"kind": "human", "player": "Mette"}))
    bid(t, "Mette", 1, 5)
    v = t.view("Mette")
    assert turn_line_html(v, {"kind": "regular", "player": "Henning", "delay_ms": 900}) == \
        '<p class="thinking-line" data-testid="thinking">Henning tænker …</p>'
    assert turn_line_html(v, {"kind": "human", "player": "Henning"}) == ""  # not this phone's player
    t.act("Henning", {"type": "call"})
    assert turn_line_html(t.view("Mette"), {"kind": "reveal"}) == ""


def test_players_out_at_the_reveal_are_dimmed_only_after_naeste():
    t = Table(["Mette", "Henning", "Ib"], Rules(dice_per_player=1), seed=1, first="Mette")
    t.deal([[6], [5], [4]])
    bid(t, "Mette", 1, 6)
    t.act("Henning", {"type": "call"})  # held: Mette and Ib put their last die away
    v = t.view("Henning")
    assert set(v["out"]) == {"Mette", "Ib"}
    felt = felt_html(v, TableLook())
    assert not any("out" in c.split() for c in seat_classes(felt).values()), seat_classes(felt)
    assert "slap" in felt  # the tag says it; the seat is not dimmed while its dice are checked
    # once the next round is being bid (after *Næste*), they are
    later = seat_classes(felt_html(dict(v, phase="bidding"), TableLook()))
    assert {p for p, c in later.items() if "out" in c.split()} == {"Mette", "Ib"}


def test_the_black_mat_and_tabt_helt_get_their_moment():
    t = Table(["Mette", "Henning"], Rules(dice_per_player=1), seed=1, first="Mette")
    t.deal([[6], [5]])
    bid(t, "Mette", 2, 6)
    t.act("Henning", {"type": "call"})  # a lie: Mette loses her game -> Viborg
    v = t.view("Mette")
    felt = felt_html(v, TableLook())
    assert re.search(r'class="seat me[^"]*to-viborg[^"]*" data-testid="seat" data-player="Mette"', felt)
    assert 'class="moment viborg"' in felt and "Til Viborg!" in felt
    t.deal([[6], [5]])
    bid(t, "Mette", 2, 6)
    t.act("Henning", {"type": "call"})  # again, from Viborg: tabt helt
    felt = felt_html(t.view("Henning"), TableLook())
    assert "Tabt helt!" in felt and re.search(r'class="seat [^"]*lost-all[^"]*" data-testid="seat" data-player="Mette"', felt)
    assert "to-viborg" not in felt


def test_the_cups_shake_only_on_the_drawing_after_a_deal():
    v = bidding_table().view("Mette")
    assert felt_html(v, TableLook(shaking=True)).count("shake") == 3  # two cups and yours
    assert "shake" not in felt_html(v, TableLook(shaking=False))
