"""The Bakke regulars: legal actions only, from the view alone, seeded, in their own voices."""
from __future__ import annotations

import copy
import random

import pytest

from engine.bakke import Rules, Table, bots
from engine.bakke import optimal as o
from engine.errors import IllegalAction

NAMES = [r["name"] for r in bots.REGULARS]


def play(players, dice: int = 6, seed: int = 0, first: str | None = None,
         check=None, max_actions: int = 20_000) -> Table:
    """One game on the real Table; every action goes through Table.act (which refuses any
    illegal one); ``check(table, who, action)`` sees each decision."""
    by_name = {p.name: p for p in players}
    table = Table(list(by_name), rules=Rules(dice_per_player=dice), seed=seed, first=first)
    for _ in range(max_actions):
        if table.phase == "over":
            return table
        who = table.turn
        view = table.view(who)
        action = by_name[who].decide(view)
        if check:
            check(table, who, action)
        assert action["type"] in view["legal"] and action["type"] != "fejl"
        table.act(who, action)
    raise AssertionError("the game did not end")


def test_the_five_regulars_and_naive() -> None:
    assert NAMES == ["Henning", "Grethe", "Kaj", "Ronni", "Lis"]
    for info in bots.REGULARS:
        assert info["description"] and info["style"] in bots.POLICIES
        assert bots.regular(info["name"].upper()).name == info["name"]
    assert bots.simpel().name == "Simpel" and bots.simpel("Bo").name == "Bo"
    with pytest.raises(IllegalAction):
        bots.regular("Preben")


@pytest.mark.parametrize("seed", range(12))
def test_random_tables_only_legal_actions(seed: int) -> None:
    """2–5 seats of regulars and Simpel players, 1–6 dice: every decision is legal, nobody calls
    *Fejl*, and the game ends with a loser."""
    rng = random.Random(seed)
    seats = rng.randint(2, 5)
    names = rng.sample(NAMES, seats - 1)
    players = [bots.regular(n, seed=seed) for n in names] + [bots.simpel(seed=seed)]
    rng.shuffle(players)
    table = play(players, dice=rng.randint(1, 6), seed=seed)
    assert table.loser in {p.name for p in players}


def test_policies_are_distributions_over_legal_choices() -> None:
    for hands in [(3, 4), (2, 5, 1), (6, 2, 2, 3)]:
        for mask in (0, 0b00011, 0b01110, 0b11111):
            for thrown in (False, True):
                spot = o.Spot(hands, mask, thrown)
                for style, policy in bots.POLICIES.items():
                    mixed = policy(spot)
                    assert set(mixed) <= set(spot.options()), style
                    assert sum(mixed.values()) == pytest.approx(1.0)


def _views_alike(view: dict) -> dict:
    """The same decision in a view whose irrelevant parts differ: events, last throw, tally,
    game number, the names of the others (same seats, same hands)."""
    other = copy.deepcopy(view)
    other["events"] = list(reversed(other["events"]))[:1]
    other["last"] = None
    other["tally"] = {p: 7 for p in other["tally"]}
    other["game_no"] = 42
    rename = {p: (p if p == view["me"] else f"X{i}") for i, p in enumerate(view["players"])}
    other["players"] = [rename[p] for p in view["players"]]
    other["hands"] = {rename[p]: n for p, n in view["hands"].items()}
    other["in_game"] = [rename[p] for p in view["in_game"]]
    other["out"] = [rename[p] for p in view["out"]]
    return other


@pytest.mark.parametrize("name", NAMES)
def test_decides_from_the_view_alone(name: str) -> None:
    """The same decision on a view with the irrelevant details changed, and the table is never
    touched (a regular gets the view, not the table)."""
    seen = []

    def check(table, who, action):
        if who != name:
            return
        view = table.view(who)
        twin_a, twin_b = bots.regular(name, seed=9), bots.regular(name, seed=9)
        assert twin_a.decide(view) == twin_b.decide(_views_alike(view))
        seen.append(action)

    others = [bots.simpel("Bo", seed=1), bots.simpel("Mette", seed=2)]
    for seed in range(4):
        play([bots.regular(name, seed=seed), *others[: 1 + seed % 2]], seed=seed, check=check)
    assert seen


def test_seeded_games_replay() -> None:
    """The same seeds give the same game, action for action (Ronni's coin included)."""
    def game(seed):
        return play([bots.regular("Ronni", seed=seed), bots.regular("Henning", seed=seed + 1),
                     bots.simpel(seed=seed)], seed=seed).log

    assert game(3) == game(3)
    assert game(3) != game(4)


def test_lis_plays_the_exact_choice_heads_up() -> None:
    """Every decision Lis makes heads-up is the DP's best choice for her position."""
    h = o.heads_up()

    def check(table, who, action):
        if who != "Lis":
            return
        view = table.view(who)
        other = next(p for p in view["players"] if p != "Lis")
        values = h.choice_values(view["hands"]["Lis"], view["hands"][other],
                                 o.mask_of(view["tray"]), view["thrown"] > 0,
                                 view["first_throw"])
        assert values[action["type"]] >= max(values.values()) - 1e-9

    for seed in range(6):
        play([bots.regular("Lis", seed=seed), bots.simpel(seed=seed)], seed=seed, check=check)


def test_scripted_choices() -> None:
    """Empty tray: Lis throws all (B5). After a die with five faces in the tray: *Videre*. Simpel
    says *Videre* after its one die; Ronni sometimes throws on where Lis would not."""
    t = Table(["Bo", "Lis"], dice=[2, 2, 3, 3, 4, 4])
    t.act("Bo", {"type": "throw_all"})  # all picked up: Bo holds six, the tray is empty
    assert bots.regular("Lis").decide(t.view("Lis")) == {"type": "throw_all"}
    t = Table(["Lis", "Bo"], dice=[6, 6, 2, 3, 4, 5, 1])
    t.act("Lis", {"type": "throw_all"})  # Lis keeps 6,6; tray 2 3 4 5
    t.act("Bo", {"type": "throw"})  # a 1: out of the game; Bo may go on
    assert bots.simpel("Bo").decide(t.view("Bo")) == {"type": "videre"}
    for name in ("Lis", "Ronni"):
        assert bots.regular(name).decide(_mid_turn(name, [2, 3, 4, 5, 6])) == {"type": "videre"}
    # Two dice against six, four faces in the tray: the optimum says *Videre*, Ronni throws on
    # half the time.
    spot_view = _mid_turn("Ronni", [2, 3, 4, 5])
    assert bots.regular("Lis").decide(_mid_turn("Lis", [2, 3, 4, 5])) == {"type": "videre"}
    ronni = {bots.regular("Ronni", seed=s).decide(spot_view)["type"] for s in range(20)}
    assert ronni == {"throw", "videre"}


def _mid_turn(me: str, tray: list[int]) -> dict:
    """A heads-up view: ``me`` with two dice after a die this turn, the other with six."""
    t = Table([me, "Bo"], seed=1)
    view = t.view(me)
    view.update(tray=tray, hands={me: 2, "Bo": 6}, thrown=1, first_throw=False,
                legal=["throw", "videre", "fejl"])
    return view


def test_bad_views_are_refused() -> None:
    t = Table(["Lis", "Bo"], seed=1)
    lis = bots.regular("Lis")
    with pytest.raises(IllegalAction):
        lis.decide(t.view("Bo"))  # another seat's view
    t2 = Table(["Bo", "Lis"], seed=1)
    with pytest.raises(IllegalAction):
        lis.decide(t2.view("Lis"))  # not her turn
    good = t.view("Lis")
    for broken in ({**good, "game": "snyd"}, {**good, "tray": [1]}, {**good, "tray": [3, 3]},
                   {**good, "hands": {"Lis": "6", "Bo": 6}}, {**good, "thrown": -1}, [], None,
                   {**good, "legal": []}, {**good, "tray": [[2]]}, {**good, "players": [["Lis"]]},
                   {**good, "me": ["Lis"]}, {**good, "thrown": True}, {**good, "turn": None},
                   {**good, "legal": "throw"}):
        with pytest.raises(IllegalAction):
            lis.decide(broken)


def test_speech_on_own_events() -> None:
    """Lines for its own throws, *Videre*, pick-ups, going out, losing and a fault called on it;
    nothing for the others' events."""
    henning = bots.regular("Henning", seed=1)
    view = Table(["Henning", "Bo"], seed=1).view("Henning")
    events = [
        {"type": "videre", "player": "Henning"},
        {"type": "throw", "player": "Henning", "mode": "all", "faces": [2, 3]},
        {"type": "ones_out", "player": "Henning", "count": 1},
        {"type": "pick_up", "player": "Henning", "face": 5, "count": 2},
        {"type": "out", "player": "Henning"},
        {"type": "game_over", "loser": "Henning", "game_no": 1, "out": ["Bo"]},
        {"type": "fejl", "player": "Bo", "against": "Henning", "faces": [3]},
    ]
    lines = [henning.say(e, view) for e in events]
    assert all(isinstance(line, str) and line for line in lines)
    assert "femmere" in lines[3].lower() or "{" not in lines[3]
    assert "Bo" in henning.say({"type": "game_over", "loser": "Bo", "game_no": 1, "out": []}, view)
    for e in [{"type": "videre", "player": "Bo"},
              {"type": "throw", "player": "Henning", "mode": "one", "faces": [4]},
              {"type": "new_game", "game_no": 2, "players": ["Henning", "Bo"], "first": "Bo"}]:
        assert henning.say(e, view) is None
    with pytest.raises(IllegalAction):
        henning.say("videre", view)


def test_danish_possessive_in_messages() -> None:
    assert bots.genitive("Kaj") == "Kajs" and bots.genitive("Lis") == "Lis'"
    assert bots.genitive("Max") == "Max'" and bots.genitive("") == "s"
    with pytest.raises(IllegalAction, match="Lis' tur"):
        bots.regular("Lis").decide(Table(["Bo", "Lis"], seed=1).view("Lis"))


def test_memory_is_empty_and_recall_checks_it() -> None:
    lis = bots.regular("Lis")
    assert lis.memory() == {}
    lis.recall({})
    with pytest.raises(IllegalAction):
        lis.recall({"seen": []})
