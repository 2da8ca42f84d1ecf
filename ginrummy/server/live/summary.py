"""What a list of games shows of each (kept in ``games.summary``) and its status, for a game of
any number of players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ginrummy.livetable.position import Position, stage
from ginrummy.server.storage.store import SeatRow
from ginrummy.server.wire.payload import to_act


def summary(position: Position, seats: Sequence[SeatRow]) -> dict[str, Any]:
    """The facts of a game shown in a list of games: its hand (a table: its round), totals and
    the places the game waits for."""
    game = position.game
    humans = frozenset(s.seat for s in seats if s.kind == "human")
    facts: dict[str, Any] = {"stage": stage(game), "mode": game.kind, "players": game.players}
    if game.players == 2:  # a hand is a round: the list names the last one while none is on
        facts["hand_number"] = game.hand_number if game.hand is not None else len(game.finished)
    else:
        facts["hand_number"] = game.round_number
    facts["totals"] = list(game.totals)
    facts["to_act"] = to_act(position, humans)
    facts["ready"] = sorted(position.ready)
    facts["stand_in"] = sorted(position.stand_in)
    facts["winner"] = game.winner
    facts["end_reason"] = game.end_reason
    facts["names"] = [s.name for s in seats]
    return facts


def status_of(position: Position) -> str:
    """``waiting`` (before the first deal), ``active`` or ``over``."""
    st = stage(position.game)
    return "waiting" if st == "waiting" else "over" if st == "over" else "active"
