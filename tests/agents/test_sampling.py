"""Sampled states consistent with a seat's view (ginrummy.agents.sampling)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ginrummy.agents.sampling import (
    SamplingError,
    opponent_unknown_count,
    sample_opponent_hand,
    sample_state,
    weighted_pick,
)
from ginrummy.agents.tracking import remember
from ginrummy.core.cards import cards_of
from ginrummy.core.hand import HandState, Phase, new_hand
from ginrummy.core.melds import min_deadwood
from ginrummy.core.rules import PRESETS, Rules
from ginrummy.core.views import view_of
from tests.handbuilder import deal, mask, play


def random_states(rules: Rules, hands: int, seed: int) -> list[HandState]:
    rng = random.Random(seed)
    states = []
    for number in range(hands):
        state = new_hand(rules, number % 2, rng)
        states.append(state)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            states.append(state)
    return states


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_sampled_states_keep_the_view_and_all_52_cards(preset: str) -> None:
    rules = Rules.preset(preset)
    extra = {"eleven_card_deal": True} if preset == "standard" else {}
    rules = rules.replace(**extra) if extra else rules
    rng = random.Random(11)
    for number, state in enumerate(random_states(rules, 12, seed=len(preset))):
        for seat in (0, 1):
            view = view_of(state, seat)
            weights = [rng.random() for _ in range(52)] if number % 2 else None
            sampled = sample_state(view, rng, weights=weights, improve=number % 3)
            sampled.check_invariants()
            assert view_of(sampled, seat) == view
            assert sampled.hands[seat] == state.hands[seat]
            if state.turn == seat:
                assert sampled.legal_actions() == state.legal_actions()


def test_variants_with_wall_and_big_gin_sample_cleanly() -> None:
    rules = Rules.preset("standard", fiftieth_card_action=True, big_gin=True)
    rng = random.Random(3)
    for state in random_states(rules, 20, seed=5):
        for seat in (0, 1):
            view = view_of(state, seat)
            assert view_of(sample_state(view, rng), seat) == view


def test_from_fields_needs_every_field() -> None:
    state = new_hand(Rules.preset("standard"), 0, 1)
    values = {name: getattr(state, name) for name in state.__slots__}
    copy = HandState.from_fields(**values)
    assert copy == state and copy is not state
    with pytest.raises(ValueError, match="unknown"):
        HandState.from_fields(**values, colour="red")
    del values["pile"]
    with pytest.raises(ValueError, match="missing"):
        HandState.from_fields(**values)


def test_opponent_keeps_the_card_it_took_and_the_rest_is_unseen() -> None:
    state = deal(non_dealer="2C 5C 9C 3D 7D JD 4H 8H QH 6S",
                 dealer="AC 6C TC 2D 8D QD 5H 9H KH 3S", upcard="KC")
    state = play(state, "take; discard 2C")
    view = view_of(state, 1)
    known = mask("KC")
    assert view.opponent_known == known
    assert opponent_unknown_count(view) == 9
    rng = random.Random(0)
    for _ in range(200):
        sampled = sample_state(view, rng)
        assert sampled.hands[0] & known == known
        assert sampled.hands[0] & ~known & ~view.unseen() == 0
        assert sampled.known[0] == known


def test_sampled_state_plays_on_with_the_same_public_counters() -> None:
    state = deal(non_dealer="2C 5C 9C 3D 7D JD 4H 8H QH 6S",
                 dealer="AC 6C TC 2D 8D QD 5H 9H KH 3S", upcard="KC")
    state = play(state, "pass; take")  # the dealer took the upcard: its discard is pending
    view = view_of(state, 0)  # the non-dealer waits
    sampled = sample_state(view, random.Random(1))
    assert sampled.phase is Phase.DISCARD and sampled.turn == 1
    assert sampled.taken == remember(view).last_taken == state.taken == mask_card("KC")
    for action in sampled.legal_actions():
        sampled.apply(action)


def test_uniform_sampling_spreads_over_the_unseen_cards() -> None:
    state = new_hand(Rules.preset("standard"), 1, 21)
    view = view_of(state, 0)
    rng = random.Random(2)
    counts: Counter[int] = Counter()
    rounds = 3000
    for _ in range(rounds):
        counts.update(cards_of(sample_state(view, rng, keep_history=False).hands[1]))
    unseen = cards_of(view.unseen())
    expected = rounds * 10 / len(unseen)
    assert set(counts) == set(unseen)
    assert all(abs(counts[c] - expected) < 0.2 * expected for c in unseen)


def test_weights_shift_the_opponent_hand() -> None:
    state = new_hand(Rules.preset("standard"), 1, 21)
    view = view_of(state, 0)
    favourite = cards_of(view.unseen())[0]
    weights = [1.0] * 52
    weights[favourite] = 20.0
    rng = random.Random(4)
    held = sum(sample_state(view, rng, weights).hands[1] >> favourite & 1 for _ in range(500))
    assert held > 400  # uniform would give about 500 * 10 / 31
    pick = weighted_pick(list(range(10)), 3, [0.0] * 9 + [1.0] + [0.0] * 42, rng)
    assert 9 in pick and len(set(pick)) == 3


def test_improved_hands_have_less_deadwood() -> None:
    rng = random.Random(6)
    pool = list(range(52))
    plain = sum(min_deadwood(sample_opponent_hand(0, pool, 10, rng)) for _ in range(300))
    better = sum(min_deadwood(sample_opponent_hand(0, pool, 10, rng, improve=8))
                 for _ in range(300))
    assert better < 0.7 * plain


def test_inconsistent_view_is_refused() -> None:
    state = new_hand(Rules.preset("standard"), 0, 3)
    view = view_of(state, 0)
    broken = type(view)(**{**{f: getattr(view, f) for f in view.__dataclass_fields__},
                           "opponent_count": 25})
    with pytest.raises(SamplingError, match="unseen cards"):
        sample_state(broken, random.Random(0))


def test_R14_knocker_sees_its_own_face_down_discard_and_the_defender_samples_it() -> None:
    state = deal(non_dealer="AS 2S 3S 4H 5H 6H 7C 7D 7S 9D",
                 dealer="AC 6C TC 2D 8D QD 5D 9H KH 3C", upcard="KS", stock="KC")
    state = play(state, "pass; pass; stock; knock KC")
    assert state.phase is Phase.KNOCKER_MELDS
    view = view_of(state, 0)
    assert not view.unseen() >> mask_card("KC") & 1
    assert view_of(sample_state(view, random.Random(0)), 0) == view
    other = view_of(state, 1)
    rng = random.Random(1)
    discards = Counter(sample_state(other, rng).knock_discard for _ in range(300))
    assert len(discards) > 10 and all(other.unseen() >> card & 1 for card in discards)


def mask_card(text: str) -> int:
    return cards_of(mask(text))[0]
