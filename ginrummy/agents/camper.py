"""The camper: a sparring partner that plays the way the EAAI-2021 winner is described.

Written from the published description of that entry (early knocks only, then
gin or undercut hunting, hand-strength discards, layoff-denying spreads), not
from its code. Every decision reads only the seat's
:class:`~ginrummy.core.views.PlayerView` (its memory is
:func:`ginrummy.agents.tracking.remember` of the public history):

* **Hand strength.** A card's *help* is how many unseen cards would put it
  into a meld with a card of the hand (a third card of a pair, the card that
  closes a run gap or extends two neighbours); a card already in a meld is kept.
* **Danger.** A card is dangerous when the opponent took its meld partners
  from the pile (same rank, or the next ranks of its suit), and safer when
  the opponent threw or passed them.
* **Discards.** Of the cards outside the hand's best melds (all cards when
  every one is melded) whose throw leaves the least deadwood, it throws the
  one with the least worth: ``help - danger`` minus a share of its points.
* **Draws.** It takes the face-up card when that card joins a meld and the
  hand's deadwood after the best discard goes down; otherwise the stock.
* **Knocks.** Gin whenever it can. Otherwise it knocks voluntarily only in its
  first three turns of the hand; later it holds out for gin, keeping its
  deadwood low so that an opponent who knocks into it is undercut (R24), even
  when the stock runs out and the hand is void: the winner's knocks that won
  all came in its first six discards, and it was almost never undercut
  (``bench/history/strength.md``, 2026-12-07).
* **Spread.** Of the arrangements its knock allows, it lays out the one that
  costs least: its deadwood plus the points of the unseen cards the opponent
  could lay off on its melds, each weighted by the chance the opponent holds
  it (R20). As defender it lays off for the least deadwood.
"""

from __future__ import annotations

import random

from ginrummy.agents.base import best_layout_action, least_deadwood_discard, settled_action
from ginrummy.agents.estimate import PARTNERS
from ginrummy.agents.tracking import CardMemory, remember
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DONE, DRAW_DISCARD, DRAW_STOCK, PASS, Action
from ginrummy.core.cards import CARD_VALUES, cards_of
from ginrummy.core.hand import Phase
from ginrummy.core.melds import (
    Arrangement,
    LayoffTargets,
    arrangements,
    best_arrangement,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.core.views import PlayerView

EARLY_TURNS = 3
"""The turns of a hand (this seat's draws) in which it knocks without gin."""
LAST_TURN_STOCK = 0
"""At this stock size or less the hand is about to be void: knock if it may (0: never; 3
knocks on the last turn, which against the expert was undercut in 3% of hands)."""
DANGER_WEIGHT = 2.0
"""Worth added to a card per opponent pickup among its meld partners."""
SAFE_WEIGHT = 0.5
"""Worth taken from a card per meld partner the opponent threw or passed."""
POINTS_WEIGHT = 0.35
"""Worth taken from a card per point it counts as deadwood."""


def own_turns(view: PlayerView) -> int:
    """How many times this seat has drawn in this hand (the current turn included once drawn)."""
    return sum(1 for who, action in view.history
               if who == view.seat and action in (DRAW_STOCK, DRAW_DISCARD))


def helpers(card: int, hand: int, unseen: int) -> int:
    """Unseen cards that would make a meld with ``card`` and another card of ``hand``."""
    rank, suit = card % 13, card // 13
    count = 0
    same_rank = [s * 13 + rank for s in range(4) if s != suit]
    if any(hand >> c & 1 for c in same_rank):
        count += sum(unseen >> c & 1 for c in same_rank)
    base = suit * 13

    def holds(r: int) -> bool:
        return 0 <= r <= 12 and bool(hand >> (base + r) & 1)

    def open_card(r: int) -> int:
        return int(0 <= r <= 12 and bool(unseen >> (base + r) & 1))

    if holds(rank + 1):  # rank, rank+1: rank-1 or rank+2 closes a run
        count += open_card(rank - 1) + open_card(rank + 2)
    if holds(rank - 1):
        count += open_card(rank + 1) * (not holds(rank + 1)) + open_card(rank - 2)
    if holds(rank + 2) and not holds(rank + 1):
        count += open_card(rank + 1)
    if holds(rank - 2) and not holds(rank - 1):
        count += open_card(rank - 1)
    return count


def danger(card: int, memory: CardMemory, opponent: int, danger_weight: float = DANGER_WEIGHT,
           safe_weight: float = SAFE_WEIGHT) -> float:
    """How much throwing ``card`` risks feeding the opponent (its pickups minus its throws)."""
    took = memory.took[opponent]
    threw = memory.discarded[opponent] | (memory.passed[opponent] & ~took)
    value = 0.0
    for partner, kind in PARTNERS[card]:
        if kind == 2:
            continue
        if took >> partner & 1:
            value += danger_weight
        elif threw >> partner & 1:
            value -= safe_weight
    return value


def keep_worth(card: int, hand: int, unseen: int, memory: CardMemory, opponent: int,
               points_weight: float = POINTS_WEIGHT, danger_weight: float = DANGER_WEIGHT,
               safe_weight: float = SAFE_WEIGHT) -> float:
    """How much the 11-card ``hand`` wants to keep ``card`` (lower: throw it)."""
    rest = hand & ~(1 << card)
    return (helpers(card, rest, unseen) + danger(card, memory, opponent, danger_weight, safe_weight)
            - points_weight * CARD_VALUES[card])


def layoff_cost(arrangement: Arrangement, unseen: int, hold_chance: float) -> float:
    """Deadwood plus the expected points the opponent could lay off on ``arrangement``."""
    if arrangement.deadwood == 0:
        return 0.0
    reach = LayoffTargets.of(arrangement.melds).reach(unseen)
    return arrangement.deadwood + hold_chance * sum(CARD_VALUES[c] for c in cards_of(reach))


def fewest_layoffs_spread(free: int, limit: int, view: PlayerView) -> Arrangement | None:
    """The arrangement of ``free`` (within ``limit``) that leaves the opponent least to lay off."""
    options = arrangements(free, limit, maximal=not view.rules.knocker_may_hide_melds)
    if not options:
        return None
    unseen = view.unseen()
    known = view.opponent_known.bit_count()
    unknown = max(view.opponent_count - known, 0)
    hold_chance = unknown / max(unseen.bit_count(), 1)
    return min(options, key=lambda a: (layoff_cost(a, unseen, hold_chance), a.deadwood,
                                       len(a.melds)))


class CamperAgent:
    """The camper (see the module docstring)."""

    name = "camper"

    def __init__(self, seed: int | None = None, early_turns: int = EARLY_TURNS,
                 danger_weight: float = DANGER_WEIGHT, safe_weight: float = SAFE_WEIGHT,
                 points_weight: float = POINTS_WEIGHT,
                 last_turn_stock: int = LAST_TURN_STOCK) -> None:
        self.rng = random.Random(seed)
        self.early_turns = early_turns
        self.danger_weight = danger_weight
        self.safe_weight = safe_weight
        self.points_weight = points_weight
        self.last_turn_stock = last_turn_stock

    def choose(self, view: PlayerView) -> Action:
        settled = settled_action(view, self._lay_out)
        if settled is not None:
            return settled
        phase = view.phase
        if phase is Phase.WALL:
            return DRAW_DISCARD if DRAW_DISCARD in view.legal else PASS
        if phase is Phase.DISCARD:
            return self._discard(view)
        return self._draw(view)

    def _draw(self, view: PlayerView) -> Action:
        refuse = PASS if PASS in view.legal else DRAW_STOCK
        if DRAW_DISCARD not in view.legal:
            return refuse
        card = view.pile[-1]
        bigger = view.hand | 1 << card
        joins = any(m >> card & 1 for m in best_arrangement(bigger).melds)
        if joins and min_deadwood_after_discard(bigger) < min_deadwood(view.hand):
            return DRAW_DISCARD
        return refuse

    def _discard(self, view: PlayerView) -> Action:
        legal, hand = view.legal, view.hand
        if BIG_GIN in legal:
            return BIG_GIN
        knocks = actions.knock_cards(legal)
        discards = actions.discard_cards(legal)
        if not discards:  # after a wall take only knocks are legal (R22)
            return actions.knock(least_deadwood_discard(hand, knocks))
        if knocks:
            best_knock = least_deadwood_discard(hand, knocks)
            left = min_deadwood(hand & ~(1 << best_knock))
            early = own_turns(view) <= self.early_turns
            if left == 0 or early or view.stock_size <= self.last_turn_stock:
                return actions.knock(best_knock)
        return actions.discard(self._throw(view, discards))

    def _throw(self, view: PlayerView, discards: list[int]) -> int:
        hand = view.hand
        memory = remember(view)
        unseen = view.unseen()
        loose = best_arrangement(hand).unmatched
        candidates = [c for c in discards if loose >> c & 1] or discards
        least = min(min_deadwood(hand & ~(1 << c)) for c in candidates)
        # Hand strength chooses among the throws that leave the least deadwood.
        candidates = [c for c in candidates
                      if min_deadwood(hand & ~(1 << c)) == least] or candidates
        return min(candidates, key=lambda c: (
            keep_worth(c, hand, unseen, memory, view.opponent, self.points_weight,
                       self.danger_weight, self.safe_weight), -CARD_VALUES[c], c))

    def _lay_out(self, view: PlayerView) -> Action:
        free = view.free_cards()
        limit = 0 if view.big_gin else view.knock_limit
        spread = fewest_layoffs_spread(free, limit, view)
        if spread is None or not spread.melds:
            return DONE
        action = actions.meld(spread.melds[0])
        return action if action in view.legal else best_layout_action(view)


__all__ = ["CamperAgent", "danger", "fewest_layoffs_spread", "helpers", "keep_worth", "own_turns"]
