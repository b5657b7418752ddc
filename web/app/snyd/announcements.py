"""What the table says out loud, in Danish: bids, verdicts and the evening's news.

Pure functions of public events and views, so the aria-live region, the speech
bubbles and the tests all read the same words.
"""
from __future__ import annotations

# Danish words, shared with the regulars
from engine.snyd.speech import face_word, number, plain_bid


def bid_words(quantity: int, face: int | None) -> str:
    """A bid as a human says it: "fem femmere", "en toer", "syv af en slags"."""
    return plain_bid({"quantity": quantity, "face": face})


def count_words(count: int, face: int | None) -> str:
    """How many the reveal found: "Der var fire femmere" (S7)."""
    if count == 0:  # "Der var nul toere" is not how anyone says it
        return "Der var ingen ens" if face is None else f"Der var ingen {face_word(face, 2)}"
    if face is None:
        return f"Der var {number(count)} ens"
    return f"Der var {plain_bid({'quantity': count, 'face': face})}"


def verdict(reveal: dict) -> str:
    """The verdict of a call (S20/S21): "Buddet holdt – Mette taber runden"."""
    held = "Buddet holdt" if reveal["held"] else "Buddet var løgn"
    return f"{held} – {reveal['loser']} taber runden"


def peek_words(dice: list[int]) -> str:
    """Your own dice said out loud while you peek (the screen reader's look under the cup)."""
    return "Dine terninger: " + join_names([str(d) for d in sorted(dice)])


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " og " + names[-1]


def announce(event: dict, view: dict | None = None) -> str | None:
    """One Danish line for a public event (docs/views.md), or None for events said elsewhere.

    Bids are said in the bidder's speech bubble and reveals by `verdict`, but they are
    announced here too so the aria-live region carries the whole game.
    """
    kind = event.get("type")
    who = event.get("player", "")
    if kind == "bid":
        return f"{who}: {bid_words(event['quantity'], event.get('face'))}"
    if kind == "call":
        return f"{who}: Løft!"
    if kind == "timeout":
        # Names stand as the subject so the line reads right with the default seat "Du"
        # ("Tiden løb ud for Du" does not).
        return f"{who} nåede det ikke – tiden løb ud"
    if kind == "reveal":
        hidden = bool(view and view.get("rules", {}).get("hidden_count"))
        parts = [] if hidden or "count" not in event else [count_words(event["count"], event.get("face"))]
        return ". ".join(parts + [verdict(event)])
    if kind == "put_away":
        return None  # shown on the felt (dice go visibly); too chatty to read out per player
    if kind == "out":
        return f"{who} er slap"
    if kind == "game_lost":
        return f"{who} taber spillet"
    if kind == "to_viborg":
        return f"{who} ryger til Viborg"
    if kind == "home":
        return f"{who} kommer hjem til grøn"
    if kind == "lost_completely":
        line = f"{who} har tabt helt – en streg på tavlen og en omgang til bordet"
        return line + ". Selvbinder!" if event.get("selvbinder") else line
    if kind == "final":
        return f"Finalen i Viborg: {join_names(list(event.get('players', [])))}"
    if kind == "new_game":
        return f"Spil {event.get('game_no')}"
    if kind == "join":
        return f"{who} sætter sig ved bordet"
    if kind == "deal":
        starter = event.get("starter")
        return f"Runde {event.get('round_no')} – {starter} starter" if starter else None
    return None


def lines_for(events: list[dict], view: dict | None = None) -> list[list[str]]:
    """The lines for a batch of new events, one list per event, with S33's "hjem ved sejr"."""
    rules = (view or {}).get("rules", {})
    # A loss completely sends everyone home (S31): one line for the mats, not one per player.
    after_loss = any(e.get("type") == "lost_completely" for e in events)
    out: list[list[str]] = []
    for e in events:
        lines: list[str] = []
        if not (e.get("type") == "home" and after_loss):
            line = announce(e, view)
            if e.get("type") == "home" and rules.get("home_by_win"):
                line = f"{e.get('player')} kommer hjem ved sejr"  # S33
            if line:
                lines.append(line)
        if e.get("type") == "lost_completely" and rules.get("viborg", True):
            lines.append("Alle måtterne vendes tilbage til grøn")
        out.append(lines)
    return out


SLAP = " er slap"


def merge_slap(lines: list[str]) -> list[str]:
    """Consecutive "X er slap" lines as one ("Henning, Grethe og Kaj er slap"): at a big table a
    put-away can leave six lines saying the same thing under the verdict."""
    out: list[str] = []
    names: list[str] = []
    for line in lines + [""]:
        if line.endswith(SLAP) and line != SLAP:
            names.append(line[: -len(SLAP)])
            continue
        if names:
            out.append(join_names(names) + SLAP)
            names = []
        if line:
            out.append(line)
    return out


def announce_all(events: list[dict], view: dict | None = None) -> list[str]:
    """All lines for a batch of new events, in order."""
    return [line for lines in lines_for(events, view) for line in lines]
