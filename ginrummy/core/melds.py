"""Melds, deadwood, arrangements and layoffs (R2, R3, R8-R10, R16-R20).

Everything works on 52-bit card masks. The speed comes from two tables over
the 8,192 masks of one suit: the least deadwood a suit can keep using runs
only, and what the best single discard from that suit saves. A hand's value
is then four table lookups, plus a short enumeration when some rank holds
three or four cards and could form a set instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product
from operator import index

from ginrummy.core.cards import (
    CARD_VALUES,
    SUIT_MASK,
    CardError,
    CardSet,
    cards_of,
    format_cards,
    mask_value,
)

_NO_DISCARD = 1 << 20
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
    drops = [(_NO_DISCARD, 0)]
    for mask in range(1, 1 << 13):
        least = _NO_DISCARD
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
DISCARD_GAIN: list[int] = [_NO_DISCARD] + [
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


def _set_options(triples: int, quads: int) -> tuple[tuple[int, int, int, int], ...]:
    options = _SET_OPTIONS.get((triples, quads))
    if options is None:
        options = _build_set_options(triples, quads)
    return options


def _suits(cards: int) -> tuple[int, int, int, int, int]:
    """The clubs, diamonds, hearts and spades of ``cards`` as one-suit masks, and the ranks
    held three or four times (a one-suit mask too)."""
    cards = index(cards)
    a = cards & SUIT_MASK
    b = cards >> 13 & SUIT_MASK
    c = cards >> 26 & SUIT_MASK
    d = cards >> 39 & SUIT_MASK
    return a, b, c, d, (a & b & (c | d)) | (c & d & (a | b))


# Each public function takes any int mask, a CardSet included, and works on it as a plain int
# (operator.index, here or in _suits): a CardSet's operators would run as Python code.


def min_deadwood(cards: int) -> int:
    """Least deadwood of any number of cards, all kept (no discard)."""
    a, b, c, d, triples = _suits(cards)
    table = RUN_DEADWOOD
    if not triples:
        return table[a] + table[b] + table[c] + table[d]
    best = _NO_DISCARD
    for ka, kb, kc, kd in _set_options(triples, a & b & c & d):
        value = table[a & ka] + table[b & kb] + table[c & kc] + table[d & kd]
        if value < best:
            best = value
    return best


def min_deadwood_after_discard(cards: int) -> int:
    """Least deadwood left after the best single discard from ``cards``."""
    a, b, c, d, triples = _suits(cards)
    table = RUN_DEADWOOD
    gain = DISCARD_GAIN
    if not triples:
        least_gain = min(gain[a], gain[b], gain[c], gain[d])
        return table[a] + table[b] + table[c] + table[d] + least_gain
    best = _NO_DISCARD
    for ka, kb, kc, kd in _set_options(triples, a & b & c & d):
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
    a, b, c, d, triples = _suits(cards)
    table = RUN_DEADWOOD
    out: dict[int, int] = {}
    for ka, kb, kc, kd in _set_options(triples, a & b & c & d) if triples else _KEEP_ALL:
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
                if value < out.get(card, _NO_DISCARD):
                    out[card] = value
    return out


def least_deadwood_discards(cards: int, allowed: int) -> tuple[int, int]:
    """The least :func:`min_deadwood` left by discarding one card of ``allowed`` (cards of
    ``cards``), and the mask of the allowed cards that leave it; ``(1 << 20, 0)`` if none is."""
    a, b, c, d, triples = _suits(cards)
    table = RUN_DEADWOOD
    drops = BEST_DROPS
    least = _NO_DISCARD
    best = 0
    for ka, kb, kc, kd in _set_options(triples, a & b & c & d) if triples else _KEEP_ALL:
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


_KEEP_ALL = ((SUIT_MASK, SUIT_MASK, SUIT_MASK, SUIT_MASK),)


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
    a, b, c, d, triples = _suits(cards)
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


@dataclass(frozen=True)
class Arrangement:
    """Melds laid out from a hand and the deadwood left over."""

    melds: tuple[CardSet, ...]
    unmatched: CardSet

    @property
    def deadwood(self) -> int:
        return self.unmatched.value()

    def __str__(self) -> str:
        shown = " | ".join(format_cards(cards_of(m)) for m in self.melds)
        return f"[{shown}] deadwood {self.deadwood}: {self.unmatched}"


def best_arrangement(cards: int) -> Arrangement:
    """An arrangement of all ``cards`` (no discard) with the least deadwood."""
    cards = index(cards)
    a, b, c, d, triples = _suits(cards)
    table = RUN_DEADWOOD
    ka = kb = kc = kd = SUIT_MASK
    melds: list[int] = []
    if triples:
        best_value = _NO_DISCARD
        for oa, ob, oc, od in _set_options(triples, a & b & c & d):
            value = table[a & oa] + table[b & ob] + table[c & oc] + table[d & od]
            if value < best_value:
                best_value = value
                ka, kb, kc, kd = oa, ob, oc, od
        for rank in range(13):  # the sets: cards that a keep-mask leaves out
            column = 0
            for suit, keep_part in enumerate((ka, kb, kc, kd)):
                if not keep_part >> rank & 1:
                    column |= cards & 1 << (13 * suit + rank)
            if column:
                melds.append(column)
    for shift, part in ((0, a & ka), (13, b & kb), (26, c & kc), (39, d & kd)):
        melds.extend([run << shift for run in RUN_MELDS[part]])
    used = 0
    for meld in melds:
        used |= meld
    return Arrangement(tuple(CardSet(m) for m in sorted(melds)), CardSet(cards & ~used))


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


def arrangements(cards: int, limit: int, *, maximal: bool = False) -> list[Arrangement]:
    """Every way to lay out ``cards`` as disjoint melds leaving at most ``limit`` deadwood (R20).

    With ``maximal`` (R14's default) only the arrangements whose deadwood holds no
    meld; without it, also those that leave some meldable cards unmelded, as a knocker
    under ``knocker_may_hide_melds`` may show fewer melds to deny layoffs.
    """
    cards = index(cards)
    if min_deadwood(cards) > limit:
        return []
    candidates = melds_within(cards)
    found: list[Arrangement] = []

    def extend(start: int, free: int, chosen: list[int]) -> None:
        if mask_value(free) <= limit and not (maximal and melds_within(free)):
            found.append(Arrangement(tuple(CardSet(m) for m in chosen), CardSet(free)))
        for position in range(start, len(candidates)):
            meld = candidates[position]
            if meld & free == meld and min_deadwood(free & ~meld) <= limit:
                chosen.append(meld)
                extend(position + 1, free & ~meld, chosen)
                chosen.pop()

    extend(0, cards, [])
    return found


# ---------------------------------------------------------------- layoffs


@dataclass(frozen=True)
class LayoffTargets:
    """What a knocker's shown melds accept: set completions and run cards per suit."""

    set_slots: int
    run_cards: tuple[int, int, int, int]

    @classmethod
    def of(cls, knocker_melds: Sequence[int]) -> LayoffTargets:
        slots = 0
        runs = [0, 0, 0, 0]
        for meld in map(index, knocker_melds):
            if is_set(meld):
                if meld.bit_count() == 3:
                    rank = cards_of(meld)[0] % 13
                    column = sum(1 << (13 * suit + rank) for suit in range(4))
                    slots |= column & ~meld
            elif is_run(meld):
                suit = cards_of(meld)[0] // 13
                runs[suit] |= meld >> (13 * suit)
            else:
                raise MeldError(f"{format_cards(cards_of(meld))} is not a meld")
        return cls(slots, (runs[0], runs[1], runs[2], runs[3]))

    def reach(self, cards: int) -> int:
        """The cards of ``cards`` that could be laid off if all of them were laid off together."""
        cards = index(cards)
        reached = cards & self.set_slots
        for suit, run in enumerate(self.run_cards):
            if not run:
                continue
            part = cards >> (13 * suit) & SUIT_MASK
            grown = run
            while True:
                wider = (grown | grown << 1 | grown >> 1) & (part | run) & SUIT_MASK
                if wider == grown:
                    break
                grown = wider
            reached |= (grown & part) << (13 * suit)
        return reached

    def accepts(self, laid_off: int) -> bool:
        """Whether all of ``laid_off`` can go onto the melds at once (R18)."""
        return self.reach(laid_off) == laid_off


class MeldError(ValueError):
    """Cards offered as a meld are not one, or melds overlap."""


@dataclass(frozen=True)
class Defence:
    """The defender's best answer to a knock: its melds, its layoffs and what is left."""

    melds: tuple[CardSet, ...]
    layoffs: CardSet
    unmatched: CardSet

    @property
    def deadwood(self) -> int:
        return self.unmatched.value()


def best_defence(hand: int, knocker_melds: Sequence[int], gin: bool = False) -> Defence:
    """The defender's melds and layoffs chosen together for the least deadwood (R18, R25).

    Ties go to the fewest layoffs, then the lowest cards laid off.
    """
    hand = index(hand)
    if gin:
        shown = best_arrangement(hand)
        return Defence(shown.melds, CardSet(0), shown.unmatched)
    targets = LayoffTargets.of(knocker_melds)
    candidates = cards_of(targets.reach(hand))
    best_value = min_deadwood(hand)
    best_laid = 0
    for size in range(1, len(candidates) + 1):
        for subset in combinations(candidates, size):
            laid = sum(1 << card for card in subset)
            if not targets.accepts(laid):
                continue
            value = min_deadwood(hand & ~laid)
            if value < best_value:
                best_value, best_laid = value, laid
    shown = best_arrangement(hand & ~best_laid)
    return Defence(shown.melds, CardSet(best_laid), shown.unmatched)


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


__all__ = [
    "ALL_MELDS",
    "CARD_VALUES",
    "MELD_ID",
    "Arrangement",
    "Defence",
    "DiscardChoice",
    "HandSizeError",
    "LayoffTargets",
    "MeldError",
    "arrangements",
    "best_arrangement",
    "best_defence",
    "best_discards",
    "check_melds",
    "deadwood",
    "deadwood_after_each_discard",
    "least_deadwood_discards",
    "is_big_gin",
    "is_meld",
    "is_run",
    "is_set",
    "melds_within",
    "min_deadwood",
    "min_deadwood_after_discard",
]
