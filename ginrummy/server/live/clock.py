"""The players' clocks: the arithmetic lives with the pure table
(:mod:`ginrummy.livetable.clocks`); the server's modules read it from here too."""

from __future__ import annotations

from ginrummy.livetable.clocks import (
    FORFEIT_AFTER,
    LIMITS,
    ClockKind,
    ClockRefused,
    ClockRules,
    Clocks,
    advance,
    next_timeout,
    seconds_left,
    start_clocks,
    timed_out,
)

__all__ = ["FORFEIT_AFTER", "LIMITS", "ClockKind", "ClockRefused", "ClockRules", "Clocks",
           "advance", "next_timeout", "seconds_left", "start_clocks", "timed_out"]
