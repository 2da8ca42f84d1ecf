"""What each action does: the next state of a hand, written on a :class:`Draft` (R12-R26).

A move changes the draft copied from the state it was chosen in; :data:`MOVES` holds
one move a phase, indexed by phase number. A hand ends here too: void (R21, R22, R36)
or scored (:func:`~ginrummy.core.result.score_hand`).
"""

from __future__ import annotations

from typing import Any

from ginrummy.core.actions import (
    BIG_GIN,
    DISCARD_BASE,
    DONE,
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK_BASE,
    LAYOFF_BASE,
    MELD_BASE,
    PASS,
    Action,
)
from ginrummy.core.hand_fields import free_cards
from ginrummy.core.meld_catalogue import ALL_MELDS
from ginrummy.core.meld_tables import unmelded_value
from ginrummy.core.phase import Phase
from ginrummy.core.result import HandResult, score_hand, void_result
from ginrummy.core.rules import Rules

STOCK_FLOOR = 2
"""R21: the last two cards of the stock are never drawn."""


class Draft:
    """The next :class:`~ginrummy.core.hand.HandState` while a deal or a move makes it: the
    same fields, still writable. The hand turns it into that state in place (the two classes
    have the same slots), so a move costs one copy of the fields and nothing is written once
    it is a state."""

    rules: Rules
    dealer: int
    phase: Phase
    turn: int
    deck: tuple[int, ...]
    stock_pos: int
    hands: tuple[int, int]
    pile: tuple[int, ...]
    upcard: int | None
    limit: int
    known: tuple[int, int]
    taken: int
    passes: int
    stock_only: bool
    idle_turns: int
    pile_draws: int
    returned: bool
    wall_take: bool
    knocker: int
    knock_discard: int
    big_gin: bool
    melds: tuple[tuple[int, ...], tuple[int, ...]]
    laid_off: int
    history: tuple[Any, int, int] | None
    result: HandResult | None
    __slots__ = tuple(__annotations__)  # the fields above, as HandState has them

    # Each move below changes the draft copied from the state it was chosen in.

    def _draw(self, action: Action) -> None:
        if action == DRAW_STOCK:
            self._draw_stock()
        else:
            self._draw_pile()

    def _discard_or_knock(self, action: Action) -> None:
        if action >= KNOCK_BASE:
            self._knock(action - KNOCK_BASE)
        elif action == BIG_GIN:
            self.knocker = self.turn
            self.big_gin = True
            self.taken = -1
            self.phase = Phase.KNOCKER_MELDS
        else:
            self._discard(action - DISCARD_BASE)

    def _at_wall(self, action: Action) -> None:
        if action == PASS:
            self._void("R22: the last discard was not taken to knock")
        else:
            self._take_top()
            self.wall_take = True
            self.phase = Phase.DISCARD

    def _knocker_lays_out(self, action: Action) -> None:
        if action == DONE:
            self.phase = Phase.DEFENDER
            self.turn = 1 - self.turn
        else:
            self._lay_meld(ALL_MELDS[action - MELD_BASE])

    def _defender_lays_out(self, action: Action) -> None:
        if action == DONE:
            self._finish()
        elif action >= MELD_BASE:
            self._lay_meld(ALL_MELDS[action - MELD_BASE])
        else:
            self.laid_off |= 1 << (action - LAYOFF_BASE)

    def _after_the_end(self, action: Action) -> None:
        """Nothing changes once the hand is over (only the log grows)."""

    def _first_upcard(self, action: Action) -> None:
        if action == DRAW_DISCARD:
            self.idle_turns += 1  # R36: taking the upcard is a turn without a stock draw
            self._take_top()
            self.phase = Phase.DISCARD
        elif self.passes == 0:
            self.passes = 1
            self.turn = 1 - self.turn
        else:
            self.passes = 2
            self.turn = 1 - self.turn
            self.stock_only = True
            self.phase = Phase.DRAW

    def _take_top(self) -> None:
        card = self.pile[-1]
        self.pile = self.pile[:-1]
        seat = self.turn
        bit = 1 << card
        self.taken = card
        if seat == 0:
            self.hands = (self.hands[0] | bit, self.hands[1])
            self.known = (self.known[0] | bit, self.known[1])
        else:
            self.hands = (self.hands[0], self.hands[1] | bit)
            self.known = (self.known[0], self.known[1] | bit)

    def _draw_stock(self) -> None:
        card = self.deck[self.stock_pos]
        self.stock_pos += 1
        bit = 1 << card
        self.hands = (
            (self.hands[0] | bit, self.hands[1])
            if self.turn == 0
            else (self.hands[0], self.hands[1] | bit)
        )
        self.taken = -1
        self.idle_turns = 0
        self.stock_only = False
        self.phase = Phase.DISCARD

    def _draw_pile(self) -> None:
        limit = self.rules.discard_pile_draw_limit
        if limit is not None and self.pile_draws >= limit:
            self._void("the discard pile was drawn from too often (OpenSpiel's cap)")
            return
        self.pile_draws += 1
        self.idle_turns += 1
        self._take_top()
        self.phase = Phase.DISCARD

    def _remove(self, seat: int, card: int) -> None:
        keep = ~(1 << card)
        if seat == 0:
            self.hands = (self.hands[0] & keep, self.hands[1])
            self.known = (self.known[0] & keep, self.known[1])
        else:
            self.hands = (self.hands[0], self.hands[1] & keep)
            self.known = (self.known[0], self.known[1] & keep)

    def _discard(self, card: int) -> None:
        self._remove(self.turn, card)
        self.pile = (*self.pile, card)
        if self.rules.void_on_second_returned_discard:
            if card == self.taken:
                if self.returned:
                    self._void("the same card was taken and thrown back twice in a row")
                    return
                self.returned = True
            else:
                self.returned = False
        self.taken = -1
        self.turn = 1 - self.turn
        if 52 - self.stock_pos <= STOCK_FLOOR:
            if self.rules.fiftieth_card_action != "off":
                self.phase = Phase.WALL
            else:
                self._void("R21: only two cards are left in the stock")
        elif self.idle_turns >= self.rules.max_turns_without_stock_draw:
            self._void("R36: too many turns without a draw from the stock")
        else:
            self.phase = Phase.DRAW

    def _knock(self, card: int) -> None:
        self._remove(self.turn, card)
        self.knock_discard = card
        self.knocker = self.turn
        self.taken = -1
        self.phase = Phase.KNOCKER_MELDS

    def _lay_meld(self, meld: int) -> None:
        seat = self.turn
        if seat == 0:
            self.melds = ((*self.melds[0], meld), self.melds[1])
        else:
            self.melds = (self.melds[0], (*self.melds[1], meld))

    def _void(self, reason: str) -> None:
        self.phase = Phase.OVER
        self.turn = -1
        self.result = void_result(reason, self.limit)

    def _finish(self) -> None:
        knocker = self.knocker
        self.result = score_hand(
            self.rules,
            knocker=knocker,
            knocker_deadwood=unmelded_value(free_cards(self, knocker)),
            defender_deadwood=unmelded_value(free_cards(self, 1 - knocker)),
            big_gin=self.big_gin,
            limit=self.limit,
            upcard=self.upcard,
        )
        self.phase = Phase.OVER
        self.turn = -1


_BY_PHASE = {
    Phase.FIRST_UPCARD: Draft._first_upcard,
    Phase.DRAW: Draft._draw,
    Phase.DISCARD: Draft._discard_or_knock,
    Phase.WALL: Draft._at_wall,
    Phase.KNOCKER_MELDS: Draft._knocker_lays_out,
    Phase.DEFENDER: Draft._defender_lays_out,
    Phase.OVER: Draft._after_the_end,
}
MOVES = tuple(_BY_PHASE[phase] for phase in Phase)
"""Each phase's move, applied to the copy of the state it was chosen in."""
