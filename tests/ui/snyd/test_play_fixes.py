"""Findings of the Friday-night play-test, each pinned by a test that failed before its fix."""
import re

from app.snyd.announcements import announce, count_words, merge_slap
from app.snyd.setup_markup import Draft, setup_html
from app.snyd.table_markup import TableLook, controls_html, felt_html
from app.snyd.table_setup import Seat, check_seats

from engine.snyd import Rules, Table

REGULARS = [{"name": n, "description": f"{n} spiller"} for n in ("Henning", "Grethe", "Kaj")]


def test_a_timeout_reads_right_with_the_default_name_du():
    line = announce({"type": "timeout", "player": "Du"})
    assert line.startswith("Du ") and "for Du" not in line
    assert announce({"type": "timeout", "player": "Mette"}).startswith("Mette ")


def test_a_count_of_nothing_is_ingen_not_nul():
    assert count_words(0, 2) == "Der var ingen toere"
    assert count_words(0, 6) == "Der var ingen seksere"
    assert count_words(2, 2) == "Der var to toere"


def test_sharing_the_phone_renames_the_default_du_seat():
    d = Draft(seats=[Seat("Du", "human"), Seat("Henning", "regular")])
    d.add_human()
    names = [s.name for s in d.seats]
    assert "Du" not in names
    assert names == ["Bo", "Henning", "Anne"]  # pubs' first names, not "Spiller 3" (issue 17)
    check_seats(d.seats, ["Henning"])  # still a valid table
    assert 'value="Bo"' in setup_html(d, REGULARS, False)


def test_a_chosen_name_and_a_lone_du_are_kept():
    d = Draft(seats=[Seat("Mette", "human"), Seat("Henning", "regular")])
    d.add_human()
    assert d.seats[0].name == "Mette"
    alone = Draft(seats=[Seat("Du", "human"), Seat("Henning", "regular")])
    alone.add_regular(REGULARS)
    assert alone.seats[0].name == "Du"


def test_renaming_du_never_clashes_with_a_taken_name():
    d = Draft(seats=[Seat("Du", "human"), Seat("Spiller 1", "human")])
    d.name_shared_seats()
    names = [s.name for s in d.seats]
    assert len(set(names)) == 2 and "Du" not in names


def _bubbles(html):
    return re.findall(r'<div class="bubble( pop)?">([^<]*)</div>', html)


def test_only_a_new_bubble_pops_so_old_ones_do_not_blink_on_every_redraw():
    t = Table(["Mette", "Henning", "Ib"], Rules(dice_per_player=3), seed=1, first="Mette")
    t.deal()
    v = t.view("Mette")
    look = TableLook(bubbles={"Henning": "To toere.", "Ib": "Tre treere."}, fresh={"Ib"})
    assert sorted(_bubbles(felt_html(v, look))) == [("", "To toere."), (" pop", "Tre treere.")]
    look.fresh = set()
    assert all(pop == "" for pop, _ in _bubbles(felt_html(v, look)))


def test_the_news_after_a_verdict_sits_in_the_controls_not_over_the_seats():
    t = Table(["Mette", "Henning", "Ib"], Rules(dice_per_player=1), seed=1, first="Mette")
    t.deal([[2], [5], [6]])
    t.act("Mette", {"type": "bid", "quantity": 3, "face": 2})
    t.act("Henning", {"type": "call"})
    v = t.view("Mette")
    lines = ["Henning og Ib er slap", "Mette taber spillet", "Mette ryger til Viborg"]
    look = TableLook(reveal_lines=lines)
    felt, controls = felt_html(v, look), controls_html(v, look)
    assert "Buddet var løgn – Mette taber runden" in felt  # the verdict stays in the middle
    assert not any(line in felt for line in lines) and 'data-action="next"' not in felt
    assert all(line in controls for line in lines) and 'data-action="next"' in controls
    assert 'data-testid="bid-quantity"' not in controls  # the useless picker makes room
    t.deal()
    bidding = controls_html(t.view("Mette"), TableLook())
    assert 'data-action="next"' not in bidding and 'data-testid="bid-quantity"' in bidding


def test_slap_lines_are_one_line_under_the_verdict():
    lines = ["Henning er slap", "Grethe er slap", "Kaj er slap", "Du taber spillet", "Ib er slap"]
    assert merge_slap(lines) == ["Henning, Grethe og Kaj er slap", "Du taber spillet", "Ib er slap"]
    assert merge_slap(["Du er slap"]) == ["Du er slap"] and merge_slap([]) == []
    t = Table(["Mette", "Henning", "Ib"], Rules(dice_per_player=1), seed=1, first="Mette")
    t.deal([[2], [5], [6]])
    t.act("Mette", {"type": "bid", "quantity": 1, "face": 2})
    t.act("Henning", {"type": "call"})
    html = controls_html(t.view("Mette"), TableLook(reveal_lines=["Henning er slap", "Ib er slap"]))
    assert "<li>Henning og Ib er slap</li>" in html


def test_a_crowded_table_keeps_only_the_latest_speakers_bubbles():
    names = ["Mette", "Henning", "Ib", "Bo", "Lis", "Kaj", "Ole"]
    t = Table(names, Rules(dice_per_player=2), seed=1, first="Mette")
    t.deal()
    said = {n: f"{n} siger noget." for n in ["Henning", "Ib", "Bo", "Lis", "Kaj"]}
    html = felt_html(t.view("Mette"), TableLook(bubbles=said))
    assert sorted(text for _, text in _bubbles(html)) == ["Bo siger noget.", "Kaj siger noget.",
                                                         "Lis siger noget."]
    small = Table(names[:4], Rules(dice_per_player=2), seed=1, first="Mette")
    small.deal()
    few = {n: f"{n} siger noget." for n in ["Henning", "Ib", "Bo"]}
    assert len(_bubbles(felt_html(small.view("Mette"), TableLook(bubbles=few)))) == 3


def test_under_skjult_antal_you_still_see_your_own_count_and_no_one_elses():
    t = Table(["Mette", "Henning", "Ib"], Rules(dice_per_player=3, hidden_count=True), seed=1, first="Mette")
    t.deal()
    html = felt_html(t.view("Mette"), TableLook())
    others, mine = html.split('class="seat me')
    assert 'class="dice-count"' not in others
    assert mine.count('class="dice-count" aria-label="3 terninger">3<') == 1
