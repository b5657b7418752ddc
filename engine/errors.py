"""Errors shared by every game engine."""


class IllegalAction(ValueError):
    """An action the rules do not allow (out of turn, not a raise, bad input …).

    The message is meant for a player: Danish first, English in brackets.
    Whatever raised it has left its table unchanged.
    """
