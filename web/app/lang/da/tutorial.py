"""Danish texts of the tutorial area (keys "tutorial.…"); see app/lang/__init__.py.

*Lær at spille* (app/tutorial/runner.py and the three scripts app/<game>/tutorial.py) and the peek
hints (app/snyd/peek_hint.py). A step's text ends with the sentence that names its button, in
the button's own words: tests/ui/test_tutorial_scripts.py checks it in both languages.
"""

TEXT: dict[str, str] = {
    # The runner and its screen (app/tutorial/runner.py, app/tutorial/markup.py)
    "tutorial.title": "Lær at spille",
    "tutorial.heading": "Lær at spille – {game}",
    "tutorial.progress": "Trin {n} af {total}",
    "tutorial.skip": "Spring over",
    "tutorial.back": "Tilbage",
    # The button on each game's Dæk bordet (app/<game>/setup_markup.py)
    "tutorial.open": "Lær at spille",
    "tutorial.next": "Videre",
    "tutorial.done": "Færdig",
    "tutorial.nudge": "Ikke lige nu – læs teksten og prøv igen.",
    "tutorial.finished": "Godt spillet! Nu kender du bordet.",
    "tutorial.play": "Spil rigtigt",
    "tutorial.kig": "Kig",
    "tutorial.keep": "Behold",
    "tutorial.you": "Du",
    # The start screen's first-start offer (app/home/start.py)
    "tutorial.offer": "Ny ved bordet? Lær Snyd på et minut mod Henning.",
    "tutorial.offer_yes": "Lær at spille",
    "tutorial.offer_no": "Nej tak",
    # The peek hints, at the Snyd table and in the tutorial (app/snyd/peek_hint.py)
    "tutorial.peek.swipe": "Stryg op for at kigge",
    "tutorial.peek.hold": "Hold på Kig",
    "tutorial.peek.short": "Hold Kig nede for at se dine terninger",

    # Snyd (app/snyd/tutorial.py): the board
    "tutorial.snyd.bid.2": "{n} toere",
    "tutorial.snyd.bid.3": "{n} treere",
    "tutorial.snyd.bid.4": "{n} firere",
    "tutorial.snyd.bid.5": "{n} femmere",
    "tutorial.snyd.bid.6": "{n} seksere",
    "tutorial.snyd.choice.bid.2": "Byd {n} toere",
    "tutorial.snyd.choice.bid.3": "Byd {n} treere",
    "tutorial.snyd.choice.bid.4": "Byd {n} firere",
    "tutorial.snyd.choice.bid.5": "Byd {n} femmere",
    "tutorial.snyd.choice.bid.6": "Byd {n} seksere",
    "tutorial.snyd.choice.call": "Løft",
    "tutorial.snyd.next_round": "Næste runde",
    "tutorial.snyd.line.bid": "Buddet: {bid} ({who})",
    "tutorial.snyd.line.none": "Intet bud endnu",
    "tutorial.snyd.line.held": "Der var {count} – buddet holdt",
    "tutorial.snyd.line.lie": "Der var {count} – buddet var løgn",
    "tutorial.snyd.note.viborg": "i Viborg",
    "tutorial.snyd.note.out": "slap",
    "tutorial.snyd.note.put_away": "lægger én væk – {n} tilbage",
    # Snyd: the steps
    "tutorial.snyd.peek": (
        "Du spiller mod Henning. Dine terninger ligger under bægeret – kun du må se dem. "
        "Kig: hold på bægeret (eller stryg op på det), eller hold på Kig."),
    "tutorial.snyd.peek.nudge": "Hold fingeren på Kig eller på bægeret for at kigge.",
    "tutorial.snyd.jokers": (
        "Du har to firere og en 1'er. Ettere er jokere: de tæller som alt. "
        "Du har altså tre firere. Du lægger ud: byd 3 firere."),
    "tutorial.snyd.jokers.nudge": "Tæl din 1'er med som en firer: byd 3 firere.",
    "tutorial.snyd.call": (
        "Henning byder 5 firere. Du ser selv tre; han har kun tre terninger, så han skal "
        "have to firere. Tror du ikke på det? Løft!"),
    "tutorial.snyd.call.nudge": "Henning lyver nok: tryk Løft.",
    "tutorial.snyd.reveal": (
        "Alle bægre løftes. Der var 4 firere: dine to, din 1'er og Hennings ene. "
        "Buddet var løgn, så Henning taber runden. Du lægger en terning væk – "
        "den, der slipper af med alle sine, er sluppet."),
    "tutorial.snyd.one_two": (
        "Taberen lægger ud: Henning byder 3 femmere. Du har 1+2 til sidst – det tæller som 3 "
        "af hvad som helst. Byd 5 femmere."),
    "tutorial.snyd.one_two.nudge": "1+2 tæller som 3 femmere: byd 5 femmere.",
    "tutorial.snyd.one_two_reveal": (
        "Henning løftede. 1+2 = 3, og Henning havde to femmere: 5 femmere. Buddet holdt, "
        "så den, der løftede, taber runden. Du har én terning tilbage."),
    "tutorial.snyd.lone_one": (
        "Henning byder 2 seksere. Din sidste terning er en enlig 1'er: den tæller som 2. "
        "Byd 3 seksere."),
    "tutorial.snyd.lone_one.nudge": "En enlig 1'er tæller som 2 seksere: byd 3 seksere.",
    "tutorial.snyd.viborg": (
        "Henning løftede igen: din enlige 1'er = 2, og han havde to seksere. Buddet holdt. "
        "Du lægger din sidste terning væk og er sluppet. Henning sidder tilbage med "
        "terningerne, taber spillet og skal til Viborg: hans måtte bliver sort. "
        "Taber han igen i Viborg, har han tabt helt: en streg på tavlen, og han giver en omgang."),
    "tutorial.snyd.house_rules": (
        "Ved et rigtigt bord vælger værten regelsæt og husregler under Dæk bordet → Husregler: "
        "fx Trapper (1-2-3 tæller som fire), En slags eller Kig kun én gang. "
        "Alle reglerne står under Regler."),
    "tutorial.snyd.clock": (
        "Spiller I med Tidsgrænse (Turnering og Hardcore), viser uret, hvor lang tid du har: "
        "på telefonen nederst til venstre, på computeren øverst til højre. De sidste fem "
        "sekunder bliver det rødt og bipper. Løber tiden ud, løfter du – eller byder det "
        "laveste, hvis du lægger ud."),

    # Bakke (app/bakke/tutorial.py): the board
    "tutorial.bakke.tray": "Bakken",
    "tutorial.bakke.hand": "{n} i hånden",
    "tutorial.bakke.empty": "Bakken er tom",
    "tutorial.bakke.out_note": "ude",
    "tutorial.bakke.choice.throw_all": "Kast alle",
    "tutorial.bakke.choice.throw": "Kast én",
    "tutorial.bakke.choice.videre": "Videre",
    "tutorial.bakke.choice.watch": "Se Henning kaste",
    # The last throw on the thrower's row, each die marked with what became of it
    "tutorial.bakke.threw": "kastede",
    "tutorial.bakke.fate.gone": "væk",
    "tutorial.bakke.fate.up": "i hånden",
    "tutorial.bakke.fate.stays": "i bakken",
    # Bakke: the steps
    "tutorial.bakke.first_throw": (
        "Bakke: kom af med dine terninger. Du har seks i hånden og begynder: spillets første "
        "kast er alle terningerne på én gang. Kast alle."),
    "tutorial.bakke.your_throw": (
        "Ettere forlader spillet, og par tager du op i hånden: dine to 1'ere er væk, de to "
        "firere kom tilbage i hånden, og 2'eren og 6'eren bliver liggende i bakken. Du har "
        "to tilbage. Et kast med alle giver turen videre: nu er det Hennings tur."),
    "tutorial.bakke.henning_stays": (
        "Bakken har terninger, så Henning kaster én ad gangen. Hans 5'er er ny i bakken, så "
        "den bliver liggende. Han må kaste igen eller sige Videre: han kaster igen."),
    "tutorial.bakke.resolve": (
        "Hans 2'er ramte bakkens 2'er: et par, så han tog begge op i hånden, og turen gik "
        "videre. Nu er det dig: bakken har terninger, så du kaster én ad gangen. Kast én."),
    "tutorial.bakke.resolve.nudge": "Bakken har terninger: kast én ad gangen.",
    "tutorial.bakke.one_leaves": (
        "En 1'er forlader spillet – én terning mindre. Du må kaste igen eller sige Videre. "
        "Du har én tilbage: kast én."),
    "tutorial.bakke.one_leaves.nudge": "Kast din sidste terning.",
    "tutorial.bakke.out": (
        "Din 3'er er ny i bakken, så den bliver liggende. Din hånd er tom: du er ude og har "
        "vundet. Henning sidder tilbage med terningerne og giver en Tuborg."),
    "tutorial.bakke.fejl": (
        "Ved et rigtigt bord er der fejl: rører man bakken, taber en terning eller kaster før "
        "Videre, tager man alle bakkens terninger op i hånden. I appen trykker du Fejl og "
        "vælger spilleren; appen spørger først (Ja, fejl), og den, der dømte, kan fortryde "
        "fejlen indtil næste kast. Fejl slås til og fra under Dæk bordet → Husregler."),

    # Treere (app/treere/tutorial.py): the board
    "tutorial.treere.rolled": "Slaget",
    "tutorial.treere.kept": "Beholdt",
    "tutorial.treere.rolled_by": "{name}s slag",
    "tutorial.treere.kept_by": "{name} beholdt",
    "tutorial.treere.score": "{name}: {score}",
    "tutorial.treere.choice.roll": "Kast",
    # Treere: the steps
    "tutorial.treere.roll": (
        "Treere: så lav en score som muligt, og en 3'er tæller nul. Kast alle fem."),
    "tutorial.treere.keep_threes": (
        "Behold mindst én terning hver gang. Dine to treere er nul værd: tryk på dem og "
        "på Behold."),
    "tutorial.treere.keep_threes.nudge": "Vælg de to treere (og kun dem), og tryk Behold.",
    "tutorial.treere.roll_rest": "Kast igen med de tre, der er tilbage.",
    "tutorial.treere.keep_low": "En 3'er og en 1'er: behold begge (nul og én).",
    "tutorial.treere.keep_low.nudge": "Vælg 3'eren og 1'eren, og tryk Behold.",
    "tutorial.treere.last_die": "Den sidste terning: kast den.",
    "tutorial.treere.keep_last": "En 2'er. Behold den: din score er 0 + 0 + 0 + 1 + 2 = 3.",
    "tutorial.treere.keep_last.nudge": "Vælg din 2'er, og tryk Behold.",
    "tutorial.treere.won": (
        "Henning kastede og beholdt en 4'er: det er allerede over din 3, så hans tur "
        "sluttede med det samme. Din 3 er lavest: du vinder puljen."),
    "tutorial.treere.ties": (
        "Står flere lige med den laveste score, spiller alle om igen om den samme pulje. "
        "Fem treere er nul: så lægger alle en ny indsats, og står flere lige på nul, spiller "
        "kun de om puljen."),
    "tutorial.treere.progressive": (
        "Under Dæk bordet kan værten vælge Progressiv, i to former. Progressiv 0, 1, 2 …: "
        "grænsen stiger med én hver runde, så runde 1 vindes kun med nul, runde 2 med højst én. "
        "Progressiv 1, 2, 2, 3 …: grænsen holder længere, 1 runde med højst én, så 2 runder "
        "med højst to. Vinder ingen en runde, lægger alle en ny indsats, og puljen vokser."),
}
