"""The OpenSpiel games: registered, OpenSpiel's own checks, the engine's rules, hidden cards."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest

from ginrummy.core.cards import cards_of
from ginrummy.core.cut import Cut
from ginrummy.core.deck import shuffled_deck
from ginrummy.core.game import Game
from ginrummy.core.hand import deal_hand
from ginrummy.core.rules import Rules
from ginrummy.env import openspiel
from ginrummy.env.encoding import plane_offset
from ginrummy.env.rewards import points_reward


def _dealt(game: Any, deck: list[int]) -> Any:
    state = game.new_initial_state()
    for card in deck[:51]:
        assert state.is_chance_node()
        state.apply_action(card)
    return state


def test_load_game_finds_both_games_after_the_import() -> None:
    hand = pyspiel.load_game("python_gin_rummy_hand")
    full = pyspiel.load_game("python_gin_rummy(rules=oklahoma)")
    assert hand.num_distinct_actions() == 490 and hand.num_players() == 2
    assert full.rules.target == Rules.preset("oklahoma").target


def test_openspiel_random_simulation_check_passes_on_the_hand() -> None:
    game = pyspiel.load_game("python_gin_rummy_hand")
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_openspiel_random_simulation_check_passes_on_a_short_full_game() -> None:
    game = pyspiel.load_game("python_gin_rummy(target=1)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.slow
def test_openspiel_random_simulation_check_passes_on_a_game_to_100() -> None:
    game = pyspiel.load_game("python_gin_rummy")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("seed", range(3))
def test_legal_actions_and_returns_agree_with_the_engine(seed: int) -> None:
    deck = shuffled_deck(random.Random(seed))
    game = pyspiel.load_game("python_gin_rummy_hand")
    state = _dealt(game, deck)
    engine = deal_hand(Rules.preset("standard"), openspiel.HAND_DEALER, deck)
    rng = random.Random(seed)
    while not engine.is_over:
        assert state.current_player() == engine.turn
        assert state.legal_actions() == engine.legal_actions()
        action = rng.choice(engine.legal_actions())
        state.apply_action(action)
        engine = engine.apply(action)
    assert state.is_terminal()
    assert state.returns() == [points_reward(engine, 0), points_reward(engine, 1)]


@pytest.mark.parametrize("seed", range(2))
def test_a_full_game_follows_the_engines_game_to_its_settlement(seed: int) -> None:
    rules = Rules.preset("standard").replace(target=30)
    state = pyspiel.load_game("python_gin_rummy(target=30)").new_initial_state()
    rng = random.Random(seed)
    cut = (rng.choice(range(0, 52, 13)), rng.choice(range(1, 52, 13)))  # an ace, a two
    for card in cut:
        state.apply_action(card)
    engine = Game.start(rules, Cut((cut,)))
    assert engine.dealer == 0
    while not engine.is_over:
        if engine.tables_to_deal():
            deck = shuffled_deck(rng)
            for card in deck[:51]:
                state.apply_action(card)
            engine = engine.deal(deck)
            continue
        hand = engine.hand
        assert hand is not None
        assert state.current_player() == engine.players_at(0)[hand.turn]
        assert state.legal_actions() == hand.legal_actions()
        action = rng.choice(hand.legal_actions())
        state.apply_action(action)
        engine = engine.apply(action)
    final = engine.settlement().final
    assert state.is_terminal()
    assert state.returns() == [final[0] - final[1], final[1] - final[0]]


def test_the_deal_is_51_uniform_draws_of_the_cards_left() -> None:
    state = pyspiel.load_game("python_gin_rummy_hand").new_initial_state()
    state.apply_action(7)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 51 and 7 not in dict(outcomes)
    assert all(p == pytest.approx(1 / 51) for _, p in outcomes)


def test_observation_never_shows_the_opponents_hidden_cards() -> None:
    deck = shuffled_deck(random.Random(4))
    state = _dealt(pyspiel.load_game("python_gin_rummy_hand"), deck)
    engine = deal_hand(Rules.preset("standard"), openspiel.HAND_DEALER, deck)
    hidden = cards_of(engine.hands[1])
    tensor = np.array(state.observation_tensor(0))
    for plane in ("hand", "opp_known", "opp_table"):
        start = plane_offset(plane)
        shown = {c for c in range(52) if tensor[start + c]}
        assert not shown & set(hidden), plane
    texts = state.observation_string(0) + state.information_state_string(0)
    assert str(state.observation_string(1)) != str(state.observation_string(0))
    resampled = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert resampled.hand.hands[1] != engine.hands[1]  # the opponent's cards drawn again
    assert resampled.observation_string(0) + resampled.information_state_string(0) == texts
    assert np.array_equal(np.array(resampled.observation_tensor(0)), tensor)


def test_resampled_states_keep_the_infostate_through_a_hand() -> None:
    game = pyspiel.load_game("python_gin_rummy_hand")
    state = _dealt(game, shuffled_deck(random.Random(9)))
    rng = random.Random(9)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    while not state.is_terminal():
        player = state.current_player()
        resampled = state.resample_from_infostate(player, sampler)
        assert resampled.information_state_string(player) == \
            state.information_state_string(player)
        assert resampled.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))


def test_openspiels_ismcts_plays_hands_against_the_simple_player() -> None:
    """ISMCTS asserts that every resampled root has the root's infostate string."""
    from open_spiel.python.algorithms import ismcts, mcts

    from ginrummy.agents.simple import SimpleAgent

    game = pyspiel.load_game("python_gin_rummy_hand")
    for hand in range(2):
        rng = np.random.RandomState(hand)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                               max_simulations=10, random_state=rng)
        simple = SimpleAgent(rng=hand)
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():
                cards, _ = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(cards)))
            elif player == hand % 2:
                state.apply_action(int(bot.step(state)))
            else:
                state.apply_action(simple.choose(state.view(player)))
        assert state.hand.result is not None
        assert sum(state.returns()) == 0.0
