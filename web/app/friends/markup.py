"""*Med vennerne* as HTML: the host's lobby (share link, QR code, seats) and a guest's
"Sæt dig ved bordet" (pure; share_screen.py and join_screen.py do the DOM).

Every word is the friends catalogue's (app/lang, "friends.…"); a seat's kind and connection
are keys made from the protocol's values (protocol.KINDS, protocol.CONNECTIONS), all present
in both languages (tests/peers/test_notices.py)."""
from __future__ import annotations

from html import escape
from typing import Any

from app import lang
from app.lang import t
from app.shell.markup import join_tree, to_html


def _attr(v: object) -> str:
    return escape(str(v), quote=True)


def lobby_seats_html(seats: list[dict[str, Any]]) -> str:
    """One ``lobby-seat`` per seat (HostRoom.lobby()), each with its remove button but the
    host's own."""
    rows = []
    for s in seats:
        player, kind = s["player"], s["kind"]
        connection = s["connection"]
        badge = (f'<span class="conn {connection}">{t(f"friends.connection.{connection}")}</span>'
                 if kind == "guest" else "")
        late = f'<span class="late">{t("friends.late")}</span>' if s.get("waiting") else ""
        remove = ("" if kind == "host" else
                  f'<button type="button" class="icon-btn" data-action="remove" data-testid="remove-seat" '
                  f'data-player="{_attr(player)}" '
                  f'aria-label="{_attr(t("friends.lobby.remove", player=player))}">×</button>')
        rows.append(f'<li class="setup-seat lobby-seat {kind}" data-testid="lobby-seat" '
                    f'data-player="{_attr(player)}" data-kind="{kind}">'
                    f'<span class="reg-name">{escape(player)}</span>'
                    f'<span class="kind">{t(f"friends.kind.{kind}")}</span>{badge}{late}{remove}</li>')
    return "".join(rows)


def regular_option(regular: dict[str, Any], game: str) -> str:
    """One regular to pick: the name, and the one-line portrait in this phone's language, the
    game's own as its *Dæk bordet* shows it ("<game>.regular.<style>"; the engine's Danish one
    for a style the catalogue does not know)."""
    name = regular["name"]
    about = lang.regular_portrait(game, regular)
    return f'<option value="{_attr(name)}">{escape(name)} – {escape(about)}</option>'


def lobby_html(url: str, can_share: bool, regulars: list[dict[str, Any]], game: str = "snyd") -> str:
    """The lobby's fixed frame; the seats (``#lobby-seats``), the QR code (``#share-qr-box``)
    and the lines (``#lobby-error``, ``#copy-status``) are filled in by the screen."""
    share = ('<button type="button" class="btn small" data-action="share" '
             f'data-testid="share">{t("friends.lobby.share")}</button>') if can_share else ""
    options = "".join(regular_option(r, game) for r in regulars)
    return (f'<section class="setup panel lobby" data-testid="lobby">'
            f'<h2>{t("friends.lobby.title")}</h2>'
            f'<p class="hint">{t("friends.lobby.hint")}</p>'
            f'<div class="share-row">'
            f'<input type="text" class="share-url" readonly data-testid="share-link" '
            f'aria-label="{_attr(t("friends.lobby.link"))}" value="{_attr(url)}">'
            f'<div class="share-buttons">{share}'
            f'<button type="button" class="btn small" data-action="copy" '
            f'data-testid="copy-link">{t("friends.lobby.copy")}</button></div>'
            f'<p class="hint" id="copy-status" role="status"></p></div>'
            f'<div class="qr" id="share-qr-box" aria-label="{_attr(t("friends.lobby.qr"))}">'
            f'<p class="hint">{t("friends.lobby.qr.drawing")}</p></div>'
            f'<fieldset class="players"><legend>{t("friends.lobby.seats")}</legend>'
            f'<ol class="seats" id="lobby-seats"></ol>'
            f'<div class="add-seats"><select data-testid="regular-choice" '
            f'aria-label="{_attr(t("friends.lobby.choose_regular"))}">{options}</select>'
            f'<button type="button" class="btn small" data-action="add-regular" '
            f'data-testid="add-regular">{t("friends.lobby.add_regular")}</button></div></fieldset>'
            f'<p class="error" id="lobby-error" role="alert"></p>'
            f'<div class="setup-actions">'
            f'<button type="button" class="back" data-action="back">{t("friends.lobby.back")}</button>'
            f'<button type="button" class="btn primary" data-action="start" '
            f'data-testid="start-table">{t("friends.lobby.start")}</button></div></section>')


def join_html(name: str, status: str, problem: str, form: bool, retry: str = "retry",
              invite: str = "", title: str = "") -> str:
    """A guest's "Sæt dig ved bordet": who invites to which game (``invite``: its names are
    outside input, escaped), the name and the button while ``form``, else what is happening
    (``status``); ``problem`` (in this phone's language) comes with *Prøv igen*
    (``retry="retry"``), *Til forsiden* (``"home"``) or nothing (``""``). ``title``: another
    heading than "Sæt dig ved bordet" (a closed table's). The tree is the shell's
    (app/shell/markup.py `join_tree`): relay/site.py renders the same one into index.html, a
    share link's first paint before Python."""
    return to_html(join_tree(t, name, status, problem, form, retry, invite, title))
