"""Swiss rounds at tables of three (R33): each round, threes of players with the same score,
no two who met before unless every grouping needs it.

The byes come first: as many as make the others a multiple of three (the lowest ranked who
have not had one). The tables are a depth-first search over the players by score (then
rank): the best unplaced player takes the two partners nearest to them, so of their own
score while two are left there, that none of the three has met; a dead end goes back.
When that finds no grouping (there is none, or not within :data:`SEARCH_STEPS` tries), each
best unplaced player takes the nearest pair bringing the fewest rematches, and players are
swapped between two tables while a swap lowers the rematches (then the differences of score
and rank): a round of 64 is paired in well under a second whatever its history.

>>> byes_for(["a", "b", "c", "d", "e"], {"e"}, 3)
('d', 'c')
>>> swiss_tables(list("abcdef"), dict.fromkeys("abcdef", 0), {frozenset("ab")})
[('a', 'c', 'd'), ('b', 'e', 'f')]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence, Set

from ginrummy.tournament.grouping import Mates, mates_of, rematches, repaired
from ginrummy.tournament.rules import TournamentError

SEARCH_STEPS = 20_000
"""Partner pairs the exact search tries before the grouping is repaired instead."""


def byes_for(ranked: Sequence[str], had_bye: Set[str], players: int = 3) -> tuple[str, ...]:
    """Who sits out so that the others fill tables of ``players``: the lowest ranked
    without a bye yet first, then (when everyone has had one) the lowest ranked."""
    count = len(ranked) % players
    lowest_first = list(reversed(ranked))
    order = ([p for p in lowest_first if p not in had_bye]
             + [p for p in lowest_first if p in had_bye])
    return tuple(order[:count])


def swiss_tables(ranked: Sequence[str], scores: Mapping[str, float],
                 met: Set[frozenset[str]]) -> list[tuple[str, str, str]]:
    """Tables of three of ``ranked`` (best first; a multiple of three of them), each table
    best first, in the order of their best player."""
    rank = {player: index for index, player in enumerate(ranked)}
    ranked = sorted(ranked, key=lambda player: (-scores[player], rank[player]))
    if len(ranked) % 3:
        raise TournamentError(f"cannot seat {len(ranked)} players at tables of three",
                              "tournament.three_seating", count=len(ranked))
    mates = mates_of(ranked, met)
    found = (_Search(ranked, mates).run()
             or repaired(_greedy(ranked, mates), ranked, scores, mates))
    tables = [tuple(sorted(table, key=rank.__getitem__)) for table in found]
    return sorted(((a, b, c) for a, b, c in tables), key=lambda t: rank[t[0]])


def _greedy(ranked: list[str], mates: Mates) -> list[list[str]]:
    """Each best unplaced player with the nearest pair that brings the fewest rematches."""
    left, tables = list(ranked), []
    while left:
        top, rest = left[0], left[1:]
        fresh = next((pair for pair in _partners(rest) if not rematches((top, *pair), mates)),
                     None)
        b, c = fresh or min(_partners(rest), key=lambda pair: rematches((top, *pair), mates))
        tables.append([top, b, c])
        left = [p for p in rest if p not in (b, c)]
    return tables


class _Search:
    """Depth-first: a grouping without any rematch, or None (none, or not found in
    :data:`SEARCH_STEPS`)."""

    def __init__(self, ranked: Sequence[str], mates: Mates) -> None:
        self.ranked, self.mates = list(ranked), mates
        self.steps = SEARCH_STEPS

    def run(self) -> list[list[str]] | None:
        try:
            return self._place(self.ranked)
        except _OutOfSteps:
            return None

    def _place(self, left: list[str]) -> list[list[str]] | None:
        if not left:
            return []
        top, rest = left[0], left[1:]
        for b, c in _partners(rest):
            self.steps -= 1
            if self.steps < 0:
                raise _OutOfSteps
            if rematches((top, b, c), self.mates):
                continue
            placed = self._place([p for p in rest if p not in (b, c)])
            if placed is not None:
                return [[top, b, c], *placed]
        return None


def _partners(rest: Sequence[str]) -> Iterator[tuple[str, str]]:
    """Pairs of ``rest`` (ranked), the pair whose lower player ranks higher first."""
    for j in range(1, len(rest)):
        for i in range(j):
            yield rest[i], rest[j]


class _OutOfSteps(Exception):
    pass
