"""A reference solver for melds, deadwood, arrangements and layoffs, written by definition.

It shares no code with :mod:`ginrummy.core.melds`; only card parsing and naming come
from :mod:`ginrummy.core.cards`. A card is ``suit * 13 + rank`` (ace = rank 0) and a
group of cards is an int mask, but every rule is checked the slow, literal way:

* a meld is 3 or 4 cards of one rank (R8), or 3 or more cards of one suit in
  consecutive ranks, ace low, no wrap past the king (R2, R9);
* an arrangement is any collection of pairwise-disjoint melds inside the hand
  (R10); its deadwood is the value (R3) of the cards in none of them;
* a hand of 11 cards is worth the best of its 11 possible discards;
* a group of cards can be laid off on a knocker's melds if some order of
  attaching them one at a time, each to a meld it turns into a bigger meld,
  places them all (R18).

Simple rather than fast: the only speed-ups are a cache on the deadwood of a
mask and, for layoffs, skipping cards that share neither rank with a knocker's
set nor suit with a knocker's run (no such card can ever be laid off).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from ginrummy.core.cards import parse_cards

RANK_COUNT = 13
SUIT_COUNT = 4


def rank(card: int) -> int:
    return card % RANK_COUNT


def suit(card: int) -> int:
    return card // RANK_COUNT


def value(card: int) -> int:
    """R3: ace 1, two to ten their face value, jack, queen and king 10."""
    face = rank(card) + 1  # ace = 1, two = 2, ..., ten = 10, jack = 11, ...
    return 10 if face > 10 else face


def card(rank_: int, suit_: int) -> int:
    return suit_ * RANK_COUNT + rank_


def cards_in(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    c = 0
    while mask:
        if mask & 1:
            out.append(c)
        mask >>= 1
        c += 1
    return out


def mask(cards: Iterable[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def hand(text: str) -> int:
    """Cards from text such as ``"AS 2S 3S"``, as a plain int mask."""
    return int(parse_cards(text))


def total_value(cards: int) -> int:
    return sum(value(c) for c in cards_in(cards))


def is_meld(cards: Sequence[int]) -> bool:
    """R8 and R9, literally."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    ranks = sorted(rank(c) for c in cards)
    suits = {suit(c) for c in cards}
    is_set = len(set(ranks)) == 1 and len(cards) <= 4
    is_run = len(suits) == 1 and all(ranks[i + 1] == ranks[i] + 1 for i in range(len(ranks) - 1))
    return is_set or is_run


def _universe() -> tuple[int, ...]:
    """Every meld of the deck: all 3- and 4-card sets, and every run of 3 to 13 ranks."""
    melds = []
    for r in range(RANK_COUNT):
        same_rank = [card(r, s) for s in range(SUIT_COUNT)]
        for size in (3, 4):
            melds.extend(mask(group) for group in combinations(same_rank, size))
    for s in range(SUIT_COUNT):
        for low in range(RANK_COUNT):
            for high in range(low + 2, RANK_COUNT):  # king is the top; nothing wraps to the ace
                melds.append(mask(card(r, s) for r in range(low, high + 1)))
    assert len(melds) == 13 * 5 + 4 * 66
    assert all(is_meld(cards_in(m)) for m in melds)
    return tuple(melds)


ALL_MELDS = _universe()


def melds_in(cards: int) -> list[int]:
    """Every meld made only of cards in ``cards``."""
    return [m for m in ALL_MELDS if m & cards == m]


def melds_in_by_subsets(cards: int) -> list[int]:
    """The same as :func:`melds_in`, found by testing every subset (slow; for a self-check)."""
    held = cards_in(cards)
    return [
        mask(group)
        for size in range(3, len(held) + 1)
        for group in combinations(held, size)
        if is_meld(group)
    ]


def collections(cards: int) -> Iterator[tuple[int, ...]]:
    """Every collection of pairwise-disjoint melds inside ``cards`` (the empty one included)."""
    melds = melds_in(cards)

    def grow(start: int, free: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        yield chosen
        for index in range(start, len(melds)):
            meld = melds[index]
            if meld & free == meld:
                yield from grow(index + 1, free & ~meld, (*chosen, meld))

    return grow(0, cards, ())


def union(melds: Iterable[int]) -> int:
    out = 0
    for m in melds:
        out |= m
    return out


@lru_cache(maxsize=1 << 18)
def min_deadwood(cards: int) -> int:
    """Least deadwood of all of ``cards`` (no discard), over every collection of melds."""
    return min(total_value(cards & ~union(chosen)) for chosen in collections(cards))


def discard_values(cards: int) -> dict[int, int]:
    """For each card of ``cards``: the least deadwood of the rest after discarding it."""
    return {c: min_deadwood(cards & ~(1 << c)) for c in cards_in(cards)}


def deadwood(cards: int) -> int:
    """A hand's deadwood: up to 10 cards as they are, 11 cards after the best discard."""
    count = len(cards_in(cards))
    if count <= 10:
        return min_deadwood(cards)
    if count == 11:
        return min(discard_values(cards).values())
    raise ValueError(f"deadwood of {count} cards is not defined")


def best_discards(cards: int) -> tuple[int, frozenset[int]]:
    """For 11 cards: the least deadwood after a discard, and every discard that reaches it."""
    values = discard_values(cards)
    least = min(values.values())
    return least, frozenset(c for c, v in values.items() if v == least)


def arrangements(cards: int, limit: int) -> set[frozenset[int]]:
    """Every collection of disjoint melds leaving at most ``limit`` deadwood (R20).

    Collections that leave meldable cards out are included.
    """
    return {
        frozenset(chosen)
        for chosen in collections(cards)
        if total_value(cards & ~union(chosen)) <= limit
    }


def can_lay_off(knocker_melds: Sequence[int], laid: int) -> bool:
    """Whether every card of ``laid`` can be attached, one at a time, to the knocker's melds.

    Each step attaches one card to one meld, and is allowed when the meld plus
    the card is still a meld: a set of three takes its fourth card, a run takes
    a card at either end, and a meld that grew keeps growing. Every order and
    every choice of meld is tried.
    """
    seen: set[tuple[tuple[int, ...], int]] = set()

    def attach(melds: tuple[int, ...], left: int) -> bool:
        if not left:
            return True
        key = (tuple(sorted(melds)), left)
        if key in seen:
            return False
        seen.add(key)
        for c in cards_in(left):
            for index, meld in enumerate(melds):
                grown = meld | 1 << c
                if is_meld(cards_in(grown)) and attach(
                    (*melds[:index], grown, *melds[index + 1 :]), left & ~(1 << c)
                ):
                    return True
        return False

    return attach(tuple(knocker_melds), laid)


def possible_layoff_cards(defender: int, knocker_melds: Sequence[int]) -> int:
    """Defender cards that share a rank with a knocker's set or a suit with a knocker's run.

    No other card can ever be laid off, so only subsets of these are tried.
    """
    out = 0
    for c in cards_in(defender):
        for meld in knocker_melds:
            members = cards_in(meld)
            same_rank = all(rank(m) == rank(c) for m in members)
            same_suit = all(suit(m) == suit(c) for m in members)
            if same_rank or same_suit:
                out |= 1 << c
    return out


def legal_layoffs(defender: int, knocker_melds: Sequence[int]) -> set[int]:
    """Every subset of the defender's cards that can legally be laid off (the empty one too).

    Found by attaching the defender's cards one at a time, in every order and to
    every meld that accepts them, and keeping every group of cards reached.
    """
    candidates = cards_in(possible_layoff_cards(defender, knocker_melds))
    start = (tuple(sorted(knocker_melds)), 0)
    seen = {start}
    todo = [start]
    while todo:
        melds, laid = todo.pop()
        for c in candidates:
            if laid >> c & 1:
                continue
            for index, meld in enumerate(melds):
                grown = meld | 1 << c
                if is_meld(cards_in(grown)):
                    bigger = tuple(sorted((*melds[:index], grown, *melds[index + 1 :])))
                    state = (bigger, laid | 1 << c)
                    if state not in seen:
                        seen.add(state)
                        todo.append(state)
    return {laid for _, laid in seen}


def best_defence(defender: int, knocker_melds: Sequence[int]) -> int:
    """The defender's least deadwood after choosing its melds and layoffs together (R18)."""
    return min(min_deadwood(defender & ~laid) for laid in legal_layoffs(defender, knocker_melds))
