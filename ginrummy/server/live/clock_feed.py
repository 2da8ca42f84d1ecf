"""A live table's clock as the server reads it: a stored game's clock options, and whether
a game forfeits on time (the clocks themselves are :mod:`ginrummy.livetable.clocks`)."""

from __future__ import annotations

import logging
from typing import Any

from ginrummy.livetable.clocks import ClockRefused, ClockRules

log = logging.getLogger(__name__)


def forfeits_on_timeout(game: object) -> bool:
    """Whether ``game`` (a live table) is lost on a player's second timeout: a rated game
    (``rated``) or a tournament's (its hub marks the table ``idle_alone``); a casual game only
    hands the turn to the computer."""
    return bool(getattr(game, "rated", False)) or bool(getattr(game, "idle_alone", False))


def clock_rules_of(stored: dict[str, Any] | None) -> ClockRules | None:
    """A stored game's clock (checked again: a row written by hand may hold anything)."""
    if stored is None:
        return None
    try:
        return ClockRules.from_dict(stored, floor=0.0)
    except ClockRefused as broken:
        log.error("a stored clock does not read (%s): the game plays without one", broken)
        return None
