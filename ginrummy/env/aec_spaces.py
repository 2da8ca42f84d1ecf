"""The raw AEC environment's table and spaces: the rules it is made with, its observation and
action spaces, and the shapes of what it hands out."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from ginrummy.core.actions import NUM_ACTIONS
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.env.encoding import action_mask, observation_high, observation_size

Observation = dict[str, NDArray[Any]]
MATCHES = ("hand", "game")
RENDER_MODES = ("ansi", "human")


def read_only(mask: NDArray[np.int8]) -> NDArray[np.int8]:
    mask.flags.writeable = False
    return mask


NO_MASK = read_only(action_mask(()))
"""The mask of an agent with no legal action (copied for each observation)."""


def table_rules_of(rules: str | Rules | TableRules, players: int) -> TableRules:
    """The table for ``rules`` (a preset name, :class:`Rules` or :class:`TableRules`)."""
    if isinstance(rules, TableRules):
        if rules.players != players:
            raise ValueError(f"the table rules are for {rules.players} players, "
                             f"players={players}")
        return rules
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a preset name, Rules or TableRules, got {rules!r}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, got {players!r}")
    return TableRules(players, rules)


def observation_space(sides: int) -> spaces.Dict:
    """Each agent's: the encoded view of a game of ``sides`` sides and the action mask."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, observation_high(sides), (observation_size(sides),),
                                  np.float32),
        "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
    })


def action_space() -> spaces.Discrete:
    return spaces.Discrete(NUM_ACTIONS)
