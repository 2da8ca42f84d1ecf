"""The EAAI-2021 Gin Rummy challenge baseline, ``SimpleGinRummyPlayer``, on our engine.

Its published policy, followed here step by step:

* **Draw.** Take the face-up card only if it would be part of some meld of
  the hand plus that card (any meld, as the original's ``cardsToAllMelds``
  test: a set with two cards of its rank, or a run with suited neighbours);
  otherwise draw from the stock. The same test answers the first-upcard
  offer (R13).
* **Discard.** Among the cards whose discard leaves the least deadwood, one
  at random; never the face-up card just taken, and never a card whose
  (drawn card, discarded card) pair this seat already played in this hand
  (the original's guard against two players trading the same cards forever).
* **Knock** as soon as it may: when the discard chosen above leaves at most
  the hand's knock limit (``view.knock_limit``: Oklahoma's limits, 0 when
  only gin may end the hand), it knocks with that card; deadwood 0 is gin.
* **Lay out** its least-deadwood arrangement; as defender, lay off and meld
  for the least deadwood (:func:`~ginrummy.agents.base.best_layout_action`).

Beyond the original, for rules it never knew: big gin (R17) is laid down
whenever legal; at the wall (R22) the engine offers the last discard only
when it gives a knock, so it is taken, then the knock leaving the least
deadwood is made (the card just taken may be the one knocked with).

Its only randomness is its own ``random.Random``, seeded at construction.
"""

from __future__ import annotations

import random

from ginrummy.agents.base import best_layout_action, least_deadwood_knock
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DONE, DRAW_DISCARD, DRAW_STOCK, PASS, Action
from ginrummy.core.cards import SUIT_MASK, cards_of
from ginrummy.core.hand import Phase
from ginrummy.core.melds import (
    best_arrangement,
    best_defence,
    least_deadwood_discards,
    min_deadwood,
)
from ginrummy.core.views import PlayerView

_RANK_COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""A card of each suit at rank 0 (shifted left by a rank: that rank's four cards)."""
_DRAW, _DISCARD, _FIRST_UPCARD, _WALL = Phase.DRAW, Phase.DISCARD, Phase.FIRST_UPCARD, Phase.WALL
"""Looked up once: reading an enum member through its class is ten times slower than a global."""


def joins_meld(hand: int, card: int) -> bool:
    """Whether ``card`` would be part of some meld of ``hand`` plus the card (R8, R9).

    >>> from ginrummy.core.cards import parse_card, parse_cards
    >>> joins_meld(parse_cards("7H 7D 2C"), parse_card("7S"))
    True
    >>> joins_meld(parse_cards("5H 7H KD"), parse_card("6H"))
    True
    >>> joins_meld(parse_cards("5H 8H 6D"), parse_card("6H"))
    False
    """
    rank = card % 13
    if (hand >> rank & _RANK_COLUMN).bit_count() >= 2:
        return True
    near = (hand >> (card - rank) & SUIT_MASK) << 2 >> rank  # ranks rank-2..rank+2: bits 0..4
    return near & 0b00011 == 0b00011 or near & 0b01010 == 0b01010 or near & 0b11000 == 0b11000


class SimpleAgent:
    """The EAAI-2021 challenge's ``SimpleGinRummyPlayer`` (see the module docstring)."""

    name = "simple"

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self._memory: list[_HandMemory | None] = [None, None]

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no move in phase {view.phase.name}")
        phase = view.phase
        memory = self._memory_for(view)
        if phase is _DRAW:
            memory.before_draw = (view.hand, view.stock_size)
            if DRAW_DISCARD in legal and joins_meld(view.hand, view.pile[-1]):
                return DRAW_DISCARD
            return DRAW_STOCK
        if phase is _DISCARD:
            if BIG_GIN in legal:
                return BIG_GIN
            return self._discard(view, memory)
        if phase is _FIRST_UPCARD:
            return DRAW_DISCARD if joins_meld(view.hand, view.pile[-1]) else PASS
        if phase is _WALL:
            return DRAW_DISCARD if DRAW_DISCARD in legal else PASS
        return _layout_action(view, memory)

    # ------------------------------------------------------------ discards

    def _discard(self, view: PlayerView, memory: _HandMemory) -> Action:
        legal = view.legal
        hand = view.hand
        if view.wall_take:  # R22: only knocks are legal; knock for the least deadwood
            knocks = [a for a in legal if actions.is_knock(a)]
            return least_deadwood_knock(hand, knocks)
        drawn = self._drawn_card(view, memory)
        key = (view.stock_size, len(view.pile), hand)
        allowed = 0
        for card in actions.discard_cards(legal):
            allowed |= 1 << card
        if view.taken >= 0:  # never the face-up card just taken
            allowed &= ~(1 << view.taken)
        if drawn >= 0 and memory.pairs:
            allowed &= ~memory.barred_discards(key, drawn)
        least, best = least_deadwood_discards(hand, allowed & hand)
        if not best:  # every discard barred: fall back on the least deadwood
            return self._fallback(view)
        if best & (best - 1):
            candidates = cards_of(best)
            card = candidates[self.rng.randrange(len(candidates))]
        else:
            card = best.bit_length() - 1
        if drawn >= 0:
            memory.pairs[key] = 1 << drawn | 1 << card
        if least <= view.knock_limit and actions.knock(card) in legal:
            return actions.knock(card)
        return actions.discard(card)

    def _fallback(self, view: PlayerView) -> Action:
        options = [a for a in view.legal if actions.is_discard(a) or actions.is_knock(a)]
        hand = view.hand
        return min(options, key=lambda a: (min_deadwood(hand & ~(1 << actions.action_card(a))),
                                           actions.is_discard(a), a))

    def _drawn_card(self, view: PlayerView, memory: _HandMemory) -> int:
        """The card drawn this turn, if this seat can tell: taken from the pile, or seen arrive."""
        if view.taken >= 0:
            return view.taken
        before = memory.before_draw
        if before is not None and before[1] == view.stock_size + 1:
            new = view.hand & ~before[0]
            if new and new & (new - 1) == 0:
                return new.bit_length() - 1
        return -1

    # ------------------------------------------------------------ memory

    def _memory_for(self, view: PlayerView) -> _HandMemory:
        """This seat's memory of the hand in progress, new when a new hand has started."""
        seat = view.seat
        memory = self._memory[seat]
        stock_size = view.stock_size
        at_first_upcard = view.phase is _FIRST_UPCARD
        if (
            memory is None
            or memory.signature != (view.dealer, view.upcard)
            or stock_size > memory.stock_size
            or (at_first_upcard and memory.stock_size == stock_size and memory.left_first_upcard)
        ):
            memory = _HandMemory((view.dealer, view.upcard), stock_size)
            self._memory[seat] = memory
        memory.stock_size = stock_size
        if not at_first_upcard:
            memory.left_first_upcard = True
        return memory


def _layout_action(view: PlayerView, memory: _HandMemory) -> Action:
    """:func:`best_layout_action`, with the arrangement or defence worked out once per hand."""
    free = view.free_cards()
    plan = memory.layout
    if plan is None or plan[0] is not view.phase:
        if view.phase is Phase.KNOCKER_MELDS:
            plan = (view.phase, 0, tuple(map(int, best_arrangement(free).melds)))
        else:
            knocker_free = view.knocker_deadwood_cards()
            defence = best_defence(free, view.melds[view.knocker], gin=knocker_free == 0)
            plan = (view.phase, int(defence.layoffs), tuple(map(int, defence.melds)))
        memory.layout = plan
    _, layoffs, melds = plan
    action = DONE
    if layoffs & free:
        for legal in view.legal:
            if actions.is_layoff(legal) and layoffs >> actions.action_card(legal) & 1:
                action = legal
                break
    else:
        for cards in melds:
            if cards & free == cards:
                action = actions.meld(cards)
                break
    return action if action in view.legal else best_layout_action(view)


class _HandMemory:
    """What the simple player remembers of one hand: its (drawn, discarded) pairs."""

    __slots__ = ("before_draw", "layout", "left_first_upcard", "pairs", "signature", "stock_size")

    def __init__(self, signature: tuple[int, int | None], stock_size: int) -> None:
        self.signature = signature
        self.stock_size = stock_size
        self.left_first_upcard = False
        self.before_draw: tuple[int, int] | None = None
        self.layout: tuple[Phase, int, tuple[int, ...]] | None = None
        """The layout worked out at the first layout decision: phase, layoffs, melds."""
        self.pairs: dict[tuple[int, int, int], int] = {}
        """(stock size, pile size, hand) of the decision -> drawn|discarded card mask."""

    def barred_discards(self, key: tuple[int, int, int], drawn: int) -> int:
        """The cards whose discard after drawing ``drawn`` would repeat a (drawn, discarded)
        pair played at an earlier decision (asking again about the same view is not one)."""
        drawn_bit = 1 << drawn
        barred = 0
        for at, pair in self.pairs.items():
            if pair & drawn_bit and at != key:
                barred |= (pair ^ drawn_bit) or drawn_bit  # the drawn card itself: one bit
        return barred
