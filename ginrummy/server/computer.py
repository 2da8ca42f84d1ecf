"""The computer player of a table: the registry's agent for a level (``level1``..``level5``,
the same opponents as ``gin play --level``)."""

from __future__ import annotations

import logging

from ginrummy.agents.base import Agent
from ginrummy.agents.random_agent import RandomAgent

LEVELS = (1, 2, 3, 4, 5)
log = logging.getLogger(__name__)


def computer_name(level: int) -> str:
    """The registered agent that plays ``level``."""
    return f"level{level}"


def computer_agent(level: int, seed: int) -> tuple[Agent, str]:
    """A fresh agent for ``level`` whose randomness comes from ``seed``, and its name."""
    name = computer_name(level)
    try:
        from ginrummy.agents.registry import make_agent

        return make_agent(name, seed), name
    except Exception:  # a broken plugin must not stop the server
        log.exception("could not make agent %s; the computer plays at random", name)
        return RandomAgent(seed), "random"
