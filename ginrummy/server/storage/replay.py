"""A game's state as a replay of its log: the game logic is the pure table's
(:mod:`ginrummy.livetable.position`); the server's modules read it from here."""

from __future__ import annotations

from ginrummy.livetable.position import (
    Position,
    ReplayError,
    first_deal_awaits,
    may_say_ready,
    replay,
    replay_with,
    stage,
    start,
    step,
    table_of,
    to_act,
    waiting_for_deal,
)

__all__ = ["Position", "ReplayError", "first_deal_awaits", "may_say_ready", "replay",
           "replay_with", "stage", "start", "step", "table_of", "to_act", "waiting_for_deal"]
