"""English texts of the tutorial area (keys "tutorial.…"); see app/lang/__init__.py.

Plain English on the buttons ("Peek", "Call", "Bid 3 fours", "Throw one", "Roll"); the pub's
own words stay in the texts with a gloss where the game uses them: Viborg, tabt helt, møller
(fives), 1+2 til sidst, en enlig 1'er (a lone 1), Løft, Videre (pass), Fejl (fault), Tuborg.
A step's text ends with the sentence that names its button, in the button's own words
(tests/ui/test_tutorial_scripts.py checks it in both languages).
"""

TEXT: dict[str, str] = {
    # The runner and its screen (app/tutorial/runner.py, app/tutorial/markup.py)
    "tutorial.title": "Learn to play",
    "tutorial.heading": "Learn to play – {game}",
    "tutorial.progress": "Step {n} of {total}",
    "tutorial.skip": "Skip",
    "tutorial.back": "Back",
    # The button on each game's Dæk bordet (app/<game>/setup_markup.py)
    "tutorial.open": "Learn to play",
    "tutorial.next": "Next",
    "tutorial.done": "Done",
    "tutorial.nudge": "Not that one – read the text and try again.",
    "tutorial.finished": "Well played! Now you know the table.",
    "tutorial.play": "Play for real",
    "tutorial.kig": "Peek",
    "tutorial.keep": "Keep",
    "tutorial.you": "You",
    # The start screen's first-start offer (app/home/start.py)
    "tutorial.offer": "New at the table? Learn Snyd in a minute against Henning.",
    "tutorial.offer_yes": "Learn to play",
    "tutorial.offer_no": "No thanks",
    # The peek hints, at the Snyd table and in the tutorial (app/snyd/peek_hint.py)
    "tutorial.peek.swipe": "Swipe up to peek",
    "tutorial.peek.hold": "Hold Peek",
    "tutorial.peek.short": "Keep holding Peek to see your dice",

    # Snyd (app/snyd/tutorial.py): the board
    "tutorial.snyd.bid.2": "{n} twos",
    "tutorial.snyd.bid.3": "{n} threes",
    "tutorial.snyd.bid.4": "{n} fours",
    "tutorial.snyd.bid.5": "{n} fives",
    "tutorial.snyd.bid.6": "{n} sixes",
    "tutorial.snyd.choice.bid.2": "Bid {n} twos",
    "tutorial.snyd.choice.bid.3": "Bid {n} threes",
    "tutorial.snyd.choice.bid.4": "Bid {n} fours",
    "tutorial.snyd.choice.bid.5": "Bid {n} fives",
    "tutorial.snyd.choice.bid.6": "Bid {n} sixes",
    "tutorial.snyd.choice.call": "Call",
    "tutorial.snyd.next_round": "Next round",
    "tutorial.snyd.line.bid": "Bid: {bid} ({who})",
    "tutorial.snyd.line.none": "No bid yet",
    "tutorial.snyd.line.held": "There were {count} – the bid held",
    "tutorial.snyd.line.lie": "There were {count} – the bid was a lie",
    "tutorial.snyd.note.viborg": "in Viborg",
    "tutorial.snyd.note.out": "safe",
    "tutorial.snyd.note.put_away": "puts one away – {n} left",
    # Snyd: the steps
    "tutorial.snyd.peek": (
        "You are playing Henning. Your dice are under your cup – only you may see them. "
        "Peek: hold your cup (or swipe up on it), or hold Peek."),
    "tutorial.snyd.peek.nudge": "Keep your finger on Peek or on your cup to look.",
    "tutorial.snyd.jokers": (
        "You have two fours and a 1. Ones are jokers: they count as anything. "
        "So you have three fours. You start: bid 3 fours."),
    "tutorial.snyd.jokers.nudge": "Count your 1 as a four: bid 3 fours.",
    "tutorial.snyd.call": (
        "Henning bids 5 fours. You can see three yourself; he has only three dice, so he "
        "would need two fours. Don't believe him? At the pub you say \"Løft\" (lift the cups): "
        "tap Call."),
    "tutorial.snyd.call.nudge": "Henning is probably lying: tap Call.",
    "tutorial.snyd.reveal": (
        "Every cup is lifted. There were 4 fours: your two, your 1 and Henning's one. "
        "The bid was a lie, so Henning loses the round. You put a die away – "
        "whoever gets rid of all their dice is out, and safe."),
    "tutorial.snyd.one_two": (
        "The loser starts: Henning bids 3 fives (\"tre møller\", as the regulars say). Your "
        "last two dice are 1+2 (\"1+2 til sidst\"): together they count as 3 of anything. "
        "Bid 5 fives."),
    "tutorial.snyd.one_two.nudge": "1+2 counts as 3 fives: bid 5 fives.",
    "tutorial.snyd.one_two_reveal": (
        "Henning called. 1+2 = 3, and Henning had two fives: 5 fives. The bid held, "
        "so the one who called loses the round. You have one die left."),
    "tutorial.snyd.lone_one": (
        "Henning bids 2 sixes. Your last die is a lone 1 (\"en enlig 1'er\"): it counts as 2. "
        "Bid 3 sixes."),
    "tutorial.snyd.lone_one.nudge": "A lone 1 counts as 2 sixes: bid 3 sixes.",
    "tutorial.snyd.viborg": (
        "Henning called again: your lone 1 = 2, and he had two sixes. The bid held. "
        "You put your last die away and you are safe. Henning is left holding dice, loses "
        "the game and goes to Viborg: his mat turns black. If he loses again in Viborg, he "
        "has lost for good (tabt helt): a stroke on the board, and he buys a round."),
    "tutorial.snyd.house_rules": (
        "At a real table the host picks the rule set and the house rules under Set the table "
        "→ House rules: Trapper (1-2-3 counts as four), En slags (of a kind) or Kig kun én "
        "gang (peek only once), for instance. Every rule is under Rules."),
    "tutorial.snyd.clock": (
        "With a time limit (Turnering and Hardcore) a clock shows how long you have: bottom "
        "left on a phone, top right on a computer. For the last five seconds it turns red "
        "and beeps. If time runs out, you call – or make the lowest bid if you are opening."),

    # Bakke (app/bakke/tutorial.py): the board
    "tutorial.bakke.tray": "The tray",
    "tutorial.bakke.hand": "{n} in hand",
    "tutorial.bakke.empty": "The tray is empty",
    "tutorial.bakke.out_note": "out",
    "tutorial.bakke.choice.throw_all": "Throw all",
    "tutorial.bakke.choice.throw": "Throw one",
    "tutorial.bakke.choice.videre": "Pass",
    "tutorial.bakke.choice.watch": "Watch Henning throw",
    # The last throw on the thrower's row, each die marked with what became of it
    "tutorial.bakke.threw": "threw",
    "tutorial.bakke.fate.gone": "gone",
    "tutorial.bakke.fate.up": "in hand",
    "tutorial.bakke.fate.stays": "in tray",
    # Bakke: the steps
    "tutorial.bakke.first_throw": (
        "Bakke (the tray game): get rid of your dice. You have six in your hand and you start: "
        "the game's first throw is all the dice at once. Throw all."),
    "tutorial.bakke.your_throw": (
        "Ones leave the game, and pairs go back into your hand: your two 1s are gone, the two "
        "fours came back to your hand, and the 2 and the 6 stay in the tray. You have two "
        "left. A throw of all the dice passes the turn: now it is Henning's."),
    "tutorial.bakke.henning_stays": (
        "The tray has dice, so Henning throws one at a time. His 5 is new in the tray, so it "
        "stays. He may throw again or say Videre (pass): he throws again."),
    "tutorial.bakke.resolve": (
        "His 2 hit the 2 in the tray: a pair, so he picked both up into his hand, and the "
        "turn passed. Your turn: the tray has dice, so you throw one at a time. Throw one."),
    "tutorial.bakke.resolve.nudge": "The tray has dice: throw one at a time.",
    "tutorial.bakke.one_leaves": (
        "A 1 leaves the game – one die fewer. You may throw again or say Videre (pass). "
        "You have one left: throw one."),
    "tutorial.bakke.one_leaves.nudge": "Throw your last die.",
    "tutorial.bakke.out": (
        "Your 3 is new in the tray, so it stays. Your hand is empty: you are out, and you "
        "have won. Henning is left holding dice and stands you a Tuborg."),
    "tutorial.bakke.fejl": (
        "At a real table there are faults (fejl): touch the tray, drop a die or throw before "
        "Videre, and you take every die in the tray into your hand. In the app you tap Fault "
        "and choose the player; the app asks first (Yes, fault), and whoever called it can "
        "undo it until the next throw. Faults are switched on and off under Set the table → "
        "House rules."),

    # Treere (app/treere/tutorial.py): the board
    "tutorial.treere.rolled": "The roll",
    "tutorial.treere.kept": "Kept",
    "tutorial.treere.rolled_by": "{name}'s roll",
    "tutorial.treere.kept_by": "{name} kept",
    "tutorial.treere.score": "{name}: {score}",
    "tutorial.treere.choice.roll": "Roll",
    # Treere: the steps
    "tutorial.treere.roll": (
        "Treere (threes): the lowest score wins, and a 3 counts as zero. Roll all five."),
    "tutorial.treere.keep_threes": (
        "Keep at least one die every time. Your two threes are worth zero: tap them, "
        "then Keep."),
    "tutorial.treere.keep_threes.nudge": "Choose the two threes (and only those), then tap Keep.",
    "tutorial.treere.roll_rest": "Roll the three that are left.",
    "tutorial.treere.keep_low": "A 3 and a 1: keep both (zero and one).",
    "tutorial.treere.keep_low.nudge": "Choose the 3 and the 1, then tap Keep.",
    "tutorial.treere.last_die": "The last die: roll it.",
    "tutorial.treere.keep_last": "A 2. Keep it: your score is 0 + 0 + 0 + 1 + 2 = 3.",
    "tutorial.treere.keep_last.nudge": "Choose your 2, then tap Keep.",
    "tutorial.treere.won": (
        "Henning rolled and kept a 4: that is already over your 3, so his turn ended "
        "at once. Your 3 is the lowest: you win the pot."),
    "tutorial.treere.ties": (
        "If several tie for the lowest score, everyone plays again for the same pot. Five "
        "threes is zero: then everyone antes again, and if several tie at zero, only they "
        "play on for the pot."),
    "tutorial.treere.progressive": (
        "Under Set the table the host can choose Progressive, in two forms. Progressive 0, 1, "
        "2 …: the limit rises by one every round, so round 1 is won only with zero, round 2 "
        "with at most one. Progressive 1, 2, 2, 3 …: the limit lasts longer, 1 round at most "
        "one, then 2 rounds at most two. If nobody wins a round, everyone antes again and the "
        "pot grows."),
}
