"""The reveal that explains itself, and the turn line, as HTML (pure, CPython-testable).

The reveal is drawn whole: every ring, label, running sum and the verdict are in the markup at
once, each with its moment (`--at`, ms after the call) as an inline custom property. The CSS
(web/app/snyd/life.css) holds each back until its moment; the screen sets `--reveal-elapsed` on
the table (how long ago the call was), so a redraw mid-reveal carries on where it was, and a
reveal not seen arriving (a reload) is shown finished. With *Færre bevægelser* (or the system's
reduced motion) no animation runs: the final state is the markup's own.
"""
from __future__ import annotations

from html import escape

from app.lang import t
from app.snyd.announcements import count_words, said, verdict
from app.snyd.reveal_steps import Step, dice_on_the_felt, step_of_die, steps, timed_out

LEAD_MS = 350            # the cups come up before the first ring
BEAT_MIN_MS, BEAT_MAX_MS = 160, 420
RINGS_MS = 2600          # a full table's rings take about this long
VERDICT_GAP_MS = 300     # the sum stands a moment before the verdict


def beat_ms(n_steps: int) -> int:
    """The time between two rings: slower for a few dice, quicker for a full table."""
    if n_steps <= 0:
        return BEAT_MAX_MS
    return max(BEAT_MIN_MS, min(BEAT_MAX_MS, RINGS_MS // n_steps))


def step_at(n: int, n_steps: int) -> int:
    """When step n (from 0) lights, in ms after the call."""
    return LEAD_MS + n * beat_ms(n_steps)


def verdict_at(n_steps: int) -> int:
    """When the count line and the verdict show (and the reveal's big moments start)."""
    return LEAD_MS + n_steps * beat_ms(n_steps) + VERDICT_GAP_MS


def at(ms: int) -> str:
    return f' style="--at:{ms}ms"'


def revealed_hand_html(view: dict, player: str, die_html) -> str:
    """A revealed hand (S7) whose golden rings light one by one, with the specials labelled."""
    rev = view.get("last_reveal")
    if not rev or view["phase"] not in ("reveal", "game_over") or player not in rev.get("hands", {}):
        return ""
    plan = steps(view)
    when = step_of_die(plan)
    labels = []
    dice = []
    for i, v in enumerate(rev["hands"][player]):
        n = when.get((player, i))
        if n is None:
            dice.append(die_html(v, "revealed-die"))
            continue
        die = die_html(v, "revealed-die", "counted ring-step")
        dice.append(die.replace('<span ', f'<span style="--at:{step_at(n, len(plan))}ms" ', 1))
    for n, s in enumerate(plan):
        if s.player == player and s.label and (not labels or labels[-1][1] != s.label):
            labels.append((n, s.label))
    gone = f'<span class="put-away" aria-label="{t("snyd.put_away")}">−1</span>' \
        if player in rev.get("put_away", []) else ""
    # In the hand's own flow, beside the "−1": no extra row on a crowded felt.
    notes = "".join(f'<span class="step-label" data-testid="step-label"{at(step_at(n, len(plan)))}>'
                    f'{escape(text)}</span>' for n, text in labels)
    return f'<div class="hand">{"".join(dice)}{gone}{notes}</div>'


def running_sum_html(plan: list[Step]) -> str:
    """The count building up: one number per step, each shown until the next; the last stays."""
    if not plan:
        return ""
    n = len(plan)
    parts = []
    for k, s in enumerate(plan):
        last = " last" if k == n - 1 else ""
        until = f";--until:{step_at(k + 1, n)}ms" if k < n - 1 else ""
        parts.append(f'<span class="sum-n{last}" style="--at:{step_at(k, n)}ms{until}">'
                     f'{escape(t("snyd.sum", n=s.total))}</span>')
    return f'<p class="running-sum" data-testid="running-sum" aria-hidden="true">{"".join(parts)}</p>'


def reveal_centre_html(view: dict) -> str:
    """The middle of the felt at a reveal: who ran out of time, the sum building up, then the
    count and the verdict. Under Skjult antal (S43) no count and no sum: the rings only."""
    rev = view["last_reveal"]
    hidden = "count" not in rev or view["rules"].get("hidden_count")
    plan = steps(view)
    late = at(verdict_at(len(plan)))
    who = timed_out(view)
    head = f'<p class="timed-out" data-testid="timed-out">{escape(said("snyd.line.timeout", who))}</p>' if who else ""
    count = "" if hidden else \
        f'<p class="count after-steps"{late}>{escape(count_words(rev["count"], rev.get("face")))}</p>'
    running = "" if hidden else running_sum_html(plan)
    moments = "".join(f'<p class="moment {kind}" data-testid="moment"{late}>{escape(text)}</p>'
                      for kind, text in big_moments(view))
    return (f'<div class="centre reveal" style="--end:{verdict_at(len(plan))}ms">{head}{running}{count}'
            f'<p class="verdict after-steps" data-testid="verdict"{late}>{escape(verdict(rev))}</p>'
            f'{moments}</div>')


def moment_events(view: dict) -> list[dict]:
    """The events after the shown reveal that are its big moments: to Viborg (the mat turns
    black) and *tabt helt*."""
    events = view.get("events", [])
    last = max((i for i, e in enumerate(events) if e.get("type") == "reveal"), default=None)
    if last is None or view.get("phase") not in ("reveal", "game_over"):
        return []
    return [e for e in events[last + 1:] if e.get("type") in ("to_viborg", "lost_completely")]


def big_moments(view: dict) -> list[tuple[str, str]]:
    """(kind, words) for the moments of this reveal, in order."""
    out = []
    for e in moment_events(view):
        if e["type"] == "to_viborg":
            out.append(("viborg", t("snyd.stamp.viborg")))
        else:
            out.append(("lost-all", t("snyd.stamp.lost_all")))
    return out


def moment_classes(view: dict, player: str) -> list[str]:
    """A seat's classes for this reveal's moments: its mat turns black, or it lost completely."""
    kinds = {"to_viborg": "to-viborg", "lost_completely": "lost-all"}
    return [kinds[e["type"]] for e in moment_events(view) if e.get("player") == player]


def turn_line_html(view: dict, step: dict) -> str:
    """ "Din tur" that nobody can miss, or who the table waits for ("Henning tænker …")."""
    kind = step.get("kind")
    if view.get("phase") != "bidding":
        return ""
    if kind == "human" and view.get("turn") == view.get("me") and (view.get("can_bid") or view.get("can_call")):
        return f'<p class="your-turn" data-testid="your-turn" role="status">{t("snyd.your_turn")}</p>'
    if kind == "regular":
        who = escape(step.get("player", ""))
        return f'<p class="thinking-line" data-testid="thinking">{t("snyd.thinking", who=who)}</p>'
    return ""


def glass_html(view: dict) -> str:
    """The glass with the dice on the felt, labelled; after a call it still shows the revealed
    round's dice (the next round's count comes with the deal). Fogged under Skjult antal (S43)."""
    n = dice_on_the_felt(view)
    if n is None:
        return (f'<div class="glass fogged" data-testid="glass" role="img" '
                f'aria-label="{t("snyd.glass.fogged")}"><span class="beermat"></span></div>')
    return (f'<div class="glass" data-testid="glass" role="img" '
            f'aria-label="{t("snyd.glass.label", n=n)}">'
            f'<span class="glass-n">{n}</span><span class="glass-label">{t("snyd.glass")}</span></div>')
