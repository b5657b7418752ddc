"""A full storage makes room for the live Bakke table by dropping the set-aside copies of
every game (local_store.drop_backups), as it does for Snyd's."""
from __future__ import annotations

from app.saves.local_store import FULL, LocalStore, backup_key
from app.table import session as game_session
from fake_browser import Storage


def test_the_bakke_tables_backup_makes_room_for_a_live_table():
    key = game_session.STORE_KEYS["bakke"]
    storage = Storage(quota=600)
    storage.data[backup_key(key)] = "x" * 400  # an old table set aside
    store = LocalStore(storage)
    assert store.write(key, "y" * 300)
    assert storage.data[key] == "y" * 300 and backup_key(key) not in storage.data
    assert not store.write(key, "z" * 700) and store.last_failure == FULL
