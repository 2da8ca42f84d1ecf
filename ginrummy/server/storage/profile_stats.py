"""A player's numbers, counted from the stored records of the games they played.

Pure: the records in, the numbers out, so the profile can always be recomputed from the chain
of records (:mod:`ginrummy.server.storage.records`). A hand counts for a player if they
played in it (at three players the dealer sits each hand out) and it was not void; a hand's
``winner`` and ``knocker`` are its own seats 0 and 1, which its ``players`` map to the game's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
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
    seq: int = 0
    """Its place in the chain of records: later games have higher ones."""


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


@dataclass(slots=True)
class Tally:
    """The counts behind a player's numbers, one game added at a time: the numbers of games
    added in any order, or in several tallies merged, are those of :func:`player_stats`."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    hands: int = 0
    points: int = 0
    gins: int = 0
    undercuts: int = 0
    undercut_against: int = 0
    knocks: int = 0
    actions: int = 0
    by_deadwood: Counter[int] = field(default_factory=Counter)

    def add(self, game: PlayedGame) -> None:
        self.games += 1
        outcome_of_game = won(game)
        self.wins += outcome_of_game is True
        self.losses += outcome_of_game is False
        for hand in game.data["record"].get("hands", []):
            result = hand.get("result")
            places = list(hand.get("players") or (0, 1))
            if result is None or result.get("outcome") == "void" or game.seat not in places:
                continue
            me = places.index(game.seat)
            self.hands += 1
            self.actions += len(hand.get("actions", ()))
            outcome = result.get("outcome")
            if result.get("winner") == me:
                self.points += int(result.get("points") or 0)
                self.gins += outcome in GIN
                self.undercuts += outcome == "undercut"
            if result.get("knocker") == me:
                self.knocks += 1
                self.by_deadwood[int(result.get("knocker_deadwood") or 0)] += 1
                self.undercut_against += outcome == "undercut"

    def copy(self) -> Tally:
        return replace(self, by_deadwood=Counter(self.by_deadwood))

    def to_json(self) -> dict[str, Any]:
        hands = self.hands
        return {
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "hands": hands,
            "points_per_hand": None if hands == 0 else round(self.points / hands, 2),
            "gin_rate": _rate(self.gins, hands),
            "undercut_rate": _rate(self.undercuts, hands),
            "undercut_against_rate": _rate(self.undercut_against, self.knocks),
            "knocks": self.knocks,
            "knocks_by_deadwood": {str(d): n for d, n in sorted(self.by_deadwood.items())},
            "average_hand_length": None if hands == 0 else round(self.actions / hands, 1),
        }


def player_stats(games: Sequence[PlayedGame]) -> dict[str, Any]:
    """Games, wins, and per hand: points, gin and undercut rates, knocks by deadwood, length."""
    tally = Tally()
    for game in games:
        tally.add(game)
    return tally.to_json()
