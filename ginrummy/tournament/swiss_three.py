"""Swiss rounds at tables of three (R33): each round, threes of players with the same score,
no two who met before unless every grouping needs it.

The byes come first: as many as make the others a multiple of three (the lowest ranked who
have not had one). The tables are a depth-first search over the players by score (then
rank): the best unplaced player takes the two partners nearest to them, so of their own
score while two are left there, that none of the three has met; a dead end goes back.
Rematches are allowed only when no grouping without them is found, then one more at a time
(:data:`ALLOWANCES`). Each allowance is searched for at most :data:`SEARCH_STEPS` partner
pairs, so a round of 64 is paired in a fraction of a second whatever its history.

>>> byes_for(["a", "b", "c", "d", "e"], {"e"}, 3)
('d', 'c')
>>> swiss_tables(list("abcdef"), dict.fromkeys("abcdef", 0), {frozenset("ab")})
[('a', 'c', 'd'), ('b', 'e', 'f')]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence, Set

from ginrummy.tournament.rules import TournamentError

SEARCH_STEPS = 20_000
"""Partner pairs tried per rematch allowance before the search allows more."""
ALLOWANCES = (0, 1, 2, 3)
"""The rematches a round may have, tried in turn; past the last, any number."""


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
    for allowed in (*ALLOWANCES, None):
        found = _Search(ranked, met, allowed).run()
        if found is not None:
            tables = [tuple(sorted(table, key=rank.__getitem__)) for table in found]
            return sorted(((a, b, c) for a, b, c in tables), key=lambda t: rank[t[0]])
    raise AssertionError("with no limit on rematches the first grouping tried is one")


class _Search:
    def __init__(self, ranked: Sequence[str], met: Set[frozenset[str]],
                 allowed: int | None) -> None:
        self.ranked, self.met = list(ranked), met
        self.allowed = len(ranked) if allowed is None else allowed
        self.steps = None if allowed is None else SEARCH_STEPS

    def run(self) -> list[tuple[str, str, str]] | None:
        try:
            return self._place(self.ranked, 0)
        except _OutOfSteps:
            return None

    def _place(self, left: list[str], rematches: int) -> list[tuple[str, str, str]] | None:
        if not left:
            return []
        top, rest = left[0], left[1:]
        for b, c in _partners(rest):
            if self.steps is not None:
                self.steps -= 1
                if self.steps < 0:
                    raise _OutOfSteps
            table = (top, b, c)
            again = rematches + self._rematches(table)
            if again > self.allowed:
                continue
            placed = self._place([p for p in rest if p not in (b, c)], again)
            if placed is not None:
                return [table, *placed]
        return None

    def _rematches(self, table: tuple[str, str, str]) -> int:
        a, b, c = table
        return sum(frozenset(pair) in self.met for pair in ((a, b), (a, c), (b, c)))


def _partners(rest: Sequence[str]) -> Iterator[tuple[str, str]]:
    """Pairs of ``rest`` (ranked), the pair whose lower player ranks higher first."""
    for j in range(1, len(rest)):
        for i in range(j):
            yield rest[i], rest[j]


class _OutOfSteps(Exception):
    pass
