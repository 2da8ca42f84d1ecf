"""One hand: bad input is refused with an error naming the action, phase and rule, and the
state does not change (R1, R6, R18).

Seat 1 deals in every test unless a test says otherwise, so seat 0 is the
non-dealer and acts first.
"""

from __future__ import annotations

import pytest

from ginrummy.core.actions import NUM_ACTIONS
from ginrummy.core.hand import IllegalActionError, Phase, deal_hand
from ginrummy.core.rules import Rules
from tests.hand_kit import (
    knocked_with_layoff_melds,
    loose,
    refused,
    throw_drawn,
    undercut_hand,
)
from tests.handbuilder import play, snapshot

# ----------------------------------------------------------------- bad input


def assert_message_names(message: str, *parts: str) -> None:
    for part in parts:
        assert part in message, message


@pytest.mark.parametrize("bad", ["3", 3.0, None, True, False, [0], -1, NUM_ACTIONS, 10**9])
def test_apply_refuses_non_actions(bad: object) -> None:
    state = loose()
    message = refused(state, bad, repr(bad), "FIRST_UPCARD", raw=True)
    assert "not an action" in message


def test_apply_refuses_action_of_wrong_phase() -> None:
    state = loose()
    for move in ("stock", "discard 2C", "knock 2C", "layoff 2C", "done", "big gin",
                 "meld 2C 3C 4C"):
        message = refused(state, move, move, "FIRST_UPCARD", "seat 0")
        assert "legal: take, pass" in message
    state = play(state, "pass; pass")
    refused(state, "pass", "pass", "DRAW", "legal: stock")


def test_apply_refuses_card_not_in_hand() -> None:
    state = play(loose(), "take")
    for move in ("discard AS", "knock AS", "discard AC"):  # AC is the dealer's
        refused(state, move, move, "DISCARD", "not in the hand")


def test_apply_refuses_every_action_once_the_hand_is_over() -> None:
    state = throw_drawn(play(loose(), "pass; pass"), 29)
    assert state.phase is Phase.OVER and state.legal_actions() == []
    for action in range(NUM_ACTIONS):
        before = snapshot(state)
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        assert_message_names(str(info.value), "OVER", "over")
        assert snapshot(state) == before
    refused(state, "stock", "stock", "OVER")


def test_illegal_layoff_and_meld_in_defender_phase_leave_state_unchanged() -> None:
    state = knocked_with_layoff_melds()
    refused(state, "meld 2C 3C 4C", "meld 2C 3C 4C", "DEFENDER", "not all free")
    refused(state, "discard 5H", "discard 5H", "DEFENDER")
    refused(state, "layoff 2S", "layoff 2S", "DEFENDER", "not in the hand")


def test_R18_layoff_of_a_card_already_laid_out_says_so() -> None:
    # The message once blamed the knocker's melds ("does not fit", R18) for these.
    state = play(knocked_with_layoff_melds(), "layoff 5S")
    refused(state, "layoff 5S", "layoff 5S", "DEFENDER", "5S is already laid out")
    state = play(undercut_hand("standard", "5H 5C 5S AD 2D 3D QH QC QS 8S"), "meld 5C 5H 5S")
    message = refused(state, "layoff 5S", "layoff 5S", "DEFENDER", "5S is already laid out")
    assert "R18" not in message
    refused(state, "layoff 8S", "layoff 8S", "does not fit", "R18")


def test_failed_apply_keeps_every_field_of_a_mid_hand_state() -> None:
    state = play(loose(), "pass; take; discard AC; stock")
    before = snapshot(state)
    for action in range(NUM_ACTIONS):
        if action not in state.legal_actions():
            with pytest.raises(IllegalActionError):
                state.apply(action)
    assert snapshot(state) == before
    after = state.apply(state.legal_actions()[0])
    assert snapshot(state) == before and after is not state


@pytest.mark.parametrize("dealer", [True, False, 2, -1, "1", None])
def test_R6_deal_refuses_a_dealer_that_is_not_seat_0_or_1(dealer: object) -> None:
    # True and False once passed as seats 1 and 0 and were stored as the state's dealer.
    with pytest.raises(IllegalActionError, match="dealer"):
        deal_hand(Rules.preset("standard"), dealer, list(range(52)))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "deck",
    [
        list(range(51)),
        [*range(51), 0],
        [*range(51), 52],
        [False, True, *range(2, 52)],
        [0.0, *range(1, 52)],
    ],
)
def test_R1_deal_refuses_a_deck_that_is_not_52_distinct_cards(deck: list[object]) -> None:
    with pytest.raises(IllegalActionError, match="deck"):
        deal_hand(Rules.preset("standard"), 1, deck)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ([*range(5), True, *range(6, 52)], "deck item 6 is True (bool), not a card number 0..51"),
        ([*range(51), "5"], "deck item 52 is '5' (str), not a card number 0..51"),
        ([5.0, *range(1, 52)], "deck item 1 is 5.0 (float), not a card number 0..51"),
        ([*range(51), 52], "deck item 52 is card number 52, outside 0..51"),
        ([*range(51), 3], "deck has 4C twice (items 4 and 52)"),
        (None, "a deck is a sequence of 52 card numbers, got NoneType None"),
        (7, "a deck is a sequence of 52 card numbers, got int 7"),
    ],
)
def test_R1_a_bad_deck_names_the_bad_item_and_its_position(deck: object, message: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        deal_hand(Rules.preset("standard"), 1, deck)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_deal_hand_refuses_rules_that_are_not_a_rules_object() -> None:
    with pytest.raises(IllegalActionError, match="rules must be a Rules object, got dict"):
        deal_hand({"knock_limit": 10}, 1, list(range(52)))  # type: ignore[arg-type]
