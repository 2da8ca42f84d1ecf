"""What the raw AEC environment's agents see: their views of the hand, the game's
scoreboard, their observations and action masks, and ``last``."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ginrummy.core.views import PlayerView, view_of
from ginrummy.env.action_names import ActionNames
from ginrummy.env.aec_spaces import NO_MASK, Observation, read_only
from ginrummy.env.aec_state import AecState
from ginrummy.env.encoding import Scoreboard, action_mask
from ginrummy.env.observation_cache import ObservationCache


class AgentViews(AecState):
    """The views' and observations' part of :class:`ginrummy.env.aec.RawEnv`."""

    def current_view(self, agent: str) -> PlayerView | None:
        """What ``agent`` sees of its hand: the hand in progress, or once its part is over
        the hand it finished; None when it sits out (R33)."""
        if self._views_of != self._version:
            self._views, self._views_of = {}, self._version
        elif agent in self._views:
            return self._views[agent]
        view = self._view_now(agent)
        self._views[agent] = view
        return view

    def _view_now(self, agent: str) -> PlayerView | None:
        player = self.agent_index[agent]
        at = self._hand_seat(player)
        if at is not None:
            if self._compiled_on:
                self._live[0] = self._compiled_state()
            hand = self._live[at[0]]
            if hand is not None:
                return view_of(hand, at[1])
        if (self._over or self.match == "hand") and player in self._last_hand:
            state, seat = self._last_hand[player]
            return view_of(state, seat)
        return None

    def watched_hand(self, agent: str) -> PlayerView | None:
        """At three players, the hand the dealer sits out (R33); only its public part is
        encoded (:func:`ginrummy.env.encoding.encode`)."""
        if self.table_rules.kind != "three" or self._over:
            return None
        hand = self._live[0]
        return view_of(hand, 0) if hand is not None else None

    def scoreboard(self, agent: str) -> Scoreboard:
        """The game's target and totals as ``agent`` sees them (its own side first)."""
        board = self._boards.get(agent)
        if board is None:
            board = self._boards[agent] = self._scoreboard_now(agent)
        return board

    def _scoreboard_now(self, agent: str) -> Scoreboard:
        if self.match == "hand":
            return Scoreboard(0, (0,) * self._seating.sides)
        side = self._seating.side_of(self.agent_index[agent])
        points = self._points()
        totals = tuple(points[(side + k) % len(points)] for k in range(len(points)))
        return Scoreboard(self.table_rules.target, totals)

    def _points(self) -> tuple[int, ...]:
        """The game's totals (R27), side by side."""
        if self._score is not None:
            return tuple(self._score.points)
        assert self._game is not None
        return self._game.points

    def observe(self, agent: str) -> Observation:
        """The agent's observation (:func:`ginrummy.env.encoding.encode`, written from what
        changed since its last one) and its action mask; fresh arrays at every call."""
        if self._compiled_on:
            vector = self._agent_vectors[agent].copy()
            if agent == self.agent_selection and agent == self._acting:
                return {"observation": vector, "action_mask": self._kernel_mask.copy()}
            return {"observation": vector, "action_mask": NO_MASK.copy()}
        if self._compiled_final:
            return {"observation": self._agent_vectors[agent].copy(),
                    "action_mask": NO_MASK.copy()}
        view = self.current_view(agent)
        board = self.scoreboard(agent)
        cache = self._observations.get(agent)
        if cache is None:
            cache = self._observations[agent] = ObservationCache(self._seating_sides())
        if view is None:
            vector = cache.observe(None, board, self.watched_hand(agent))
            return {"observation": vector, "action_mask": NO_MASK.copy()}
        vector = cache.observe(view, board)
        if self._over or agent != self.agent_selection:
            return {"observation": vector, "action_mask": NO_MASK.copy()}
        return {"observation": vector, "action_mask": self.acting_mask().copy()}

    def last(self, observe: bool = True
             ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """``AECEnv.last``: the selected agent's observation (if ``observe``), cumulative
        reward, termination, truncation and info."""
        agent = self.agent_selection
        if not (self._compiled_on and agent == self._acting):
            return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                    self.terminations[agent], self.truncations[agent], self.infos[agent])
        # the usual step of a compiled hand, written out; the infos of the others when read
        if not self._infos_due:
            info = self._infos[agent]
        elif self._info_results:
            info = self.infos[agent]
        elif self._acting_info_of == self._version:
            info = self._acting_info
        else:
            info = self._acting_info = {"legal_actions": ActionNames(self._kernel_mask.tobytes())}
            self._acting_info_of = self._version
        return ({"observation": self._agent_vectors[agent].copy(),
                 "action_mask": self._kernel_mask.copy()} if observe else None,
                self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], info)

    def acting_mask(self) -> NDArray[np.int8]:
        """The action mask of the agent selected (all 0 once the game is over), made once
        for its legal actions and not copied: read-only."""
        if self._compiled_on:
            return self._kernel_mask if self.agent_selection == self._acting else NO_MASK
        view = None if self._over else self.current_view(self.agent_selection)
        if view is None:
            return NO_MASK
        legal = view.legal
        if legal is not self._mask_for:
            self._mask, self._mask_for = read_only(action_mask(legal)), legal
        return self._mask
