"""Why the rules refused an action or a deck, as a code and parameters.

:class:`~ginrummy.core.hand.IllegalActionError` carries only its English sentence. For
the edge to say it in the reader's language, :func:`refusal` finds the same reason again
from the state and the action (the branches of ``HandState.apply``'s explanation, in its
order) and returns a :class:`~ginrummy.core.errors.CodedError` whose English text is the
original one; the phase is a coded text too (``phase.discard``, whose English text is the
phase's name, ``DISCARD``). A refusal it does not recognise comes back as it was (shown in
English). The refused actions of ``tests/test_record_errors_italian.py`` and of every
one-hand rule test (``tests/hand_kit.refused``) check that the English catalogue says each
one exactly as ``str(error)`` does, so this module cannot drift from ``hand.py``. Once
``IllegalActionError`` carries its own code, this module goes.
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
    NUM_ACTIONS,
    Action,
    action_name,
)
from ginrummy.core.cards import CARD_VALUES, card_name, cards_of, format_cards
from ginrummy.core.errors import CodedError
from ginrummy.core.hand import HandState, IllegalActionError, Phase
from ginrummy.core.melds import ALL_MELDS, melds_within, min_deadwood

PHASE_CODES = {
    Phase.FIRST_UPCARD: "phase.first_upcard", Phase.DRAW: "phase.draw",
    Phase.DISCARD: "phase.discard", Phase.WALL: "phase.wall",
    Phase.KNOCKER_MELDS: "phase.knocker_melds", Phase.DEFENDER: "phase.defender",
}


def refusal(state: HandState, action: Action, error: Exception) -> Exception:
    """``error``, raised applying ``action`` to ``state``, as a coded error if it can be."""
    if (not isinstance(error, IllegalActionError) or state.phase is Phase.OVER
            or isinstance(action, bool) or not isinstance(action, int)
            or not 0 <= action < NUM_ACTIONS):
        return error
    where = f"{action_name(action)} in phase {state.phase.name} (seat {state.turn} to act)"
    text = str(error)
    if not text.startswith(where + ": "):
        return error
    code, params = _reason(state, action)
    phase = CodedError(state.phase.name, PHASE_CODES[state.phase])
    return CodedError(text, "illegal.in_phase", action=action_name(action), phase=phase,
                      seat=state.turn, reason=CodedError(text[len(where) + 2:], code, **params))


def deal_refusal(deck: Sequence[int], error: Exception) -> Exception:
    """``error``, raised dealing ``deck``, as a coded error if it can be (a card twice)."""
    if not isinstance(error, IllegalActionError):
        return error
    seen: dict[int, int] = {}
    for position, card in enumerate(deck, 1):
        if card in seen:
            return CodedError(str(error), "illegal.deck_twice", card=card_name(card),
                              first=seen[card], second=position)
        seen[card] = position
    return error


def _reason(state: HandState, action: Action) -> tuple[str, dict[str, object]]:
    hand = state.hands[state.turn]
    if DISCARD_BASE <= action < MELD_BASE:
        card = (action - DISCARD_BASE) % 52
        if not hand >> card & 1:
            return "illegal.not_in_hand", {"card": card_name(card)}
        discarding = action < LAYOFF_BASE and state.phase is Phase.DISCARD
        if card == state.barred_discard() and discarding:
            if state.wall_take:
                return "illegal.taken_at_wall", {"card": card_name(card)}
            return "illegal.just_taken", {"card": card_name(card)}
        if action >= KNOCK_BASE and discarding:
            return "illegal.knock_limit", {"left": min_deadwood(hand & ~(1 << card)),
                                           "limit": state.limit}
        if state.wall_take and action < KNOCK_BASE:
            return "illegal.wall_knock_only", {}
    if action >= MELD_BASE and state.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
        if ALL_MELDS[action - MELD_BASE] & ~state.free_cards(state.turn):
            return "illegal.meld_not_free", {}
        if state.big_gin:
            return "illegal.big_gin_rest", {}
        return "illegal.meld_limit", {"limit": state.limit}
    if LAYOFF_BASE <= action < MELD_BASE and state.phase is Phase.DEFENDER:
        if state.big_gin or state.free_cards(state.knocker) == 0:
            return "illegal.layoff_on_gin", {}
        card = action - LAYOFF_BASE
        if not state.free_cards(state.turn) >> card & 1:
            return "illegal.layoff_used", {"card": card_name(card)}
        return "illegal.layoff_fit", {}
    if action == DONE and state.phase is Phase.KNOCKER_MELDS:
        free = state.free_cards(state.turn)
        left = sum(CARD_VALUES[c] for c in cards_of(free))
        hidden = melds_within(free)
        if hidden and not state.big_gin and left <= state.limit:
            return "illegal.meld_hidden", {"cards": format_cards(cards_of(hidden[0]))}
        if state.big_gin:
            return "illegal.big_gin_left", {"left": left}
        return "illegal.done_limit", {"left": left, "limit": state.limit}
    if action == DRAW_DISCARD and state.stock_only:
        return "illegal.stock_only", {}
    if action == DRAW_DISCARD and state.phase is Phase.WALL:
        if state.rules.fiftieth_card_action == "different_card":
            return "illegal.wall_take_other", {}
        return "illegal.wall_take", {}
    legal = ", ".join(action_name(a) for a in state.legal_actions())
    return "illegal.not_now", {"legal": legal}
