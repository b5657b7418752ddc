"""Bakke in English: the regulars at the tray, speaking English to a guest.

The table's calls stay Danish: *Videre* (the turn goes on to the next player, said out loud)
and *Fejl* (a foul: a die off the tray); the loser buys a *Tuborg*, and a toast is *Skål*.
Every list has as many lines as in bakke_da.py, in the same order (a seeded rng picks alike).
"""
from __future__ import annotations

SINGULAR = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
PLURAL = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}
SOME_DICE = "dice"
MATE = "mate"

LINES: dict[str, dict[str, list[str]]] = {
    "henning": {
        "videre": ["Videre!", "Videre, mate.", "Videre, then. Your go."],
        "throw_all": ["In they all go.", "All hands in the tray!"],
        "ones": ["A joker, that one's out.", "The one goes."],
        "pick_up": ["Well, I'll have to take the {face} back.", "{Face} back in my hand, blast it."],
        "out": ["Skål! That's Henning off the hook.", "I'm out. Same as always."],
        "lose": ["Blast it. The Tuborg's on me.", "Last with dice. Skål, the rest of you."],
        "cheers": ["Skål, {who}! That Tuborg will taste good.", "So it's {who} buying."],
        "fejl": ["Fejl? I barely touched the tray.", "Fair enough, I'll pick them up."],
    },
    "careful": {
        "videre": ["Videre, please.", "I'll say videre.", "Videre. I daren't go on."],
        "throw_all": ["I'll try them all at once.", "Well then, I'll throw them all."],
        "ones": ["Oh, a one. Lovely.", "That one's out of the game."],
        "pick_up": ["Oh no, {face} back in my hand.", "Shame about those {face}."],
        "out": ["Oh my, I'm out. Thank you for the game.", "Nice and steady, and I'm out."],
        "lose": ["Oh dear. The Tuborg's on me, then.", "What a shame. Skål, everyone."],
        "cheers": ["Thanks for the game, {who}. And for the beer.", "Skål, {who}."],
        "fejl": ["Sorry! I didn't mean to at all.", "Oh, that was my sleeve."],
    },
    "bluffer": {
        "videre": ["Videre, and that was the plan.", "Videre!", "Videre. You saw nothing."],
        "throw_all": ["All of them, poker face.", "Watch and learn."],
        "ones": ["A one! Just as ordered.", "A joker, of course."],
        "pick_up": ["{Face}? That was on purpose.", "I'm just collecting a few {face}."],
        "out": ["Out! Who fooled who?", "Poker face, friends. I'm out."],
        "lose": ["You saw that coming, eh? Tuborg's on me.", "That one nearly made it."],
        "cheers": ["{who} is buying! Saw that coming.", "Skål, {who}. I knew it."],
        "fejl": ["Fejl? Prove it.", "I never touched that tray."],
    },
    "reckless": {
        "videre": ["Videre, dammit!", "VIDERE!", "Oh, videre then."],
        "throw_all": ["ALL OF THEM! In they go!", "Full throttle, all in the tray!"],
        "ones": ["A one! One more!", "Out with it! And another!"],
        "pick_up": ["Argh, {face}! The dice did it.", "{Face}?! Then I'll just throw again."],
        "out": ["YES! Out! Skål!", "Now we're rolling! I'm out!"],
        "lose": ["Argh! Once more! The Tuborg's on me.", "The dice did it."],
        "cheers": ["SKÅL, {who}! Another one!", "{who} is buying! Now we're rolling!"],
        "fejl": ["Fejl?! That tray was in the way!", "Fine, give me the lot."],
    },
    "sharp": {
        "videre": ["Videre.", "Videre. The tray is yours.", "Videre, it's the right call here."],
        "throw_all": ["All at once. The best play on an empty tray.", "All of them."],
        "ones": ["A one. One fewer.", "The one goes out."],
        "pick_up": ["{Face} back. As expected.", "Hm. {Face} back in hand."],
        "out": ["Out. As calculated.", "Thanks for the game."],
        "lose": ["Unlucky. The Tuborg's on me.", "Hm. Well played, skål."],
        "cheers": ["Skål, {who}.", "Thanks for the game, {who}."],
        "fejl": ["Fejl? Then I'll take them.", "Correct. I'll take the tray."],
    },
}
