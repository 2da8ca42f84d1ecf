"""A PettingZoo AEC env with no game in it: the cost of the API itself.

Two agents take turns for a fixed number of steps; ``observe`` hands back a ready-made
observation of the size of ginrummy's (the vector and a 490-entry action mask with a few
legal actions), ``step`` only moves the turn on and pays both agents at the end, as
``pettingzoo.AECEnv`` expects (``_accumulate_rewards``). Driven by the same loop as the
real env in :mod:`bench.bench_envs`, it shows how fast any Python AEC env can be here, and
so how many microseconds of a step are left for the rules and the observation.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ginrummy.core.actions import NUM_ACTIONS
from ginrummy.env.encoding import observation_size

STEPS_PER_EPISODE = 100
LEGAL = (0, 1, 60, 61, 62, 63, 64, 65, 66, 67, 68)
"""A draw-or-discard decision's worth of legal actions (their numbers do not matter)."""


class NoGameEnv(AECEnv):  # type: ignore[misc]
    metadata = {"name": "no_game_v0", "render_modes": []}

    def __init__(self) -> None:
        super().__init__()
        self.possible_agents = ["player_0", "player_1"]
        size = observation_size(2)
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[list(LEGAL)] = 1
        self._observations = {agent: {"observation": np.zeros(size, dtype=np.float32),
                                      "action_mask": mask} for agent in self.possible_agents}
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.MultiBinary(NUM_ACTIONS)}) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS)
                              for agent in self.possible_agents}
        self._steps = 0

    def observe(self, agent: str) -> dict[str, Any]:
        return self._observations[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._steps = 0

    def step(self, action: int | None) -> None:
        self._steps += 1
        if self._steps >= STEPS_PER_EPISODE:
            for agent in self.agents:
                self.terminations[agent] = True
                self.rewards[agent] = 1.0
            self._accumulate_rewards()
        self.agent_selection = self.agents[self._steps % 2]
