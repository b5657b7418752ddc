import pytest
from app.snyd.announcements import (
    announce,
    announce_all,
    bid_words,
    count_words,
    lines_for,
    number,
    peek_words,
    verdict,
)


@pytest.mark.parametrize("n,word", [(1, "en"), (2, "to"), (5, "fem"), (11, "elleve"), (13, "tretten"),
                                    (20, "tyve"), (21, "enogtyve"), (36, "seksogtredive"), (40, "fyrre"),
                                    (52, "tooghalvtreds")])
def test_number_words(n, word):
    assert number(n) == word


@pytest.mark.parametrize("q,f,text", [(5, 5, "fem femmere"), (1, 2, "en toer"), (2, 4, "to firere"),
                                      (7, None, "syv af en slags"), (3, 1, "tre ettere"), (1, 6, "en sekser")])
def test_bid_words_plain_danish(q, f, text):
    assert bid_words(q, f) == text


def test_verdict_held_and_lie():
    assert verdict({"held": True, "loser": "Mette"}) == "Buddet holdt – Mette taber runden"
    assert verdict({"held": False, "loser": "Henning"}) == "Buddet var løgn – Henning taber runden"


def test_reveal_line_has_the_count_except_under_hidden_count():
    e = {"type": "reveal", "count": 4, "face": 5, "held": False, "loser": "Bo"}
    assert announce(e, {"rules": {}}) == "Der var fire femmere. Buddet var løgn – Bo taber runden"
    assert announce(e, {"rules": {"hidden_count": True}}) == "Buddet var løgn – Bo taber runden"
    assert count_words(1, 3) == "Der var en treer"


def test_evening_news():
    assert announce({"type": "out", "player": "Mette"}) == "Mette er slap"
    assert announce({"type": "to_viborg", "player": "Bo"}) == "Bo ryger til Viborg"
    assert announce({"type": "final", "players": ["Bo", "Ib"]}) == "Finalen i Viborg: Bo og Ib"
    assert "tabt helt" in announce({"type": "lost_completely", "player": "Bo", "selvbinder": False})
    assert "Selvbinder" not in announce({"type": "lost_completely", "player": "Bo", "selvbinder": False})
    assert announce({"type": "lost_completely", "player": "Bo", "selvbinder": True}).endswith("Selvbinder!")
    assert announce({"type": "put_away", "player": "Bo"}) is None


def test_home_by_win_named_but_not_after_a_loss_completely():
    v = {"rules": {"home_by_win": True, "viborg": True}}
    assert announce_all([{"type": "home", "player": "Bo"}], v) == ["Bo kommer hjem ved sejr"]
    batch = [{"type": "lost_completely", "player": "Ib", "selvbinder": False},
             {"type": "home", "player": "Ib"}, {"type": "home", "player": "Bo"}]
    lines = lines_for(batch, v)
    assert lines[1] == [] and lines[2] == []
    assert lines[0][-1] == "Alle måtterne vendes tilbage til grøn"
    assert announce_all([{"type": "home", "player": "Bo"}], {"rules": {}}) == ["Bo kommer hjem til grøn"]


def test_peek_words_say_the_own_dice_in_order():
    assert peek_words([6, 2, 3]) == "Dine terninger: 2, 3 og 6"
    assert peek_words([5]) == "Dine terninger: 5"
