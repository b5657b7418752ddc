from app.home.player_settings import DEFAULTS, clean_settings, practice_wanted, tempo_factor


def test_garbage_gives_defaults():
    assert clean_settings(None) == DEFAULTS
    assert clean_settings("x") == DEFAULTS
    assert clean_settings({"sound": "yes", "tempo": "lynhurtig", "name": "  "}) == DEFAULTS


def test_valid_values_kept():
    s = clean_settings({"name": " Mette ", "sound": False, "tempo": "hurtig", "practice": True})
    assert s["name"] == "Mette" and s["sound"] is False and s["practice"] is True
    assert tempo_factor(s) < tempo_factor(DEFAULTS)


def test_practice_never_under_hidden_count():
    on = {"practice": True}
    assert practice_wanted(on, {"practice": False}, has_regulars=True)
    assert not practice_wanted(on, {"practice": False}, has_regulars=False)
    assert practice_wanted({}, {"practice": True}, has_regulars=False)
    assert not practice_wanted(on, {"practice": True, "hidden_count": True}, has_regulars=True)
