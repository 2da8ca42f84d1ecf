"""The phases of a hand (R13-R22), and the error for an action that the rules do not allow."""

from __future__ import annotations

from enum import IntEnum

from ginrummy.core.errors import CodedError


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


class IllegalActionError(CodedError):
    """An action that the rules do not allow in this state (coded: ``illegal.*``)."""


PHASE_CODES = {
    Phase.FIRST_UPCARD: "phase.first_upcard", Phase.DRAW: "phase.draw",
    Phase.DISCARD: "phase.discard", Phase.WALL: "phase.wall",
    Phase.KNOCKER_MELDS: "phase.knocker_melds", Phase.DEFENDER: "phase.defender",
}
"""The catalogue key of each phase a refusal names (the English text is its name)."""
