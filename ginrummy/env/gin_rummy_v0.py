"""``from ginrummy.env import gin_rummy_v0``: the PettingZoo AEC Gin Rummy environment.

>>> from ginrummy.env import gin_rummy_v0
>>> env = gin_rummy_v0.env(match="hand", reward="points")
>>> env.reset(seed=1)
>>> env.agent_selection in env.possible_agents
True

:func:`raw_env` is :class:`~ginrummy.env.aec.RawEnv` itself (an illegal action raises);
:func:`env` wraps it as PettingZoo's classic environments are wrapped, in one layer
(:class:`~ginrummy.env.aec_wrapper.GinRummyWrapper`): an illegal action ends the game
with -1 to the player who made it, an out-of-range action is an assertion error, and the
usual call order is enforced.
"""

from __future__ import annotations

from typing import Any

from ginrummy.env.aec import RawEnv
from ginrummy.env.aec_wrapper import GinRummyWrapper


def raw_env(**kwargs: Any) -> RawEnv:
    """:class:`~ginrummy.env.aec.RawEnv` with the keyword arguments of :func:`env`."""
    return RawEnv(**kwargs)


def env(**kwargs: Any) -> Any:
    """``env(rules="standard", match="hand"|"game", reward="points"|"win"|"rlcard"|callable,
    players=2, render_mode=None|"ansi"|"human")``, wrapped (see the module docstring)."""
    return GinRummyWrapper(raw_env(**kwargs), illegal_reward=-1)
