"""The vector form: made by gymnasium.make_vec; the per-table form step for step the single
env's play on the same seeds (next-step autoreset); illegal actions per environment."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import ginrummy.env
from ginrummy.core.hand import IllegalActionError
from ginrummy.env.single import GinRummyEnv
from ginrummy.env.vector import GinRummyVectorEnv


def test_make_vec_gives_the_batched_vector_form() -> None:
    envs = gymnasium.make_vec(ginrummy.env.GYMNASIUM_ID, num_envs=3, opponent="random",
                              vectorization_mode="vector_entry_point")
    assert isinstance(envs, GinRummyVectorEnv)
    obs, infos = envs.reset(seed=5)
    assert envs.observation_space.contains(obs)
    assert obs["observation"].shape == (3, 491) and obs["action_mask"].dtype == np.int8
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP


def _random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks])


@pytest.mark.parametrize("kwargs", [
    {"opponent": "random"},
    {"opponent": "simple", "match": "game", "reward": "win", "rules": "oklahoma"},
    {"opponent": "simple", "reward": "rlcard", "player": 1},
    {"opponent": "simple", "players": 3, "rules": "classic", "match": "game"},
])
def test_each_per_table_environment_plays_what_a_single_env_plays_on_the_same_seed(
        kwargs: dict[str, Any]) -> None:
    count, seed = 4, 11
    envs = GinRummyVectorEnv(count, batched=False, **kwargs)
    singles = [GinRummyEnv(**kwargs) for _ in range(count)]
    obs, _ = envs.reset(seed=seed)
    single_obs = [env.reset(seed=seed + i)[0] for i, env in enumerate(singles)]
    done = [False] * count
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400 if kwargs.get("match") != "game" else 1500):
        for i in range(count):
            assert np.array_equal(obs["observation"][i], single_obs[i]["observation"])
            assert np.array_equal(obs["action_mask"][i], single_obs[i]["action_mask"])
        actions = _random_legal(obs["action_mask"], rng)
        obs, rewards, terminations, truncations, _ = envs.step(actions)
        for i, env in enumerate(singles):
            if done[i]:  # next-step autoreset: the action is ignored
                single_obs[i], reward, terminated = env.reset()[0], 0.0, False
            else:
                single_obs[i], reward, terminated, _, _ = env.step(int(actions[i]))
            assert rewards[i] == reward and terminations[i] == terminated
            done[i] = terminated
            ended += terminated
        assert not truncations.any()
    assert ended >= count  # every environment went through at least one autoreset


def test_an_illegal_action_ends_only_that_environment_with_the_penalty() -> None:
    envs = GinRummyVectorEnv(2, opponent="random", illegal_reward=-5.0)
    obs, _ = envs.reset(seed=2)
    legal = _random_legal(obs["action_mask"], np.random.default_rng(1))
    illegal = int(np.flatnonzero(obs["action_mask"][0] == 0)[0])
    obs, rewards, terminations, _, infos = envs.step(np.array([illegal, legal[1]]))
    assert rewards[0] == -5.0 and terminations.tolist() == [True, False]
    assert infos["illegal_action"].tolist() == [True, False]
    assert infos["_illegal_action"].tolist() == [True, False]


def test_illegal_action_raise_names_the_environment_and_the_action() -> None:
    envs = GinRummyVectorEnv(2, opponent="random", illegal_action="raise")
    obs, _ = envs.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    legal = _random_legal(obs["action_mask"], np.random.default_rng(1))
    with pytest.raises(IllegalActionError, match="environment 1: .* is not legal now"):
        envs.step(np.array([legal[0], illegal]))


def test_copy_false_hands_out_the_vectors_own_arrays() -> None:
    envs = GinRummyVectorEnv(2, opponent="random", copy=False)
    first, _ = envs.reset(seed=4)
    second, _ = envs.step(_random_legal(first["action_mask"], np.random.default_rng(0)))[:2]
    assert first["observation"] is second["observation"]
    copied = GinRummyVectorEnv(2, opponent="random")
    one, _ = copied.reset(seed=4)
    two = copied.step(_random_legal(one["action_mask"], np.random.default_rng(0)))[0]
    assert one["observation"] is not two["observation"]


def test_num_envs_and_seeds_are_checked() -> None:
    with pytest.raises(ValueError, match="num_envs must be a whole number of at least 1"):
        GinRummyVectorEnv(0)
    envs = GinRummyVectorEnv(2, opponent="random")
    with pytest.raises(ValueError, match="3 seeds for 2 environments"):
        envs.reset(seed=[1, 2, 3])
    envs.reset(seed=[1, None])
    with pytest.raises(ValueError, match="1 actions for 2 environments"):
        envs.step(np.array([0]))


def test_gymnasiums_environment_match_check_passes_against_its_sync_vector_env() -> None:
    """Gymnasium's own equivalence check (one environment: it compares flags as scalars),
    with sampled actions, so mostly illegal ones and their penalty, and the resets."""
    from gymnasium.utils.env_match import check_environments_match

    ours = gymnasium.make_vec(ginrummy.env.GYMNASIUM_ID, num_envs=1, opponent="simple")
    sync = gymnasium.make_vec(ginrummy.env.GYMNASIUM_ID, num_envs=1, opponent="simple",
                              vectorization_mode="sync")
    assert isinstance(ours, GinRummyVectorEnv)
    check_environments_match(ours, sync, num_steps=60, seed=3, info_comparison="skip")
