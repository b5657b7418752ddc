"""What a table with friends adds to the Bakke and Treere screens: each seat's connection,
and on a guest's phone the line that the host starts the next game (instead of *Nyt spil*).

The host's phone knows every seat's state (friends/core/host_seats.room_connections) and a guest's
phone learns it from the host's frames: "connected", "reconnecting" or "away". A seat carries
it as ``data-connection`` (docs/testids.md) and, when it is not connected, a small tag with
the word; a one-phone table has no connections and its seats carry neither. The words are
Snyd's (snyd/table_markup.CONNECTION_TAGS).

On the host's phone (all three games) it also draws the host's hand over a guest's seat:
*Lad en stamgæst spille* with its confirm, and *Giv pladsen tilbage* (``seats_menu_html`` in
*Tavlen*; ``hand_over_html`` by "Venter på Mette …" when her phone is not connected).
"""
from __future__ import annotations

from html import escape
from typing import Any

from app.lang import t
from app.shell.dom_util import present

TAGS = {"reconnecting": "shell.peer.reconnecting", "away": "shell.peer.away"}  # keys; none when connected
STATES = ("connected", *TAGS)


def host_starts() -> str:
    """A guest's phone after a game (friends/game_guest.py), instead of *Nyt spil*."""
    return t("shell.peer.host_starts")



def connections_of(session: Any) -> dict[str, str]:
    """Every seat's state at a peer table (the host's or a guest's), {} at a one-phone table;
    a state this module does not know is left out rather than drawn."""
    read = getattr(session, "connections", None)
    found = read() if callable(read) else {}
    if not isinstance(found, dict):
        return {}
    return {p: s for p, s in found.items() if isinstance(p, str) and s in STATES}


def connection_attr(connections: dict[str, str], player: str) -> str:
    """` data-connection="…"` at a peer table, nothing at a one-phone table."""
    state = connections.get(player)
    return f' data-connection="{escape(state, quote=True)}"' if state else ""


def connection_tag(connections: dict[str, str], player: str) -> str:
    key = TAGS.get(connections.get(player, ""))
    return f'<span class="tag connection">{t(key)}</span>' if key else ""


# ---------- the host's hand: a guest's seat to a stand-in and back ----------

def can_hand_over(session: Any) -> bool:
    """The host's phone at a table with friends (HostTable, HostGameTable): only it can hand a
    guest's seat to a stand-in; a guest's phone and a one-phone table cannot."""
    return callable(getattr(session, "hand_over", None)) and bool(getattr(session, "guests", []))


def hand_over_html(player: str, confirming: str | None) -> str:
    """*Lad en stamgæst spille* for ``player``'s seat, or, after that tap, the confirm: the
    question with *Ja, lad stamgæsten spille* and *Nej* (one tap more, never by accident)."""
    who = escape(player, quote=True)
    if confirming == player:
        return (f'<div class="hand-over-confirm" role="group" data-testid="hand-over-confirm" '
                f'data-player="{who}"><p>{escape(t("friends.seats.confirm", player=player))}</p>'
                f'<button type="button" class="btn small primary" data-action="hand-over-yes" '
                f'data-player="{who}" data-testid="hand-over-yes">{t("friends.seats.yes")}</button>'
                f'<button type="button" class="btn small" data-action="hand-over-no" '
                f'data-testid="hand-over-no">{t("friends.seats.no")}</button></div>')
    return (f'<button type="button" class="btn small" data-action="hand-over" data-player="{who}" '
            f'data-testid="hand-over">{t("friends.seats.hand_over")}</button>')


def seats_menu_html(session: Any, confirming: str | None) -> str:
    """At the host's table: every guest's seat, its state, and *Lad en stamgæst spille* (with
    its confirm) or, for a seat a stand-in plays now, *Giv pladsen tilbage*. Nothing on any
    other phone."""
    if not can_hand_over(session):
        return ""
    handed, connections = session.handed(), connections_of(session)
    rows = []
    for player in session.guests:
        who = escape(player, quote=True)
        if player in handed:
            state = t("friends.seats.handed")
            control = (f'<button type="button" class="btn small" data-action="give-back" '
                       f'data-player="{who}" data-testid="give-back">'
                       f'{t("friends.seats.give_back")}</button>')
        else:
            state = t(f"friends.connection.{connections.get(player, 'connected')}")
            control = hand_over_html(player, confirming)
        rows.append(f'<li class="seat-menu-row" data-testid="seat-menu-row" data-player="{who}"'
                    f'{" data-handed" if player in handed else ""}>'
                    f'<span class="name">{escape(player)}</span> '
                    f'<span class="tag">{escape(state)}</span>{control}</li>')
    return (f'<section class="seat-menu" data-testid="seat-menu"><h3>{t("friends.seats.title")}</h3>'
            f'<ul>{"".join(rows)}</ul></section>')


def handed_here_html(view: dict, guest: bool) -> str:
    """On a guest's phone whose seat a stand-in plays by the host's hand (the view's "handed"):
    the line that says so, in place of the moves ("" anywhere else)."""
    if not guest or view.get("me") not in view.get("handed", []):
        return ""
    return (f'<p class="waiting" data-testid="seat-handed" role="status">'
            f'{escape(t("friends.handed.you"))}</p>')


# ---------- who leads the table (issue 20: the table outlives its host) ----------

def mark_host(felt: Any, session: Any) -> None:
    """After each redraw of a friends' table: ``data-host="true"`` on the seat whose phone
    leads the table now, and, once another phone carried the table on (epoch > 0), the
    notice ``host-moved`` in the felt's top corner ("Mette fører bordet nu"). Nothing at a
    one-phone table."""
    lead = getattr(session, "table_host", None)
    if lead is None or not present(felt):
        return
    host, epoch = lead()
    for seat in felt.querySelectorAll('[data-testid="seat"]'):
        if seat.getAttribute("data-player") == host:
            seat.setAttribute("data-host", "true")
        else:
            seat.removeAttribute("data-host")
    notice = felt.querySelector('[data-testid="host-moved"]')  # the felt is drawn anew often
    if epoch > 0 and host is not None:
        if not present(notice):
            felt.insertAdjacentHTML("afterbegin", '<p class="host-moved" data-testid="host-moved" '
                                    'role="status"></p>')
            notice = felt.querySelector('[data-testid="host-moved"]')
        notice.textContent = t("friends.host_moved", player=host)
    elif present(notice):
        notice.remove()

