"""Card memory: what one seat has seen happen to every card of a hand.

:func:`remember` replays a view's public history (the pile starts with the
upcard; a take pops it, a discard pushes) and records, for each seat, the
cards it took from the pile, discarded, and passed over (the top of the pile
when it drew from the stock or refused the offer). Everything comes from the
:class:`~ginrummy.core.views.PlayerView`, so nothing hidden can leak in.

>>> from ginrummy.core.rules import Rules
>>> from ginrummy.core.hand import deal_hand
>>> from ginrummy.core.views import view_of
>>> from ginrummy.core.actions import PASS, DRAW_STOCK
>>> state = deal_hand(Rules.preset("standard"), dealer=1, deck=list(range(52)))
>>> state = state.apply(PASS).apply(PASS).apply(DRAW_STOCK)
>>> memory = remember(view_of(state, 1))
>>> memory.passed[0] == memory.passed[1] == 1 << state.upcard
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.core import actions
from ginrummy.core.actions import DRAW_DISCARD, DRAW_STOCK, PASS
from ginrummy.core.views import PlayerView


@dataclass(frozen=True, slots=True)
class CardMemory:
    """Per seat (index 0 and 1), masks of cards by what the seat did with them."""

    took: tuple[int, int]
    """Cards the seat took from the discard pile (whether it still holds them or not)."""
    discarded: tuple[int, int]
    """Cards the seat discarded face up."""
    passed: tuple[int, int]
    """Cards the seat could have taken from the pile but did not."""
    held_taken: tuple[int, int]
    """Cards the seat took from the pile and has not discarded since."""
    last_taken: int
    """The card taken from the pile by the last action, if that action was a take, else -1."""
    stock_draws: tuple[int, int]
    """Per seat, how many cards it drew from the stock."""
    turns: int
    """Draws so far (stock or pile), both seats together."""


def remember(view: PlayerView) -> CardMemory:
    """Replay ``view``'s public history into a :class:`CardMemory`."""
    pile: list[int] = [] if view.upcard is None else [view.upcard]
    took = [0, 0]
    discarded = [0, 0]
    passed = [0, 0]
    held = [0, 0]
    last_taken = -1
    stock_draws = [0, 0]
    turns = 0
    for who, action in view.history:
        last_taken = -1
        if action == DRAW_DISCARD:
            if pile:
                card = pile.pop()
                bit = 1 << card
                took[who] |= bit
                held[who] |= bit
                last_taken = card
            turns += 1
        elif action == DRAW_STOCK:
            if pile:
                passed[who] |= 1 << pile[-1]
            stock_draws[who] += 1
            turns += 1
        elif action == PASS:
            if pile:
                passed[who] |= 1 << pile[-1]
        elif actions.is_discard(action):
            card = actions.action_card(action)
            pile.append(card)
            bit = 1 << card
            discarded[who] |= bit
            held[who] &= ~bit
        elif actions.is_knock(action):
            held[who] &= ~(1 << actions.action_card(action))
    if view.knock_discard >= 0:
        held[view.seat] &= ~(1 << view.knock_discard)
    held[view.seat] &= view.hand
    held[1 - view.seat] = view.opponent_known
    return CardMemory(
        took=(took[0], took[1]),
        discarded=(discarded[0], discarded[1]),
        passed=(passed[0], passed[1]),
        held_taken=(held[0], held[1]),
        last_taken=last_taken,
        stock_draws=(stock_draws[0], stock_draws[1]),
        turns=turns,
    )


__all__ = ["CardMemory", "remember"]
