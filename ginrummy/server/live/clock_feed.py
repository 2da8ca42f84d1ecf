"""The players' clocks fed from a game's log: which places' clocks run after each entry.

Pure functions over positions and the entries' stored times (the arithmetic is
:mod:`ginrummy.livetable.clocks`); the live table (:mod:`.clock_timer`) and a restarted
server's replay feed the same entries, so both find the same clocks.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from ginrummy.livetable.clocks import ClockRefused, ClockRules, Clocks
from ginrummy.livetable.clocks import clocks_after as pure_clocks_after
from ginrummy.livetable.log import LogEntry
from ginrummy.livetable.position import Position
from ginrummy.server.storage.store import SeatRow

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


def clocks_after(clocks: Clocks, rules: ClockRules, entries: Sequence[LogEntry],
                 positions: Sequence[Position], seats: Sequence[SeatRow]) -> Clocks:
    """``clocks`` fed ``entries`` (``positions[i]``: the position after ``entries[i]``)."""
    humans = frozenset(s.seat for s in seats if s.kind == "human")
    return pure_clocks_after(clocks, rules, entries, positions, humans)
