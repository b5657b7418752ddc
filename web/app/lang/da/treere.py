"""Danish texts of the treere area (keys "treere.…"); see app/lang/__init__.py.

`{units}` / `{pot}` are amounts with their unit (treere.units.*), `{score}` a score as shown
(digits, or treere.zero), `{threshold}` what a round can be won with (treere.zero or
treere.at_most), `{owner}` a name in the genitive ("Mettes", "Lis'").
"""

TEXT: dict[str, str] = {
    "treere.zero": "nul",
    "treere.at_most": "{n} eller derunder",
    "treere.names": "{first} og {last}",
    "treere.units.one": "{n} enhed",
    "treere.units.many": "{n} enheder",
    # the news of each engine event (the live log and the felt)
    "treere.news.new_game": "Spil {n}: {starter} begynder.",
    "treere.news.ante.zero": "Nul! Alle lægger {units} mere i puljen – nu {pot}.",
    "treere.news.ante.progressive": "Alle lægger {units} mere i puljen – nu {pot}.",
    "treere.news.ante": "Alle lægger {units} i puljen – {pot}.",
    "treere.news.roll": "{who} slår {faces}.",
    "treere.news.keep": "{who} beholder {faces} – score {score}.",
    "treere.news.early_end.one": "{who} har {score} og er over {to_beat} – turen slutter med {left} terning tilbage.",
    "treere.news.early_end.many": ("{who} har {score} og er over {to_beat} – turen slutter med {left} terninger "
                                   "tilbage."),
    "treere.news.turn_over": "{who} slutter på {score}.",
    "treere.news.no_winner": "Ingen fik {threshold} – ingen vinder runden.",
    "treere.news.tie.zero": ("Uafgjort på nul mellem {names}: de spiller om puljen alene; "
                             "de andre har lagt en ny indsats."),
    "treere.news.tie": "Uafgjort på {score} – én uafgjort, alle uafgjort: alle slår om.",
    "treere.news.replay": "Runde {n}: kan kun vindes med {threshold}.",
    "treere.news.won": "{who} vinder puljen: {pot} (score {score}).",
    # the felt
    "treere.counts.zero": "tæller nul",
    "treere.counts": "tæller {n}",
    "treere.watching": "ser på",
    "treere.winner": "vinder",
    "treere.turn.won": "{winner} vinder puljen!",
    "treere.turn.over": "Spillet er slut",
    "treere.turn.regular": "{name} slår …",
    "treere.turn.mine": "Din tur",
    "treere.owner.you": "Din",
    "treere.turn.other": "{owner} tur",
    "treere.turn.passed": "{owner} tur – {name} slår",
    "treere.hint.choose": "Tryk på de terninger, du vil beholde (mindst én)",
    "treere.hint.flick": "Svirp terningerne op – eller tryk Kast",
    "treere.kept": "Beholdt",
    "treere.running": "Score {score}",
    "treere.can_win": "Kan vindes med {limit}",
    "treere.limit": "højst {n}",
    "treere.pot": "Puljen",
    "treere.pot.label": "Puljen: {units}",
    "treere.to_beat": "At slå",
    "treere.to_beat.label": "At slå: {score}",
    # the controls
    "treere.new_game": "Nyt spil",
    "treere.keep": "Behold",
    "treere.keep.count": "Behold ({n})",
    "treere.roll": "Kast",
    "treere.not_your_turn": "Det er ikke din tur",
    "treere.choose_one": "Vælg mindst én terning at beholde",
    # the bar and Tavlen
    "treere.table": "Treerebordet",
    "treere.leave": "Forlad bordet",
    "treere.board": "Tavlen",
    "treere.close": "Luk",
    "treere.tally.caption": "Puljer vundet og enheder vundet (+) eller tabt (−) i aften",
    "treere.tally.player": "Spiller",
    "treere.tally.pots": "Puljer",
    "treere.tally.units": "Enheder",
    # Dæk bordet
    "treere.setup.title": "Dæk bordet",
    "treere.setup.resume": "Fortsæt bordet",
    "treere.setup.game": "Spil:",
    "treere.setup.goal": "– så lav en score som muligt; treere tæller nul.",
    "treere.setup.ante": "Indsats pr. spiller",
    "treere.setup.progressive": "Progressiv",
    "treere.setup.zero_face": "Tæller nul",
    "treere.setup.open": "Alle terninger ligger åbent: send telefonen rundt, eller spil mod stamgæsterne.",
    "treere.setup.bad_choice": "Ukendt valg: {what}={value}",
    "treere.prog.plain": "Almindeligt",
    "treere.prog.plain.text": "Laveste score vinder puljen.",
    "treere.prog.spil": "Progressiv",
    "treere.prog.spil.text": ("Første runde kan kun vindes med nul, den anden med en eller nul, den tredje med to "
                              "eller lavere … Vinder ingen, lægger alle en ny indsats, og puljen vokser."),
    "treere.prog.runder": "Progressiv i runder",
    "treere.prog.runder.text": ("Én runde for en gevinstscore på højst én, to runder for højst to, tre for tre … "
                                "Vinder ingen, lægger alle en ny indsats, og puljen vokser."),
    "treere.face.1": "Ettere",
    "treere.face.2": "Toere",
    "treere.face.3": "Treere",
    "treere.face.4": "Firere",
    "treere.face.5": "Femmere",
    "treere.face.6": "Seksere",
    "treere.setup.zero_warning": ("Et andet tal end tre som nul anbefales ikke: spillerne har tendens til at blive "
                                  "forvirrede."),
    # the regulars on Dæk bordet, by style (engine/treere/bots.py REGULARS; the same words)
    "treere.regular.henning": "Stamgæst siden 1987. Fire eller derunder er godt, siger han, og står på den.",
    "treere.regular.careful": "Forsigtig. Holder fast i det, hun har, og stopper hellere for tidligt.",
    "treere.regular.bluffer": "Spiller på fornemmelsen: nu og da et valg, der bare ser lige så godt ud.",
    "treere.regular.reckless": "Vildbassen. Kaster videre, når han kan, og jagter nullet.",
    "treere.regular.sharp": "Den skarpe. Regner chancen for puljen ud for hvert eneste valg.",
}
