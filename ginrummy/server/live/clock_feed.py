"""The players' clocks fed from a game's log: which places' clocks run after each entry.

Pure functions over positions and the entries' stored times (:mod:`.clock` is the arithmetic);
the live table (:mod:`.clock_timer`) and a restarted server's replay feed the same entries,
so both find the same clocks.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from ginrummy.server.live.clock import ClockRefused, ClockRules, Clocks, advance, timed_out
from ginrummy.server.storage.replay import Position, to_act
from ginrummy.server.storage.store import LogEntry, SeatRow

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


def clocked_places(position: Position, seats: Sequence[SeatRow]) -> frozenset[int]:
    """The places whose clock runs after ``position``: people to move whom the computer does
    not play for."""
    humans = {s.seat for s in seats if s.kind == "human"}
    return (to_act(position.game) & humans) - position.stand_in - position.timed_out


def clocks_after(clocks: Clocks, rules: ClockRules, entries: Sequence[LogEntry],
                 positions: Sequence[Position], seats: Sequence[SeatRow]) -> Clocks:
    """``clocks`` fed ``entries`` (``positions[i]``: the position after ``entries[i]``)."""
    for entry, position in zip(entries, positions, strict=True):
        if entry.kind == "timeout" and entry.seat is not None:
            clocks = timed_out(clocks, rules, entry.seat)
        clocks = advance(clocks, rules, entry.at, clocked_places(position, seats))
    return clocks
