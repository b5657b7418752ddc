"""*Med vennerne*, tables with friends: the lobby, share and join screens and their markup; each
phone's table (`host_table`, `guest_table`, `game_host`, `game_guest`); the protocol core in
`core/` (no `js`) and the wire in `wire/` (docs/protocol.md)."""
