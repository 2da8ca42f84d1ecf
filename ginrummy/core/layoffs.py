"""Layoffs onto a knocker's melds, and the defender's best answer to a knock (R18, R25)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from operator import index

from ginrummy.core.arrangements import best_arrangement
from ginrummy.core.cards import SUIT_MASK, CardSet, cards_of, format_cards
from ginrummy.core.deadwood import min_deadwood
from ginrummy.core.meld_catalogue import MeldError, is_run, is_set


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
