"""HandState is a value: frozen, slotted, equal to any state with the same fields."""

from __future__ import annotations

import dataclasses
import random

import pytest

from ginrummy.core.hand import HandState, deal_hand, shuffled_deck
from ginrummy.core.rules import Rules


def _played(seed: int) -> tuple[HandState, list[int]]:
    rng = random.Random(seed)
    start = deal_hand(Rules.preset("standard"), dealer=seed & 1, deck=shuffled_deck(seed))
    state, actions = start, []
    while not state.is_over:
        actions.append(rng.choice(state.legal_actions()))
        state = state.apply(actions[-1])
    return start, actions


def test_a_hand_state_refuses_to_change() -> None:
    start, actions = _played(1)
    for state in start.walk(actions[:5]):
        with pytest.raises(dataclasses.FrozenInstanceError):
            state.turn = 1 - state.turn  # type: ignore[misc]
        assert not hasattr(state, "__dict__")


def test_a_replayed_hand_equals_the_original_and_hashes_alike() -> None:
    for seed in range(20):
        start, actions = _played(seed)
        replayed_start = deal_hand(start.rules, start.dealer, list(start.deck))
        for state, again in zip(start.walk(actions), replayed_start.walk(actions), strict=True):
            assert state == again and state is not again
            assert hash(state) == hash(again)


def test_states_differing_in_one_field_are_not_equal() -> None:
    start, actions = _played(3)
    after = start.play(actions[:4])
    assert after != start.play(actions[:3])
    assert after != dataclasses.replace(after, passes=after.passes + 1)
    assert len({start, after, start.play(actions[:4])}) == 2
