"""Danish texts of the rules area (keys "rules.…") and the rule book itself; see app/lang/__init__.py.

TEXT holds what code asks for by key (the screen's words, each game's keyboard line); BLOCKS is
the rule book of each game, from the seed texts (shared/seeds), as data: ("h", heading)
("p", text) ("ol", [step, ...]) ("ul", [point, ...]) ("rule", (name, tag, explanation)) for the
cards of Særregler/Husregler/Sproget ved bordet. lang/en/rules.py has the same blocks in the
same order (tests/ui/test_rule_book.py). relay/site.py loads this file on its own (no imports
here) to write the static Regler into index.html.
"""

from typing import Any

TEXT: dict[str, str] = {
    # the Regler screen (app/shell_markup.regler_tree); the game names are start.game.<key>
    "rules.back": "Tilbage",
    "rules.tabs": "Spil",
    "rules.heading": "Regler – {game}",
    "rules.learn": "Lær at spille {game}",
    # the last line of each game's rules: its keys (app/device/keyboard.py, docs/ui.md)
    "rules.keys.snyd": ("Med tastatur: hold mellemrum for at kigge, pilene vælger buddet, Enter "
                        "byder, L løfter."),
    "rules.keys.bakke": "Med tastatur: mellemrum eller Enter kaster, A kaster alle, V siger videre.",
    "rules.keys.treere": "Med tastatur: 1–5 vælger terninger, Enter beholder, mellemrum kaster.",
}

BLOCKS: dict[str, list[tuple[str, Any]]] = {
    "snyd": [
        ('h', 'Gangen i en runde'),
        ('ol', [
          ('Alle ryster samtidig og smækker bægeret ned. Træk dit bæger op for at se dine egne '
           'terninger: på telefonen stryger du op hvor som helst på bordet, og på computeren '
           'holder du på bægeret. Du kan også holde på Kig.'),
          'Starteren byder et antal af en slags på hele bordet, fx fem femmere.',
          ('Næste spiller byder højere eller løfter. Højere betyder flere terninger, eller '
           'samme antal med højere øjne.'),
          ('Ved løft løftes alle bægre, og alle terninger af den budte slags tælles. Dem, der '
           'tæller, får en gylden ring.'),
        ]),
        ('h', 'Hvem taber runden'),
        ('ul', [
          'Buddet var løgn: den, der bød, taber runden.',
          'Buddet holdt: den, der løftede, taber runden.',
          'Alle andre end rundens taber lægger 1 terning fra. Taberen starter næste runde.',
          ('Er du af med dine terninger, er du ude og slap. Går flere ud i samme runde, deler '
           'de pladsen.'),
          'Den sidste med terninger taber spillet.',
        ]),
        ('h', 'Vejen til Viborg'),
        ('ul', [
          ('Taberen af et spil ryger til Viborg: raflemåtten vendes til sort. Man kommer ikke '
           'hjem ved at vinde.'),
          ('Der kan sidde flere i Viborg, og alle spiller videre. Taber en, der sidder i '
           'Viborg, igen, har han tabt helt. Sad han der alene, er det en selvbinder.'),
          ('Tabt helt: en streg på tavlen, man giver en omgang, og alle måtterne vendes tilbage '
           'til grøn. Så begynder vejen forfra.'),
          ('Med vennerne og mod stamgæsterne kan værten vælge husreglen Finalen i Viborg: er '
           'der to i Viborg, spiller de to finalen om omgangen, og de andre ser på.'),
          ('Værten kan slå Viborg fra under husreglerne. Så giver taberen af hvert spil '
           'omgangen med det samme.'),
        ]),
        ('h', 'Særregler'),
        ('rule', ('Ettere er jokere', 'standard',
            'Tæller som alt. Man kan ikke byde på ettere.')),
        ('rule', ('1+2 til sidst', '= 3',
            'Har du to terninger tilbage, og de viser 1 og 2, tæller de som 3 af den budte slags.')),
        ('rule', ("En enlig 1'er", '= 2',
            "Har du én terning tilbage, og den er en 1'er, tæller den som 2 af den budte slags.")),
        ('h', 'Husregler'),
        ('rule', ('Kig kun én gang', 'hardcore',
            ('Du må kigge, til du har meldt første gang i runden. Så er bægeret låst, og du '
             'skal huske dine terninger.'))),
        ('rule', ('Trapper', '1-2-3 = 4',
            ('1-2-3 tæller som fire af det budte, 1-2-3-4 som fem. Trappen starter altid med 1 '
             "og bruger alle dine terninger. Til sidst gælder 1+2 som tre og en enlig 1'er som "
             'to.'))),
        ('rule', ('En slags', 'syv ens',
            ('"Syv af en slags" betyder syv ens af hvilken som helst slags på hele bordet. Ved '
             'løft tælles den slags, der ligger flest af. Det er lavere end syv toere.'))),
        ('rule', ('Til stede', 'hardcore',
            ('Mindst én terning på bordet skal vise de budte øjne. Ligger der kun jokere og '
             'trapper, holder buddet ikke.'))),
        ('rule', ('Ettere uden jokere', 'byd på ettere',
            'Så kan man byde på ettere, og de tæller kun for sig selv.')),
        ('rule', ('Klassisk løft', 'valgfri',
            'Ved et rigtigt løft lægger kun løfteren en terning fra.')),
        ('rule', ('Tidsgrænse', '15 sek.',
            ('Uret viser, hvor lang tid du har tilbage: øverst til højre på bordet, på '
             'telefonen nederst til venstre. De sidste fem sekunder bliver det rødt, og et '
             'lille bip siger til. Løber tiden ud, løftes der, eller det laveste bydes, hvis '
             'man lægger ud.'))),
        ('rule', ('Vejen til Viborg', 'standard',
            ('Slået til i alle regelsæt. Slås den fra, giver taberen af hvert spil omgangen, og '
             'måtterne bliver grønne.'))),
        ('rule', ('Finalen i Viborg', 'valgfri',
            ('Sidder to i Viborg, spiller de to finalen om omgangen, og de andre ser på. Med '
             'vennerne og mod stamgæsterne, aldrig ved de åbne borde.'))),
        ('rule', ('Øvebord', 'med vennerne',
            ('Værten kan slå procenter og forslag til buddet til for alle ved bordet. Mod '
             'stamgæsterne bestemmer du selv under Indstillinger. Ved de åbne borde er der '
             'ingen hjælp, som ved et rigtigt bord.'))),
        ('rule', ('Skjult antal', 'hardcore',
            ('Ingen ved, hvor mange terninger der er tilbage. Antallet står ingen steder, og '
             'glasset er dugget med en ølbrik på. Man må byde op til det antal, spillet '
             'startede med, så hold selv regnskab.'))),
        ('p', ('Værten vælger husreglerne under Dæk bordet. Regelsæt: Standard er reglerne '
                'ovenfor. Slags er Standard, og man må byde på en slags (Slagsbordet). '
                'Turnering er som ved turneringerne: med trapper, uden "af en slags" og 15 '
                'sekunder pr. tur. Hardcore: kig kun én gang, buddet skal være til stede, 15 '
                'sekunder pr. tur og skjult antal.')),
        ('h', 'Sproget ved bordet'),
        ('p', ('Undrer du dig over, hvad fanden Henning mener med "fem møller"? Ved '
                'bodegabordet har terningerne øgenavne, og stamgæsterne bruger dem gerne, når '
                'der er to eller flere:')),
        ('rule', ('Lujer', 'firere',
            '"Seks lujer" er seks firere.')),
        ('rule', ('Møller', 'femmere',
            '"Fem møller" er fem femmere.')),
        ('rule', ('Af de store', 'seksere',
            '"Syv af de store" er syv seksere.')),
    ],
    "bakke": [
        ('p', ('I skal bruge godt humør, seks terninger pr. spiller og bakken du sidder med. '
                'Målet er at slippe af med sine terninger. Den sidste, der sidder tilbage med '
                'terninger på hånden, har tabt og skal give en Tuborg til vinderen (eller hele '
                'bordet, hvis man er i ekstra godt humør).')),
        ('p', ('Første spiller, kaster alle sine seks terninger ned i bakken. Spilleren skal '
                'nu samle alle terningerne, der viser et ens antal øjne, op i hånden én efter '
                'én, startende med laveste antal øjne. 1’ere går ud af spillet: de tages ud '
                'én ad gangen og kommer ikke op i hånden. 1’ere fjernes altid fra bakken først.')),
        ('p', ('Når spilleren har samlet sine terninger op, går turen videre. Hvis der er '
                'terninger tilbage i bakken, kaster næste spiller én terning ad gangen. Er '
                'bakken tom, må spilleren kaste alle sine terninger på én gang.')),
        ('p', ('Er slaget forskelligt fra de terninger, der ligger i bakken, må spilleren '
                'enten fortsætte sin tur og kaste en terning mere eller sende turen videre. '
                'Dette gøres ved højt og tydeligt at sige ”Videre.”')),
        ('p', ('Er slaget magen til en af terningerne i bakken, samles begge terninger op i '
                'hånden og turen går videre.')),
        ('p', ('Hvis en spiller, når bakken er tom, kun kaster én terning, er det spillerens '
                'egen fejl, og spilleren skal derfor fortsætte turen med at kaste én terning ad '
                'gangen.')),
        ('p', ('Når en spiller er kommet af med alle sine terninger, er vedkommende ude, og de '
                'øvrige fortsætter spillet. Den sidste spiller, der sidder tilbage med '
                'terninger på hånden, har tabt.')),
        ('p', ('Terningerne skal holdes i samme hånd under hele spillet, så vælg den rette '
                'hånd fra start. (Husk, den frie hånd kan til enhver tid bruges til at skåle '
                'med).')),
        ('p', ('Røres selve bakken med hånden, ærmet eller andet, tabes en terning, eller '
                'skiftes der hånd, dømmes der fejl, og spilleren skal tage alle terninger i '
                'bakken op i hånden. Dette gælder også selvom spilleren, der laver fejlen, ikke '
                'er i gang med sin tur. Der må ikke spekuleres i dette. Bakke er et '
                'gentlemanspil!')),
        ('p', ('Starter en spiller sin tur før, at der er sagt ”videre”, betragtes det som en '
                'fejl, da foregående spiller måske ikke var færdig. Alle bakkens terninger '
                'samles op i hånden.')),
        ('p', ('De spillere, som er ude af spillet, blander sig ikke i, om de tilbageværende '
                'spillere laver fejl.')),
        ('p', 'God fornøjelse.'),
    ],
    "treere": [
        ('p', ('Treere spilles med fem terninger. Alle lægger en indsats (ante) på én enhed i '
                'puljen. Målet er at få så lav en score som muligt; nul er perfekt.')),
        ('h', 'Spillemetode'),
        ('p', ('En treer tæller som nul; alle andre øjne tæller deres pålydende værdi. En '
                'spillers score er summen af øjnene på terningerne, når han afslutter sin tur, '
                'treerne undtaget.')),
        ('p', 'Spillerne kaster efter tur på denne måde:'),
        ('ul', [
          ('Alle fem terninger kastes, og spilleren skal lægge mindst én til side, men må efter '
           'eget valg lægge flere. (Han kan stoppe efter sit første kast, hvis han vil.)'),
          ('De terninger, der ikke er lagt til side, kastes igen, og mindst én af dem lægges '
           'til side, og sådan fortsætter det, til alle terningerne er lagt til side.'),
          ('En spiller stopper sin tur, hvis hans score bliver højere end den score, en '
           'tidligere spiller har fået.'),
          'Får en spiller nul (altså fem treere), lægger alle spillere en ny ante i puljen.',
          ('Reglen "én uafgjort, alle uafgjort" gælder, bortset fra at hvis to eller flere '
           'spillere står lige med nul, fortsætter kun de, selv om de andre også skal lægge en '
           'ny ante, før det uafgjorte er spillet ud.'),
        ]),
        ('h', 'Varianter'),
        ('ul', [
          'Spillerne kan kalde "bund", hvis det er aftalt på forhånd.',
          ('Treere kan spilles progressivt, i to former (Dæk bordet → Progressiv). '
           'Progressiv 0, 1, 2 …: første runde kan kun vindes med nul, anden med én eller nul, '
           'tredje med to eller lavere og så videre. Progressiv 1, 2, 2, 3 …: én runde for en '
           'højeste vindende score på én, to runder for højst to, tre for tre og så videre. '
           'I begge tilfælde lægger spillerne en ante efter hver runde, og puljen vokser sig '
           'større end uden Progressiv.'),
          ('Et andet tal end tre kan vælges som nul, men det frarådes, for spillerne har det '
           'med at blive forvirrede.'),
        ]),
        ('h', 'Bemærkninger'),
        ('p', ('En score på fire eller lavere er som regel god og værd at holde på for at '
                'vinde eller spille uafgjort, medmindre en tidligere spiller selvfølgelig '
                'allerede har fået en lavere score.')),
    ],
}
