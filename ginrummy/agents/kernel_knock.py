"""A knock's two deadwood counts, compiled: those :func:`ginrummy.agents.playout.finish_knock`
scores, exactly.

The knocker shows :func:`~ginrummy.core.arrangements.best_arrangement` (the first
least-deadwood way of using its set ranks, its suits' best runs), and the defender lays
off onto those melds as :func:`~ginrummy.core.layoffs.best_defence` does: the least
:func:`~ginrummy.core.deadwood.min_deadwood` of what is left over every set of cards the
melds accept together (:class:`~ginrummy.core.layoffs.LayoffTargets`), none after gin.
"""

from __future__ import annotations

from typing import Any

from ginrummy.agents.kernel_deadwood import (
    NO_DISCARD,
    RUN_CARDS,
    RUNS,
    SUIT,
    min_deadwood,
    set_ways,
)
from ginrummy.agents.kernel_random import compiled

_COLUMN = sum(1 << (13 * suit) for suit in range(4))
"""The four cards of rank 0 (shifted by a rank: the four of that rank)."""


@compiled
def _popcount(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@compiled
def _reach(cards: int, slots: int, runs: Any) -> int:
    """``LayoffTargets.reach``: the cards of ``cards`` that could go onto the melds together."""
    reached = cards & slots
    for suit in range(4):
        run = runs[suit]
        if not run:
            continue
        part = cards >> (13 * suit) & SUIT
        grown = run
        while True:
            wider = (grown | grown << 1 | grown >> 1) & (part | run) & SUIT
            if wider == grown:
                break
            grown = wider
        reached |= (grown & part) << (13 * suit)
    return reached


@compiled
def knock_deadwoods(knocker_hand: int, defender_hand: int, big_gin: bool, ways: Any,
                    runs: Any) -> tuple[int, int]:
    """(the knocker's deadwood, the defender's after its best layoffs); ``runs`` is scratch
    for four ints."""
    best = NO_DISCARD
    chosen = 0
    cards = knocker_hand
    for w in range(set_ways(cards, ways)):
        value = (RUNS[cards & ways[w, 0]] + RUNS[cards >> 13 & ways[w, 1]]
                 + RUNS[cards >> 26 & ways[w, 2]] + RUNS[cards >> 39 & ways[w, 3]])
        if value < best:
            best = value
            chosen = w
    knocker_deadwood = 0 if big_gin else best
    if knocker_deadwood == 0:
        return knocker_deadwood, min_deadwood(defender_hand, ways)
    slots = 0
    for rank in range(13):  # the sets: the cards of a rank that the chosen way leaves out
        column = 0
        for suit in range(4):
            if not ways[chosen, suit] >> rank & 1:
                column |= cards & 1 << (13 * suit + rank)
        if _popcount(column) == 3:
            slots |= (_COLUMN << rank) & ~column
    for suit in range(4):
        runs[suit] = RUN_CARDS[cards >> (13 * suit) & SUIT & ways[chosen, suit]]
    reach = _reach(defender_hand, slots, runs)
    least = min_deadwood(defender_hand, ways)
    laid = reach
    while laid:
        if _reach(laid, slots, runs) == laid:
            value = min_deadwood(defender_hand & ~laid, ways)
            if value < least:
                least = value
        laid = (laid - 1) & reach
    return knocker_deadwood, least
