"""Danish texts of the shell area (keys "shell.…"); see app/lang/__init__.py.

The shell is what every screen shares: the router's notices, *Indstillinger*, the seats of a
public-dice game's *Dæk bordet*, saving, the table's own errors (shown through lang.error_text:
game_session builds "Dansk (English)" from both catalogues, the engine's convention)."""

TEXT: dict[str, str] = {
    # the router (app/shell/screens.py)
    "shell.title.start": "Bodegabordet",
    "shell.title.setup": "Dæk bordet",
    "shell.title.table": "Bordet",
    "shell.title.tally": "Tavlen",
    "shell.title.settings": "Indstillinger",
    "shell.title.rules": "Regler",
    "shell.back": "Tilbage",
    "shell.unavailable": "«{screen}» er ikke klar endnu. Kom tilbage senere.",
    # your seat's name until you type one (app/home/player_settings.py)
    "shell.you": "Du",
    # *Indstillinger* (app/home/settings_screen.py)
    "shell.settings.name": "Dit navn",
    "shell.settings.at_table": "Ved bordet",
    "shell.settings.sound": "Lyd",
    "shell.settings.sound.text": ("Terningerne rafler, bægeret smækker, løft og afsløring – og et bip, "
                                  "når uret har fem sekunder tilbage."),
    "shell.settings.vibration": "Vibration",
    "shell.settings.vibration.text": "Telefonen summer ved din tur og de store øjeblikke, hvor den kan.",
    "shell.settings.practice": "Øvebord mod stamgæsterne",
    "shell.settings.practice.text": "Procenter og forslag til dit bud (aldrig med skjult antal).",
    "shell.settings.reduced_motion": "Færre bevægelser",
    "shell.settings.reduced_motion.text": "Ingen animationer af bægre og terninger.",
    "shell.settings.tempo": "Stamgæsternes tempo",
    "shell.settings.tempo.rolig": "Rolig",
    "shell.settings.tempo.normal": "Normal",
    "shell.settings.tempo.hurtig": "Hurtig",
    "shell.settings.language": "Sprog",
    # each language is named in its own language, the same in both catalogues
    "shell.settings.language.da": "Dansk",
    "shell.settings.language.en": "English",
    "shell.settings.saved": "Gemt",
    "shell.settings.invalid": "Ugyldig værdi – beholder den gamle",
    "shell.settings.not_saved.full": "Kunne ikke gemmes – lageret er fuldt",
    "shell.settings.not_saved.blocked": "Kunne ikke gemmes – lageret er spærret",
    "shell.settings.reset": "Dine indstillinger kunne ikke læses, så de er sat tilbage til standard.",
    # saving a table (app/saves/save_status.py, app/saves/save_guard.py)
    "shell.save.full": "Bordet kan ikke gemmes – lageret er fuldt",
    "shell.save.blocked": "Bordet kan ikke gemmes – lageret er spærret",
    "shell.save.corrupt": "Det gemte bord kunne ikke læses, så vi dækker et nyt bord.",
    # the seats of Bakke's and Treere's *Dæk bordet* (app/table/seat_draft.py)
    "shell.seats.legend": "Spillere ({count} af 2–{most})",
    "shell.seats.player": "Spiller {number}",
    # an extra person at the phone gets the first of these not at the table (no regular's)
    "shell.seats.names": "Bo, Anne, Jens, Hanne, Søren, Birgit, Ole, Kirsten, Niels, Susanne",
    "shell.seats.name_label": "Navn på spiller {number}",
    "shell.seats.at_phone": "ved telefonen",
    "shell.seats.remove": "Fjern {name}",
    "shell.seats.add_human": "+ Spiller",
    "shell.seats.choose_regular": "Vælg stamgæst",
    "shell.seats.add_regular": "+ Stamgæst",
    "shell.seats.friends": "Med vennerne",
    "shell.seats.start": "Start spillet",
    # a table with friends (app/friends/peer_marks.py)
    "shell.peer.host_starts": "Værten starter næste spil",
    "shell.peer.reconnecting": "genforbinder",
    "shell.peer.away": "væk",
    # a regular that raised instead of playing (app/table/session.py)
    "shell.regular_stuck": "{player} gik i stå – bordet tog turen for ham",
    # errors: table/session.py, seat_draft.py, turn_clock.py ("Dansk (English)" via lang.error_text)
    "shell.error.seat_count": "Der skal være {least}–{most} pladser ved bordet",
    "shell.error.no_name": "En spiller mangler et navn",
    "shell.error.name_too_long": "Navnet {name}… er for langt",
    "shell.error.seat_kind": "Ugyldig plads: {kind}",
    "shell.error.same_name": "To pladser hedder {name}",
    "shell.error.not_a_regular": "{name} er ikke en af stamgæsterne",
    "shell.error.no_human": "Mindst én plads skal være din",
    "shell.error.not_a_seat": "Ugyldig plads: {seat}",
    "shell.error.unknown_game": "Ukendt spil: {game}",
    "shell.error.seed": "seed skal være et helt tal, ikke {seed}",
    "shell.error.rules": "Ugyldige regler: {rules}",
    "shell.error.not_seated": "{name} sidder ikke ved bordet",
    "shell.error.not_here": "{name} spiller ikke ved denne telefon",
    "shell.error.not_regulars_turn": "Det er ikke en stamgæsts tur",
    "shell.error.regular_cannot_play": "{name} kan ikke spille",
    "shell.error.not_over": "Spillet er ikke slut endnu",
    "shell.error.table_full": "Der er plads til {most} ved bordet",
    "shell.error.time_limit": "Tidsgrænsen skal være positiv",
}
