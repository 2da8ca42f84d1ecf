"""The wrapper :func:`ginrummy.env.gin_rummy_v0.env` puts around the raw AEC env.

It does in one layer what PettingZoo's classic environments get from three,
``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(TerminateIllegalWrapper(env, -1)))``,
with the same errors, warnings and rewards: ``step``, ``observe``, ``render``, ``state`` and
``agent_iter`` before ``reset`` are errors, and so is reading ``agents``, ``rewards``,
``terminations``, ``truncations``, ``infos``, ``agent_selection`` or ``num_agents``; an
action outside the action space is an ``AssertionError``; an illegal action (one the
mask excludes) ends the game for everyone with ``illegal_reward`` to the agent that made
it. Three layers cost a chain of ``__getattr__`` calls for every attribute a loop reads,
which made the wrapped env more than twice as slow as the raw one; here the attributes a
loop reads come straight from the raw env, and once reset ``last`` is the raw env's own.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from ginrummy.core.actions import NUM_ACTIONS
from ginrummy.core.hand import IllegalActionError
from ginrummy.env.aec import RawEnv


def _read_through(name: str, *, after_reset: bool) -> property:
    def read(self: GinRummyWrapper) -> Any:
        if after_reset and not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)

    return property(read, doc=f"The raw env's ``{name}``.")


class GinRummyWrapper(OrderEnforcingWrapper):  # type: ignore[misc]  # no types in pettingzoo
    """Order enforcing, out-of-bounds assertion and illegal-action termination in one."""

    def __init__(self, env: RawEnv, illegal_reward: float = -1.0) -> None:
        super().__init__(env)
        self._raw = env
        self._illegal_value = illegal_reward
        self._terminated = False
        """The game was ended by an illegal action."""

    agents = _read_through("agents", after_reset=True)
    agent_selection = _read_through("agent_selection", after_reset=True)
    rewards = _read_through("rewards", after_reset=True)
    terminations = _read_through("terminations", after_reset=True)
    truncations = _read_through("truncations", after_reset=True)
    infos = _read_through("infos", after_reset=True)
    num_agents = _read_through("num_agents", after_reset=True)
    _cumulative_rewards = _read_through("_cumulative_rewards", after_reset=False)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._terminated = False
        super().reset(seed=seed, options=options)
        self.last = self._raw.last  # type: ignore[method-assign]  # reset: the raw env's own

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self._raw.observe(agent)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Before the first reset, an error; from then on the raw env's ``last``."""
        raise AttributeError("agent_selection cannot be accessed before reset")

    def step(self, action: Any) -> None:
        raw = self._raw
        if type(action) is int and 0 <= action < NUM_ACTIONS and raw._compiled_on \
                and raw.agents and self._has_reset:  # the usual step, written out
            agent = raw.agent_selection
            if not (raw.terminations[agent] or raw.truncations[agent]):
                self._has_updated = True
                try:
                    raw.compiled_step(agent, action)
                except IllegalActionError:  # refused before anything changed
                    self._end_for_illegal_action(agent)
                return
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not raw.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True
        agent = raw.agent_selection
        done = raw.terminations[agent] or raw.truncations[agent]
        assert ((action is None and done) or (type(action) is int and 0 <= action < NUM_ACTIONS)
                or raw.action_space(agent).contains(action)), "action is not in action space"
        if done:
            raw._was_dead_step(action)  # raw.step's own first move for a dead agent
            return
        try:
            raw.step(action)
        except IllegalActionError:  # refused before anything changed: an action the mask excludes
            self._end_for_illegal_action(agent)

    def _end_for_illegal_action(self, agent: str) -> None:
        """What ``TerminateIllegalWrapper`` does: everyone is done, ``illegal_reward`` to
        ``agent`` and 0 to the others."""
        EnvLogger.warn_on_illegal_move()
        raw = self._raw
        raw.hold_infos()
        raw._cumulative_rewards[agent] = 0
        raw.terminations = dict.fromkeys(raw.agents, True)
        raw.truncations = dict.fromkeys(raw.agents, True)
        raw.rewards = dict.fromkeys(raw.truncations, 0)
        raw.rewards[agent] = float(self._illegal_value)
        raw._accumulate_rewards()
        raw._deads_step_first()
        self._terminated = True

    def __str__(self) -> str:
        return str(self._raw)


class _AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> AECOrderEnforcingIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's iterator, reading the raw env's attributes directly."""

    def __next__(self) -> str:
        env = self.env
        raw = env._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return raw.agent_selection  # type: ignore[no-any-return]
