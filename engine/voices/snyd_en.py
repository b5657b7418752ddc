"""Snyd in English: Danish regulars speaking English to a guest at their table.

The pub's own words stay, glossed in the bids where a guest meets them: "five møller (fives)",
"four lujer (fours)", "three af de store (sixes)". The call stays *Løft* (the app's button says
Call), a game lost in Viborg alone is a *selvbinder*, and a toast is *Skål*. Every list has as
many lines as in snyd_da.py, in the same order, so a seeded rng picks the same moment's line.
"""
from __future__ import annotations

SINGULAR = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
PLURAL = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}
# The nicknames with their gloss, from two dice up, as in Danish.
NICKNAMES = {4: "lujer (fours)", 5: "møller (fives)", 6: "af de store (sixes)"}
ONE = "one {face}"
MANY = "{n} {faces}"
KIND = "{n} of a kind"

LINES: dict[str, dict[str, list[str]]] = {
    "henning": {
        "call": ["Løft!", "Not buying that one. Løft!", "Let's have a look, mate. Løft."],
        "win": ["Skål!", "That's Henning off the hook.", "Same as always."],
        "lose": ["Blast it.", "Didn't see that one coming."],
        "viborg": ["Viborg again. I know the way.", "Off to Viborg, then, eh."],
        "selvbinder": ["A selvbinder! The next round's on me."],
        "home": ["Back home to the green mat."],
    },
    "careful": {
        "call": ["Løft, please.", "I don't believe that. Løft.", "Let's just have a look. Løft."],
        "win": ["Oh my, thank you for the game.", "Nice and steady."],
        "lose": ["Oh dear.", "What a shame."],
        "viborg": ["Viborg? That wasn't the idea at all."],
        "selvbinder": ["A selvbinder… it happens to the best of us."],
        "home": ["Good to be home."],
    },
    "bluffer": {
        "call": ["Løft! I can smell a lie.", "Snyd! Løft!", "That's a bit rich. Løft."],
        "win": ["Who fooled who?", "Poker face, friends."],
        "lose": ["You saw that coming, eh?", "That one nearly made it."],
        "viborg": ["Viborg is a town too.", "I was going that way anyway."],
        "selvbinder": ["Selvbinder! Pour up, it's on me."],
        "home": ["Back again, as if nothing happened."],
    },
    "reckless": {
        "call": ["LØFT!", "Cups up!", "Løft, dammit!"],
        "win": ["YES! Skål!", "Now we're rolling!"],
        "lose": ["Argh! Once more!", "The dice did it."],
        "viborg": ["Viborg, here I come!", "Viborg it is, then."],
        "selvbinder": ["Selvbinder! Did that on purpose, I swear."],
        "home": ["Home, and full speed again!"],
    },
    "sharp": {
        "call": ["Løft. The sums don't add up.", "Løft.", "That doesn't hold. Løft."],
        "win": ["As calculated.", "Thanks for the game."],
        "lose": ["Unlucky. It happens half the time.", "Hm. Well played."],
        "viborg": ["Viborg. Temporarily.", "Well. Viborg."],
        "selvbinder": ["A selvbinder. Statistically rare, sadly not impossible."],
        "home": ["Home again."],
    },
}

BID_LINES: dict[str, list[str]] = {
    "henning": ["{bid}.", "{bid}, mate.", "Let's say {bid}."],
    "careful": ["{bid}.", "Um… {bid}."],
    "bluffer": ["{bid}!", "At least {bid}.", "{bid}, and that's cheap."],
    "reckless": ["{bid}!", "{bid}, and it's now or never!"],
    "sharp": ["{bid}.", "{bid}."],
}
