"""The Gymnasium single-agent environment: Gymnasium's checker, seeding, illegal actions."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ginrummy.env  # noqa: F401  (registers ginrummy/GinRummy-v0)
from ginrummy.agents.registry import UnknownAgentError
from ginrummy.core.actions import parse_action
from ginrummy.core.hand import IllegalActionError

ENV_ID = "ginrummy/GinRummy-v0"


@pytest.mark.parametrize("opponent", ["random", "simple", "expert"])
def test_gymnasium_env_passes_check_env(opponent: str) -> None:
    check_env(gymnasium.make(ENV_ID, opponent=opponent).unwrapped, skip_render_check=True)


@pytest.mark.parametrize(("players", "player"), [(2, 1), (3, 2), (4, 3)])
def test_gymnasium_env_passes_check_env_in_a_whole_game(players: int, player: int) -> None:
    env = gymnasium.make(ENV_ID, opponent="simple", rules="classic", match="game",
                         players=players, player=player)
    check_env(env.unwrapped, skip_render_check=True)


def _play_random(env: gymnasium.Env, seed: int) -> tuple[list[int], float]:  # type: ignore[type-arg]
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    moves, total = [], 0.0
    while True:
        move = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        moves.append(move)
        obs, reward, terminated, truncated, _ = env.step(move)
        total += float(reward)
        if terminated or truncated:
            return moves, total


def test_same_seed_plays_the_same_episode_against_the_same_opponent() -> None:
    env = gymnasium.make(ENV_ID, opponent="expert", match="game")
    assert _play_random(env, 8) == _play_random(env, 8)
    assert _play_random(env, 8) != _play_random(env, 9)


def test_the_learner_acts_only_at_its_own_decisions() -> None:
    env = gymnasium.make(ENV_ID, opponent="simple")
    obs, info = env.reset(seed=2)
    table = env.unwrapped.table  # type: ignore[attr-defined]
    for _ in range(30):
        assert table.agent_selection == "player_0"
        assert list(np.flatnonzero(obs["action_mask"])) == list(
            table.current_view("player_0").legal)
        obs, _, terminated, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if terminated:
            break


def test_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = gymnasium.make(ENV_ID, opponent="simple")
    obs, info = env.reset(seed=1)
    assert obs["action_mask"][parse_action("discard 2C")] == 0  # a first decision draws
    obs, reward, terminated, truncated, info = env.step(parse_action("discard 2C"))
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] == "discard 2C"
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(parse_action("take"))


def test_illegal_action_raise_names_the_legal_ones() -> None:
    env = gymnasium.make(ENV_ID, opponent="simple", illegal_action="raise")
    _, info = env.reset(seed=1)
    with pytest.raises(IllegalActionError, match="big gin is not legal now; legal: "):
        env.step(parse_action("big gin"))
    assert env.unwrapped.table.terminations["player_0"] is False  # type: ignore[attr-defined]


def test_unknown_opponent_and_player_are_refused_by_name() -> None:
    with pytest.raises(UnknownAgentError, match="unknown agent 'champion'; known agents: "):
        gymnasium.make(ENV_ID, opponent="champion")
    with pytest.raises(ValueError, match="player must be 0 to 1, got 2"):
        gymnasium.make(ENV_ID, opponent="simple", player=2)


def test_make_vec_runs_several_envs() -> None:
    envs = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode="sync", opponent="random")
    obs, _ = envs.reset(seed=0)
    assert obs["observation"].shape[0] == 3 and obs["action_mask"].shape == (3, 490)
    actions = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    obs, rewards, terminated, truncated, _ = envs.step(actions)
    assert rewards.shape == (3,)
    envs.close()


@pytest.mark.parametrize("player", [0, 1])
def test_R30_the_learners_rewards_over_a_game_sum_to_its_settlement_margin(player: int) -> None:
    env = gymnasium.make(ENV_ID, opponent="simple", rules="classic", match="game",
                         player=player)
    _, total = _play_random(env, 4)
    game = env.unwrapped.table.game  # type: ignore[attr-defined]
    assert game.is_over
    final = game.settlement().final
    assert total == final[player] - final[1 - player]
