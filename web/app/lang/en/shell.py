"""English texts of the shell area (keys "shell.…"); see app/lang/__init__.py and the Danish
catalogue (app/lang/da/shell.py) for where each text is used."""

TEXT: dict[str, str] = {
    # the router (app/shell/screens.py)
    "shell.title.start": "Bodegabordet",
    "shell.title.setup": "Set the table",
    "shell.title.table": "The table",
    "shell.title.tally": "The board",
    "shell.title.settings": "Settings",
    "shell.title.rules": "Rules",
    "shell.back": "Back",
    "shell.unavailable": "\"{screen}\" isn't ready yet. Come back later.",
    # your seat's name until you type one (app/home/player_settings.py)
    "shell.you": "You",
    # *Indstillinger* (app/home/settings_screen.py)
    "shell.settings.name": "Your name",
    "shell.settings.at_table": "At the table",
    "shell.settings.sound": "Sound",
    "shell.settings.sound.text": ("Dice rattling, the cup slammed down, the call and the reveal – and a beep "
                                  "when the clock has five seconds left."),
    "shell.settings.vibration": "Vibration",
    "shell.settings.vibration.text": "The phone buzzes on your turn and at the big moments, where it can.",
    "shell.settings.practice": "Practice table against the regulars",
    "shell.settings.practice.text": "Odds and a suggested bid (never with Skjult antal, the hidden count).",
    "shell.settings.reduced_motion": "Less motion",
    "shell.settings.reduced_motion.text": "No animation of cups and dice.",
    "shell.settings.tempo": "The regulars' pace",
    "shell.settings.tempo.rolig": "Unhurried",
    "shell.settings.tempo.normal": "Normal",
    "shell.settings.tempo.hurtig": "Quick",
    "shell.settings.language": "Language",
    # each language is named in its own language, the same in both catalogues
    "shell.settings.language.da": "Dansk",
    "shell.settings.language.en": "English",
    "shell.settings.saved": "Saved",
    "shell.settings.invalid": "Not a valid value – keeping the old one",
    "shell.settings.not_saved.full": "Couldn't save – the storage is full",
    "shell.settings.not_saved.blocked": "Couldn't save – the storage is blocked",
    "shell.settings.reset": "Your settings couldn't be read, so they're back to the defaults.",
    # saving a table (app/saves/save_status.py, app/saves/save_guard.py)
    "shell.save.full": "The table can't be saved – the storage is full",
    "shell.save.blocked": "The table can't be saved – the storage is blocked",
    "shell.save.corrupt": "The saved table couldn't be read, so we're setting a new one.",
    # the seats of Bakke's and Treere's *Dæk bordet* (app/table/seat_draft.py)
    "shell.seats.legend": "Players ({count} of 2–{most})",
    "shell.seats.player": "Player {number}",
    # the same Danish pub in English: Danish first names, none with æ, ø or å to type
    "shell.seats.names": "Bo, Anne, Jens, Hanne, Peter, Birgit, Ole, Kirsten, Niels, Susanne",
    "shell.seats.name_label": "Player {number}'s name",
    "shell.seats.at_phone": "at this phone",
    "shell.seats.remove": "Remove {name}",
    "shell.seats.add_human": "+ Player",
    "shell.seats.choose_regular": "Choose a regular",
    "shell.seats.add_regular": "+ Regular",
    "shell.seats.friends": "With friends",
    "shell.seats.start": "Start game",
    # a table with friends (app/friends/peer_marks.py)
    "shell.peer.host_starts": "The host starts the next game",
    "shell.peer.reconnecting": "reconnecting",
    "shell.peer.away": "away",
    # a regular that raised instead of playing (app/table/session.py)
    "shell.regular_stuck": "{player} froze – the table took the turn",
    # errors: table/session.py, seat_draft.py, turn_clock.py ("Dansk (English)" via lang.error_text)
    "shell.error.seat_count": "A table has {least}–{most} seats",
    "shell.error.no_name": "A player has no name",
    "shell.error.name_too_long": "The name {name}… is too long",
    "shell.error.seat_kind": "Not a kind of seat: {kind}",
    "shell.error.same_name": "Two seats are called {name}",
    "shell.error.not_a_regular": "{name} isn't one of the regulars",
    "shell.error.no_human": "At least one seat must be yours",
    "shell.error.not_a_seat": "Not a seat: {seat}",
    "shell.error.unknown_game": "Unknown game: {game}",
    "shell.error.seed": "The seed must be a whole number, not {seed}",
    "shell.error.rules": "Not rules: {rules}",
    "shell.error.not_seated": "{name} isn't at the table",
    "shell.error.not_here": "{name} isn't playing on this phone",
    "shell.error.not_regulars_turn": "It isn't a regular's turn",
    "shell.error.regular_cannot_play": "{name} has no move",
    "shell.error.not_over": "The game isn't over yet",
    "shell.error.table_full": "There's room for {most} at the table",
    "shell.error.time_limit": "The time limit must be positive",
}
