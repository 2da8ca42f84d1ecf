"""Agents by name: ``make_agent("simple", seed=7)``.

>>> agent = make_agent("greedy")
>>> agent.name
'greedy'
>>> "simple" in agent_names()
True

Every factory is called as ``factory(seed=seed, **params)`` and returns an
:class:`~ginrummy.agents.base.Agent` whose randomness comes only from that
seed, so that the same seed plays the same moves.

**Adding agents from another module** (no edit to this file needed): write
in your module, at import time::

    from ginrummy.agents.registry import register
    register("expert", lambda seed=None, **params: ExpertAgent(seed, **params))

and put the module's name in :data:`PLUGIN_MODULES` below if it is not
there yet. The modules listed there are imported (once, quietly skipped if
they do not exist yet) the first time a name is looked up that is not
registered, or when :data:`AGENTS` is read. ``register`` also takes a lazy
``"package.module:attribute"`` string instead of a callable.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ginrummy.agents.base import Agent

AgentFactory = Callable[..., Agent]
"""``factory(seed: int | None = None, **params) -> Agent``."""

PLUGIN_MODULES: tuple[str, ...] = (
    # The expert/montecarlo author registers "expert", "montecarlo" and "level1".."level5"
    # from these modules by calling register(); a missing module is skipped.
    "ginrummy.agents.levels",
    "ginrummy.agents.expert",
    "ginrummy.agents.montecarlo",
)

_FACTORIES: dict[str, AgentFactory | str] = {
    "random": "ginrummy.agents.registry:_random",
    "simple": "ginrummy.agents.simple:SimpleAgent",
    "greedy": "ginrummy.agents.greedy:GreedyAgent",
}
_plugins_loaded = False


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


def _load_plugins() -> None:
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for module in PLUGIN_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as error:
            if error.name != module:  # the module exists but something it imports does not
                raise


def agent_names() -> tuple[str, ...]:
    """Every registered agent name, plugins included, in registration order."""
    _load_plugins()
    return tuple(_FACTORIES)


def __getattr__(attribute: str) -> Any:
    if attribute == "AGENTS":  # computed on each read, so plugins are included
        return agent_names()
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")


def get_factory(name: str) -> AgentFactory:
    """The factory registered as ``name``; :class:`UnknownAgentError` names the known ones."""
    factory = _FACTORIES.get(name)
    if factory is None:
        _load_plugins()
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


def _random(seed: int | None = None, **params: Any) -> Agent:
    from ginrummy.agents.random_agent import RandomAgent

    return RandomAgent(seed, **params)
