"""One table, one tab per game: each game's table has its own lock and token (tab_claim.py)."""
from __future__ import annotations

import pytest
from app.saves.local_store import TAB_KEY
from app.saves.tab_claim import ELSEWHERE, TabClaim, claim_html, lock_name, token_key


def test_each_game_has_its_own_lock_and_token_and_snyd_keeps_its_old_ones():
    assert token_key("snyd") == TAB_KEY and lock_name("snyd") == "bodegabordet.snyd.table"
    keys = {token_key(g) for g in ("snyd", "bakke", "treere")}
    locks = {lock_name(g) for g in ("snyd", "bakke", "treere")}
    assert len(keys) == 3 and len(locks) == 3
    with pytest.raises(ValueError):
        token_key("yatzy")


def test_the_notice_offers_to_take_the_table_and_a_wait_is_a_blank_table():
    claim = TabClaim()
    assert 'class="bakke-table tab-claim"' in claim_html(claim.notice(), "bakke-table")
    claim.ask()
    claim.answer(False)
    assert claim.state == ELSEWHERE
    html = claim_html(claim.notice(), "treere-table")
    assert "Bordet er åbent i en anden fane" in html and 'data-testid="take-table"' in html
