"""The Gymnasium single-agent environment: one player against registered computer players.

>>> import gymnasium, ginrummy.env
>>> env = gymnasium.make("ginrummy/GinRummy-v0", opponent="simple")
>>> obs, info = env.reset(seed=3)
>>> sorted(obs), int(obs["action_mask"].sum()) == len(info["legal_actions"])
(['action_mask', 'observation'], True)

Every other player is played by ``opponent`` (any name of
:func:`ginrummy.agents.registry.agent_names`), made with a seed drawn from the reset's
seed, so a seeded reset replays exactly. The observation, the action mask and the
rewards are the AEC environment's (:mod:`ginrummy.env.aec`) for the learner; a
step's reward is what the learner earned from its action up to its next decision.

An illegal action (one the mask excludes) ends the episode with ``illegal_reward`` and
``info["illegal_action"]`` naming it, as Gymnasium's checker needs any action of the
space to be accepted; ``illegal_action="raise"`` raises
:class:`~ginrummy.core.hand.IllegalActionError` instead.
"""

from __future__ import annotations

import random
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from ginrummy.agents.base import Agent
from ginrummy.agents.registry import get_factory, make_agent
from ginrummy.core.actions import NUM_ACTIONS, action_name
from ginrummy.core.hand import IllegalActionError
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.env.aec import RENDER_MODES, Observation, RawEnv
from ginrummy.env.rewards import HandReward


class CoreTable(RawEnv):
    """The AEC table with every step played on the core: the opponents choose from views,
    which the compiled step would have to make at each of their moves."""

    compiled_steps = False


class GinRummyEnv(gymnasium.Env[Observation, np.int64]):
    metadata = {"render_modes": list(RENDER_MODES)}
    table_class: type[RawEnv] = CoreTable
    """The AEC table underneath (the vector form uses one that builds no infos)."""

    def __init__(self, opponent: str = "expert", rules: str | Rules | TableRules = "standard",
                 match: str = "hand", reward: str | HandReward = "points", players: int = 2,
                 player: int = 0, opponent_params: dict[str, Any] | None = None,
                 illegal_action: str = "penalize", illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        get_factory(opponent)  # an unknown name fails here, naming the known ones
        if illegal_action not in ("penalize", "raise"):
            raise ValueError(f'illegal_action must be "penalize" or "raise", '
                             f"got {illegal_action!r}")
        self.table = self.table_class(rules=rules, match=match, reward=reward, players=players,
                                      render_mode=None)
        if isinstance(player, bool) or player not in range(len(self.table.possible_agents)):
            raise ValueError(f"player must be 0 to {len(self.table.possible_agents) - 1}, "
                             f"got {player!r}")
        self.opponent = opponent
        self.opponent_params = dict(opponent_params or {})
        self.learner = self.table.possible_agents[player]
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space(self.learner)
        self.action_space = gymnasium.spaces.Discrete(NUM_ACTIONS)
        self.opponents: dict[str, Agent] = {}
        self._finished = True

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        self.begin(seed=seed, options=options)
        return self._observation(), self._info()

    def begin(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> None:
        """What :meth:`reset` does but making the observation: deal, and let the other
        seats play up to the learner's first decision."""
        super().reset(seed=seed)
        table_seed = int(self.np_random.integers(2**62))
        seeds = random.Random(table_seed)
        self.table.reset(seed=table_seed, options=options)
        self.opponents = {
            agent: make_agent(self.opponent, seeds.getrandbits(62), **self.opponent_params)
            for agent in self.table.possible_agents if agent != self.learner
        }
        self._finished = False
        self.play_opponents()

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool,
                                          dict[str, Any]]:
        if self._finished:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset()")
        table = self.table
        view = table.current_view(self.learner)
        legal = view.legal if view is not None else ()
        move = int(action)
        if move not in legal:
            if self.illegal_action == "raise":
                name = action_name(move) if 0 <= move < NUM_ACTIONS else str(move)
                raise IllegalActionError(f"{name} is not legal now; legal: "
                                         + ", ".join(action_name(a) for a in legal))
            self._finished = True
            info = self._info()
            info["illegal_action"] = action_name(move) if 0 <= move < NUM_ACTIONS else move
            return self._observation(), self.illegal_reward, True, False, info
        table.step(move)
        reward = table.rewards[self.learner]
        reward += self.play_opponents()
        terminated = table.terminations[self.learner]
        self._finished = terminated
        return self._observation(), float(reward), terminated, False, self._info()

    def play_opponents(self) -> float:
        """Let the other seats move until the learner must act or the game is over; what
        the learner earned meanwhile."""
        table = self.table
        earned = 0.0
        while not table.terminations[self.learner] and table.agent_selection != self.learner:
            agent = table.agent_selection
            view = table.current_view(agent)
            assert view is not None
            table.step(self.opponents[agent].choose(view))
            earned += table.rewards[self.learner]
        return earned

    def _observation(self) -> Observation:
        return self.table.observe(self.learner)

    def _info(self) -> dict[str, Any]:
        return dict(self.table.infos.get(self.learner, {"legal_actions": []}))

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self.table.describe(self.learner)
        if self.render_mode == "human":
            print(text)
            return None
        return text
