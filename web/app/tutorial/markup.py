"""The *Lær at spille* screen's HTML (pure): the step's text, the board, the choices.

The dice are the tables' own die markup (app.snyd.table_markup.die_html, styled by table.css);
a die under the cup is drawn as a blank die. Every action is a button with `data-action`,
which app.tutorial.screen forwards to the runner (app.tutorial.runner).
"""
from __future__ import annotations

from html import escape

from app.lang import t
from app.snyd.table_markup import die_html
from app.tutorial.runner import PEEK, Tutorial


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _dice(dice: list, pick: bool, chosen: set[int], counted: frozenset[int] = frozenset()) -> str:
    """`counted`: the dice a reveal counts (Snyd), ringed like the table's (`.die.counted`)."""
    out = []
    for i, face in enumerate(dice):
        if face is None:
            out.append('<span class="die hidden-die" aria-hidden="true"></span>')
        elif pick:
            out.append(f'<button type="button" class="pick" data-action="pick" data-index="{i}" '
                       f'data-testid="tutorial-die-{i}" aria-pressed="{str(i in chosen).lower()}">'
                       f'{die_html(face)}</button>')
        else:
            out.append(die_html(face, extra="counted" if i in counted else ""))
    return "".join(out)


def _throw(i: int, row: dict) -> str:
    """Bakke: the last throw on the thrower's row, each die marked with what became of it
    (`data-fate` gone | up | stays, and its word under it: app.bakke.tutorial.board)."""
    if not row.get("throw"):
        return ""
    dice = "".join(f'<span class="fate" data-fate="{_e(d["fate"])}">{die_html(d["face"])}'
                   f'<small>{_e(d["label"])}</small></span>' for d in row["throw"])
    return (f'<div class="thrown" data-testid="tutorial-throw-{i}">'
            f'<span class="caption">{_e(row.get("throw_caption", ""))}</span>{dice}</div>')


def _row(i: int, row: dict, board: dict, chosen: set[int], hint: str) -> str:
    dice = _dice(row["dice"], bool(row.get("pick")), chosen, frozenset(row.get("counted", ())))
    note = f'<span class="note">{_e(row["note"])}</span>' if row["note"] else ""
    if board.get("peek") and i == len(board["rows"]) - 1:  # your own cup, last row
        hint_html = f'<span class="peek-hint" data-testid="peek-hint">{_e(hint)}</span>' if hint else ""
        dice = (f'<div class="tutorial-cup" data-action="cup" data-testid="tutorial-cup">'
                f'{dice}{hint_html}</div>')
    dice = f'<div class="dice">{dice}</div>'
    if row.get("mat"):  # Snyd: the seat's mat, black in Viborg (the table's own .mat, table.css)
        dice = (f'<div class="mat tutorial-mat" data-testid="tutorial-mat-{i}" '
                f'data-state="{_e(row["mat"])}">{dice}</div>')
    return (f'<div class="tutorial-row" data-testid="tutorial-row-{i}">'
            f'<span class="name">{_e(row["name"])}</span>{note}'
            f'{dice}{_throw(i, row)}</div>')


def open_button_html(game: str) -> str:
    """*Lær at spille* on a game's *Dæk bordet*: opens that game's tutorial (the setup screens
    forward `data-action="learn"` to the router: app/<game>/setup_screen.py)."""
    return (f'<button type="button" class="btn small" data-action="learn" data-game="{_e(game)}" '
            f'data-testid="tutorial-open">{_e(t("tutorial.open"))}</button>')


def _back_html(tut: Tutorial) -> str:
    """*Tilbage* on every step after the first, the end too (app.tutorial.runner.Tutorial.back)."""
    if tut.index == 0:
        return ""
    return (f'<button type="button" class="back" data-action="back" data-testid="tutorial-back">'
            f'{_e(t("tutorial.back"))}</button>')


def controls_html(tut: Tutorial, board: dict, chosen: set[int]) -> str:
    step = tut.step
    if step is None:
        return (f'<p class="tutorial-done" data-testid="tutorial-done">{_e(t("tutorial.finished"))}</p>'
                f'<button type="button" class="btn primary" data-action="play" '
                f'data-testid="tutorial-play">{_e(t("tutorial.play"))}</button>' + _back_html(tut))
    buttons = []
    if board.get("peek"):
        buttons.append(f'<button type="button" class="btn kig" data-action="kig" '
                       f'data-testid="tutorial-kig">{_e(t("tutorial.kig"))}</button>')
    for i, choice in enumerate(step.choices):
        buttons.append(f'<button type="button" class="btn" data-action="choice" data-index="{i}" '
                       f'data-testid="tutorial-choice-{i}">{_e(choice.text())}</button>')
    if any(r.get("pick") for r in board["rows"]):
        buttons.append(f'<button type="button" class="btn primary" data-action="keep" '
                       f'data-testid="tutorial-keep"{"" if chosen else " disabled"}>'
                       f'{_e(t("tutorial.keep"))}</button>')
    buttons.append(_back_html(tut))  # last: the step's own buttons keep their places
    return "".join(buttons)


def screen_html(tut: Tutorial, board: dict, chosen: set[int], hint: str, line: str) -> str:
    """The whole screen. `hint`: the cup's peek hint; `line`: a short-tap line or the nudge."""
    step = tut.step
    text = step.words() if step else t("tutorial.finished")
    rows = "".join(_row(i, r, board, chosen, hint) for i, r in enumerate(board["rows"]))
    waits = "peek" if step is not None and step.expect == PEEK else ""
    return (
        f'<section class="panel tutorial" data-testid="tutorial" data-game="{_e(tut.script.GAME)}" '
        f'data-step="{_e(step.key if step else "done")}" data-waits="{waits}">'
        f'<div class="tutorial-bar"><h2>{_e(t("tutorial.heading", game=tut.script.TITLE))}</h2>'
        f'<span class="progress" data-testid="tutorial-progress">{_e(tut.progress())}</span>'
        + ('' if step is None else
           f'<button type="button" class="back" data-action="skip" data-testid="tutorial-skip">'
           f'{_e(t("tutorial.skip"))}</button>')
        + '</div>'
        f'<p class="tutorial-text" data-testid="tutorial-text" role="status">{_e(text)}</p>'
        f'<p class="tutorial-nudge" data-testid="tutorial-nudge" role="alert">{_e(line)}</p>'
        f'<div class="tutorial-board" data-testid="tutorial-board">{rows}'
        f'<p class="tutorial-line" data-testid="tutorial-line">{_e(board["line"])}</p></div>'
        f'<div class="tutorial-controls" id="tutorial-controls">{controls_html(tut, board, chosen)}</div>'
        '</section>')
