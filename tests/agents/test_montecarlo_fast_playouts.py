"""The faster play-outs and search give the same numbers as the policy before its speed-up.

``tests/data/playout_golden.json`` holds what the play-out module scored before it was made
faster (commit ea4053f): each sampled world's points, with the same luck, under every rules
variant, and the search's values at 24 worlds on eight of the Monte Carlo benchmark's
positions. The play-outs of today must give exactly those numbers, in plain Python and
compiled (when Numba is installed).
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.bench_montecarlo import positions
from ginrummy.agents import compiled
from ginrummy.agents import playout as playout_module
from ginrummy.agents.expert_v1 import FirstExpertAgent
from ginrummy.agents.montecarlo import ActionValue, SearchParams, action_values
from ginrummy.agents.playout import _lookahead_total, playout
from ginrummy.agents.sampling import sample_state
from ginrummy.core.cards import FULL_DECK, cards_of, parse_cards
from ginrummy.core.hand import HandState, deal_hand, shuffled_deck
from ginrummy.core.melds import min_deadwood_after_discard
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from tests.agent_kit import VARIANTS

GOLDEN = json.loads((Path(__file__).parent.parent / "data" / "playout_golden.json").read_text())

SET_HEAVY_HANDS = [
    "7S 7H 7D 7C 8S 9S 5D 5H 5C KD",  # a rank of four that is also in a run
    "AS AH AD 2S 3S 4S 9C 9D TC JC",  # a set whose ace starts a run
    "2C 3C 4C 5C 6C 8D 8H JS QS KH",  # no set rank at all: the quick suit-by-suit case
    "QS QH QD QC KS KH KD KC 3D 4D",  # two ranks of four
]


@pytest.fixture(params=["python", "compiled"])
def play_outs(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each golden test runs with the play-outs in Python, then compiled."""
    if request.param == "compiled":
        pytest.importorskip("numba")
    compiled.use_kernels(request.param == "compiled")
    try:
        yield request.param
    finally:
        compiled.use_kernels(True)


def _each_lookahead(kept: int, pool: list[int]) -> list[int]:
    """The look-ahead's answer for each card of ``pool`` alone, from a cleared memory."""
    playout_module._AFTER_DISCARD.clear()
    return [_lookahead_total(kept, [card]) for card in pool]


@pytest.mark.parametrize("text", SET_HEAVY_HANDS)
def test_lookahead_gives_the_core_deadwood_after_a_discard_for_every_drawn_card(text: str
                                                                                ) -> None:
    kept = parse_cards(text)
    pool = cards_of(FULL_DECK & ~kept)
    assert _each_lookahead(kept, pool) == [
        min_deadwood_after_discard(kept | 1 << card) for card in pool]


def test_lookahead_gives_the_core_deadwood_on_random_ten_card_hands() -> None:
    rng = random.Random(16)
    for _ in range(400):
        kept = sum(1 << c for c in rng.sample(range(52), 10))
        pool = rng.sample(cards_of(FULL_DECK & ~kept), 12)
        want = [min_deadwood_after_discard(kept | 1 << card) for card in pool]
        assert _each_lookahead(kept, pool) == want
        assert _lookahead_total(kept, pool) == sum(want)  # remembered answers too


def _mid_hand_states(rules: Rules, hands: int, seed: int) -> list[tuple[HandState, int]]:
    """Sampled worlds from seat views a few expert moves into dealt hands."""
    rng = random.Random(seed)
    out = []
    for number in range(hands):
        state = deal_hand(rules, number % 2, shuffled_deck(rng))
        experts = [FirstExpertAgent(number), FirstExpertAgent(number + 1)]
        for _ in range(rng.randrange(0, 30)):
            if state.is_over:
                break
            state = state.apply(experts[state.turn].choose(view_of(state, state.turn)))
        if state.is_over:
            continue
        seat = state.turn
        out.append((sample_state(view_of(state, seat), rng, keep_history=False), seat))
    return out


@pytest.mark.parametrize("rules", VARIANTS, ids=[r.name for r in VARIANTS])
def test_playouts_score_every_world_as_the_policy_did_before_its_speed_up(
        rules: Rules, play_outs: str) -> None:
    states = _mid_hand_states(rules, 12, zlib.crc32(rules.name.encode()))
    scores = [playout(state, seat, random.Random(number))
              for number, (state, seat) in enumerate(states)]
    assert scores == GOLDEN["playouts"][rules.name]


def test_search_values_unchanged_at_equal_samples_on_the_bench_positions(play_outs: str
                                                                         ) -> None:
    params = SearchParams(samples=24)
    found = [action_values(view, number, params, baseline=FirstExpertAgent(number).choose(view))
             for number, view in enumerate(positions(8, 1))]
    assert found == [[ActionValue(**value) for value in values] for values in GOLDEN["search"]]
