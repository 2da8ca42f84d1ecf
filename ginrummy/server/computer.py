"""The computer player of a table: an agent from the registry, by level."""

from __future__ import annotations

import logging

from ginrummy.agents.base import Agent
from ginrummy.agents.random_agent import RandomAgent

LEVELS = (1, 2, 3, 4, 5)
log = logging.getLogger(__name__)


def computer_agent(level: int, seed: int) -> tuple[Agent, str]:
    """The agent for ``level`` (``level1``..``level5`` of the registry) and its name.

    Falls back to the random player when the registry has no such level yet.
    """
    name = f"level{level}"
    try:
        from ginrummy.agents.registry import UnknownAgentError, make_agent
    except ImportError:
        return RandomAgent(seed), "random"
    try:
        return make_agent(name, seed), name
    except UnknownAgentError:
        return RandomAgent(seed), "random"
    except Exception:  # a broken plugin must not stop the server
        log.exception("could not make agent %s; the computer plays at random", name)
        return RandomAgent(seed), "random"


def computer_name(level: int) -> str:
    """The agent name that :func:`computer_agent` would use now for ``level``."""
    try:
        from ginrummy.agents.registry import agent_names
    except ImportError:
        return "random"
    try:
        name = f"level{level}"
        return name if name in agent_names() else "random"
    except Exception:
        return "random"
