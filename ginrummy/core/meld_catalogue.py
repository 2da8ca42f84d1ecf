"""What a meld is (R2, R8, R9), every possible meld with its id, and the melds within some cards."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from operator import index

from ginrummy.core.cards import SUIT_MASK, cards_of, format_cards
from ginrummy.core.meld_tables import split_suits


class MeldError(ValueError):
    """Cards offered as a meld are not one, or melds overlap."""


def is_set(meld: int) -> bool:
    """Three or four cards of one rank (R8)."""
    meld = index(meld)
    count = meld.bit_count()
    if count not in (3, 4):
        return False
    ranks = (meld | meld >> 13 | meld >> 26 | meld >> 39) & SUIT_MASK
    return ranks.bit_count() == 1


def is_run(meld: int) -> bool:
    """Three or more cards of one suit in consecutive ranks, ace low (R2, R9)."""
    meld = index(meld)
    if meld.bit_count() < 3:
        return False
    for suit in range(4):
        part = meld >> (13 * suit) & SUIT_MASK
        if part:
            if part << (13 * suit) != meld:
                return False
            low = part & -part
            return (part + low) & part == 0
    return False


def is_meld(meld: int) -> bool:
    return is_set(meld) or is_run(meld)


def _build_all_melds() -> tuple[int, ...]:
    melds = []
    for rank in range(13):
        column = [1 << (13 * suit + rank) for suit in range(4)]
        for trio in combinations(column, 3):
            melds.append(sum(trio))
        melds.append(sum(column))
    for suit in range(4):
        for length in range(3, 14):
            for low in range(0, 14 - length):
                melds.append(((1 << length) - 1) << (low + 13 * suit))
    return tuple(melds)


ALL_MELDS = _build_all_melds()
"""Every possible meld as a mask, in a fixed order: its index is the meld id."""
MELD_ID = {meld: index for index, meld in enumerate(ALL_MELDS)}


def _build_suit_runs() -> list[tuple[int, ...]]:
    """Per one-suit mask: every run inside it, by lowest rank, then by length."""
    table: list[tuple[int, ...]] = [()]
    for part in range(1, 1 << 13):
        low = part & -part
        shifted = part // low
        length = (shifted ^ (shifted + 1)).bit_length() - 1  # cards in a row from the lowest
        from_low = tuple(((1 << n) - 1) * low for n in range(3, length + 1))
        table.append(from_low + table[part ^ low])
    return table


SUIT_RUNS = _build_suit_runs()
"""Per one-suit mask: the runs (one-suit masks) within it, in :func:`melds_within`'s order."""


_RANK_COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""The four aces; shifted left by a rank, that rank's four cards."""


def _build_sets_in_column() -> dict[int, tuple[int, ...]]:
    table = {}
    for held in range(16):
        column = [1 << (13 * suit) for suit in range(4) if held >> suit & 1]
        sets = [sum(trio) for trio in combinations(column, 3)]
        if len(column) == 4:
            sets.append(sum(column))
        table[sum(column)] = tuple(sets)
    return table


_SETS_IN_COLUMN = _build_sets_in_column()
"""The aces held (a mask) -> the sets within them, three-card ones first: the order of
:data:`ALL_MELDS`; shifted left by a rank, the same for that rank."""


def melds_within(cards: int) -> list[int]:
    """Every meld whose cards are all in ``cards``: sets by rank, then runs by suit, lowest
    rank, length."""
    cards = index(cards)
    a, b, c, d, triples = split_suits(cards)
    found: list[int] = []
    while triples:
        low = triples & -triples
        triples ^= low
        rank = low.bit_length() - 1
        found.extend([meld << rank for meld in _SETS_IN_COLUMN[cards >> rank & _RANK_COLUMN]])
    runs = SUIT_RUNS
    found.extend(runs[a])
    for shift, part in ((13, b), (26, c), (39, d)):
        if part & part >> 1 & part >> 2:
            found.extend([run << shift for run in runs[part]])
    return found


def check_melds(melds: Sequence[int], within: int) -> int:
    """Check that ``melds`` are disjoint melds inside ``within``; return their union."""
    within = index(within)
    used = 0
    for meld in map(index, melds):
        if not is_meld(meld):
            raise MeldError(f"{format_cards(cards_of(meld))} is not a meld")
        if meld & used:
            raise MeldError(f"melds overlap on {format_cards(cards_of(meld & used))}")
        if meld & ~within:
            raise MeldError(f"meld {format_cards(cards_of(meld))} uses cards not in the hand")
        used |= meld
    return used
