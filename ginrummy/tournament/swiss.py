"""Swiss pairings: each round, players meet others with the same score, never twice.

A round's pairings are one maximum-weight matching over the players (``networkx``): a
rematch costs more than any difference of score, a difference of score more than anything
else, and inside a score group the top half meets the bottom half (as in the Dutch system).
When the players are odd in number, the lowest ranked who has not had a bye sits out and
scores a win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

from ginrummy.tournament.grouping import REMATCH_COST, SCORE_COST
from ginrummy.tournament.rules import TournamentError


def bye_for(ranked: Sequence[str], had_bye: Set[str]) -> str:
    """The player who sits out: the lowest ranked without a bye yet (else the lowest)."""
    for player in reversed(ranked):
        if player not in had_bye:
            return player
    return ranked[-1]


def swiss_pairs(ranked: Sequence[str], scores: Mapping[str, float],
                met: Set[frozenset[str]]) -> list[tuple[str, str]]:
    """Pairs of an even number of ``ranked`` players (best first), each pair best first,
    in the order of their better player: same scores where possible, no rematch unless
    every pairing needs one."""
    import networkx as nx

    if len(ranked) % 2:
        raise TournamentError(f"cannot pair an odd number of players ({len(ranked)})",
                              "tournament.odd_pairing", count=len(ranked))
    rank = {player: index for index, player in enumerate(ranked)}
    group: dict[float, list[str]] = {}
    for player in ranked:
        group.setdefault(scores[player], []).append(player)
    worst = REMATCH_COST + SCORE_COST * (len(ranked) + 1) ** 2 + len(ranked)
    graph = nx.Graph()
    graph.add_nodes_from(ranked)
    for i, a in enumerate(ranked):
        for b in ranked[i + 1:]:
            half = len(group[scores[a]]) / 2
            cost = (REMATCH_COST * (frozenset((a, b)) in met)
                    + SCORE_COST * (scores[a] - scores[b]) ** 2
                    + abs(rank[b] - rank[a] - half))
            graph.add_edge(a, b, weight=worst - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = [tuple(sorted(pair, key=rank.__getitem__)) for pair in matching]
    return sorted(((a, b) for a, b in pairs), key=lambda pair: rank[pair[0]])
