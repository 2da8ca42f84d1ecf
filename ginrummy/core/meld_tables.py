"""The tables behind deadwood: per one-suit mask, and per pattern of set ranks.

Everything works on 52-bit card masks. The speed comes from two tables over
the 8,192 masks of one suit: the least deadwood a suit can keep using runs
only, and what the best single discard from that suit saves. A hand's value
is then four table lookups, plus a short enumeration when some rank holds
three or four cards and could form a set instead: :func:`set_options` lists the
ways to use those ranks. A third table, the value of a suit's cards, counts the
deadwood of cards left unmelded (:func:`unmelded_value`).
"""

from __future__ import annotations

from itertools import combinations, product
from operator import index

from ginrummy.core.cards import CARD_VALUES, SUIT_MASK

NO_DISCARD = 1 << 20
"""More deadwood than any hand has: the value of "no card to discard"."""
_RANK_VALUES = tuple(min(rank + 1, 10) for rank in range(13))


def _build_run_tables() -> tuple[list[int], list[tuple[int, ...]]]:
    """Least run-only deadwood of every one-suit mask, and the runs achieving it."""
    size = 1 << 13
    best = [0] * size
    runs: list[tuple[int, ...]] = [()] * size
    for mask in range(1, size):
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        value = _RANK_VALUES[low] + best[rest]
        chosen = runs[rest]
        run = 1 << low
        top = low
        while top < 12 and mask >> (top + 1) & 1:
            top += 1
            run |= 1 << top
            if top - low >= 2 and best[mask & ~run] <= value:  # ties: the longer run
                value = best[mask & ~run]
                chosen = (run, *runs[mask & ~run])
        best[mask] = value
        runs[mask] = chosen
    return best, runs


RUN_DEADWOOD, RUN_MELDS = _build_run_tables()
"""Per one-suit mask: least deadwood using runs only; the runs (one-suit masks)."""


def _build_best_drops() -> list[tuple[int, int]]:
    """Per one-suit mask: least run-only deadwood after one discard, and the discards doing it."""
    table = RUN_DEADWOOD
    drops = [(NO_DISCARD, 0)]
    for mask in range(1, 1 << 13):
        least = NO_DISCARD
        best = 0
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            value = table[mask ^ low]
            if value < least:
                least, best = value, low
            elif value == least:
                best |= low
        drops.append((least, best))
    return drops


BEST_DROPS = _build_best_drops()
"""Per one-suit mask: (least run-only deadwood after one discard, mask of the discards)."""
DISCARD_GAIN: list[int] = [NO_DISCARD] + [
    BEST_DROPS[mask][0] - RUN_DEADWOOD[mask] for mask in range(1, 1 << 13)
]
"""Per one-suit mask: change in run-only deadwood after its best single discard."""


def _build_set_options(triples: int, quads: int) -> tuple[tuple[int, int, int, int], ...]:
    """Keep-masks (per suit) for every way of using the set-capable ranks.

    ``triples`` has a bit for each rank held three or more times, ``quads``
    for each rank held four times. A rank of three is either kept for runs
    or used whole; a rank of four may also give up any one card to a run.
    """
    per_rank: list[list[tuple[int, int, int, int]]] = []
    for rank in range(13):
        bit = 1 << rank
        if not triples & bit:
            continue
        full = SUIT_MASK ^ bit
        options = [(SUIT_MASK,) * 4, (full,) * 4]
        if quads & bit:
            for free in range(4):
                keep = [full] * 4
                keep[free] = SUIT_MASK
                options.append((keep[0], keep[1], keep[2], keep[3]))
        per_rank.append(options)
    combos = []
    for choice in product(*per_rank):
        keep = [SUIT_MASK] * 4
        for option in choice:
            for suit in range(4):
                keep[suit] &= option[suit]
        combos.append((keep[0], keep[1], keep[2], keep[3]))
    return tuple(combos)


def _quads_within(triples: int) -> list[int]:
    ranks = [r for r in range(13) if triples >> r & 1]
    return [
        sum(1 << r for r in subset)
        for k in range(len(ranks) + 1)
        for subset in combinations(ranks, k)
    ]


_SET_OPTIONS: dict[tuple[int, int], tuple[tuple[int, int, int, int], ...]] = {
    (triples, quads): _build_set_options(triples, quads)
    for triples in range(1, 1 << 13)
    if triples.bit_count() <= 3
    for quads in _quads_within(triples)
    if 3 * triples.bit_count() + quads.bit_count() <= 11
}
"""Precomputed for every rank pattern that a hand of 11 cards or fewer can have."""


def set_options(triples: int, quads: int) -> tuple[tuple[int, int, int, int], ...]:
    options = _SET_OPTIONS.get((triples, quads))
    if options is None:
        options = _build_set_options(triples, quads)
    return options


KEEP_ALL = ((SUIT_MASK, SUIT_MASK, SUIT_MASK, SUIT_MASK),)
"""The one way to use the set ranks of a hand that has none: keep every card for runs."""


def split_suits(cards: int) -> tuple[int, int, int, int, int]:
    """The clubs, diamonds, hearts and spades of ``cards`` as one-suit masks, and the ranks
    held three or four times (a one-suit mask too)."""
    cards = index(cards)
    a = cards & SUIT_MASK
    b = cards >> 13 & SUIT_MASK
    c = cards >> 26 & SUIT_MASK
    d = cards >> 39 & SUIT_MASK
    return a, b, c, d, (a & b & (c | d)) | (c & d & (a | b))


def _build_suit_values() -> list[int]:
    values = [0]
    for mask in range(1, 1 << 13):
        low = mask & -mask
        values.append(values[mask ^ low] + CARD_VALUES[low.bit_length() - 1])
    return values


SUIT_VALUES = _build_suit_values()
"""Per one-suit mask: the total value of its cards."""


def unmelded_value(cards: int) -> int:
    """Deadwood value of ``cards`` counted as unmelded (R3)."""
    table = SUIT_VALUES
    return (
        table[cards & SUIT_MASK]
        + table[cards >> 13 & SUIT_MASK]
        + table[cards >> 26 & SUIT_MASK]
        + table[cards >> 39 & SUIT_MASK]
    )
