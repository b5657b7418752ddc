"""*De åbne borde*, the stranger's side: the live list of open tables (`list_screen`, kept by
`watcher` from the relay's frames, checked by `tables`) and *Åbn et bord* (`form_screen`, its
draft made into open_lobby's arguments by `form`). The host's side is app/friends/
(share_screen.open_lobby, open_listing); the relay's is relay/open_tables.py."""
