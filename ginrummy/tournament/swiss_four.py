"""Swiss rounds at tables of four (R34, two partnerships): each round, fours of players with
the same score, no two who sat at a table together before while that can be avoided, and
partners who have not partnered before.

The byes come first: as many as make the others a multiple of four (the lowest ranked who
have not had one). Each best unplaced player takes the three nearest to them (of the next
:data:`WINDOW` by score, then rank) that bring the fewest rematches, and players are then
swapped between two tables while a swap lowers the rematches (then the differences of score
and rank). At each table the partnerships are the split with the fewest repeated partners,
the best with the fourth against the second and third when that ties (the sides balanced).

>>> tables = swiss_fours(list("abcdefgh"), dict.fromkeys("abcdefgh", 0), set(), set())
>>> tables
[('a', 'b', 'd', 'c'), ('e', 'f', 'h', 'g')]
>>> swiss_fours(list("abcd"), dict.fromkeys("abcd", 1), set(), {frozenset("ad")})
[('a', 'b', 'c', 'd')]
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence, Set

from ginrummy.tournament.grouping import Mates, mates_of, repaired, table_cost
from ginrummy.tournament.rules import TournamentError

WINDOW = 11
"""The unplaced players, nearest first, among whom a table's best player finds its three."""

Seats = tuple[str, str, str, str]


def swiss_fours(ranked: Sequence[str], scores: Mapping[str, float],
                met: Set[frozenset[str]], partnered: Set[frozenset[str]]) -> list[Seats]:
    """Tables of four of ``ranked`` (best first; a multiple of four of them), each as its
    seats 0 to 3 (0 and 2 partners against 1 and 3), in the order of their best player.
    ``met``: pairs who sat at a table together; ``partnered``: pairs who were partners."""
    rank = {player: index for index, player in enumerate(ranked)}
    ranked = sorted(ranked, key=lambda player: (-scores[player], rank[player]))
    if len(ranked) % 4:
        raise TournamentError(f"cannot seat {len(ranked)} players at tables of four",
                              "tournament.four_seating", count=len(ranked))
    mates = mates_of(ranked, met)
    grouped = repaired(_greedy(ranked, scores, mates), ranked, scores, mates)
    by_rank = {player: index for index, player in enumerate(ranked)}
    tables = [_seated(sorted(table, key=by_rank.__getitem__), partnered) for table in grouped]
    return sorted(tables, key=lambda seats: by_rank[seats[0]])


def _greedy(ranked: list[str], scores: Mapping[str, float], mates: Mates) -> list[list[str]]:
    rank = {player: index for index, player in enumerate(ranked)}
    left, tables = list(ranked), []
    while left:
        top, rest = left[0], left[1:]
        trio = min(itertools.combinations(rest[:WINDOW], 3),
                   key=lambda three: table_cost((top, *three), scores, rank, mates))
        tables.append([top, *trio])
        left = [p for p in rest if p not in trio]
    return tables


def _seated(table: list[str], partnered: Set[frozenset[str]]) -> Seats:
    """The seats of four players (best first): the split into partnerships that repeats the
    fewest partners, the balanced one (best and fourth) first."""
    a, b, c, d = table
    splits = [((a, d), (b, c)), ((a, c), (b, d)), ((a, b), (c, d))]

    def repeats(split: tuple[tuple[str, str], tuple[str, str]]) -> int:
        return sum(frozenset(side) in partnered for side in split)

    (x, y), (u, v) = min(splits, key=repeats)
    return (x, u, y, v)

