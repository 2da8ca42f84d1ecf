"""What the environment tests share: playing an AEC env by action names or at random."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ginrummy.core.actions import parse_action
from ginrummy.env.aec import RawEnv


def act(env: RawEnv, moves: str) -> None:
    """Step the agent selected with each of ``moves`` (action names, ``;`` between them)."""
    for move in moves.split(";"):
        if move.strip():
            env.step(parse_action(move))


def random_steps(env: Any, rng: random.Random, steps: int) -> Any:
    """Step at most ``steps`` random legal actions; yield each agent before it acts."""
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent]:
            return
        yield agent
        mask = env.observe(agent)["action_mask"]
        env.step(int(rng.choice(list(np.flatnonzero(mask)))))
