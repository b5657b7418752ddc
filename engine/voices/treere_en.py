"""Treere in English: the regulars at the Treere table, speaking English to a guest.

Treere is lowest score wins and threes count nothing; a score is said as an English number
word, five zero dice are "five threes" (or the evening's zero face, T7), the pot stays "the
pot" and a toast *Skål*. Every list has as many lines as in treere_da.py, in the same order.
"""
from __future__ import annotations

PLURAL = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}

LINES: dict[str, dict[str, list[str]]] = {
    "henning": {
        "zero": ["Five {zeros}! Pour up, mate.", "Zero! That's how it's done."],
        "good": ["{score}. That'll hold, eh.", "{score}. I'll take that."],
        "bad": ["{score}. Beat that.", "Hm, {score}."],
        "over": ["That's Henning out.", "Blast it, over."],
        "win": ["The pot's mine. Skål!", "Same as always."],
        "lose": ["Well thrown.", "The next pot is mine."],
        "tie": ["A tie! Once more, everyone.", "One tied, all tied."],
        "keep_all": ["I'll stand.", "That's good enough."],
    },
    "careful": {
        "zero": ["Five {zeros}… I hadn't counted on that.", "Zero! Oh my."],
        "good": ["{score}. That's good enough for me.", "I'll stick with {score}."],
        "bad": ["{score}… that'll be hard.", "Um, {score}."],
        "over": ["Oh no, over.", "That didn't work."],
        "win": ["Oh my, thank you for the pot.", "Nice and steady."],
        "lose": ["Congratulations.", "What a shame."],
        "tie": ["A tie? Then we throw again.", "Once more, please."],
        "keep_all": ["I'll stop here.", "That's enough for me."],
    },
    "bluffer": {
        "zero": ["Five {zeros}. Just as ordered.", "Zero! And you thought I was bluffing."],
        "good": ["{score}. Luck? No, talent.", "{score}, and that's cheap."],
        "bad": ["{score}. That was on purpose.", "{score}. Beat it if you dare."],
        "over": ["Over. That was a feint.", "I'm saving that one for next time."],
        "win": ["Who fooled who?", "The pot, thank you."],
        "lose": ["You saw that coming, eh?", "That one nearly made it."],
        "tie": ["A tie! Off we go again.", "One tied, all tied. Pour up."],
        "keep_all": ["I'll stand. Go on, try.", "Done."],
    },
    "reckless": {
        "zero": ["FIVE {ZEROS}! Skål!", "ZERO! Now we're rolling!"],
        "good": ["{score}! Beat that!", "{score}, and it's now or never!"],
        "bad": ["{score}. Never mind!", "{score}! I'll throw on next time."],
        "over": ["Argh! Over!", "The dice did it."],
        "win": ["YES! The pot's mine!", "Now we're rolling!"],
        "lose": ["Argh! Once more!", "Next pot!"],
        "tie": ["A TIE! Again, again!", "Once more, dammit!"],
        "keep_all": ["That'll stand!", "Enough for now!"],
    },
    "sharp": {
        "zero": ["Five {zeros}. Zero.", "Zero. Statistically rare."],
        "good": ["{score}. That usually does it.", "{score}."],
        "bad": ["{score}. The best the dice would give.", "{score}."],
        "over": ["Over. It was the right risk.", "Well. Over."],
        "win": ["As calculated.", "Thanks for the pot."],
        "lose": ["Unlucky. It happens.", "Hm. Well thrown."],
        "tie": ["A tie. The round again.", "One tied, all tied."],
        "keep_all": ["I'll stand.", "That's the best play."],
    },
}
