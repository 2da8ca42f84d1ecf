"""Least deadwood of some cards, kept whole or after the best discard (R3, R16, R17).

Each function takes any int mask, a CardSet included, and works on it as a plain int
(operator.index, here or in :func:`~ginrummy.core.meld_tables.split_suits`): a CardSet's
operators would run as Python code.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import index

from ginrummy.core.cards import CardError, cards_of
from ginrummy.core.meld_tables import (
    BEST_DROPS,
    DISCARD_GAIN,
    KEEP_ALL,
    NO_DISCARD,
    RUN_DEADWOOD,
    set_options,
    split_suits,
)


def min_deadwood(cards: int) -> int:
    """Least deadwood of any number of cards, all kept (no discard)."""
    a, b, c, d, triples = split_suits(cards)
    table = RUN_DEADWOOD
    if not triples:
        return table[a] + table[b] + table[c] + table[d]
    best = NO_DISCARD
    for ka, kb, kc, kd in set_options(triples, a & b & c & d):
        value = table[a & ka] + table[b & kb] + table[c & kc] + table[d & kd]
        if value < best:
            best = value
    return best


def min_deadwood_after_discard(cards: int) -> int:
    """Least deadwood left after the best single discard from ``cards``."""
    a, b, c, d, triples = split_suits(cards)
    table = RUN_DEADWOOD
    gain = DISCARD_GAIN
    if not triples:
        least_gain = min(gain[a], gain[b], gain[c], gain[d])
        return table[a] + table[b] + table[c] + table[d] + least_gain
    best = NO_DISCARD
    for ka, kb, kc, kd in set_options(triples, a & b & c & d):
        a2 = a & ka
        b2 = b & kb
        c2 = c & kc
        d2 = d & kd
        least_gain = min(gain[a2], gain[b2], gain[c2], gain[d2])
        value = table[a2] + table[b2] + table[c2] + table[d2] + least_gain
        if value < best:
            best = value
    return best


# Discarding one card: the ways to use the set ranks of what is left are the ways for the
# whole hand that keep that card out of sets (a rank of three loses its set; a rank of four
# keeps the set of the other three), so one pass over the whole hand's options gives every
# card's deadwood after its discard. The first option keeps every card.


def deadwood_after_each_discard(cards: int) -> dict[int, int]:
    """For each card of ``cards`` (in increasing order), :func:`min_deadwood` of the others."""
    a, b, c, d, triples = split_suits(cards)
    table = RUN_DEADWOOD
    out: dict[int, int] = {}
    for ka, kb, kc, kd in set_options(triples, a & b & c & d) if triples else KEEP_ALL:
        pa, pb, pc, pd = a & ka, b & kb, c & kc, d & kd
        total = table[pa] + table[pb] + table[pc] + table[pd]
        for shift, part in ((0, pa), (13, pb), (26, pc), (39, pd)):
            base = total - table[part]
            rest = part
            while rest:
                low = rest & -rest
                rest ^= low
                card = shift + low.bit_length() - 1
                value = base + table[part ^ low]
                if value < out.get(card, NO_DISCARD):
                    out[card] = value
    return out


def least_deadwood_discards(cards: int, allowed: int) -> tuple[int, int]:
    """The least :func:`min_deadwood` left by discarding one card of ``allowed`` (cards of
    ``cards``), and the mask of the allowed cards that leave it; ``(1 << 20, 0)`` if none is."""
    a, b, c, d, triples = split_suits(cards)
    table = RUN_DEADWOOD
    drops = BEST_DROPS
    least = NO_DISCARD
    best = 0
    for ka, kb, kc, kd in set_options(triples, a & b & c & d) if triples else KEEP_ALL:
        pa, pb, pc, pd = a & ka, b & kb, c & kc, d & kd
        total = table[pa] + table[pb] + table[pc] + table[pd]
        for shift, part in ((0, pa), (13, pb), (26, pc), (39, pd)):
            rest = part & allowed >> shift
            if not rest:
                continue
            base = total - table[part]
            if rest == part:  # the whole suit allowed: its best discards are in a table
                left, rest = drops[part]
                value = base + left
                if value < least:
                    least = value
                    best = rest << shift
                elif value == least:
                    best |= rest << shift
                continue
            while rest:
                low = rest & -rest
                rest ^= low
                value = base + table[part ^ low]
                if value < least:
                    least = value
                    best = low << shift
                elif value == least:
                    best |= low << shift
    return least, best


class HandSizeError(CardError):
    """A hand had a number of cards that the question does not fit."""


def deadwood(cards: int) -> int:
    """Least deadwood of a hand: 10 cards or fewer as they are, 11 after the best discard.

    >>> from ginrummy.core.cards import parse_cards
    >>> deadwood(parse_cards("AS 2S 3S 7H 7D 7C 9C TC JC KD"))
    10
    >>> deadwood(parse_cards("6S 6H 6D 7S 7C 7D 7H 8S 5S 3D 2H"))
    10
    """
    cards = index(cards)
    if cards < 0 or cards >> 52:
        raise HandSizeError(f"{cards} is not a mask of 52 cards")
    count = cards.bit_count()
    if count == 11:
        return min_deadwood_after_discard(cards)
    if count > 11:
        raise HandSizeError(f"deadwood takes at most 11 cards, got {count}")
    return min_deadwood(cards)


@dataclass(frozen=True)
class DiscardChoice:
    """For an 11-card hand: the least deadwood after discarding, and every discard reaching it."""

    deadwood: int
    discards: tuple[int, ...]


def best_discards(cards: int) -> DiscardChoice:
    cards = index(cards)
    if cards.bit_count() != 11:
        raise HandSizeError(f"best discards need 11 cards, got {cards.bit_count()}")
    values = {card: min_deadwood(cards & ~(1 << card)) for card in cards_of(cards)}
    least = min(values.values())
    return DiscardChoice(least, tuple(card for card, v in values.items() if v == least))


def is_big_gin(cards: int) -> bool:
    """All eleven cards form melds (R17)."""
    return cards.bit_count() == 11 and min_deadwood(cards) == 0
