"""The share link's static join form (relay/site.py, web/app/shell.js) is the Python join
screen's own markup, in every language; and the take-over's decision for a share link."""

from __future__ import annotations

import re

import pytest
from app import lang
from app.friends.lobby import GAME_NAMES
from app.friends.markup import join_html
from app.lang import t
from app.shell import markup as shell_markup
from app.shell import takeover

from relay.site import JOIN_WORDS, Site


@pytest.fixture(scope="module")
def page() -> str:
    return Site().index_html().decode()


def template(page: str, template_id: str) -> str:
    pattern = rf'<template id="{re.escape(template_id)}">(.*?)</template>'
    found = re.search(pattern, page, re.DOTALL)
    assert found, template_id
    return found.group(1)


@pytest.fixture(params=lang.LANGUAGES)
def speaking(request):
    lang.set_language(request.param)
    yield request.param
    lang.set_language(lang.DEFAULT)


def test_the_static_forms_are_what_the_join_screen_paints(page, speaking) -> None:
    # join_screen._paint before anyone answers: no name, no status, no problem, the form.
    form = {"name": "", "status": "", "problem": "", "form": True, "retry": ""}
    assert template(page, f"shell-{speaking}-join") == join_html(
        **form, invite=t("friends.join.invite.neutral"))
    for game, name in GAME_NAMES.items():
        html = template(page, f"shell-{speaking}-join-for-{game}")
        assert html == join_html(**form, invite=t("friends.join.invite.game", game=name))
        assert 'data-testid="join-name"' in html and 'data-testid="join-sit"' in html
    # join_screen.render for an address without a well-formed room.
    assert template(page, f"shell-{speaking}-join-bad") == join_html(
        "", "", t("friends.join.bad_link"), form=False, retry="home")
    words = template(page, f"shell-{speaking}-join-words")
    for key in JOIN_WORDS:
        assert f'<span data-text="{key}">{shell_markup.to_html(t(key))}</span>' in words


def test_nothing_of_the_address_is_in_the_page(page) -> None:
    # One page for every room (the service worker answers every navigation with it).
    assert "bord=" not in page and "{" not in template(page, "shell-da-join")


def test_the_join_markup_escapes_outside_input() -> None:
    hostile = '"><script>alert(1)</script>'
    html = join_html(hostile, "", hostile, form=True, retry="retry", invite=hostile,
                     title=hostile)
    assert "<script>" not in html and html.count("&lt;script&gt;") == 4
    assert 'value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"' in html
    assert "</input>" not in html  # a void element: no end tag


@pytest.mark.parametrize("shell, steps", [
    # The static form hands over a typed name and a kept tap: the join screen, no other step.
    ({"screen": "bord", "join": {"typed": "Mette", "sit": True, "left": False}}, [("bord", {})]),
    # The guest left the static form for the start screen (Til forsiden): Python stays there.
    ({"screen": "start", "join": {"typed": None, "sit": False, "left": True}}, [("start", {})]),
    # ... and a game tapped there after that is the queued tap, as without a share link.
    ({"screen": "splash", "queued": {"name": "bakke"}, "join": {"left": True}},
     [("start", {}), ("bakke", {})]),
])
def test_first_screens_of_a_share_link(shell, steps) -> None:
    assert takeover.first_screens(shell, "?bord=" + "A" * 22, "") == steps
