"""The AEC env's deals (ginrummy.env.deal) are the core's: the same cut, dealer and cards
from the same ``random.Random``, which is left where the core leaves it."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ginrummy.core.cut import cut_for_deal
from ginrummy.core.deck import shuffled_deck as core_shuffled_deck
from ginrummy.core.rules import PRESETS, Rules
from ginrummy.core.table import TableRules
from ginrummy.env.deal import first_dealer, shuffled_deck, started_game


def test_the_deck_is_the_cores_and_the_rng_is_left_where_the_core_leaves_it() -> None:
    for seed in range(2000):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert shuffled_deck(ours) == core_shuffled_deck(theirs)
        assert ours.getrandbits(64) == theirs.getrandbits(64)


def test_a_random_of_another_kind_is_shuffled_by_the_core() -> None:
    class Counting(random.Random):
        calls = 0

        def random(self) -> float:
            self.calls += 1
            return super().random()

    ours, theirs = Counting(4), Counting(4)
    assert shuffled_deck(ours) == core_shuffled_deck(theirs)
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("rules", [*PRESETS.values(),
                                   Rules.preset("standard", first_dealer="high_cut_chooses")],
                         ids=lambda rules: f"{rules.name}-{rules.first_dealer}")
def test_the_first_dealer_is_the_dealer_of_the_started_game(rules: Rules) -> None:
    rng = random.Random(rules.name)
    for _ in range(300):
        cut = cut_for_deal(rng, 2)
        game = started_game(TableRules(2, rules), cut)
        assert game.seating.hand_dealer_seat(game.dealer) == first_dealer(rules, cut)


kernels = pytest.importorskip("ginrummy.env.kernel_deal", reason="needs numba (the fast extra)")


def test_the_compiled_cut_and_shuffle_draw_what_the_core_draws() -> None:
    twister = kernels.blank_state()
    cards = np.empty(2 * kernels.CUT_ROUNDS, dtype=np.int64)
    deck = np.empty(52, dtype=np.int64)
    ties = 0
    for seed in [*range(3000), 2**32 - 1]:
        kernels.seed_state(twister, seed)
        rng = random.Random(seed)
        rounds = kernels.cut(twister, cards)
        ties += rounds > 1
        drawn = cards[:2 * rounds].tolist()
        assert tuple(zip(drawn[0::2], drawn[1::2], strict=True)) == cut_for_deal(rng, 2).rounds
        for _ in range(3):
            kernels.shuffle(twister, deck)
            assert deck.tolist() == core_shuffled_deck(rng)
        assert kernels.words_of(twister) == rng.getstate()[1]
    assert ties > 100
