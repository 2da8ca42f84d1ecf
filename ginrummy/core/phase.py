"""The phases of a hand (R13-R22), and the error for an action that the rules do not allow."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    FIRST_UPCARD = 0
    """R13: the first upcard is offered to the non-dealer, then to the dealer."""
    DRAW = 1
    DISCARD = 2
    """After drawing: discard, knock, or (R17) lay down a big gin."""
    WALL = 3
    """R22: two cards left in the stock; the last discard may be taken only to knock."""
    KNOCKER_MELDS = 4
    """R14, R20: the knocker lays out its melds one by one, then ``DONE``."""
    DEFENDER = 5
    """R18: the defender lays out melds and lays off, then ``DONE``."""
    OVER = 6


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state."""
