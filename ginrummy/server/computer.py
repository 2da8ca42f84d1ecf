"""The computer player of a table: the registry's agent for a level.

``level1``..``level5`` come from :mod:`ginrummy.agents.registry`; until a
level is registered, the same stand-in as ``gin play`` plays it (the closest
registered agent, e.g. ``greedy`` for level 3), so a level means the same
opponent in the terminal and in the browser.
"""

from __future__ import annotations

import importlib
import logging

from ginrummy.agents.base import Agent
from ginrummy.agents.random_agent import RandomAgent

LEVELS = (1, 2, 3, 4, 5)
log = logging.getLogger(__name__)


def computer_name(level: int) -> str:
    """The registered agent that plays ``level`` now."""
    try:  # imported by name: the server's type check stays apart from the terminal game's
        play = importlib.import_module("ginrummy.cli_play")
        chosen = play.level_agent_name(level) or play.stand_in(level)
        if isinstance(chosen, str):
            return chosen
    except (ImportError, AttributeError, KeyError):
        pass
    try:
        from ginrummy.agents.registry import agent_names

        name = f"level{level}"
        return name if name in agent_names() else "random"
    except Exception:  # a broken plugin must not stop the server
        log.exception("agent registry unavailable; the computer plays at random")
        return "random"


def computer_agent(level: int, seed: int) -> tuple[Agent, str]:
    """A fresh agent for ``level`` whose randomness comes from ``seed``, and its name."""
    name = computer_name(level)
    if name == "random":
        return RandomAgent(seed), name
    try:
        from ginrummy.agents.registry import make_agent

        return make_agent(name, seed), name
    except Exception:
        log.exception("could not make agent %s; the computer plays at random", name)
        return RandomAgent(seed), "random"
