"""The Bakke table's markup and words (pure): what the phone shows from a view."""
from __future__ import annotations

import re

import pytest
from app.bakke.markup import (
    TableLook,
    absorb,
    controls_html,
    felt_html,
    tally_html,
    turn_html,
)
from app.bakke.words import event_line, genitive, turn_line

from engine.bakke import Rules, Table


def tagged(html: str, testid: str) -> list[str]:
    return re.findall(rf'<[^>]*data-testid="{testid}"[^>]*>', html)


def values(html: str, testid: str) -> list[int]:
    return [int(re.search(r'data-value="(\d)"', t).group(1)) for t in tagged(html, testid)]


def test_the_felt_shows_every_seat_with_its_dice_in_hand_and_the_tray():
    t = Table(["Mette", "Henning", "Kaj"], dice=[1, 2, 2, 3, 4, 5])
    t.act("Mette", {"type": "throw_all"})  # B2: the 1 out, the 2s up, 3 4 5 stay
    v = t.view("Henning")
    html = felt_html(v, TableLook())
    seats = re.findall(r'data-testid="seat" data-player="(\w+)"', html)
    assert sorted(seats) == ["Henning", "Kaj", "Mette"]
    counts = re.findall(r'data-testid="hand-count" aria-label="([^"]+)">(\d+)<', html)
    assert sorted(int(n) for _, n in counts) == [2, 6, 6]
    assert values(html, "tray-die") == [3, 4, 5]
    # The holder sits at the bottom and holds the flick zone: it is Henning's turn now.
    assert 'data-testid="hand" data-player="Henning"' in html
    assert "hand-zone ready" in html


def test_the_last_throw_says_each_die_s_fate():
    t = Table(["Mette", "Henning"], dice=[1, 2, 2, 3, 4, 5])
    t.act("Mette", {"type": "throw_all"})
    html = felt_html(t.view("Mette"), TableLook())
    fates = re.findall(r'class="die (one|up|stays)[^"]*" data-testid="thrown-die" data-value="(\d)"', html)
    assert fates == [("one", "1"), ("up", "2"), ("up", "2"), ("stays", "3"), ("stays", "4"), ("stays", "5")]


def test_a_fresh_throw_tumbles_in_once_and_only_its_own_dice():
    t = Table(["Mette", "Henning"], dice=[2, 3, 4, 5, 6, 6, 2])
    t.act("Mette", {"type": "throw_all"})   # tray 2 3 4 5, the 6s up
    t.act("Henning", {"type": "throw"})     # a 2: the pair goes up, the turn passes
    v = t.view("Mette")
    look = TableLook(roll=True)
    html = felt_html(v, look)
    assert re.findall(r'class="die ([^"]*)" data-testid="tray-die"', html) == ["", "", ""]
    assert "up roll" in html  # the thrown 2 tumbles in on its way up
    assert " roll" not in felt_html(v, TableLook(roll=False))


def test_single_phone_turn_lines_say_din_tur_and_the_regular_throws():
    t = Table(["Mette", "Henning"], dice=[2, 3, 4, 5, 6, 6])
    look = TableLook(regulars=("Henning",), single="Mette")
    html = turn_html(t.view("Mette"), look)
    assert "Din tur" in html and 'data-state="mine"' in html
    assert "Kast alle dine terninger" in html  # B3: the first throw is all of them
    t.act("Mette", {"type": "throw_all"})
    html = turn_html(t.view("Mette"), look)
    assert "Henning kaster …" in html and 'data-state="regular"' in html


def test_pass_and_play_names_whose_turn_it_is():
    t = Table(["Mette", "Jonas"], dice=[2, 3, 4, 5, 6, 6])
    t.act("Mette", {"type": "throw_all"})
    assert "Jonas&#x27; tur" in turn_html(t.view("Jonas"), TableLook())
    assert genitive("Mette") == "Mettes" and genitive("Jonas") == "Jonas'"


def test_buttons_follow_the_rules_of_the_moment():
    t = Table(["Mette", "Henning"], dice=[2, 3, 4, 5, 6, 6, 6])
    look = TableLook()
    first = controls_html(t.view("Mette"), look)
    assert enabled(first) == {"throw_all"}, "B3: the first throw is all the dice"
    t.act("Mette", {"type": "throw_all"})  # tray 2 3 4 5 (the 6s up)
    html = controls_html(t.view("Henning"), look)
    assert enabled(html) == {"throw", "fejl-menu"}, "B4: one at a time; a fault may be called"
    t.act("Henning", {"type": "throw"})    # a 6: new, stays
    assert enabled(controls_html(t.view("Henning"), look)) == {"throw", "videre", "fejl-menu"}
    # Not Mette's turn: only Fejl.
    assert enabled(controls_html(t.view("Mette"), look)) == {"fejl-menu"}


def enabled(html: str) -> set[str]:
    return {m.group(1) for m in re.finditer(r'<button[^>]*data-action="([\w-]+)"(?![^>]*disabled)[^>]*>', html)}


def test_the_fejl_menu_lists_the_players_still_in_but_me_and_is_gone_without_faults():
    t = Table(["Mette", "Henning", "Kaj"], dice=[2, 3, 4, 5, 6, 6])
    t.act("Mette", {"type": "throw_all"})
    html = controls_html(t.view("Kaj"), TableLook(fejl_open=True))
    assert re.findall(r'data-testid="fejl-against" data-player="(\w+)"', html) == ["Mette", "Henning"]
    assert "Fejl mod Mette" in html
    t2 = Table(["Mette", "Henning"], Rules(faults=False), dice=[2, 3, 4, 5, 6, 6])
    t2.act("Mette", {"type": "throw_all"})
    assert "Fejl" not in controls_html(t2.view("Henning"), TableLook(fejl_open=True))


def test_the_fejl_menu_says_what_counts_as_a_fault_in_the_seeds_words():
    t = Table(["Mette", "Henning", "Kaj"], dice=[2, 3, 4, 5, 6, 6])
    t.act("Mette", {"type": "throw_all"})
    html = controls_html(t.view("Kaj"), TableLook(fejl_open=True))
    [what] = re.findall(r'data-testid="fejl-what">([^<]*)<', html)
    assert "røre bakken" in what and "tabe en terning" in what and "skifte hånd" in what
    assert "Bakke er et gentlemanspil!" in what


def test_a_fault_is_asked_first_who_what_it_costs_ja_fejl_or_fortryd():
    t = Table(["Mette", "Henning", "Kaj"], dice=[2, 3, 4, 5, 6, 6])
    t.act("Mette", {"type": "throw_all"})  # tray 2 3 4 5
    html = controls_html(t.view("Kaj"), TableLook(single="Kaj", fejl_open=True, fejl_confirm="Mette"))
    assert 'data-testid="fejl-confirm"' in html and 'role="alertdialog"' in html
    assert 'data-testid="fejl-menu"' not in html  # the question stands in for the menu
    assert "Fejl mod Mette?" in html
    assert "Du dømmer fejl mod Mette: Mette tager bakkens fire terninger op." in html
    assert "fortryde indtil næste kast" in html
    assert re.search(r'data-action="fejl-yes" data-testid="fejl-yes" data-player="Mette">Ja, fejl<', html)
    assert re.search(r'data-action="fejl-cancel" data-testid="fejl-cancel">Fortryd<', html)
    # pass-and-play: the question names the caller (the person whose table the phone shows)
    shared = controls_html(t.view("Kaj"), TableLook(fejl_confirm="Mette"))
    assert "Kaj dømmer fejl mod Mette" in shared
    # nobody to ask about once the name is no longer a target (a throw came first)
    assert "fejl-confirm" not in controls_html(t.view("Kaj"), TableLook(fejl_confirm="Kaj"))


def test_only_the_caller_is_offered_the_undo_until_the_next_throw():
    t = Table(["Mette", "Henning", "Kaj"], dice=[2, 3, 4, 5, 6, 6, 6])
    t.act("Mette", {"type": "throw_all"})
    t.act("Kaj", {"type": "fejl", "against": "Henning"})
    html = controls_html(t.view("Kaj"), TableLook(single="Kaj"))
    assert "undo-fejl" in enabled(html) and "Fejl mod Henning – kan fortrydes" in html
    for other in ("Mette", "Henning"):
        assert 'data-testid="fejl-undo"' not in controls_html(t.view(other), TableLook())
    t.act("Henning", {"type": "throw_all"})
    assert 'data-testid="fejl-undo"' not in controls_html(t.view("Kaj"), TableLook(single="Kaj"))


def test_game_over_says_who_gives_the_tuborg_and_offers_a_new_game():
    t = Table(["Mette", "Henning"], Rules(dice_per_player=1), dice=[1])
    t.act("Mette", {"type": "throw_all"})  # her only die is a 1: out, Henning is left
    v = t.view("Mette")
    html = controls_html(v, TableLook(single="Mette"))
    assert 'data-testid="new-game"' in html and enabled(html) == {"new-game"}
    banner = turn_html(v, TableLook(single="Mette"))
    assert 'data-state="over"' in banner and 'data-testid="tuborg">Henning giver en Tuborg<' in banner
    assert "Nyt spil: Henning begynder" in banner
    assert "Du giver en Tuborg" in turn_html(v, TableLook(single="Henning"))
    felt = felt_html(v, TableLook())
    assert "tabt</span>" in felt and "ude · 1." in felt and "Ingen terninger" in felt
    tally = tally_html(v)
    assert re.search(r'data-player="Henning".*?class="strokes">1<', tally)
    assert "1 spil færdige" in tally


def test_names_are_escaped_everywhere():
    t = Table(["<b>x</b>", "Kaj"], dice=[2, 3, 4, 5, 6, 6])
    v = t.view("Kaj")
    for html in (felt_html(v, TableLook(bubbles={"<b>x</b>": "<i>hej</i>"})), turn_html(v, TableLook()),
                 tally_html(v)):
        assert "<b>x</b>" not in html and "<i>" not in html


def test_the_seats_come_clockwise_from_the_holder_whose_seat_is_last():
    # bakke.css lays the felt out as a flow in the markup's order: the others in wrapping rows
    # from the holder's left, the tray, then the holder's own seat at the bottom.
    t = Table(["Mette", "Henning", "Kaj", "Lis"])
    html = felt_html(t.view("Kaj"), TableLook())
    assert re.findall(r'data-testid="seat" data-player="([^"]+)"', html) == ["Lis", "Mette", "Henning", "Kaj"]
    assert html.index('class="bakke-centre"') < html.index('data-player="Kaj"')
    assert "style=" not in html, "no seat is placed by hand: the flow places them"


def test_news_becomes_lines_bubbles_and_one_tumble():
    t = Table(["Mette", "Henning"], dice=[1, 1, 3, 3, 4, 5])
    t.act("Mette", {"type": "throw_all"})
    look = TableLook(single="Mette")
    said = absorb(look, t.events, lambda e: [("Henning", "Skål!")] if e["type"] == "throw" else [])
    assert said == ["Spil 1 – Du begynder", "Du kaster alle seks terninger: 1 1 3 3 4 5",
                    "To ettere ud af spillet", "Du samler to treere op"]
    assert look.roll and look.bubbles == {"Henning": "Skål!"} and look.fresh == {"Henning"}
    assert look.news.endswith("Du samler to treere op")


@pytest.mark.parametrize("event, line", [
    ({"type": "throw", "player": "Kaj", "mode": "one", "faces": [4]}, "Kaj slår en firer"),
    ({"type": "videre", "player": "Kaj"}, "Kaj: Videre!"),
    ({"type": "out", "player": "Kaj"}, "Kaj er ude – ingen terninger tilbage"),
    ({"type": "fejl", "player": "Lis", "against": "Kaj", "faces": [2, 5]},
     "Fejl! Lis dømmer fejl mod Kaj: Kaj tager to terninger op"),
    ({"type": "fejl", "player": "Lis", "against": "Mette", "faces": [2]},
     "Fejl! Lis dømmer fejl mod dig: du tager én terning op"),
    ({"type": "fejl_undone", "player": "Lis", "against": "Kaj", "faces": [2, 5]},
     "Lis fortryder fejlen mod Kaj: to terninger tilbage i bakken"),
    ({"type": "fejl_undone", "player": "Lis", "against": "Mette", "faces": [2]},
     "Lis fortryder fejlen mod dig: én terning tilbage i bakken"),
    ({"type": "fejl_undone", "player": "Mette", "against": "Kaj", "faces": [3, 4, 6]},
     "Du fortryder fejlen mod Kaj: tre terninger tilbage i bakken"),
    ({"type": "game_over", "loser": "Kaj"}, "Kaj sidder tilbage med terninger og giver en Tuborg"),
    ({"type": "pick_up", "player": "Mette", "face": 6, "count": 3}, "Du samler tre seksere op"),
])
def test_event_lines(event, line):
    assert event_line(event, me="Mette") == line


def test_turn_line_is_empty_without_a_turn():
    assert turn_line({"phase": "playing", "turn": None}, (), None) == ""


def test_counts_are_said_in_words():
    from app.bakke.words import dice_word

    assert [dice_word(n) for n in (0, 1, 2, 13)] == ["ingen terninger", "én terning", "to terninger",
                                                      "13 terninger"]
