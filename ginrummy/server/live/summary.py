"""What a list of games shows of each (kept in ``games.summary``) and its status, for a game of
any number of players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ginrummy.server.storage.replay import Position, stage
from ginrummy.server.storage.store import SeatRow
from ginrummy.server.wire import multi_payload


def summary(position: Position, seats: Sequence[SeatRow]) -> dict[str, Any]:
    """The facts of a game shown in a list of games: a game of two counts its hands and names
    the seat to act, a table its rounds and the places to act."""
    game = position.game
    facts: dict[str, Any] = {"stage": stage(game)}
    if game.players == 2:
        facts["hand_number"] = game.hand_number if game.hand is not None else len(game.finished)
        facts["totals"] = list(game.points)
        facts["to_act"] = game.to_act
    else:
        humans = frozenset(s.seat for s in seats if s.kind == "human")
        facts["mode"] = multi_payload.mode_of(game)
        facts["players"] = game.players
        facts["hand_number"] = game.round_number
        facts["totals"] = list(game.totals)
        facts["to_act"] = multi_payload.to_act(position, humans)
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
