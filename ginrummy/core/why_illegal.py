"""Why an action is refused: the words of an :class:`~ginrummy.core.phase.IllegalActionError`.

Each names the action, the phase, the seat to act and the rule (R12-R25); an action
that no rule of its own explains is answered with the list of the legal ones.
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.core.actions import (
    DISCARD_BASE,
    DONE,
    DRAW_DISCARD,
    KNOCK_BASE,
    LAYOFF_BASE,
    MELD_BASE,
    Action,
    action_name,
)
from ginrummy.core.cards import card_name, cards_of, format_cards
from ginrummy.core.deadwood import min_deadwood
from ginrummy.core.hand_fields import HandFields, barred_discard, free_cards, knocker_went_gin
from ginrummy.core.legal_actions import LEGAL_ACTIONS
from ginrummy.core.meld_catalogue import ALL_MELDS, melds_within
from ginrummy.core.meld_tables import unmelded_value
from ginrummy.core.phase import Phase


def action_names(actions: Sequence[Action]) -> list[str]:
    return [action_name(a) for a in actions]


def why_illegal(state: HandFields, action: Action) -> str:
    """What is wrong with ``action`` (an action number) in ``state``, where it is illegal."""
    name = action_name(action)
    where = f"{name} in phase {state.phase.name} (seat {state.turn} to act)"
    hand = state.hands[state.turn]
    if DISCARD_BASE <= action < MELD_BASE:
        card = (action - DISCARD_BASE) % 52
        if not hand >> card & 1:
            return f"{where}: {card_name(card)} is not in the hand"
        barred = barred_discard(state)
        if card == barred and action < LAYOFF_BASE and state.phase is Phase.DISCARD:
            if state.wall_take:
                return (
                    f"{where}: {card_name(card)} was taken at the wall; knock by "
                    "discarding another card (R22)"
                )
            return f"{where}: {card_name(card)} was just taken from the pile (R12)"
        if action >= KNOCK_BASE and action < LAYOFF_BASE and state.phase is Phase.DISCARD:
            left = min_deadwood(hand & ~(1 << card))
            limit = state.limit
            return f"{where}: deadwood would be {left}, above the knock limit {limit} (R14)"
        if state.wall_take and action < KNOCK_BASE:
            return f"{where}: the last discard was taken only to knock (R22)"
    if action >= MELD_BASE and state.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
        meld = ALL_MELDS[action - MELD_BASE]
        if meld & ~free_cards(state, state.turn):
            return f"{where}: those cards are not all free in the hand"
        if state.big_gin:
            return f"{where}: the rest could not all be melded, as big gin needs (R17)"
        return f"{where}: the rest could not get within the knock limit {state.limit} (R14)"
    if LAYOFF_BASE <= action < MELD_BASE and state.phase is Phase.DEFENDER:
        if knocker_went_gin(state):
            return f"{where}: no layoffs on a gin hand (R25)"
        card = action - LAYOFF_BASE
        if not free_cards(state, state.turn) >> card & 1:
            return f"{where}: {card_name(card)} is already laid out in a meld or laid off"
        return f"{where}: the card does not fit the knocker's melds (R18)"
    if action == DONE and state.phase is Phase.KNOCKER_MELDS:
        free = free_cards(state, state.turn)
        left = unmelded_value(free)
        hidden = melds_within(free)
        if hidden and not state.big_gin and left <= state.limit:
            return (
                f"{where}: {format_cards(cards_of(hidden[0]))} still form a meld; the "
                "hand is shown arranged into as many melds as it can (R14)"
            )
        if state.big_gin:
            return f"{where}: {left} deadwood left; big gin melds all eleven cards (R17)"
        return f"{where}: {left} deadwood left, above the limit {state.limit} (R14)"
    if action == DRAW_DISCARD and state.stock_only:
        return f"{where}: both players passed the upcard, so the stock must be drawn (R13)"
    if action == DRAW_DISCARD and state.phase is Phase.WALL:
        other = (
            " after discarding another card"
            if state.rules.fiftieth_card_action == "different_card"
            else ""
        )
        return (
            f"{where}: the last discard may be taken only to knock{other}; it gives no knock (R22)"
        )
    legal = ", ".join(action_names(LEGAL_ACTIONS[state.phase](state)))
    return f"{where}: not allowed now; legal: {legal}"
