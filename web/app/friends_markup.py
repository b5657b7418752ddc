"""*Med vennerne* as HTML: the host's lobby (share link, QR code, seats) and a guest's
"Sæt dig ved bordet" (pure; share_screen.py and join_screen.py do the DOM)."""
from __future__ import annotations

from html import escape
from typing import Any

KIND_WORDS = {"host": "vært", "guest": "ven", "regular": "stamgæst"}
CONNECTION_WORDS = {"connected": "forbundet", "reconnecting": "genforbinder", "away": "væk"}
LATE = "sætter sig fra næste spil"


def _attr(v: object) -> str:
    return escape(str(v), quote=True)


def lobby_seats_html(seats: list[dict[str, Any]]) -> str:
    """One ``lobby-seat`` per seat (HostRoom.lobby()), each with its remove button but the
    host's own."""
    rows = []
    for s in seats:
        player, kind = s["player"], s["kind"]
        badge = (f'<span class="conn {s["connection"]}">{CONNECTION_WORDS[s["connection"]]}</span>'
                 if kind == "guest" else "")
        late = f'<span class="late">{LATE}</span>' if s.get("waiting") else ""
        remove = ("" if kind == "host" else
                  f'<button type="button" class="icon-btn" data-action="remove" '
                  f'data-player="{_attr(player)}" aria-label="Fjern {_attr(player)}">×</button>')
        rows.append(f'<li class="setup-seat lobby-seat {kind}" data-testid="lobby-seat" '
                    f'data-player="{_attr(player)}" data-kind="{kind}">'
                    f'<span class="reg-name">{escape(player)}</span>'
                    f'<span class="kind">{KIND_WORDS[kind]}</span>{badge}{late}{remove}</li>')
    return "".join(rows)


def lobby_html(url: str, can_share: bool, regulars: list[dict[str, Any]]) -> str:
    """The lobby's fixed frame; the seats (``#lobby-seats``), the QR code (``#share-qr-box``)
    and the lines (``#lobby-error``, ``#copy-status``) are filled in by the screen."""
    share = ('<button type="button" class="btn small" data-action="share" '
             'data-testid="share">Del</button>') if can_share else ""
    options = "".join(f'<option value="{_attr(r["name"])}">{escape(r["name"])} – '
                      f'{escape(r.get("description", ""))}</option>' for r in regulars)
    return (f'<section class="setup panel lobby" data-testid="lobby">'
            f'<h2>Med vennerne</h2>'
            f'<p class="hint">Send linket til dem, der skal spille med. '
            f'De sætter sig ved bordet, når de åbner det.</p>'
            f'<div class="share-row">'
            f'<input type="text" class="share-url" readonly data-testid="share-link" '
            f'aria-label="Link til bordet" value="{_attr(url)}">'
            f'<div class="share-buttons">{share}'
            f'<button type="button" class="btn small" data-action="copy" '
            f'data-testid="copy-link">Kopiér link</button></div>'
            f'<p class="hint" id="copy-status" role="status"></p></div>'
            f'<div class="qr" id="share-qr-box" aria-label="QR-kode til bordet">'
            f'<p class="hint">Tegner QR-koden …</p></div>'
            f'<fieldset class="players"><legend>Ved bordet</legend>'
            f'<ol class="seats" id="lobby-seats"></ol>'
            f'<div class="add-seats"><select data-testid="regular-choice" '
            f'aria-label="Vælg stamgæst">{options}</select>'
            f'<button type="button" class="btn small" data-action="add-regular" '
            f'data-testid="add-regular">+ Stamgæst</button></div></fieldset>'
            f'<p class="error" id="lobby-error" role="alert"></p>'
            f'<div class="setup-actions">'
            f'<button type="button" class="back" data-action="back">Tilbage</button>'
            f'<button type="button" class="btn primary" data-action="start" '
            f'data-testid="start-table">Start spillet</button></div></section>')


def join_html(name: str, status: str, problem: str, form: bool, retry: str = "retry") -> str:
    """A guest's "Sæt dig ved bordet": the name and the button while ``form``, else what is
    happening (``status``); ``problem`` (Danish) comes with *Prøv igen* (``retry="retry"``),
    *Til forsiden* (``"home"``) or nothing (``""``)."""
    body = ""
    if form:
        body = (f'<div class="field"><label for="join-name">Dit navn</label>'
                f'<input type="text" id="join-name" class="name" data-testid="join-name" '
                f'maxlength="20" autocomplete="nickname" placeholder="Dit navn" '
                f'value="{_attr(name)}"></div>'
                f'<div class="setup-actions">'
                f'<button type="button" class="back" data-action="home">Til forsiden</button>'
                f'<button type="button" class="btn primary" data-action="sit" '
                f'data-testid="join-sit">Sæt dig</button></div>')
    button = ""
    if problem and retry:
        label = "Prøv igen" if retry == "retry" else "Til forsiden"
        button = (f'<button type="button" class="btn" data-action="{retry}" '
                  f'data-testid="join-retry">{label}</button>')
    return (f'<section class="setup panel join" data-testid="join">'
            f'<h2>Sæt dig ved bordet</h2>'
            f'<p class="status" id="join-status" role="status">{escape(status)}</p>'
            f'<p class="error" role="alert">{escape(problem)}</p>{button}{body}</section>')
