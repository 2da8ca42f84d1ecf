"""The computer player of a table: the registry's agent for a level (``level1``..``level5``,
the same opponents as ``gin play --level``)."""

from __future__ import annotations

from ginrummy.agents.base import Agent
from ginrummy.agents.registry import make_agent

LEVELS = (1, 2, 3, 4, 5)


def computer_name(level: int) -> str:
    """The registered agent that plays ``level``."""
    return f"level{level}"


def computer_agent(level: int, seed: int) -> tuple[Agent, str]:
    """A fresh agent for ``level`` whose randomness comes from ``seed``, and its name."""
    name = computer_name(level)
    return make_agent(name, seed), name
