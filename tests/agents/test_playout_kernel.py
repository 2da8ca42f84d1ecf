"""The compiled play-out (Numba) gives the numbers of the Python one, draw for draw.

Its parts are checked against what they copy: the Mersenne Twister against
``random.Random``, the deadwood and knock counts against ``ginrummy.core``, the expert's
look-ahead against its Python sum, and whole play-outs against the Python play-out on
sampled worlds under every rules variant (the same points and the same generator state
after). Without Numba the Python code runs, with the same answers.
"""

from __future__ import annotations

import random
import sys
import zlib
from collections.abc import Iterator
from dataclasses import replace

import numpy as np
import pytest

import ginrummy.agents as agents_package
from ginrummy.agents import compiled
from ginrummy.agents.expert_v1 import FirstExpertAgent, lookahead
from ginrummy.agents.playout import (
    DEFAULT_POLICY,
    PlayoutPolicy,
    finish_knock,
    playout,
    playout_with_luck,
    playouts_after,
    python_playout,
)
from ginrummy.agents.sampling import sample_state
from ginrummy.core import deadwood as core
from ginrummy.core.arrangements import best_arrangement
from ginrummy.core.cards import cards_of, parse_cards
from ginrummy.core.hand import HandState, Phase, deal_hand, shuffled_deck
from ginrummy.core.layoffs import best_defence
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from tests.agent_kit import VARIANTS, position

pytest.importorskip("numba")
from ginrummy.agents import kernel_deadwood, kernel_knock, kernel_random  # noqa: E402


@pytest.fixture(autouse=True)
def _kernels_loaded() -> None:
    """Every test here compares the loaded kernels with Python: wait for them (a process
    otherwise loads them in the background and plays its first play-outs in Python)."""
    compiled.wait_for_kernels()

SET_HEAVY_HANDS = [
    "7S 7H 7D 7C 8S 9S 5D 5H 5C KD",  # a rank of four that is also in a run
    "AS AH AD 2S 3S 4S 9C 9D TC JC",  # a set whose ace starts a run
    "QS QH QD QC KS KH KD KC 3D 4D",  # two ranks of four
    "QS QH QD QC KS KH KD KC 3D 3H 3C",  # two ranks of four and a set: 72 ways
    "2C 3C 4C 5C 6C 8D 8H JS QS KH",  # no set rank at all
    "5S 5H 5D 6S 6H 6D 7S 7H 7D 8S 8H",  # three set ranks that are also runs
]

EDGE_RULES = [
    Rules.preset("standard", name="pile_cap", discard_pile_draw_limit=2),
    Rules.preset("standard", name="returned", allow_discard_of_drawn_upcard=True,
                 void_on_second_returned_discard=True, max_turns_without_stock_draw=3),
    Rules.preset("standard", name="wall_big_gin", big_gin=True,
                 fiftieth_card_action="different_card", knock_limit=0),
]

THEIRS = "7H 8H 2C 3C 6S 7S JD QD QS TC"
"""The opponent's cards in the positions below: two runs to build and high cards."""

POLICIES = [
    DEFAULT_POLICY,
    PlayoutPolicy(lookahead_cards=3),  # CPython's sample picks from a set of indices
    PlayoutPolicy(take_gain=1, near=5, lookahead_cards=40),
    PlayoutPolicy(knock_table=(2, 4, 6, 8, 10)),
]


def _random_hands(seed: int, count: int) -> Iterator[int]:
    """Random 10- and 11-card hands, half of them drawn from a few ranks (many sets)."""
    rng = random.Random(seed)
    for number in range(count):
        size = 10 + number % 2
        if number % 4 < 2:
            yield sum(1 << c for c in rng.sample(range(52), size))
        else:
            ranks = rng.sample(range(13), 4)
            pool = sorted({s * 13 + r for r in ranks for s in range(4)}
                          | set(rng.sample(range(52), 5)))
            yield sum(1 << c for c in rng.sample(pool, size))


def _hands() -> Iterator[int]:
    yield from (parse_cards(text) for text in SET_HEAVY_HANDS)
    yield from _random_hands(7, 3000)


# ---------------------------------------------------------------- the Mersenne Twister

@pytest.mark.parametrize("seed", [0, 1, 2, 16, 2026, (1 << 30) - 1, (1 << 32) - 1])
def test_seeding_gives_the_state_of_random_Random(seed: int) -> None:
    twister = kernel_random.blank_state()
    kernel_random.seed_state(twister, seed)
    assert kernel_random.words_of(twister) == random.Random(seed).getstate()[1]


def test_random_randbelow_and_sample_draw_what_random_Random_draws() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        twister = kernel_random.state_of(rng.getstate()[1])
        for _ in range(700):  # past a twist of the 624 words
            assert kernel_random.next_random(twister) == rng.random()
        for n in (1, 2, 3, 12, 13, 52, 1000, (1 << 31) + 5):
            assert kernel_random.randbelow(twister, n) == rng._randbelow(n)
        for n, k in ((40, 12), (52, 12), (12, 12), (30, 3), (52, 5), (21, 5), (22, 5), (25, 6),
                     (10, 0)):
            population = list(range(100, 100 + n))
            assert kernel_random.sample(twister, population, k) == rng.sample(population, k)
        assert kernel_random.words_of(twister) == rng.getstate()[1]


# ---------------------------------------------------------------- deadwood and knocks

def test_deadwood_answers_are_the_core_ones() -> None:
    ways = np.empty((kernel_deadwood.MAX_WAYS, 4), dtype=np.int64)
    each = np.empty(52, dtype=np.int64)
    for hand in _hands():
        assert kernel_deadwood.min_deadwood(hand, ways) == core.min_deadwood(hand)
        assert kernel_deadwood.min_deadwood_after_discard(hand, ways) \
            == core.min_deadwood_after_discard(hand)
        kernel_deadwood.each_discard(hand, ways, each)
        assert {c: int(each[c]) for c in cards_of(hand)} == core.deadwood_after_each_discard(hand)
        allowed = hand & ~(1 << cards_of(hand)[0])
        assert kernel_deadwood.least_after_discards(hand, allowed, ways) \
            == core.least_deadwood_discards(hand, allowed)[0]
        melds = best_arrangement(hand).melds
        assert [kernel_deadwood.melds_with(hand, c, ways) for c in cards_of(hand)] \
            == [any(m >> c & 1 for m in melds) for c in cards_of(hand)]


def test_least_discard_is_the_first_card_leaving_the_least_deadwood() -> None:
    for hand in _random_hands(8, 1000):
        allowed = hand & ~(1 << cards_of(hand)[-1])
        values = {c: core.min_deadwood(hand & ~(1 << c)) for c in cards_of(allowed)}
        want = min(values, key=lambda c: (values[c], c))
        assert kernel_deadwood.first_least_discard(hand, allowed) == want


def _knock_deadwoods(knocker: int, defender: int, big_gin: bool) -> tuple[int, int]:
    ways = np.empty((kernel_deadwood.MAX_WAYS, 4), dtype=np.int64)
    found = kernel_knock.knock_deadwoods(knocker, defender, big_gin, ways,
                                         np.empty(4, dtype=np.int64))
    return int(found[0]), int(found[1])


def _core_knock(knocker: int, defender: int, big_gin: bool) -> tuple[int, int]:
    shown = best_arrangement(knocker)
    deadwood = 0 if big_gin else shown.deadwood
    return deadwood, best_defence(defender, shown.melds, gin=deadwood == 0).deadwood


def test_knock_deadwood_counts_are_those_of_best_arrangement_and_best_defence() -> None:
    rng = random.Random(9)
    cases = [("7S 7H 7D 8S 9S TS 2C 3C 4C KD", "7C JS QS 8D 9D TD 5H 5C 5D KH", False),
             ("AS 2S 3S 4S 5H 5D 5C 9C 9D 9H 8S", "6S 7S 5S TC TH 2D 3D KC QC JC", True)]
    for knocker_text, defender_text, big_gin in cases:
        knocker, defender = parse_cards(knocker_text), parse_cards(defender_text)
        assert _knock_deadwoods(knocker, defender, big_gin) \
            == _core_knock(knocker, defender, big_gin)
    for hand in _random_hands(10, 1500):
        rest = [c for c in range(52) if not hand >> c & 1]
        defender = sum(1 << c for c in rng.sample(rest, 10))
        knocker = hand & ~(1 << cards_of(hand)[-1]) if hand.bit_count() == 11 else hand
        assert _knock_deadwoods(knocker, defender, False) == _core_knock(knocker, defender, False)


def test_the_expert_look_ahead_is_the_same_sum_compiled() -> None:
    rng = random.Random(11)
    for hand in _random_hands(12, 400):
        kept = hand & ~(1 << cards_of(hand)[0]) if hand.bit_count() == 11 else hand
        rest = [c for c in range(52) if not kept >> c & 1]
        pool = [(c, rng.random() / 20) for c in rng.sample(rest, rng.randrange(1, 42))]
        cards, chances = kernel_deadwood.weighted_cards(pool)
        assert kernel_deadwood.lookahead(kept, cards, chances) == lookahead(kept, pool)


# ---------------------------------------------------------------- whole play-outs

def _worlds(rules: Rules, hands: int, seed: int) -> list[tuple[HandState, int]]:
    """Sampled worlds a few expert moves into dealt hands, and each after every legal move
    (knocks, the wall and the first upcard included)."""
    rng = random.Random(seed)
    out = []
    for number in range(hands):
        state = deal_hand(rules, number % 2, shuffled_deck(rng))
        experts = [FirstExpertAgent(number), FirstExpertAgent(number + 1)]
        for _ in range(rng.randrange(0, 40)):
            if state.is_over:
                break
            state = state.apply(experts[state.turn].choose(view_of(state, state.turn)))
        if state.is_over or state.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
            continue
        seat = state.turn
        world = sample_state(view_of(state, seat), rng, keep_history=False)
        out.append((world, seat))
        out.extend((world.apply(action), seat) for action in world.legal_actions()[:6])
    return out


def _same_playouts(worlds: list[tuple[HandState, int]], policy: PlayoutPolicy) -> None:
    for number, (state, seat) in enumerate(worlds):
        fast, slow = random.Random(number), random.Random(number)
        assert playout(state, seat, fast, policy) == python_playout(state, seat, slow, policy)
        assert fast.getstate() == slow.getstate()
    for number, (state, seat) in enumerate(worlds[:20]):
        assert playout_with_luck(state, seat, number, policy) \
            == python_playout(state, seat, random.Random(number), policy)


@pytest.mark.parametrize("rules", VARIANTS + EDGE_RULES,
                         ids=[r.name for r in VARIANTS + EDGE_RULES])
def test_compiled_playouts_score_and_draw_as_the_python_ones(rules: Rules) -> None:
    worlds = _worlds(rules, 10, zlib.crc32(rules.name.encode()))
    assert compiled.wait_for_kernels() is not None
    _same_playouts(worlds, DEFAULT_POLICY)


@pytest.mark.parametrize("policy", POLICIES[1:], ids=["lookahead3", "loose", "knock_table"])
def test_compiled_playouts_follow_every_policy_parameter(policy: PlayoutPolicy) -> None:
    _same_playouts(_worlds(Rules.preset("standard"), 8, 3), policy)


def test_a_playout_out_of_actions_scores_nothing_in_both() -> None:
    state, seat = next((s, seat) for s, seat in _worlds(Rules.preset("standard"), 4, 4)
                       if s.phase is Phase.DRAW and playout(s, seat, random.Random(1)) != 0)
    for limit in (1, 3, 8):
        assert playout(state, seat, random.Random(1), max_actions=limit) == 0.0
        assert python_playout(state, seat, random.Random(1), max_actions=limit) == 0.0


def test_a_knocked_world_is_scored_as_finish_knock_scores_it() -> None:
    for state, seat in _worlds(Rules.preset("standard"), 10, 5):
        if state.phase is Phase.KNOCKER_MELDS:
            winner, points = finish_knock(state)
            want = 0.0 if winner is None else float(points if winner == seat else -points)
            assert playout(state, seat, random.Random(0)) == want


def test_without_numba_the_python_playout_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ginrummy.agents.kernel_playout", "ginrummy.agents.kernel_knock",
                 "ginrummy.agents.kernel_deadwood", "ginrummy.agents.kernel_random"):
        monkeypatch.delitem(sys.modules, name, raising=False)
        monkeypatch.delattr(agents_package, name.rsplit(".", 1)[1], raising=False)
    monkeypatch.setitem(sys.modules, "numba", None)  # import numba raises ImportError
    compiled.use_kernels(True)
    try:
        assert compiled.kernels() is None
        state, seat = _worlds(Rules.preset("standard"), 4, 6)[0]
        assert playout(state, seat, random.Random(2)) \
            == python_playout(state, seat, random.Random(2))
    finally:
        compiled.use_kernels(True)


def test_kernels_can_be_turned_off_and_on() -> None:
    compiled.use_kernels(False)
    assert compiled.kernels() is None and compiled.loaded_kernels() is None
    compiled.use_kernels(True)
    assert compiled.kernels() is not None


def test_a_policy_changed_after_packing_is_packed_afresh() -> None:
    state, seat = _worlds(Rules.preset("standard"), 4, 7)[0]
    for policy in (DEFAULT_POLICY, replace(DEFAULT_POLICY, take_gain=0), DEFAULT_POLICY):
        assert playout(state, seat, random.Random(3), policy) \
            == python_playout(state, seat, random.Random(3), policy)


def test_at_the_wall_a_card_needed_only_as_the_knock_discard_is_taken_only_under_same_card(
) -> None:
    # R22: KC on the pile, two cards in the stock; knocking needs 5 or less, and only
    # throwing KC itself back leaves that (5C), which different_card forbids.
    results = {}
    for wall in ("same_card", "different_card"):
        rules = Rules.preset("standard", knock_limit=5, fiftieth_card_action=wall)
        state = position("AS 2S 3S 4H 5H 6H 7D 8D 9D 5C", THEIRS, "KC", phase=Phase.WALL,
                         stock_size=2, rules=rules)
        results[wall] = _both(state, PlayoutPolicy(near=20, lookahead_cards=3))
    assert results["different_card"] == 0.0 != results["same_card"]


def test_after_taking_at_the_wall_different_card_knocks_with_another_card() -> None:
    # R22: with KC taken, throwing KC leaves 3 (3D) and throwing 3D leaves 10; only the
    # second is allowed under different_card.
    results = {}
    for wall in ("same_card", "different_card"):
        rules = Rules.preset("standard", fiftieth_card_action=wall)
        state = position("AS 2S 3S 4H 5H 6H 7D 8D 9D 3D", THEIRS, "KC", phase=Phase.WALL,
                         stock_size=2, rules=rules)
        results[wall] = _both(state, DEFAULT_POLICY)
    assert results["same_card"] != results["different_card"]


def _both(state: HandState, policy: PlayoutPolicy) -> float:
    """The compiled play-out's points for seat 0, checked equal to the Python one's, with
    the same draws from the generator."""
    fast, slow = random.Random(1), random.Random(1)
    points = playout(state, 0, fast, policy)
    assert points == python_playout(state, 0, slow, policy)
    assert fast.getstate() == slow.getstate()
    return points


def test_a_second_returned_discard_voids_the_hand_in_both() -> None:
    # OpenSpiel's rule: KC was taken and thrown back last turn, and is again the discard.
    rules = Rules.preset("standard", knock_limit=0, allow_discard_of_drawn_upcard=True,
                         void_on_second_returned_discard=True)
    state = position("AS 2S 3S 4H 5H 6H 7D 8D 9D 9C KC", THEIRS, "", phase=Phase.DISCARD,
                     rules=rules, taken="KC")
    policy = PlayoutPolicy(near=0)
    for returned, want_void in ((True, True), (False, False)):
        points = _both(replace(state, returned=returned), policy)
        assert (points == 0.0) is want_void


@pytest.mark.parametrize("rules", VARIANTS + EDGE_RULES,
                         ids=[r.name for r in VARIANTS + EDGE_RULES])
def test_all_moves_of_a_world_played_out_at_once_score_as_each_alone(rules: Rules) -> None:
    worlds = _worlds(rules, 6, zlib.crc32(rules.name.encode()) + 1)
    for luck, (world, seat) in enumerate(worlds):
        if world.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER, Phase.OVER):
            continue
        moves = world.legal_actions()
        assert playouts_after(world, moves, seat, luck) == [
            python_playout(world.apply(move), seat, random.Random(luck)) for move in moves]
