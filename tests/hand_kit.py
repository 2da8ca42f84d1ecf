"""What the one-hand rule tests share: hands nobody can knock with, and a refusal checker."""

from __future__ import annotations

from typing import Any

import pytest

from ginrummy.core import actions
from ginrummy.core.actions import DRAW_STOCK, NUM_ACTIONS, parse_action
from ginrummy.core.hand import HandState, IllegalActionError, action_names, deal_hand
from ginrummy.core.rules import Rules
from tests.handbuilder import cards, deal, deck_for, play, snapshot

# Two hands with no meld and no two cards that could become one with a single
# draw: nobody can knock by accident.
LOOSE_0 = "2C 5C 9C 3D 7D JD 4H 8H QH 6S"
LOOSE_1 = "AC 6C TC 2D 8D QD 5H 9H KH 3S"
# A high-deadwood opponent for the knocking hands below (shares no card with them).
LOOSE_B = "AC 4C 6C 8D JD 3H 9H JH 6S 8S"
LAYOFF_DEFENDER = "KS AS 5S 6S 8C 7C QC 5H 9H 3D"  # 17 left after laying off 7 cards
UNDERCUT_KNOCKER = "7H 7D 7C 2S 3S 4S 9C TC JC 8D"  # 8 after knocking the drawn KH


def card(text: str) -> int:
    return cards(text)[0]


def legal(state: HandState) -> list[str]:
    return action_names(state.legal_actions())


def loose(rules: Rules | str = "standard", upcard: str = "KC", stock: str = "") -> HandState:
    return deal(rules, non_dealer=LOOSE_0, dealer=LOOSE_1, upcard=upcard, stock=stock)


def refused(state: HandState, move: object, *needles: str, raw: bool = False) -> str:
    """Apply ``move`` (an action name, or with ``raw`` the object itself), expect
    IllegalActionError naming ``needles``; the state must not change."""
    before = snapshot(state)
    action: Any = parse_action(move) if isinstance(move, str) and not raw else move
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    message = str(info.value)
    for needle in needles:
        assert needle in message, message
    assert snapshot(state) == before
    _said_as_coded(state, action, info.value)
    return message


def _said_as_coded(state: HandState, action: Any, error: IllegalActionError) -> None:
    """A refusal of an action in a hand in progress has its code (ginrummy.core.why_illegal), and
    the English catalogue says it exactly as the error does."""
    from ginrummy.core.errors import CodedError
    from ginrummy.core.hand import Phase
    from ginrummy.i18n import Messages
    from ginrummy.i18n.errors import error_text

    if (state.phase is Phase.OVER or isinstance(action, bool) or not isinstance(action, int)
            or not 0 <= action < NUM_ACTIONS):
        return  # not an action: the replay of a record never asks for these
    coded = error
    assert isinstance(coded, CodedError), str(error)
    assert error_text(coded, Messages("en")) == str(error)


def throw_drawn(state: HandState, turns: int) -> HandState:
    """Play ``turns`` turns of: draw from the stock, discard the card just drawn."""
    for _ in range(turns):
        before = state.hands[state.turn]
        state = state.apply(DRAW_STOCK)
        drawn = state.hands[state.turn] & ~before
        state = state.apply(actions.discard(drawn.bit_length() - 1))
    return state


def deck_with_stock_card(deck: list[int], text: str, position: int) -> list[int]:
    """Move a card to ``position`` in the stock (0 is the top)."""
    deck = list(deck)
    deck.remove(card(text))
    deck.insert(21 + position, card(text))
    return deck


KNOCKER = "AS 2S 3S 7H 7D 7C 9C TC JC 5D"  # deadwood 5 (5D)


GIN = "KH KD KC 2S 3S 4S 5S 9C TC JC"


ALL_MELDED = "AH 2H 3H 6D 7D 8D 4C 5C 6C 7C"


def mask_value(text: str) -> int:
    return sum(min(c % 13 + 1, 10) for c in cards(text))


BIG = "KH KD KC 2S 3S 4S 5S 9C TC JC"  # plus QC from the stock


LAYOFF_KNOCKER = "KH KD KC 2S 3S 4S 9C TC JC 2D"  # deadwood 2 after knocking the drawn QH


def knocked_with_layoff_melds() -> HandState:
    state = deal(non_dealer=LAYOFF_KNOCKER, dealer=LAYOFF_DEFENDER, upcard="4H", stock="QH")
    state = play(state, "pass; pass; stock; knock QH")
    return play(state, "meld KC KD KH; meld 2S 3S 4S; meld 9C TC JC; done")


def undercut_hand(rules: Rules | str, defender: str) -> HandState:
    state = deal(rules, non_dealer=UNDERCUT_KNOCKER, dealer=defender, upcard="KS", stock="KH")
    state = play(state, "pass; pass; stock; knock KH")
    return play(state, "meld 7C 7D 7H; meld 2S 3S 4S; meld 9C TC JC; done")


WALL_DEALER = "7H 7D 7C 2S 3S 4S 9C TC 5D 9D"  # 33; with JC: knock 9D leaves 5
WALL_NON_DEALER = "AH 3H 6H 9H JH 2D 8D KD 5C QC"


def wall_state(rules: Rules, dealer: str, wall_card: str) -> HandState:
    deck = deck_with_stock_card(deck_for(WALL_NON_DEALER, dealer, "8S"), wall_card, 28)
    return throw_drawn(play(deal_hand(rules, 1, deck), "pass; pass"), 29)
