"""The Snyd table in English: every key the code builds exists, the lines agree with their
subject ("You lose", "Mette loses"), and the screens' markup speaks English with no Danish left."""
import re

import pytest
from app import lang
from app.snyd import announcements as ann
from app.snyd.bid_picker import BidPicker
from app.snyd.reveal_steps import SPECIAL_KINDS, steps
from app.snyd.setup_markup import Draft, setup_html
from app.snyd.table_markup import CONNECTION_TAGS, TableLook, controls_html, felt_html, handoff_html
from app.snyd.table_session import Session
from app.snyd.table_setup import HOUSE_RULES, RULE_SETS, Seat, default_seats
from app.snyd.tally_board import tally_html

from engine.snyd import Rules, Table
from engine.snyd.bots import REGULARS

# Danish words the snyd catalogue moved out of the code: none may show in English.
DANISH = ["Løft", "Byd", "Kig", "Næste", "Buddet", "taber", "Spiller", "terninger", "Tavlen", "Dæk",
          "Husregler", "Regelsæt", "Stamgæst", "Tilbage", "Giv telefonen", "ryger", "slap</", " ens",
          "Spil ", "Runde", "trappe =", "enlig", "Der var", "tænker", "lægger", "Øvebord", "streg"]


def danish_in(html):
    text = re.sub(r"<[^>]+>", "<", html)  # the words between tags (names of regulars stay)
    return [w for w in DANISH if w in text or w in html]


def test_every_key_the_code_builds_exists_in_both_languages():
    keys = [f"snyd.ruleset.{r.key}{end}" for r in RULE_SETS for end in ("", ".text")]
    keys += [f"snyd.house.{h.rule_id}{end}" for h in HOUSE_RULES for end in ("", ".text")]
    keys += [f"snyd.label.{k}" for k in SPECIAL_KINDS] + [f"snyd.tag.{s}" for s in CONNECTION_TAGS]
    keys += [f"snyd.regular.{r['style']}" for r in REGULARS]
    keys += [f"{k}{you}" for k in list(ann.ABOUT_PLAYER.values()) + [
        "snyd.verdict.held", "snyd.verdict.lie", "snyd.line.lost_completely", "snyd.line.selvbinder",
        "snyd.line.home_by_win", "snyd.line.deal", "snyd.opens", "snyd.fault"] for you in ("", ".you")
        if not (k == "snyd.fault" and you)]
    keys += [f"snyd.count.{kind}.{n}" for kind in ("kind", "face") for n in ("one", "many")]
    for code in lang.LANGUAGES:
        missing = [k for k in keys if k not in lang.catalogue(code)]
        assert missing == [], code


def test_bids_counts_and_verdicts_in_english(english):
    assert ann.bid_words(5, 5) == "five fives"
    assert ann.bid_words(7, None) == "seven of a kind"
    assert ann.count_words(4, 5) == "There were four fives"
    assert ann.count_words(1, 3) == "There was one three"
    assert ann.count_words(0, 2) == "There were no twos"
    assert ann.count_words(3, None) == "There were three alike"
    assert ann.verdict({"held": True, "loser": "Mette"}) == "The bid held – Mette loses the round"
    assert ann.verdict({"held": False, "loser": "You"}) == "The bid was a lie – You lose the round"
    assert ann.peek_words([6, 2, 3]) == "Your dice: 2, 3 and 6"


def test_the_news_agrees_with_its_subject(english):
    assert ann.announce({"type": "to_viborg", "player": "Bo"}) == "Bo goes to Viborg"
    assert ann.announce({"type": "to_viborg", "player": "You"}) == "You go to Viborg"
    assert ann.announce({"type": "deal", "round_no": 2, "starter": "You"}) == "Round 2 – You start"
    assert ann.announce({"type": "call", "player": "Ib"}) == "Ib: Call!"
    assert ann.announce({"type": "final", "players": ["Bo", "Ib"]}) == "The final in Viborg: Bo and Ib"
    line = ann.announce({"type": "lost_completely", "player": "Bo", "selvbinder": True})
    assert line.startswith("Bo has lost completely") and "Selvbinder" in line
    lines = ann.announce_all([{"type": "lost_completely", "player": "Ib", "selvbinder": False}],
                             {"rules": {"viborg": True}})
    assert lines[-1] == "All the mats turn back to green"


def test_slap_lines_merge_with_the_plural_in_english(english):
    lines = [ann.announce({"type": "out", "player": p}) for p in ("Henning", "You", "Kaj")]
    assert lines[1] == "You are slap (out and safe)"
    assert ann.merge_slap(lines + ["Ib loses the game"]) == [
        "Henning, You and Kaj are slap (out and safe)", "Ib loses the game"]
    assert ann.merge_slap(["Kaj is slap (out and safe)"]) == ["Kaj is slap (out and safe)"]


def test_the_lines_are_the_same_in_danish_for_du_and_a_name():
    assert ann.announce({"type": "to_viborg", "player": "Du"}) == "Du ryger til Viborg"
    assert ann.merge_slap(["Du er slap", "Ib er slap"]) == ["Du og Ib er slap"]


def test_set_the_table_in_english(english):
    d = Draft(seats=default_seats())
    assert d.seats[0].name == "You"
    d.house_open = True
    html = setup_html(d, list(REGULARS), saved=True)
    for words in ("Set the table", "House rules", "Rule set", "Dice per player", "+ Regular", "Start game",
                  "Straights (trapper)", "Hidden count", "Back to the table", "Knows the way to Viborg".lower()):
        assert words in html or words in html.lower(), words
    assert danish_in(html) == []
    d.choose_mode("friends")
    assert d.seats[0].name == "Host" and "Invite your friends" in setup_html(d, list(REGULARS), False)


def test_a_refusal_on_set_the_table_shows_the_english_half(english):
    d = Draft(seats=[Seat(f"P{i}", "human") for i in range(8)])
    with pytest.raises(ValueError) as err:
        d.add_human()
    assert str(err.value) == "Der er plads til 8 ved bordet (The table seats 8)"  # both halves, as logged
    d.error = str(err.value)
    assert ">The table seats 8<" in setup_html(d, list(REGULARS), False)
    d2 = Draft(seats=[Seat("Ann", "human"), Seat("Bo", "human")])
    d2.add_human()
    assert d2.seats[-1].name == "Anne"  # a pub's first name (Bo is taken), not "Player 3"


def revealed(hands, bid, rules, caller="Henning"):
    t = Table(["Mette", "Henning", "Ib"][: len(hands)], rules, seed=1, first="Mette")
    t.deal(hands)
    t.act("Mette", {"type": "bid", "quantity": bid[0], "face": bid[1]})
    t.act(caller, {"type": "call"})
    return t


def test_the_reveal_in_english(english):
    t = revealed([[3, 1, 2], [6, 6, 4], [1, 2, 6]], (5, 6), Rules(dice_per_player=3, stairs=True))
    v = t.view("Mette")
    assert steps(v)[0].label == "straight = 4"
    html = felt_html(v, TableLook()) + controls_html(v, TableLook())
    assert "Counted: " in html and "Next round" in html
    assert "The bid held – Henning loses the round" in html and "There were eight sixes" in html
    assert danish_in(html) == []
    pair = revealed([[1, 2], [6, 3]], (4, 6), Rules(dice_per_player=2)).view("Mette")
    assert "1+2 = 3" in felt_html(pair, TableLook())
    assert "lone 1 = 2" in felt_html(revealed([[1], [5]], (2, 5), Rules(dice_per_player=1)).view("Mette"),
                                     TableLook())


def test_the_table_while_bidding_in_english(english):
    t = Table(["Mette", "Henning", "Ib"], Rules(dice_per_player=3, practice=True), seed=1, first="Mette")
    t.deal([[2, 3, 4], [5, 5, 1], [6, 6, 6]])
    v = t.view("Mette")
    look = TableLook(can_peek=True, picker=BidPicker.for_view(v), step={"kind": "human", "player": "Mette"},
                     advice={"current": None, "raises": [], "suggestion": {"type": "call"}})
    html = felt_html(v, look) + controls_html(v, look) + handoff_html("Ib")
    for words in (">Peek<", ">Bid<", ">Call<", "Your turn", "Mette opens", "Game 1 · Round 1",
                  "1 – one", "⚁ two", "Suggestion: <b>Call</b>", "Pass the phone to Ib", "I&#x27;m Ib"):
        assert words in html, words
    assert danish_in(html) == []


def test_tavlen_in_english(english):
    v = {"players": ["Mette", "You"], "tally": {"Mette": 1, "You": 7}, "selvbinder": {}, "viborg": ["You"]}
    html = tally_html(v)
    assert "Strokes this evening" in html and 'aria-label="1 stroke"' in html and 'aria-label="7 strokes"' in html
    assert danish_in(html) == []


def test_the_regulars_are_asked_to_speak_the_players_language(english):
    class Plodder:  # opens with the smallest bid and says what it was asked in
        def __init__(self, name, seed):
            self.said_in = None

        def decide(self, view):
            return {"type": "bid", "quantity": 1, "face": 2}

        def say(self, event, view, lang="da"):
            self.said_in = lang
            return "Så siger vi det!"

    s = Session([Seat("Mette", "human"), Seat("Ib", "regular")], Rules(dice_per_player=2), seed=3,
                first="Ib", regular_factory=Plodder)
    s.play_regular()
    [news] = [n for n in s.news() if n.event["type"] == "bid"]
    assert news.bubble == ("Ib", "Så siger vi det!") and s.regulars["Ib"].said_in == "en"
    assert news.lines == ["Ib: one two"]


def test_the_default_seat_follows_a_switch_of_language():
    d = Draft(seats=[Seat("Du", "human"), Seat("Henning", "regular"), Seat("Ib", "human")])
    lang.set_language("en")
    try:
        d.follow_language()
        assert [s.name for s in d.seats] == ["You", "Henning", "Ib"]
    finally:
        lang.set_language("da")
    d.follow_language()
    assert d.seats[0].name == "Du"
