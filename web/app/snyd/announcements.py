"""What the table says out loud: bids, verdicts and the evening's news, in the player's language.

Pure functions of public events and views, so the aria-live region, the speech
bubbles and the tests all read the same words. The words are the snyd catalogue's
(app/lang) and the bids the engine's table language (engine/snyd/speech.py).
"""
from __future__ import annotations

from app import lang
from app.home.player_settings import is_default_name
from app.lang import t

# The engine's number and face words, shared with the regulars
from engine.snyd.speech import face_word, number, plain_bid


def said(key: str, who: str, **args: object) -> str:
    """A line about `who`: its ".you" form when `who` is the default seat name ("You lose the
    round", not "You loses"); the same words in Danish."""
    return t(f"{key}.you" if is_default_name(who) else key, who=who, **args)


def bid_words(quantity: int, face: int | None) -> str:
    """A bid as a human says it: "fem femmere", "en toer", "syv af en slags" ("five fives")."""
    return plain_bid({"quantity": quantity, "face": face}, lang=lang.language())


def count_words(count: int, face: int | None) -> str:
    """How many the reveal found: "Der var fire femmere" (S7)."""
    code = lang.language()
    if count == 0:  # "Der var nul toere" is not how anyone says it
        if face is None:
            return t("snyd.count.zero_kind")
        return t("snyd.count.zero_face", faces=face_word(face, 2, lang=code))
    many = "one" if count == 1 else "many"
    if face is None:
        return t(f"snyd.count.kind.{many}", n=number(count, lang=code))
    return t(f"snyd.count.face.{many}", bid=bid_words(count, face))


def verdict(reveal: dict) -> str:
    """The verdict of a call (S20/S21): "Buddet holdt – Mette taber runden"."""
    return said("snyd.verdict.held" if reveal["held"] else "snyd.verdict.lie", reveal["loser"])


def peek_words(dice: list[int]) -> str:
    """Your own dice said out loud while you peek (the screen reader's look under the cup)."""
    return t("snyd.line.peek", dice=join_names([str(d) for d in sorted(dice)]))


def join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + t("snyd.and") + names[-1]


# Events whose line is "<key>" about event["player"] (with the ".you" form).
ABOUT_PLAYER = {"timeout": "snyd.line.timeout", "out": "snyd.line.out", "game_lost": "snyd.line.game_lost",
                "to_viborg": "snyd.line.to_viborg", "home": "snyd.line.home", "join": "snyd.line.join"}


def announce(event: dict, view: dict | None = None) -> str | None:
    """One line for a public event (docs/views.md), or None for events said elsewhere.

    Bids are said in the bidder's speech bubble and reveals by `verdict`, but they are
    announced here too so the aria-live region carries the whole game.
    """
    kind = event.get("type")
    who = event.get("player", "")
    if kind == "bid":
        return t("snyd.line.bid", who=who, bid=bid_words(event["quantity"], event.get("face")))
    if kind == "call":
        return t("snyd.line.call", who=who)
    if kind in ABOUT_PLAYER:
        # Names stand as the subject so the line reads right with the default seat "Du"
        # ("Tiden løb ud for Du" does not).
        return said(ABOUT_PLAYER[kind], who)
    if kind == "reveal":
        hidden = bool(view and view.get("rules", {}).get("hidden_count"))
        parts = [] if hidden or "count" not in event else [count_words(event["count"], event.get("face"))]
        return ". ".join(parts + [verdict(event)])
    if kind == "put_away":
        return None  # shown on the felt (dice go visibly); too chatty to read out per player
    if kind == "lost_completely":
        return said("snyd.line.selvbinder" if event.get("selvbinder") else "snyd.line.lost_completely", who)
    if kind == "final":
        return t("snyd.line.final", who=join_names(list(event.get("players", []))))
    if kind == "new_game":
        return t("snyd.line.new_game", n=event.get("game_no"))
    if kind == "deal":
        starter = event.get("starter")
        return said("snyd.line.deal", starter, n=event.get("round_no")) if starter else None
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
                line = said("snyd.line.home_by_win", e.get("player", ""))  # S33
            if line:
                lines.append(line)
        if e.get("type") == "lost_completely" and rules.get("viborg", True):
            lines.append(t("snyd.line.mats_green"))
        out.append(lines)
    return out


def slap_name(line: str) -> str | None:
    """Who a "X er slap" line is about (either form), or None for any other line."""
    for key in ("snyd.line.out", "snyd.line.out.you"):
        head, _, tail = t(key, who="\0").partition("\0")
        if line.startswith(head) and line.endswith(tail) and len(line) > len(head) + len(tail):
            return line[len(head): len(line) - len(tail)]
    return None


def merge_slap(lines: list[str]) -> list[str]:
    """Consecutive "X er slap" lines as one ("Henning, Grethe og Kaj er slap"): at a big table a
    put-away can leave six lines saying the same thing under the verdict."""
    out: list[str] = []
    names: list[str] = []
    for line in lines + [""]:
        name = slap_name(line)
        if name is not None:
            names.append(name)
            continue
        if len(names) == 1:
            out.append(said("snyd.line.out", names[0]))
        elif names:
            out.append(t("snyd.line.out.many", who=join_names(names)))
        names = []
        if line:
            out.append(line)
    return out


def announce_all(events: list[dict], view: dict | None = None) -> list[str]:
    """All lines for a batch of new events, in order."""
    return [line for lines in lines_for(events, view) for line in lines]
