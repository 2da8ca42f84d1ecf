"""The five levels of computer opponent (ginrummy.agents.levels).

How strong each level is against the one below is measured in
``bench/RESULTS.md`` (``gin sim levelN levelM --duplicate``); these tests check
what each level is made of, that it is registered, that it plays legally and
only from its own view, and the beginner's own habits.
"""

from __future__ import annotations

import random

import pytest

from ginrummy.agents.base import Agent
from ginrummy.agents.expert_v1 import ExpertParams, FirstExpertAgent
from ginrummy.agents.levels import CASUAL, LEVELS, BeginnerAgent, make_level
from ginrummy.agents.montecarlo import MonteCarloAgent
from ginrummy.agents.registry import agent_names, make_agent
from ginrummy.agents.simple import SimpleAgent
from ginrummy.core import actions
from ginrummy.core.actions import DISCARD_BASE, DRAW_DISCARD, DRAW_STOCK, PASS, action_name
from ginrummy.core.cards import parse_card, parse_card_list
from ginrummy.core.cut import cut_for_deal
from ginrummy.core.game import Game
from ginrummy.core.hand import HandState, Phase, deal_hand, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from tests.agents.test_agent_hidden_info import assert_decision_ignores_hidden
from tests.handbuilder import deal, play


def test_levels_are_registered_with_their_names() -> None:
    names = agent_names()
    for level in LEVELS:
        assert f"level{level}" in names
        assert make_agent(f"level{level}", seed=1).name == f"level{level}"


def test_each_level_is_the_agent_the_playing_page_describes() -> None:
    assert isinstance(make_level(1, 0), BeginnerAgent)
    assert isinstance(make_level(2, 0), SimpleAgent)
    casual = make_level(3, 0)
    assert isinstance(casual, FirstExpertAgent) and casual.params == CASUAL
    expert = make_level(4, 0)
    assert isinstance(expert, FirstExpertAgent) and expert.params == ExpertParams()
    master = make_level(5, 0)
    assert isinstance(master, MonteCarloAgent) and master.search.budget == 1.0


def test_level3_plays_below_the_expert() -> None:
    full = ExpertParams()
    assert not CASUAL.use_estimate and full.use_estimate
    assert 0 < CASUAL.danger_weight < full.danger_weight
    assert CASUAL.mistakes > full.mistakes


def test_level_parameters_reach_the_agent() -> None:
    master = make_agent("level5", seed=2, budget=0.25)
    assert isinstance(master, MonteCarloAgent) and master.search.budget == 0.25
    fixed = make_level(5, 2, samples=6)
    assert isinstance(fixed, MonteCarloAgent) and fixed.search.samples == 6


@pytest.mark.parametrize("level", [0, 6, -1, "3"])
def test_a_level_out_of_range_is_refused(level: object) -> None:
    with pytest.raises(ValueError, match=f"level must be 1 to 5, got {level!r}"):
        make_level(level, 0)  # type: ignore[arg-type]


def _play_game(agents: tuple[Agent, Agent], rules: Rules, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.start(rules, cut_for_deal(rng))
    moves = 0
    while not game.is_over:
        game = game.deal_from(rng)
        while game.hand is not None:
            seat = game.hand.turn
            game = game.apply(agents[seat].choose(view_of(game.hand, seat)))
            moves += 1
            assert moves < 30000
    return game


@pytest.mark.parametrize("rules", ["standard", "oklahoma_online", "gra"])
def test_levels_1_to_5_play_whole_games_legally(rules: str) -> None:
    preset = Rules.preset(rules)
    for level in LEVELS:
        extra = {"samples": 3} if level == 5 else {}
        agent = make_level(level, 11, **extra)
        game = _play_game((agent, make_agent("simple", 12)), preset, seed=level)
        assert game.is_over and game.winner is not None


@pytest.mark.parametrize("level", [1, 3])
def test_levels_decide_from_their_own_view_only(level: int) -> None:
    compared = assert_decision_ignores_hidden(
        lambda seed: make_level(level, seed), rules="standard", hands=6, twins=2,
        opponent_factory=lambda seed: make_agent("simple", seed),
    )
    assert compared > 20


def test_level5_with_fixed_samples_decides_from_its_own_view_only() -> None:
    compared = assert_decision_ignores_hidden(
        lambda seed: make_level(5, seed, samples=4), rules="standard", hands=2, twins=1,
        opponent_factory=lambda seed: make_agent("simple", seed),
    )
    assert compared > 5


# ---------------------------------------------------------------- the beginner


def _beginner_turn(non_dealer: str, upcard: str, stock: str = "") -> HandState:
    """Seat 0 (the non-dealer) to act on the first-turn offer of ``upcard``."""
    return deal(non_dealer=non_dealer, dealer="AD 3D 9D JD KD 2C 4C 6C 8H TH",
                upcard=upcard, stock=stock)


def test_R11_beginner_takes_an_upcard_that_makes_a_meld() -> None:
    state = _beginner_turn("7H 7S 2S 4S 9C JC KC QH 5H AH", upcard="7C")
    assert BeginnerAgent(0).choose(view_of(state, 0)) == DRAW_DISCARD


def test_R11_beginner_passes_an_upcard_that_makes_no_meld() -> None:
    state = _beginner_turn("7H 7S 2S 4S 9C JC KC QH 5H AH", upcard="8D")
    assert BeginnerAgent(0).choose(view_of(state, 0)) == PASS


def test_beginner_draws_from_the_stock_for_a_useless_discard() -> None:
    state = play(_beginner_turn("7H 7S 2S 4S 9C JC KC QH 5H AH", upcard="8D"), "pass; pass")
    assert state.phase is Phase.DRAW and state.turn == 0
    assert BeginnerAgent(0).choose(view_of(state, 0)) == DRAW_STOCK


def test_beginner_without_slips_throws_its_highest_unmatched_card() -> None:
    state = play(_beginner_turn("7H 7S 7D 2S 3S 4S 9C JC QH AH", upcard="8C", stock="5D"),
                 "pass; pass; stock")
    assert state.phase is Phase.DISCARD
    choice = BeginnerAgent(0, slips=0.0).choose(view_of(state, 0))
    assert choice == actions.discard(parse_card("QH")), action_name(choice)


def test_beginner_slips_throw_some_other_unmatched_card() -> None:
    state = play(_beginner_turn("7H 7S 7D 2S 3S 4S 9C JC QH AH", upcard="8C", stock="5D"),
                 "pass; pass; stock")
    unmatched = set(parse_card_list("9C JC QH AH 5D"))
    seen = {BeginnerAgent(seed, slips=1.0).choose(view_of(state, 0)) - DISCARD_BASE
            for seed in range(40)}
    assert seen <= unmatched and len(seen) > 2


def test_R14_beginner_knocks_as_soon_as_it_may() -> None:
    state = play(_beginner_turn("7H 7S 7D 2S 3S 4S 9C TC JC AH", upcard="8D", stock="5D"),
                 "pass; pass; stock")
    choice = BeginnerAgent(0).choose(view_of(state, 0))
    assert choice == actions.knock(parse_card("5D")), action_name(choice)


def test_R18_beginner_lays_off_as_defender() -> None:
    state = play(_beginner_turn("7H 7S 7D 2S 3S 4S 9C TC JC AH", upcard="8D", stock="5D"),
                 "pass; pass; stock; knock 5D")
    agents = (BeginnerAgent(1), BeginnerAgent(2))
    while not state.is_over:
        state = state.apply(agents[state.turn].choose(view_of(state, state.turn)))
    assert state.result is not None and state.result.winner in (0, 1)


def test_beginner_is_deterministic_for_a_seed() -> None:
    rules = Rules.preset("standard")
    state = deal_hand(rules, 1, shuffled_deck(5))
    first = [BeginnerAgent(9).choose(view_of(state, state.turn)) for _ in range(3)]
    assert len(set(first)) == 1
