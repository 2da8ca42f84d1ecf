"""Agents by name: ``make_agent("simple", seed=7)``.

>>> agent = make_agent("greedy")
>>> agent.name
'greedy'
>>> "simple" in agent_names()
True

Every factory is called as ``factory(seed=seed, **params)`` and returns an
:class:`~ginrummy.agents.base.Agent` whose randomness comes only from that
seed, so that the same seed plays the same moves.

**Adding an agent**: one line in :data:`_FACTORIES` below for the agents of this
package, or from any module::

    from ginrummy.agents.registry import register
    register("mine", "mypackage.mymodule:MyAgent")

``register`` takes a callable or a lazy ``"package.module:attribute"`` string,
imported the first time the agent is made: a module or attribute that does not
exist is then an error (``ModuleNotFoundError``, ``AttributeError``), never a
silently missing agent.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ginrummy.agents.base import Agent

AgentFactory = Callable[..., Agent]
"""``factory(seed: int | None = None, **params) -> Agent``."""


def _level(level: int) -> AgentFactory:
    def factory(seed: int | None = None, **params: Any) -> Agent:
        from ginrummy.agents.levels import make_level

        return make_level(level, seed, **params)

    return factory


_FACTORIES: dict[str, AgentFactory | str] = {
    "random": "ginrummy.agents.random_agent:RandomAgent",
    "simple": "ginrummy.agents.simple:SimpleAgent",
    "greedy": "ginrummy.agents.greedy:GreedyAgent",
    "expert": "ginrummy.agents.expert:StyleExpertAgent",
    "expert_v1": "ginrummy.agents.expert_v1:FirstExpertAgent",
    "camper": "ginrummy.agents.camper:CamperAgent",
    "montecarlo": "ginrummy.agents.montecarlo:MonteCarloAgent",
    **{f"level{level}": _level(level) for level in range(1, 6)},
}


class UnknownAgentError(ValueError):
    """An agent name that nothing registered."""


def register(name: str, factory: AgentFactory | str, *, replace: bool = False) -> None:
    """Make ``name`` available to :func:`make_agent` (and ``gin sim``).

    ``factory`` is a callable ``(seed=None, **params) -> Agent`` or a lazy
    ``"module:attribute"`` string naming one. Registering a name twice is an
    error unless ``replace`` is true (re-registering the same factory is fine).
    """
    if not isinstance(name, str) or not name or name != name.strip() or " " in name:
        raise ValueError(f"agent name must be one word, got {name!r}")
    if isinstance(factory, str) and ":" not in factory:
        raise ValueError(f"lazy factory {factory!r} must be written 'package.module:attribute'")
    known = _FACTORIES.get(name)
    if known is not None and known is not factory and known != factory and not replace:
        raise ValueError(f"agent {name!r} is already registered")
    _FACTORIES[name] = factory


def agent_names() -> tuple[str, ...]:
    """Every registered agent name, in registration order."""
    return tuple(_FACTORIES)


def __getattr__(attribute: str) -> Any:
    if attribute == "AGENTS":  # computed on each read: register() may add names
        return agent_names()
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")


def get_factory(name: str) -> AgentFactory:
    """The factory registered as ``name``; :class:`UnknownAgentError` names the known ones."""
    factory = _FACTORIES.get(name)
    if factory is None:
        known = ", ".join(agent_names())
        raise UnknownAgentError(f"unknown agent {name!r}; known agents: {known}")
    if isinstance(factory, str):
        module_name, _, attribute = factory.partition(":")
        resolved: AgentFactory = getattr(importlib.import_module(module_name), attribute)
        _FACTORIES[name] = resolved
        return resolved
    return factory


def make_agent(name: str, seed: int | None = None, **params: Any) -> Agent:
    """A new agent ``name`` whose randomness comes from ``seed`` (None: fresh entropy)."""
    return get_factory(name)(seed, **params)
