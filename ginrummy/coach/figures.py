"""The simple figures a hint reads off one seat's view: deadwood after each move, the
average a stock card leaves, which cards go together, what the opponent took and threw.

Everything here looks only at a :class:`~ginrummy.core.views.PlayerView`. The hint's
reasons (:mod:`ginrummy.coach.reasons`) are made from these figures, and the tests check
every comparison a reason states against them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.core import actions
from ginrummy.core.cards import card_value, cards_of, rank_of, suit_of
from ginrummy.core.melds import best_arrangement, min_deadwood, min_deadwood_after_discard
from ginrummy.core.views import PlayerView


def opponent_discards(view: PlayerView) -> list[int]:
    return [actions.action_card(a) for seat, a in view.history
            if seat == view.opponent and actions.is_discard(a)]


def touches(card: int, other: int) -> bool:
    """Could both cards sit in one meld: same rank, or same suit within two ranks."""
    if card == other:
        return False
    if rank_of(card) == rank_of(other):
        return True
    return suit_of(card) == suit_of(other) and abs(rank_of(card) - rank_of(other)) <= 2


def partners(card: int, cards: int) -> list[int]:
    """The cards of ``cards`` that ``card`` could share a meld with."""
    return [c for c in cards_of(cards) if touches(card, c)]


@dataclass(frozen=True, slots=True)
class Danger:
    needed_by: tuple[int, ...]
    """Cards the opponent took from the pile that this card would go with."""
    thrown: tuple[int, ...]
    """Cards of the same rank the opponent threw away."""


def danger(view: PlayerView, card: int) -> Danger:
    needed = tuple(c for c in cards_of(view.opponent_known) if touches(card, c))
    thrown = tuple(c for c in opponent_discards(view) if rank_of(c) == rank_of(card))
    return Danger(needed, thrown)


def stock_expectation(view: PlayerView) -> float | None:
    """The deadwood a stock card leaves on average (after the best discard), over the cards
    this seat has not seen; None when it has seen them all."""
    unseen = cards_of(view.unseen())
    if not unseen:
        return None
    hand = view.free_cards()
    return sum(min_deadwood_after_discard(hand | 1 << c) for c in unseen) / len(unseen)


def after_taking(view: PlayerView, card: int) -> int:
    """The deadwood after taking ``card`` and making the best discard the rules allow."""
    hand = view.hand | 1 << card
    if view.rules.allow_discard_of_drawn_upcard:
        return min_deadwood_after_discard(hand)
    return min(min_deadwood(hand & ~(1 << c)) for c in cards_of(view.hand))


def best_keep(view: PlayerView, card: int) -> int:
    """The ten cards kept after taking ``card`` and making the best discard (not ``card``)."""
    hand = view.hand | 1 << card
    best = min(cards_of(view.hand), key=lambda c: (min_deadwood(hand & ~(1 << c)), -card_value(c)))
    return hand & ~(1 << best)


def joins_meld(view: PlayerView, card: int) -> bool:
    """Whether ``card`` sits in a meld of the best ten cards kept after taking it."""
    return any(card in meld for meld in best_arrangement(best_keep(view, card)).melds)


def kept_deadwood(view: PlayerView, card: int) -> int:
    """The deadwood of the ten cards kept after discarding ``card``."""
    return min_deadwood(view.hand & ~(1 << card))


def hand_deadwood(view: PlayerView) -> int:
    """The deadwood of the cards held now (eleven, before the discard: all of them)."""
    return best_arrangement(view.hand).deadwood


def discardable(view: PlayerView) -> list[int]:
    """The cards a legal discard or knock can throw, lowest first."""
    return sorted({actions.action_card(a) for a in view.legal
                   if actions.is_discard(a) or actions.is_knock(a)})


__all__ = [
    "Danger",
    "after_taking",
    "best_keep",
    "danger",
    "discardable",
    "hand_deadwood",
    "joins_meld",
    "kept_deadwood",
    "opponent_discards",
    "partners",
    "stock_expectation",
    "touches",
]
