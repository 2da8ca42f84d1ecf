"""The deadwood questions of a play-out, compiled: the answers of ginrummy.core, exactly.

The same method as :mod:`ginrummy.core.deadwood` over the same per-suit tables
(:mod:`ginrummy.core.meld_tables`, here as NumPy arrays): a hand's value is four table
lookups for each way of using the ranks held three or four times. The ways are written
into a scratch array by :func:`set_ways` in the order of
:func:`~ginrummy.core.meld_tables.set_options`, which matters for :func:`melds_with` (the
first best way, as :func:`~ginrummy.core.arrangements.best_arrangement` picks it). Hands
of at most 11 cards (at most three ranks of three or more). ``tests/agents/test_playout_kernel.py``
checks every function against the core on random and set-heavy hands.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ginrummy.agents.kernel_random import compiled
from ginrummy.core import meld_tables as tables

SUIT = 0x1FFF
NO_DISCARD = tables.NO_DISCARD
RUNS = np.array(tables.RUN_DEADWOOD, dtype=np.int64)
"""Per one-suit mask: the least deadwood keeping runs only."""
GAINS = np.array(tables.DISCARD_GAIN, dtype=np.int64)
"""Per one-suit mask: what its best single discard changes of that deadwood."""
RUN_CARDS = np.array([sum(runs) for runs in tables.RUN_MELDS], dtype=np.int64)
"""Per one-suit mask: the cards in the runs of its best run-only arrangement."""
MAX_WAYS = 6 * 6 * 2
"""Most ways of using the set ranks of 11 cards (two ranks of four and one of three)."""


def scratch_ways() -> Any:
    """A scratch array for :func:`set_ways`."""
    return np.empty((MAX_WAYS, 4), dtype=np.int64)


@compiled
def _keep(suit: int, option: int, bit: int, keep: int) -> int:
    # option 0 keeps the rank for runs, 1 makes it a set, 2 + s a set of the others (rank of four)
    if option == 1 or (option >= 2 and option - 2 != suit):
        return keep & ~bit
    return keep


@compiled
def _triples(cards: int) -> int:
    """The ranks held three or four times."""
    a = cards & SUIT
    b = cards >> 13 & SUIT
    c = cards >> 26 & SUIT
    d = cards >> 39 & SUIT
    return (a & b & (c | d)) | (c & d & (a | b))


@compiled
def set_ways(cards: int, ways: Any) -> int:
    """Write the keep-masks (per suit) of each way of using the set ranks of ``cards`` into
    ``ways``; return how many (1 when no rank is held three times: keep everything)."""
    a = cards & SUIT
    b = cards >> 13 & SUIT
    c = cards >> 26 & SUIT
    d = cards >> 39 & SUIT
    triples = (a & b & (c | d)) | (c & d & (a | b))
    quads = a & b & c & d
    b0 = b1 = b2 = 0
    n0 = n1 = n2 = 1
    found = 0
    for rank in range(13):
        if triples >> rank & 1:
            bit = 1 << rank
            ways_of_rank = 6 if quads >> rank & 1 else 2
            if found == 0:
                b0, n0 = bit, ways_of_rank
            elif found == 1:
                b1, n1 = bit, ways_of_rank
            else:
                b2, n2 = bit, ways_of_rank
            found += 1
    count = 0
    for o0 in range(n0):  # itertools.product's order: the lowest set rank varies slowest
        for o1 in range(n1):
            for o2 in range(n2):
                for suit in range(4):
                    ways[count, suit] = _keep(suit, o2, b2, _keep(suit, o1, b1,
                                                                  _keep(suit, o0, b0, SUIT)))
                count += 1
    return count


@compiled
def min_deadwood(cards: int, ways: Any) -> int:
    """:func:`ginrummy.core.deadwood.min_deadwood`."""
    if not _triples(cards):  # the one way: four lookups
        whole: int = (RUNS[cards & SUIT] + RUNS[cards >> 13 & SUIT] + RUNS[cards >> 26 & SUIT]
                      + RUNS[cards >> 39 & SUIT])
        return whole
    best = NO_DISCARD
    for w in range(set_ways(cards, ways)):
        value = (RUNS[cards & ways[w, 0]] + RUNS[cards >> 13 & ways[w, 1]]
                 + RUNS[cards >> 26 & ways[w, 2]] + RUNS[cards >> 39 & ways[w, 3]])
        if value < best:
            best = value
    return best


@compiled
def min_deadwood_after_discard(cards: int, ways: Any) -> int:
    """:func:`ginrummy.core.deadwood.min_deadwood_after_discard`."""
    if not _triples(cards):
        pa = cards & SUIT
        pb = cards >> 13 & SUIT
        pc = cards >> 26 & SUIT
        pd = cards >> 39 & SUIT
        left: int = (RUNS[pa] + RUNS[pb] + RUNS[pc] + RUNS[pd]
                     + min(GAINS[pa], GAINS[pb], GAINS[pc], GAINS[pd]))
        return left
    best = NO_DISCARD
    for w in range(set_ways(cards, ways)):
        pa = cards & ways[w, 0]
        pb = cards >> 13 & ways[w, 1]
        pc = cards >> 26 & ways[w, 2]
        pd = cards >> 39 & ways[w, 3]
        value = (RUNS[pa] + RUNS[pb] + RUNS[pc] + RUNS[pd]
                 + min(GAINS[pa], GAINS[pb], GAINS[pc], GAINS[pd]))
        if value < best:
            best = value
    return best


@compiled
def each_discard(cards: int, ways: Any, out: Any) -> None:
    """``out[card]`` = :func:`min_deadwood` of ``cards`` without it, for each card of
    ``cards`` (:func:`ginrummy.core.deadwood.deadwood_after_each_discard`)."""
    for card in range(52):
        out[card] = NO_DISCARD
    for w in range(set_ways(cards, ways)):
        parts = (cards & ways[w, 0], cards >> 13 & ways[w, 1], cards >> 26 & ways[w, 2],
                 cards >> 39 & ways[w, 3])
        total = RUNS[parts[0]] + RUNS[parts[1]] + RUNS[parts[2]] + RUNS[parts[3]]
        for suit in range(4):
            part = parts[suit]
            base = total - RUNS[part]
            for rank in range(13):
                if part >> rank & 1:
                    value = base + RUNS[part ^ (1 << rank)]
                    card = suit * 13 + rank
                    if value < out[card]:
                        out[card] = value


@compiled
def least_after_discards(cards: int, allowed: int, ways: Any) -> int:
    """The least :func:`min_deadwood` left by discarding one of ``allowed`` (the first
    number of :func:`ginrummy.core.deadwood.least_deadwood_discards`)."""
    least = NO_DISCARD
    for w in range(set_ways(cards, ways)):
        parts = (cards & ways[w, 0], cards >> 13 & ways[w, 1], cards >> 26 & ways[w, 2],
                 cards >> 39 & ways[w, 3])
        total = RUNS[parts[0]] + RUNS[parts[1]] + RUNS[parts[2]] + RUNS[parts[3]]
        for suit in range(4):
            part = parts[suit]
            rest = part & (allowed >> (13 * suit))
            base = total - RUNS[part]
            for rank in range(13):
                if rest >> rank & 1:
                    value = base + RUNS[part ^ (1 << rank)]
                    if value < least:
                        least = value
    return least


@compiled
def melds_with(cards: int, card: int, ways: Any) -> bool:
    """Whether ``card`` (of ``cards``) is in a meld of ``best_arrangement(cards)``."""
    best = NO_DISCARD
    chosen = 0
    for w in range(set_ways(cards, ways)):
        value = (RUNS[cards & ways[w, 0]] + RUNS[cards >> 13 & ways[w, 1]]
                 + RUNS[cards >> 26 & ways[w, 2]] + RUNS[cards >> 39 & ways[w, 3]])
        if value < best:
            best = value
            chosen = w
    suit = card // 13
    rank = card % 13
    keep = ways[chosen, suit]
    if not keep >> rank & 1:
        return True  # left out of the runs: in a set
    return bool(RUN_CARDS[cards >> (13 * suit) & SUIT & keep] >> rank & 1)


@compiled
def first_least_discard(cards: int, allowed: int) -> int:
    """The lowest card of ``allowed`` (cards of ``cards``) whose discard leaves the least
    :func:`min_deadwood`; -1 if ``allowed`` is empty."""
    ways = np.empty((MAX_WAYS, 4), dtype=np.int64)
    each = np.empty(52, dtype=np.int64)
    each_discard(cards, ways, each)
    best = -1
    for card in range(52):
        if allowed >> card & 1 and (best < 0 or each[card] < each[best]):
            best = card
    return best


def weighted_cards(pool: list[tuple[int, float]]) -> tuple[Any, Any]:
    """(cards, chances) of ``pool`` as arrays for :func:`lookahead`."""
    return (np.array([card for card, _ in pool], dtype=np.int64),
            np.array([chance for _, chance in pool], dtype=np.float64))


@compiled
def lookahead(hand: int, cards: Any, chances: Any) -> float:
    """:func:`ginrummy.agents.expert_v1.lookahead`: the same products, added in the same order."""
    ways = np.empty((MAX_WAYS, 4), dtype=np.int64)
    total = 0.0
    for i in range(cards.shape[0]):
        total += chances[i] * min_deadwood_after_discard(hand | 1 << cards[i], ways)
    return total
