"""Deadwood of many hands at once with NumPy, for simulations and learning.

The same tables as :mod:`ginrummy.core.melds`, applied to whole arrays: four
lookups per hand, then, for the hands where some rank could form a set, the
set choices of each rank pattern evaluated group by group.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from typing import Any

import numpy as np
import numpy.typing as npt

from ginrummy.core.cards import SUIT_MASK
from ginrummy.core.melds import DISCARD_GAIN, RUN_DEADWOOD, HandSizeError

_RUNS = np.array(RUN_DEADWOOD, dtype=np.int32)
_GAIN = np.array(DISCARD_GAIN, dtype=np.int32)
_POPCOUNT = np.array([m.bit_count() for m in range(1 << 13)], dtype=np.int32)
_LOW_BIT = np.array([m & -m for m in range(1 << 13)], dtype=np.int64)

IntArray = npt.NDArray[np.int64]


def _as_masks(hands: Iterable[int] | npt.ArrayLike) -> npt.NDArray[np.uint64]:
    if isinstance(hands, np.ndarray):
        if hands.dtype.kind not in "iu":
            raise HandSizeError(f"hands must be integer masks, got an array of {hands.dtype}")
        if hands.dtype.kind == "i" and hands.size and int(hands.min()) < 0:
            raise HandSizeError("hands must be non-negative masks")
        return hands.astype(np.uint64, copy=False).ravel()
    items: list[Any] = list(hands) if not isinstance(hands, list) else hands  # type: ignore[arg-type]
    try:
        return np.fromiter((int(h) for h in items), dtype=np.uint64, count=len(items))
    except OverflowError as error:
        raise HandSizeError("a hand is not a 52-bit mask of cards") from error


def _suits(masks: npt.NDArray[np.uint64]) -> list[IntArray]:
    mask = np.uint64(SUIT_MASK)
    return [((masks >> np.uint64(13 * s)) & mask).astype(np.int64) for s in range(4)]


def _value(parts: list[IntArray], eleven: npt.NDArray[np.bool_]) -> IntArray:
    a, b, c, d = parts
    value = (_RUNS[a] + _RUNS[b] + _RUNS[c] + _RUNS[d]).astype(np.int64)
    if eleven.any():
        gain = np.minimum(np.minimum(_GAIN[a], _GAIN[b]), np.minimum(_GAIN[c], _GAIN[d]))
        value += np.where(eleven, gain, 0)
    return value


def _rank_slots(triples: IntArray, count: int) -> list[IntArray]:
    slots = []
    rest = triples.copy()
    for _ in range(count):
        low = _LOW_BIT[rest]
        slots.append(low)
        rest = rest ^ low
    return slots


def _improve_with_sets(
    parts: list[IntArray], eleven: npt.NDArray[np.bool_], best: IntArray, slots: list[IntArray],
    is_quad: tuple[bool, ...],
) -> None:
    """Lower ``best`` with every set choice for hands whose set ranks follow one pattern."""
    choices = [range(6) if quad else range(2) for quad in is_quad]
    for combo in product(*choices):
        if not any(combo):
            continue
        cleared = [np.zeros_like(best) for _ in range(4)]
        for option, bit in zip(combo, slots, strict=True):
            if option == 0:
                continue
            for suit in range(4):
                if option - 2 != suit:
                    cleared[suit] |= bit
        kept = [part & ~clear for part, clear in zip(parts, cleared, strict=True)]
        np.minimum(best, _value(kept, eleven), out=best)


def deadwood_many(hands: Iterable[int] | npt.ArrayLike) -> IntArray:
    """Least deadwood of each hand (10 cards or fewer as is, 11 after the best discard).

    Takes a sequence of masks (ints or :class:`~ginrummy.core.cards.CardSet`) or a
    NumPy integer array; returns an ``int64`` array of the same length.
    """
    masks = _as_masks(hands)
    if masks.size and int((masks >> np.uint64(52)).max()) != 0:
        raise HandSizeError("a hand has bits beyond the 52 cards")
    parts = _suits(masks)
    a, b, c, d = parts
    counts = _POPCOUNT[a] + _POPCOUNT[b] + _POPCOUNT[c] + _POPCOUNT[d]
    if masks.size and int(counts.max()) > 11:
        bad = int(np.argmax(counts > 11))
        raise HandSizeError(f"hand {bad} has {int(counts[bad])} cards; at most 11")
    eleven = counts == 11
    best = _value(parts, eleven)
    triples = (a & b & (c | d)) | (c & d & (a | b))
    with_sets = np.flatnonzero(triples)
    if with_sets.size == 0:
        return best
    quads = (a & b & c & d)[with_sets]
    sub_triples = triples[with_sets]
    set_ranks = _POPCOUNT[sub_triples]
    slots = _rank_slots(sub_triples, int(set_ranks.max()))
    quad_flags = [(quads & slot) != 0 for slot in slots]
    for count in range(1, len(slots) + 1):
        for is_quad in product((False, True), repeat=count):
            chosen = set_ranks == count
            for flag, wanted in zip(quad_flags, is_quad, strict=False):
                chosen &= flag == wanted
            rows = np.flatnonzero(chosen)
            if rows.size == 0:
                continue
            index = with_sets[rows]
            sub_best = best[index]
            _improve_with_sets(
                [part[index] for part in parts], eleven[index], sub_best,
                [slot[rows] for slot in slots[:count]], is_quad,
            )
            best[index] = sub_best
    return best
