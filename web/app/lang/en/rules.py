"""English texts of the rules area (keys "rules.…") and the rule book; see app/lang/__init__.py.

The same blocks in the same order as lang/da/rules.py (tests/ui/test_rule_book.py), translated.
For a translator: the pub's own words stay, with a gloss where first met in a game's rules:
Viborg, selvbinder, en omgang (a round of drinks), Tavlen (the board), slap (out and safe),
lujer (fours), møller (fives), af de store (sixes), af en slags (of a kind), trapper
(straights), bakken (the tray), Videre (next), fejl (fault), Tuborg, and the games' names
Snyd, Bakke, Treere. The house rules and rule sets are named as on Set the table (lang/en/snyd.py:
"Straights (trapper)", "Of a kind", "Ones not jokers", "The final in Viborg", "Tournament").
The buttons and screens use plain English: Peek, call, Set the table, Settings, the regulars.
relay/site.py loads this file on its own (no imports here).
"""

from typing import Any

TEXT: dict[str, str] = {
    # the Regler screen (app/shell_markup.regler_tree); the game names are start.game.<key>
    "rules.back": "Back",
    "rules.tabs": "Games",
    "rules.heading": "Rules – {game}",
    "rules.learn": "Learn to play {game}",
    # the last line of each game's rules: its keys (app/device/keyboard.py, docs/ui.md)
    "rules.keys.snyd": ("With a keyboard: hold Space to peek, the arrows choose the bid, Enter "
                        "bids, L calls (løft)."),
    "rules.keys.bakke": "With a keyboard: Space or Enter throws, A throws all, V says Videre (next).",
    "rules.keys.treere": "With a keyboard: 1–5 choose dice, Enter keeps, Space rolls.",
}

BLOCKS: dict[str, list[tuple[str, Any]]] = {
    "snyd": [
        ('h', 'How a round goes'),
        ('ol', [
          ('Everyone shakes at the same time and slams the cup down. Lift your cup to see your '
           'own dice: on a phone you swipe up anywhere on the table, and on a computer you hold '
           'the cup. You can also hold Peek.'),
          ('The starter bids a number of one face on the whole table, e.g. five fives (fem '
           'femmere).'),
          ('The next player bids higher or calls (løfter). Higher means more dice, or the same '
           'number with a higher face.'),
          ('On a call every cup is lifted, and every die of the bid face is counted. The dice '
           'that count get a golden ring.'),
        ]),
        ('h', 'Who loses the round'),
        ('ul', [
          'The bid was a lie: whoever bid loses the round.',
          'The bid held: whoever called loses the round.',
          "Everyone but the round's loser puts away 1 die. The loser starts the next round.",
          ('Out of dice, you are out and safe (slap). If several go out in the same round, they '
           'share the place.'),
          'The last one with dice loses the game.',
        ]),
        ('h', 'The road to Viborg'),
        ('ul', [
          ('The loser of a game goes to Viborg: the dice mat is turned over to black. Winning '
           'does not bring you home.'),
          ('Several can sit in Viborg, and everyone plays on. If someone already in Viborg '
           'loses again, they have lost completely. If they sat there alone, it is a selvbinder '
           '(a self-binder: they did it all on their own).'),
          ('Lost completely: a stroke on Tavlen (the board), you buy a round of drinks (en '
           'omgang), and every mat is turned back to green. Then the road starts over.'),
          ('With friends and against the regulars, the host can choose the house rule The final '
           'in Viborg: when two sit in Viborg, those two play the final for the round of '
           'drinks, and the others watch.'),
          ('The host can switch Viborg off under the house rules. Then the loser of each game '
           'buys the round at once.'),
        ]),
        ('h', 'Special rules'),
        ('rule', ('Ones are jokers', 'standard',
            'A one counts as anything. You cannot bid ones.')),
        ('rule', ('1+2 at the end', '= 3',
            'If you have two dice left and they show 1 and 2, they count as 3 of the bid face.')),
        ('rule', ('A lone 1', '= 2',
            'If you have one die left and it is a 1, it counts as 2 of the bid face.')),
        ('h', 'House rules'),
        ('rule', ('Peek only once', 'hardcore',
            ('You may peek until your first bid of the round. Then the cup is locked, and you '
             'must remember your dice.'))),
        ('rule', ('Straights (trapper)', '1-2-3 = 4',
            ('1-2-3 counts as four of the bid face, 1-2-3-4 as five. A straight always starts '
             'with 1 and uses all your dice. At the end, 1+2 counts as three and a lone 1 as '
             'two.'))),
        ('rule', ('Of a kind (af en slags)', 'seven alike',
            ('"Syv af en slags" (seven of a kind) means seven alike of any face on the whole '
             'table. On a call, the face there is most of is counted. It ranks below seven twos.'))),
        ('rule', ('Present', 'hardcore',
            ('At least one die on the table must show the bid face itself. If only jokers and '
             'straights make the count, the bid does not hold.'))),
        ('rule', ('Ones not jokers', 'bid ones',
            'Then ones can be bid, and they count only for themselves.')),
        ('rule', ('Classic call', 'optional',
            'On a correct call only the caller puts away a die.')),
        ('rule', ('Time limit', '15 s',
            ('The clock shows how much time you have left: top right of the table, bottom left '
             'on a phone. In the last five seconds it turns red, and a little beep tells you. '
             'When time runs out, you call, or the lowest bid is made if you are leading.'))),
        ('rule', ('The road to Viborg', 'standard',
            ('On in every rule set. Switched off, the loser of each game buys the round, and '
             'the mats stay green.'))),
        ('rule', ('The final in Viborg', 'optional',
            ('When two sit in Viborg, those two play the final for the round of drinks, and the '
             'others watch. With friends and against the regulars, never at the open tables.'))),
        ('rule', ('Practice table', 'with friends',
            ('The host can switch on percentages and bid suggestions for everyone at the table. '
             'Against the regulars you decide for yourself under Settings. At the open tables '
             'there is no help, as at a real table.'))),
        ('rule', ('Hidden count', 'hardcore',
            ('Nobody knows how many dice are left. The number is shown nowhere, and the glass '
             'is fogged with a beer mat on top. You may bid up to the number the game started '
             'with, so keep count yourself.'))),
        ('p', ('The host chooses the house rules under Set the table. Rule sets: Standard is '
                'the rules above. Slags is Standard, and you may bid af en slags (of a kind): '
                'the Slags table. Tournament (turnering) is as at the tournaments: with '
                'straights, without "af en slags" and 15 seconds a turn. Hardcore: peek only '
                'once, the bid must be present, 15 seconds a turn and hidden count.')),
        ('h', 'Table talk'),
        ('p', ('Wondering what on earth Henning means by "fem møller"? At the bodega table the '
                'dice have nicknames, and the regulars like to use them when there are two or '
                'more:')),
        ('rule', ('Lujer', 'fours',
            '"Seks lujer" is six fours.')),
        ('rule', ('Møller', 'fives',
            '"Fem møller" is five fives.')),
        ('rule', ('Af de store', 'sixes',
            '"Syv af de store" (seven of the big ones) is seven sixes.')),
    ],
    "bakke": [
        ('p', ('You need good spirits, six dice per player and the tray (bakken) in front of '
                'you. The aim is to get rid of your dice. The last one left with dice in hand '
                'has lost and must buy the winner a Tuborg (or the whole table, if in '
                'especially good spirits).')),
        ('p', ('The first player throws all six dice into the tray. The player then picks up, '
                'one by one, every die that shows the same number of pips as another, starting '
                'with the lowest. 1s leave the game: they are taken out one at a time and never '
                'go into anyone’s hand. 1s always leave the tray first.')),
        ('p', ('Once the player has picked up their dice, the turn passes. If there are dice '
                'left in the tray, the next player throws one die at a time. If the tray is '
                'empty, the player may throw all their dice at once.')),
        ('p', ('If the throw differs from the dice in the tray, the player may either go on '
                'and throw one more die or pass the turn on. This is done by saying, loud and '
                'clear, “Videre” (next).')),
        ('p', ('If the throw matches one of the dice in the tray, both dice are picked up into '
                'the hand, and the turn passes.')),
        ('p', ("If a player throws only one die when the tray is empty, that is the player's "
                'own fault, and the player must go on throwing one die at a time.')),
        ('p', ('When a player has got rid of all their dice, they are out, and the others play '
                'on. The last player left with dice in hand has lost.')),
        ('p', ('The dice must be held in the same hand throughout the game, so choose the '
                'right hand from the start. (Remember, the free hand can always be used for a '
                'toast.)')),
        ('p', ('If the tray itself is touched by a hand, a sleeve or anything else, a die is '
                'dropped, or hands are switched, a fault (fejl) is called, and the player must '
                'take every die in the tray into their hand. This also applies when the player '
                "at fault is not taking their turn. No playing for it. Bakke is a gentleman's "
                'game!')),
        ('p', ('A player who starts their turn before “videre” has been said commits a fault, '
                "as the previous player may not have been done. All the tray's dice are picked "
                'up into the hand.')),
        ('p', ('Players who are out of the game do not meddle in whether the remaining players '
                'make faults.')),
        ('p', 'Enjoy!'),
    ],
    "treere": [
        ('p', ('Treere (threes) is played with five dice. Everyone puts a stake (ante) of one '
                'unit in the pot. The aim is a score as low as possible; zero is perfect.')),
        ('h', 'How to play'),
        ('p', ("A three counts as zero; every other face counts its value. A player's score is "
                'the sum of the pips on the dice when they end their turn, threes excepted.')),
        ('p', 'The players roll in turn like this:'),
        ('ul', [
          ('All five dice are rolled, and the player must set at least one aside, but may set '
           'aside more. (They can stop after their first roll if they like.)'),
          ('The dice not set aside are rolled again, and at least one of them is set aside, and '
           'so on until all the dice are set aside.'),
          "A player's turn ends if their score goes above the score an earlier player has made.",
          ('If a player scores zero (five threes, that is), every player puts a new ante in the '
           'pot.'),
          ('The rule "one tie, all tie" applies, except that if two or more players tie at '
           'zero, only they play on, even though the others must also ante again before the tie '
           'is played out.'),
        ]),
        ('h', 'Variants'),
        ('ul', [
          'The players can call "bund" (bottom) if it has been agreed beforehand.',
          ('Treere can be played progressively, in two forms (Set the table → Progressive). '
           'Progressive 0, 1, 2 …: the first round can only be won with zero, the second with '
           'one or zero, the third with two or lower, and so on. Progressive 1, 2, 2, 3 …: one '
           'round is played for a highest winning score of one, two rounds for at most two, '
           'three for three, and so on. Either way, the players ante after every round, and '
           'the pot grows bigger than without Progressive.'),
          ('A number other than three can be chosen as zero, but it is not recommended: players '
           'tend to get confused.'),
        ]),
        ('h', 'Remarks'),
        ('p', ('A score of four or lower is usually good and worth holding on to for a win or '
                'a tie, unless, of course, an earlier player has already made a lower score.')),
    ],
}
