"""The greedy player: least deadwood at every step, knocks at once, lays out and off well.

Its rules, exactly:

* **Draw.** ``take`` is the least deadwood it could keep by taking the top
  of the discard pile and then making its best legal discard (not the card
  just taken, unless the rules allow it, R12). ``stock`` is the deadwood it
  would keep, on average, after drawing from the stock and making its best
  discard, each card it has not seen (:meth:`PlayerView.unseen`) being
  equally likely. It takes the discard when ``take < stock``; on equal
  values it draws from the stock, which tells the opponent nothing. The same
  comparison answers the first-upcard offer (R13).
* **Discard** the card leaving the least deadwood; ties go to the card worth
  most (R3), then to the one with the fewest partners in the hand (cards of
  its rank, suited cards one or two ranks away), then to the highest card
  number. No randomness: the player is deterministic.
* **Knock** as soon as it may, with that same choice of card (so gin when
  gin is possible); lay down big gin (R17) whenever it is legal. At the
  wall (R22) it takes the card, which the engine offers only for a knock.
* **Lay out** its least-deadwood arrangement; as defender, meld and lay
  off for the least deadwood (:func:`~ginrummy.agents.base.best_layout_action`).
"""

from __future__ import annotations

import random

from ginrummy.agents.base import best_layout_action
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DRAW_DISCARD, DRAW_STOCK, PASS, Action
from ginrummy.core.cards import CARD_VALUES, cards_of
from ginrummy.core.hand import Phase
from ginrummy.core.melds import min_deadwood, min_deadwood_after_discard
from ginrummy.core.views import PlayerView


def partners(hand: int, card: int) -> int:
    """How many cards of ``hand`` could share a meld with ``card``: same rank, or suited
    one or two ranks away."""
    rank = card % 13
    base = card - rank
    count = 0
    for suit in range(4):
        other = 13 * suit + rank
        if other != card:
            count += hand >> other & 1
    for step in (-2, -1, 1, 2):
        if 0 <= rank + step <= 12:
            count += hand >> (base + rank + step) & 1
    return count


def best_discard(hand: int, options: list[int]) -> tuple[int, int]:
    """The greedy discard among ``options`` (cards of the 11-card ``hand``): (card, deadwood)."""
    best_card = -1
    best_key: tuple[int, int, int, int] | None = None
    for card in options:
        key = (min_deadwood(hand & ~(1 << card)), -CARD_VALUES[card], partners(hand, card), -card)
        if best_key is None or key < best_key:
            best_key, best_card = key, card
    assert best_key is not None
    return best_card, best_key[0]


def deadwood_after_take(hand: int, card: int, may_discard_taken: bool) -> int:
    """Least deadwood after taking ``card`` and making the best legal discard (R12)."""
    grown = hand | 1 << card
    if may_discard_taken:
        return min_deadwood_after_discard(grown)
    return min(min_deadwood(grown & ~(1 << other)) for other in cards_of(hand))


def expected_deadwood_after_stock(hand: int, unseen: int) -> float:
    """Mean least deadwood after drawing one of the ``unseen`` cards and discarding."""
    cards = cards_of(unseen)
    if not cards:
        return float(min_deadwood(hand))
    total = 0
    for card in cards:
        total += min_deadwood_after_discard(hand | 1 << card)
    return total / len(cards)


class GreedyAgent:
    """Least-deadwood draws and discards, early knock, best layouts (see the module docstring).

    Deterministic: ``rng`` is accepted, like every agent's, and not used.
    """

    name = "greedy"

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no move in phase {view.phase.name}")
        phase = view.phase
        if phase is Phase.DRAW:
            if DRAW_DISCARD in legal and self._wants(view):
                return DRAW_DISCARD
            return DRAW_STOCK
        if phase is Phase.DISCARD:
            if BIG_GIN in legal:
                return BIG_GIN
            return self._discard(view)
        if phase is Phase.FIRST_UPCARD:
            return DRAW_DISCARD if self._wants(view) else PASS
        if phase is Phase.WALL:
            return DRAW_DISCARD if DRAW_DISCARD in legal else PASS
        return best_layout_action(view)

    def _wants(self, view: PlayerView) -> bool:
        top = view.pile[-1]
        rules = view.rules
        take = deadwood_after_take(view.hand, top, rules.allow_discard_of_drawn_upcard)
        if take >= min_deadwood(view.hand):
            return False  # the card cannot improve the hand at all
        return take < expected_deadwood_after_stock(view.hand, view.unseen() & ~(1 << top))

    def _discard(self, view: PlayerView) -> Action:
        legal = view.legal
        options = actions.discard_cards(legal)
        knocks = actions.knock_cards(legal)
        if not options:  # R22 wall take: only knocks
            card, _ = best_discard(view.hand, knocks)
            return actions.knock(card)
        card, left = best_discard(view.hand, options)
        if left <= view.knock_limit and actions.knock(card) in legal:
            return actions.knock(card)
        return actions.discard(card)
