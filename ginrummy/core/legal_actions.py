"""The legal actions of each phase of a hand, in increasing order (R12-R22).

:data:`LEGAL_ACTIONS` holds one function a phase, indexed by phase number;
:meth:`~ginrummy.core.hand.HandState.legal_actions` calls the one of its phase.
"""

from __future__ import annotations

import functools

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
from ginrummy.core.cards import SUIT_MASK, cards_of
from ginrummy.core.deadwood import (
    deadwood_after_each_discard,
    least_deadwood_discards,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.core.hand_fields import HandFields, barred_discard, free_cards, knocker_went_gin
from ginrummy.core.layoffs import LayoffTargets
from ginrummy.core.meld_catalogue import MELD_ID, melds_within
from ginrummy.core.meld_tables import unmelded_value
from ginrummy.core.phase import Phase


def first_upcard_actions(state: HandFields) -> list[Action]:
    return [DRAW_DISCARD, PASS]


def draw_actions(state: HandFields) -> list[Action]:
    return [DRAW_STOCK] if state.stock_only else [DRAW_STOCK, DRAW_DISCARD]


def wall_actions(state: HandFields) -> list[Action]:
    top = state.pile[-1]
    hand = state.hands[state.turn] | 1 << top
    if state.rules.fiftieth_card_action == "different_card":
        least = least_deadwood_discards(hand, hand & ~(1 << top))[0]
    else:
        least = min_deadwood_after_discard(hand)
    return [DRAW_DISCARD, PASS] if least <= state.limit else [PASS]


def discard_actions(state: HandFields) -> list[Action]:
    hand = state.hands[state.turn]
    wall_take = state.wall_take
    barred = barred_discard(state)
    if wall_take:
        actions = []
    else:
        t = _DISCARDS_BY_SUIT
        actions = [
            *t[0][hand & SUIT_MASK],
            *t[1][hand >> 13 & SUIT_MASK],
            *t[2][hand >> 26 & SUIT_MASK],
            *t[3][hand >> 39],
        ]
        if barred >= 0:
            actions.remove(DISCARD_BASE + barred)
    limit = state.limit
    if min_deadwood_after_discard(hand) <= limit:
        actions.extend(
            KNOCK_BASE + c
            for c, left in deadwood_after_each_discard(hand).items()
            if left <= limit and c != barred
        )
        if state.rules.big_gin and not wall_take and min_deadwood(hand) == 0:
            actions.insert(0, BIG_GIN)
    return actions


def knocker_actions(state: HandFields) -> list[Action]:
    free = free_cards(state, state.turn)
    limit = 0 if state.big_gin else state.limit
    actions = [
        MELD_BASE + MELD_ID[m] for m in melds_within(free) if min_deadwood(free & ~m) <= limit
    ]
    actions.sort()
    if unmelded_value(free) <= limit and (state.rules.knocker_may_hide_melds or not actions):
        actions.insert(0, DONE)  # R14: by default no meld may stay among the deadwood
    return actions


def defender_actions(state: HandFields) -> list[Action]:
    free = free_cards(state, state.turn)
    actions = [DONE]
    if not knocker_went_gin(state):
        targets = _layoff_targets_of(state.melds[state.knocker])
        laid = state.laid_off
        # What the melds reach grows with the cards offered: a card out of reach of all
        # the free ones together fits in no layoff.
        reachable = targets.reach(free | laid) & free
        actions.extend(
            LAYOFF_BASE + c for c in cards_of(reachable) if targets.accepts(laid | 1 << c)
        )
    actions.extend(sorted(MELD_BASE + MELD_ID[m] for m in melds_within(free)))
    return actions


def no_actions(state: HandFields) -> list[Action]:
    return []


_BY_PHASE = {
    Phase.FIRST_UPCARD: first_upcard_actions,
    Phase.DRAW: draw_actions,
    Phase.DISCARD: discard_actions,
    Phase.WALL: wall_actions,
    Phase.KNOCKER_MELDS: knocker_actions,
    Phase.DEFENDER: defender_actions,
    Phase.OVER: no_actions,
}
LEGAL_ACTIONS = tuple(_BY_PHASE[phase] for phase in Phase)
"""Each phase's legal actions, indexed by phase number."""

_layoff_targets_of = functools.lru_cache(maxsize=64)(LayoffTargets.of)
"""The knocker's melds stay the same through the defender's turn: work out their targets once."""

_DISCARDS_BY_SUIT = tuple(
    tuple(
        tuple(DISCARD_BASE + 13 * suit + r for r in range(13) if m >> r & 1) for m in range(1 << 13)
    )
    for suit in range(4)
)
