"""A full storage makes room for the live Bakke table by dropping the set-aside copies of
every game (local_store.drop_backups), as it does for Snyd's."""
from __future__ import annotations

from app import game_session
from app.local_store import FULL, LocalStore, backup_key


class Quota:
    def __init__(self, quota: int) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key):
        return self.data.get(key)

    def setItem(self, key, value):
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.data[key] = value

    def removeItem(self, key):
        self.data.pop(key, None)


def test_the_bakke_tables_backup_makes_room_for_a_live_table():
    key = game_session.STORE_KEYS["bakke"]
    storage = Quota(600)
    storage.data[backup_key(key)] = "x" * 400  # an old table set aside
    store = LocalStore(storage)
    assert store.write(key, "y" * 300)
    assert storage.data[key] == "y" * 300 and backup_key(key) not in storage.data
    assert not store.write(key, "z" * 700) and store.last_failure == FULL
