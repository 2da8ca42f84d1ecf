"""Determinization: hidden cards sampled consistently with one seat's view."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents.sampling import sample_state
from ginrummy.core.hand import HandState, new_hand
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from ginrummy.env import determinize


def _states_of_a_random_hand(seed: int) -> list[HandState]:
    rng = random.Random(seed)
    state = new_hand(Rules.preset("standard"), dealer=seed % 2, rng=seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(4))
def test_determinized_state_keeps_the_seats_view(seed: int) -> None:
    for state in _states_of_a_random_hand(seed):
        for seat in (0, 1):
            view = view_of(state, seat)
            sampled = determinize(view, rng=seed)
            sampled.check_invariants()
            assert view_of(sampled, seat) == view


def test_determinize_redraws_the_hidden_cards() -> None:
    state = new_hand(Rules.preset("standard"), dealer=0, rng=7)
    view = view_of(state, 0)
    opponents = {determinize(view, rng=seed).hands[1] for seed in range(20)}
    stocks = {determinize(view, rng=seed).deck[21:] for seed in range(20)}
    assert len(opponents) == 20 and len(stocks) == 20
    assert all(hand & state.hands[0] == 0 for hand in opponents)


def test_determinize_is_the_agents_sampling() -> None:
    for state in _states_of_a_random_hand(5)[::5]:
        view = view_of(state, 1)
        assert determinize(view, rng=3) == sample_state(view, random.Random(3))


def test_determinize_refuses_anything_but_a_view() -> None:
    state = new_hand(Rules.preset("standard"), dealer=0, rng=7)
    with pytest.raises(TypeError, match="determinize needs a PlayerView, got HandState"):
        determinize(state)  # type: ignore[arg-type]
