"""What Swiss tables of three and of four share: the rematches a table brings, and the
repair of a grouping by swapping players between tables while a swap lowers the cost."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence, Set

REMATCH_COST = 1_000_000
SCORE_COST = 1_000

Mates = Mapping[str, Set[str]]
"""Whom each player has sat at a table with."""


def mates_of(players: Sequence[str], met: Set[frozenset[str]]) -> dict[str, set[str]]:
    """Each of ``players`` with those of them it has met (``met``: pairs who sat together)."""
    mates: dict[str, set[str]] = {player: set() for player in players}
    for pair in met:
        if len(pair) == 2 and pair <= mates.keys():
            a, b = pair
            mates[a].add(b)
            mates[b].add(a)
    return mates


def rematches(table: Sequence[str], mates: Mates) -> int:
    """How many pairs of ``table`` have met before."""
    return sum(b in mates[a] for a, b in itertools.combinations(table, 2))


def table_cost(table: Sequence[str], scores: Mapping[str, float], rank: Mapping[str, int],
               mates: Mates) -> float:
    """A rematch costs more than any difference of score, that more than a difference of
    rank."""
    points = [scores[p] for p in table]
    places = [rank[p] for p in table]
    return (REMATCH_COST * rematches(table, mates)
            + SCORE_COST * (max(points) - min(points)) ** 2 + max(places) - min(places))


def repaired(tables: list[list[str]], ranked: Sequence[str], scores: Mapping[str, float],
             mates: Mates) -> list[list[str]]:
    """``tables`` after swapping players between two tables while a swap lowers the cost of a
    table with a rematch and its partner table together."""
    rank = {player: index for index, player in enumerate(ranked)}

    def cost(table: list[str]) -> float:
        return table_cost(table, scores, rank, mates)

    costs = [cost(table) for table in tables]
    better = True
    while better:
        better = False
        for i, j in itertools.permutations(range(len(tables)), 2):
            if costs[i] < REMATCH_COST:  # no rematch at table i
                continue
            for x, y in itertools.product(range(len(tables[i])), range(len(tables[j]))):
                tables[i][x], tables[j][y] = tables[j][y], tables[i][x]
                after_i, after_j = cost(tables[i]), cost(tables[j])
                if after_i + after_j < costs[i] + costs[j]:
                    costs[i], costs[j] = after_i, after_j
                    better = True
                    break
                tables[i][x], tables[j][y] = tables[j][y], tables[i][x]
    return tables
