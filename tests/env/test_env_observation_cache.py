"""The AEC env writes each observation from what changed since the agent's last one: it must
equal the from-scratch encoding after every step, for every agent, under every table."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest

from ginrummy.env import gin_rummy_v0
from ginrummy.env.aec import RawEnv
from ginrummy.env.encoding import action_mask, encode

TABLES = [  # (rules, players, match)
    ("standard", 2, "hand"),
    ("standard", 2, "game"),
    ("oklahoma", 2, "game"),
    ("classic", 3, "game"),  # R33: the dealer sits out, watching the public part
    ("classic", 4, "game"),  # R34: two tables of a team game
]


def _from_scratch(env: RawEnv, agent: str) -> tuple[np.ndarray, np.ndarray]:
    view = env.current_view(agent)
    watching = env.watched_hand(agent) if view is None else None
    acting = view is not None and not env._over and agent == env.agent_selection
    return (encode(view, env.scoreboard(agent), watching=watching),
            action_mask(view.legal if acting and view is not None else ()))


def _play_and_compare(env: RawEnv, seed: int, steps: int, observe_chance: float) -> int:
    """Random legal steps over as many games as ``steps`` takes; after each, each agent
    observed with ``observe_chance`` (1: all of them) is compared with the from-scratch
    encoding. Returns the number of comparisons."""
    rng = random.Random(seed)
    compared = 0
    env.reset(seed=seed)
    for _ in range(steps):
        if env.terminations[env.agent_selection]:
            env.reset(seed=rng.getrandbits(32))
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
        for agent in env.agents:
            if observe_chance < 1 and rng.random() >= observe_chance:
                continue
            got = env.observe(agent)
            vector, mask = _from_scratch(env, agent)
            assert np.array_equal(got["observation"], vector), (agent, env.current_view(agent))
            assert got["observation"].dtype == np.float32
            assert np.array_equal(got["action_mask"], mask) and got["action_mask"].dtype == np.int8
            compared += 1
    return compared


@pytest.mark.parametrize(("rules", "players", "match"), TABLES)
def test_observation_after_every_step_equals_the_from_scratch_encoding(
        rules: str, players: int, match: str) -> None:
    env = RawEnv(rules=rules, players=players, match=match)
    assert _play_and_compare(env, seed=players * 7, steps=1500, observe_chance=1.0) \
        == 1500 * players


@pytest.mark.parametrize(("rules", "players", "match"), TABLES)
def test_observation_made_after_many_unobserved_steps_equals_the_from_scratch_encoding(
        rules: str, players: int, match: str) -> None:
    env = RawEnv(rules=rules, players=players, match=match)
    assert _play_and_compare(env, seed=players * 7 + 1, steps=1500, observe_chance=0.2) > 0


def test_an_observation_handed_out_is_the_callers_to_keep_and_change() -> None:
    env = RawEnv()
    env.reset(seed=4)
    agent = env.agent_selection
    first = env.observe(agent)
    kept = first["observation"].copy()
    first["observation"][:] = 0.5
    first["action_mask"][:] = 1
    again = env.observe(agent)
    assert np.array_equal(again["observation"], kept)
    assert np.array_equal(again["action_mask"], _from_scratch(env, agent)[1])
    legal = np.flatnonzero(again["action_mask"])
    env.step(int(legal[0]))
    assert np.array_equal(first["observation"], np.full_like(kept, 0.5))  # not written over


@pytest.mark.parametrize("duplicate", [copy.deepcopy, lambda env: pickle.loads(pickle.dumps(env))],
                         ids=["deepcopy", "pickle"])
@pytest.mark.parametrize("make", [gin_rummy_v0.raw_env, gin_rummy_v0.env], ids=["raw", "wrapped"])
def test_a_copied_env_plays_on_as_the_original_with_observations_of_its_own(
        duplicate: Any, make: Any) -> None:
    env = make(rules="classic", players=3, match="game")
    env.reset(seed=8)
    rng = random.Random(8)
    for _ in range(40):
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    other = duplicate(env)
    for _ in range(200):
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        assert np.array_equal(other.observe(other.agent_selection)["action_mask"],
                              env.observe(env.agent_selection)["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        env.step(action)
        other.step(action)
        for agent in env.agents:
            assert np.array_equal(env.observe(agent)["observation"],
                                  other.observe(agent)["observation"])
