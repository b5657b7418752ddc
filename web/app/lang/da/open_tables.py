"""Danish texts of *De åbne borde* (keys "open_tables.…"): the list of open tables and the form
*Åbn et bord* (app/open/); see app/lang/__init__.py."""

TEXT: dict[str, str] = {
    # the list (app/open/list_screen.py)
    "open_tables.title": "Åbne borde",
    "open_tables.lead": "Borde hvor fremmede spiller – uden hjælp, som ved et rigtigt bord.",
    "open_tables.create": "Åbn et bord",
    "open_tables.empty": "Ingen åbne borde lige nu",
    "open_tables.connecting": "Henter de åbne borde …",
    "open_tables.lost": "Forbindelsen er væk – prøver igen …",
    "open_tables.sit": "Sæt dig",
    "open_tables.state.waiting": "Venter",
    "open_tables.state.playing": "I gang",
    "open_tables.state.full": "Fuldt",
    "open_tables.leader": "Bordet holdes af {name}",
    "open_tables.free": "{free} af {seats} pladser fri",
    "open_tables.join_label": "Sæt dig ved {name}s bord",
    # the form (app/open/form_screen.py)
    "open_tables.form.title": "Åbn et bord",
    "open_tables.form.game": "Spil",
    "open_tables.form.ruleset": "Regelsæt",
    "open_tables.form.house_rules": "Husets regler",
    "open_tables.form.house": "Husregler",
    "open_tables.form.clock": "Uret er altid slået til ved et åbent bord.",
    "open_tables.form.dice": "Terninger pr. spiller",
    "open_tables.form.seats": "Pladser",
    "open_tables.form.regulars": "Stamgæster må fylde tomme pladser",
    "open_tables.form.regulars_text": "Når spillet starter, sætter stamgæsterne sig på de tomme pladser.",
    "open_tables.form.name": "Dit navn",
    "open_tables.form.open": "Åbn bordet",
    "open_tables.error.name": "Skriv dit navn (1–20 tegn, ingen styretegn).",
    "open_tables.error.seats": "Et åbent bord har 2 til 8 pladser.",
    "open_tables.error.game": "Vælg Snyd, Bakke eller Treere.",
    "open_tables.error.ruleset": "Vælg et af regelsættene.",
    "open_tables.error.rule": "Den husregel kan ikke slås til ved et åbent bord.",
    "open_tables.error.dice": "Vælg 1 til 6 terninger.",
}
