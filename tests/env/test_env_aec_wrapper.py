"""gin_rummy_v0.env() wraps the raw env in one layer that must behave as PettingZoo's three
(OrderEnforcing, AssertOutOfBounds, TerminateIllegal): the same errors for bad input and
the same game, step for step."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.utils import wrappers

from ginrummy.core.actions import NUM_ACTIONS, parse_action
from ginrummy.env import gin_rummy_v0


def _pettingzoo_stack(**kwargs: Any) -> Any:
    """What env() was before it was one layer."""
    wrapped: Any = gin_rummy_v0.raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


@pytest.mark.parametrize("name", ["agents", "rewards", "terminations", "truncations", "infos",
                                  "agent_selection", "num_agents"])
def test_reading_the_game_before_reset_is_refused(name: str) -> None:
    with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
        getattr(gin_rummy_v0.env(), name)


def test_stepping_observing_or_iterating_before_reset_is_refused() -> None:
    env = gin_rummy_v0.env()
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before step"):
        env.step(0)
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before observe"):
        env.observe("player_0")
    with pytest.raises(AssertionError, match="before agent_iter"):
        env.agent_iter()


@pytest.mark.parametrize("action", [NUM_ACTIONS, -1, 2.0, "take", None])
def test_an_action_outside_the_action_space_is_an_assertion_error(action: Any) -> None:
    env = gin_rummy_v0.env()
    env.reset(seed=3)
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(action)


def test_an_illegal_action_ends_the_game_for_all_with_minus_one_to_its_player() -> None:
    env = gin_rummy_v0.env()
    env.reset(seed=3)
    offender = env.agent_selection
    env.step(parse_action("stock"))  # the upcard is offered first (R13): not legal now
    assert all(env.terminations.values()) and all(env.truncations.values())
    assert env.rewards == {agent: (-1.0 if agent == offender else 0)
                           for agent in env.possible_agents}
    with pytest.raises(ValueError, match="the only valid action is None"):
        env.step(0)
    for agent in env.agent_iter():
        assert env.last()[2]
        env.step(None)
        del agent
    assert env.agents == []
    env.step(None)  # no agent left: a warning, nothing else


def _play(env: Any, seed: int, steps: int) -> tuple[list[Any], int]:
    """What loops over agent_iter see in ``steps`` steps of games one after the other, with
    now and then an illegal action; and how many illegal actions were made."""
    rng = random.Random(seed)
    seen: list[Any] = []
    illegal = 0
    while len(seen) < steps:
        env.reset(seed=rng.getrandbits(32))
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            seen.append((agent, observation["observation"].tobytes(),
                         observation["action_mask"].tobytes(), reward, terminated, truncated,
                         info, dict(env.rewards), env.num_agents))
            legal = np.flatnonzero(observation["action_mask"])
            if terminated or truncated:
                action = None
            elif rng.random() < 0.01:
                action = rng.choice([a for a in range(NUM_ACTIONS) if a not in legal])
                illegal += 1
            else:
                action = np.int64(legal[rng.randrange(len(legal))])
            env.step(action)
    return seen, illegal


@pytest.mark.parametrize(("rules", "players", "match"), [("standard", 2, "hand"),
                                                         ("classic", 3, "game"),
                                                         ("classic", 4, "game")])
def test_the_one_layer_plays_exactly_as_the_three_pettingzoo_wrappers(
        rules: str, players: int, match: str) -> None:
    ours, illegal = _play(gin_rummy_v0.env(rules=rules, players=players, match=match), 5, 3000)
    theirs, _ = _play(_pettingzoo_stack(rules=rules, players=players, match=match), 5, 3000)
    assert illegal > 3 and len(ours) >= 3000
    assert ours == theirs


def test_the_wrapped_env_names_itself_as_the_raw_env_does() -> None:
    env = gin_rummy_v0.env()
    assert str(env) == str(env.unwrapped) == "gin_rummy_v0"
    assert isinstance(env, wrappers.OrderEnforcingWrapper)  # agent_iter's iterator needs it
