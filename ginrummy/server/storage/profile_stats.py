"""A player's numbers, counted from the stored records of the games they played.

Pure: the records in, the numbers out, so the profile can always be recomputed from the chain
of records (:mod:`ginrummy.server.storage.records`). A hand counts for a player if they
played in it (at three players the dealer sits each hand out) and it was not void; a hand's
``winner`` and ``knocker`` are its own seats 0 and 1, which its ``players`` map to the game's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ginrummy.core.seating import Seating
from ginrummy.core.table import TableKind

GIN = frozenset({"gin", "big_gin"})


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One finished game of the player's: its record (``canonical_record``'s data, parsed)
    and the seat they played."""

    game_id: str
    seat: int
    data: dict[str, Any]
    finished_at: datetime
    rated: bool = False


def _seating(record: dict[str, Any]) -> Seating:
    players = int(record.get("players") or 2)
    kind: TableKind = "two" if players == 2 else "three" if players == 3 else "teams"
    return Seating(kind, players)


def won(game: PlayedGame) -> bool | None:
    """Whether the player's side won the game (None: nobody did, equal totals at a limit)."""
    record = game.data["record"]
    winner = (record.get("final") or {}).get("winner")
    return None if winner is None else _seating(record).side_of(game.seat) == winner


def _rate(count: int, of: int) -> float | None:
    return None if of == 0 else round(count / of, 4)


def player_stats(games: Sequence[PlayedGame]) -> dict[str, Any]:
    """Games, wins, and per hand: points, gin and undercut rates, knocks by deadwood, length."""
    hands = points = gins = undercuts = undercut_against = knocks = actions = 0
    by_deadwood: Counter[int] = Counter()
    for game in games:
        for hand in game.data["record"].get("hands", []):
            result = hand.get("result")
            places = list(hand.get("players") or (0, 1))
            if result is None or result.get("outcome") == "void" or game.seat not in places:
                continue
            me = places.index(game.seat)
            hands += 1
            actions += len(hand.get("actions", ()))
            outcome = result.get("outcome")
            if result.get("winner") == me:
                points += int(result.get("points") or 0)
                gins += outcome in GIN
                undercuts += outcome == "undercut"
            if result.get("knocker") == me:
                knocks += 1
                by_deadwood[int(result.get("knocker_deadwood") or 0)] += 1
                undercut_against += outcome == "undercut"
    outcomes = [won(game) for game in games]
    return {
        "games": len(games),
        "wins": sum(1 for w in outcomes if w),
        "losses": sum(1 for w in outcomes if w is False),
        "hands": hands,
        "points_per_hand": None if hands == 0 else round(points / hands, 2),
        "gin_rate": _rate(gins, hands),
        "undercut_rate": _rate(undercuts, hands),
        "undercut_against_rate": _rate(undercut_against, knocks),
        "knocks": knocks,
        "knocks_by_deadwood": {str(d): n for d, n in sorted(by_deadwood.items())},
        "average_hand_length": None if hands == 0 else round(actions / hands, 1),
    }
