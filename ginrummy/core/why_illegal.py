"""Why an action is refused: an :class:`~ginrummy.core.phase.IllegalActionError` with its
English sentence and its code and parameters (``illegal.in_phase``, whose ``reason`` is one
of the ``illegal.*`` reasons below), for the edge to say it in the reader's language.

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
from ginrummy.core.errors import CodedError
from ginrummy.core.hand_fields import HandFields, barred_discard, free_cards, knocker_went_gin
from ginrummy.core.legal_actions import LEGAL_ACTIONS
from ginrummy.core.meld_catalogue import ALL_MELDS, melds_within
from ginrummy.core.meld_tables import unmelded_value
from ginrummy.core.phase import PHASE_CODES, IllegalActionError, Phase


def action_names(actions: Sequence[Action]) -> list[str]:
    return [action_name(a) for a in actions]


def why_illegal(state: HandFields, action: Action) -> IllegalActionError:
    """The refusal of ``action`` (an action number) in ``state``, where it is illegal."""
    name = action_name(action)
    where = f"{name} in phase {state.phase.name} (seat {state.turn} to act)"
    reason = _reason(state, action)
    phase = CodedError(state.phase.name, PHASE_CODES[state.phase])
    return IllegalActionError(f"{where}: {reason}", "illegal.in_phase", action=name,
                              phase=phase, seat=state.turn, reason=reason)


def _reason(state: HandFields, action: Action) -> CodedError:
    hand = state.hands[state.turn]
    if DISCARD_BASE <= action < MELD_BASE:
        card = (action - DISCARD_BASE) % 52
        if not hand >> card & 1:
            return CodedError(f"{card_name(card)} is not in the hand", "illegal.not_in_hand",
                              card=card_name(card))
        barred = barred_discard(state)
        if card == barred and action < LAYOFF_BASE and state.phase is Phase.DISCARD:
            if state.wall_take:
                return CodedError(f"{card_name(card)} was taken at the wall; knock by "
                                  "discarding another card (R22)", "illegal.taken_at_wall",
                                  card=card_name(card))
            return CodedError(f"{card_name(card)} was just taken from the pile (R12)",
                              "illegal.just_taken", card=card_name(card))
        if action >= KNOCK_BASE and action < LAYOFF_BASE and state.phase is Phase.DISCARD:
            left = min_deadwood(hand & ~(1 << card))
            return CodedError(f"deadwood would be {left}, above the knock limit {state.limit} "
                              "(R14)", "illegal.knock_limit", left=left, limit=state.limit)
        if state.wall_take and action < KNOCK_BASE:
            return CodedError("the last discard was taken only to knock (R22)",
                              "illegal.wall_knock_only")
    if action >= MELD_BASE and state.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
        meld = ALL_MELDS[action - MELD_BASE]
        if meld & ~free_cards(state, state.turn):
            return CodedError("those cards are not all free in the hand", "illegal.meld_not_free")
        if state.big_gin:
            return CodedError("the rest could not all be melded, as big gin needs (R17)",
                              "illegal.big_gin_rest")
        return CodedError(f"the rest could not get within the knock limit {state.limit} (R14)",
                          "illegal.meld_limit", limit=state.limit)
    if LAYOFF_BASE <= action < MELD_BASE and state.phase is Phase.DEFENDER:
        if knocker_went_gin(state):
            return CodedError("no layoffs on a gin hand (R25)", "illegal.layoff_on_gin")
        card = action - LAYOFF_BASE
        if not free_cards(state, state.turn) >> card & 1:
            return CodedError(f"{card_name(card)} is already laid out in a meld or laid off",
                              "illegal.layoff_used", card=card_name(card))
        return CodedError("the card does not fit the knocker's melds (R18)", "illegal.layoff_fit")
    if action == DONE and state.phase is Phase.KNOCKER_MELDS:
        free = free_cards(state, state.turn)
        left = unmelded_value(free)
        hidden = melds_within(free)
        if hidden and not state.big_gin and left <= state.limit:
            cards = format_cards(cards_of(hidden[0]))
            return CodedError(f"{cards} still form a meld; the hand is shown arranged into as "
                              "many melds as it can (R14)", "illegal.meld_hidden", cards=cards)
        if state.big_gin:
            return CodedError(f"{left} deadwood left; big gin melds all eleven cards (R17)",
                              "illegal.big_gin_left", left=left)
        return CodedError(f"{left} deadwood left, above the limit {state.limit} (R14)",
                          "illegal.done_limit", left=left, limit=state.limit)
    if action == DRAW_DISCARD and state.stock_only:
        return CodedError("both players passed the upcard, so the stock must be drawn (R13)",
                          "illegal.stock_only")
    if action == DRAW_DISCARD and state.phase is Phase.WALL:
        if state.rules.fiftieth_card_action == "different_card":
            return CodedError("the last discard may be taken only to knock after discarding "
                              "another card; it gives no knock (R22)", "illegal.wall_take_other")
        return CodedError("the last discard may be taken only to knock; it gives no knock (R22)",
                          "illegal.wall_take")
    legal = ", ".join(action_names(LEGAL_ACTIONS[state.phase](state)))
    return CodedError(f"not allowed now; legal: {legal}", "illegal.not_now", legal=legal)
