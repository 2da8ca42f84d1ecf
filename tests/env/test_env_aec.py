"""The PettingZoo AEC environment: the official checks, the mask, what each agent sees."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from ginrummy.core.actions import NUM_ACTIONS, action_name, parse_action
from ginrummy.core.hand import IllegalActionError
from ginrummy.core.views import view_of
from ginrummy.env import determinize, gin_rummy_v0
from ginrummy.env.aec import RawEnv
from ginrummy.env.encoding import CARD_PLANES, FLAGS_OFFSET, plane_offset
from tests.env.env_kit import act, random_steps
from tests.handbuilder import deck_for, mask

CODEC_SIZE = 490  # issue 15: the stable action codec


@pytest.mark.parametrize("match", ["hand", "game"])
def test_aec_env_passes_pettingzoo_api_test(match: str) -> None:
    api_test(gin_rummy_v0.env(match=match), num_cycles=300)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("match", ["hand", "game"])
def test_aec_env_passes_pettingzoo_seed_test(match: str, players: int) -> None:
    rules = "standard" if players == 2 else "classic"
    seed_test(lambda: gin_rummy_v0.env(rules=rules, match=match, players=players),
              num_cycles=200)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("match", ["hand", "game"])
def test_R33_R34_three_and_four_players_pass_the_api_test(players: int, match: str) -> None:
    api_test(gin_rummy_v0.env(rules="classic", players=players, match=match), num_cycles=300)


def test_action_space_is_the_stable_codec() -> None:
    env = gin_rummy_v0.raw_env()
    assert env.action_space("player_0").n == NUM_ACTIONS == CODEC_SIZE


@pytest.mark.parametrize("players", [2, 3, 4])
def test_action_mask_is_exactly_the_legal_actions(players: int) -> None:
    env = RawEnv(rules="classic", match="game", players=players)
    env.reset(seed=5)
    rng = random.Random(5)
    checked = 0
    for agent in random_steps(env, rng, 400):
        assert env.game is not None
        table = next(t for t, slot in enumerate(env.game.slots)
                     if env.agent_index[agent] in slot.players)
        engine_legal = env.game.legal_actions(table)
        for other in env.agents:
            mask = env.observe(other)["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,)
            if other == agent:
                assert list(np.flatnonzero(mask)) == engine_legal
                assert env.infos[other]["legal_actions"] == [action_name(a)
                                                             for a in engine_legal]
            else:
                assert not mask.any(), f"{other} is not to act but has a mask"
                assert env.infos[other]["legal_actions"] == []
        checked += 1
    assert checked == 400


def _planes(observation: np.ndarray, card: int) -> list[str]:
    return [name for name in CARD_PLANES if observation[plane_offset(name) + card]]


@pytest.mark.parametrize("players", [2, 4])
def test_observation_never_shows_the_opponents_hidden_cards(players: int) -> None:
    env = RawEnv(rules="classic", match="game", players=players)
    env.reset(seed=11)
    rng = random.Random(11)
    for agent in random_steps(env, rng, 300):
        assert env.game is not None
        for table, slot in enumerate(env.game.slots):
            state = slot.hand
            if state is None:
                continue
            for seat, player in enumerate(slot.players):
                name = env.possible_agents[player]
                observation = env.observe(name)["observation"]
                view = view_of(state, seat)
                hidden = state.hands[1 - seat] & ~view.opponent_known
                if view.opponent_hand is not None:
                    hidden = 0
                for card in range(52):
                    if hidden >> card & 1:
                        assert _planes(observation, card) == ["unseen"], (name, card)
                # Other hidden cards with the same view: the same observation.
                other = determinize(view, rng)
                env.game = env.game.with_hand(other, table=table)
                assert np.array_equal(env.observe(name)["observation"], observation)
                env.game = env.game.with_hand(state, table=table)
        del agent


def test_observation_shows_own_cards_pile_order_and_known_cards() -> None:
    env = RawEnv()
    deck = deck_for(non_dealer="2C 5C 9C 3D 7D JD 4H 8H QH 6S",
                    dealer="AC 6C TC 2D 8D QD 5H 9H KH 3S", upcard="KC", stock="KS")
    env.reset(seed=1, options={"deck": deck})
    assert env.game is not None and env.game.hand is not None
    first = env.possible_agents[env.game.slots[0].players[1 - env.game.hand.dealer]]
    second = [a for a in env.possible_agents if a != first][0]
    assert env.agent_selection == first
    act(env, "take; discard 2C")  # the non-dealer takes KC: its opponent now knows it
    mine = env.observe(first)["observation"]
    theirs = env.observe(second)["observation"]
    kc, two_c = mask("KC").bit_length() - 1, mask("2C").bit_length() - 1
    assert _planes(mine, kc) == ["hand", "upcard"]
    assert _planes(theirs, kc) == ["opp_known", "upcard"]
    assert _planes(theirs, two_c) == ["pile_top", "pile_order"]
    assert theirs[plane_offset("pile_order") + two_c] == pytest.approx(1 / 52)


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = RawEnv()
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.game
    with pytest.raises(IllegalActionError, match="not allowed now; legal: take, pass"):
        env.step(parse_action("stock"))
    with pytest.raises(IllegalActionError, match="not an action number"):
        env.step(NUM_ACTIONS)
    with pytest.raises(IllegalActionError, match="None is only for an agent whose game"):
        env.step(None)
    assert env.game is before and env.agent_selection == agent


def test_wrapped_env_ends_the_game_with_minus_one_for_an_illegal_action() -> None:
    env = gin_rummy_v0.env()
    env.reset(seed=3)
    offender = env.agent_selection
    env.step(parse_action("stock"))
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1


def test_unknown_options_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match='match must be "hand" or "game"'):
        gin_rummy_v0.raw_env(match="set")
    with pytest.raises(ValueError, match='reward must be "points", "win", "rlcard"'):
        gin_rummy_v0.raw_env(reward="score")
    with pytest.raises(ValueError, match="render_mode"):
        gin_rummy_v0.raw_env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="dealer_rule 'alternate' does not apply to three"):
        gin_rummy_v0.raw_env(rules="standard", players=3)


def test_R33_the_dealer_sits_out_never_selected_seeing_only_the_public_table() -> None:
    env = RawEnv(rules="classic", players=3, match="hand")
    env.reset(seed=2)
    assert env.game is not None
    sitter = env.possible_agents[env.game.dealer]
    public = {"pile_top", "pile_order", "upcard"}
    for agent in random_steps(env, random.Random(2), 500):
        assert agent != sitter
        observation = env.observe(sitter)["observation"]
        state = env.game.slots[0].hand
        assert state is not None
        for card in range(52):
            planes = _planes(observation, card)
            assert set(planes) <= public, (card, planes)
            if (state.hands[0] | state.hands[1]) >> card & 1:
                assert set(planes) <= {"upcard"}, (card, planes)  # the upcard may be taken
        assert observation[FLAGS_OFFSET + 7] == 0  # not in a hand
        assert not env.observe(sitter)["action_mask"].any()
    assert all(env.terminations.values())
    assert env.rewards[sitter] == 0


def test_ansi_render_shows_only_the_agent_to_acts_view() -> None:
    env = RawEnv(render_mode="ansi")
    deck = deck_for(non_dealer="2C 5C 9C 3D 7D JD 4H 8H QH 6S",
                    dealer="AC 6C TC 2D 8D QD 5H 9H KH 3S", upcard="KC")
    env.reset(seed=1, options={"deck": deck})
    text = env.render()
    assert text is not None
    assert "hand: 2C 5C 9C 3D 7D JD 4H 8H QH 6S" in text
    assert "legal: take, pass" in text
    assert "AC" not in text and "QD" not in text  # the opponent's cards


def test_reset_with_a_bad_deck_names_what_is_wrong_and_keeps_the_old_game() -> None:
    env = RawEnv()
    env.reset(seed=1)
    before = env.game
    deck = deck_for(non_dealer="2C 5C 9C 3D 7D JD 4H 8H QH 6S",
                    dealer="AC 6C TC 2D 8D QD 5H 9H KH 3S", upcard="KC")
    deck[-1] = deck[0]
    with pytest.raises(IllegalActionError, match="deck has 2C twice"):
        env.reset(seed=1, options={"deck": deck})
    assert env.game is before


def test_an_agent_whose_game_is_over_may_only_pass_none() -> None:
    env = RawEnv()
    env.reset(seed=3)
    rng = random.Random(3)
    for _ in random_steps(env, rng, 5000):
        pass
    assert all(env.terminations.values())
    with pytest.raises(ValueError, match="the only valid action is None"):
        env.step(0)
    for agent in env.agent_iter():
        env.step(None)
        del agent
    assert env.agents == []


def test_human_render_prints_the_view_of_the_agent_to_act(
        capsys: pytest.CaptureFixture[str]) -> None:
    env = RawEnv(render_mode="human")
    deck = deck_for(non_dealer="2C 5C 9C 3D 7D JD 4H 8H QH 6S",
                    dealer="AC 6C TC 2D 8D QD 5H 9H KH 3S", upcard="KC")
    env.reset(seed=1, options={"deck": deck})
    act(env, "pass")
    printed = capsys.readouterr().out
    assert "hand: AC 6C TC 2D 8D QD 5H 9H KH 3S" in printed
    assert "legal: take, pass" in printed and "2C" not in printed
