"""Ways to lay out a hand as melds: the one with the least deadwood, and every one
within a knock limit (R14, R20)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import index

from ginrummy.core.cards import SUIT_MASK, CardSet, cards_of, format_cards, mask_value
from ginrummy.core.deadwood import min_deadwood
from ginrummy.core.meld_catalogue import melds_within
from ginrummy.core.meld_tables import NO_DISCARD, RUN_DEADWOOD, RUN_MELDS, set_options, split_suits


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
    a, b, c, d, triples = split_suits(cards)
    table = RUN_DEADWOOD
    ka = kb = kc = kd = SUIT_MASK
    melds: list[int] = []
    if triples:
        best_value = NO_DISCARD
        for oa, ob, oc, od in set_options(triples, a & b & c & d):
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
