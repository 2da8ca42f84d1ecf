"""The raw AEC environment's infos: each agent's legal action names and the result of the
hand that ended at the step, made when first read after a step."""

from __future__ import annotations

from typing import Any

from ginrummy.env.action_names import NO_ACTION_NAMES, ActionNames
from ginrummy.env.aec_state import AecState


class AgentInfos(AecState):
    """The infos' part of :class:`ginrummy.env.aec.RawEnv`."""

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info: ``legal_actions``, the names of its legal actions (empty
        but for the agent to act; an :class:`~ginrummy.env.action_names.ActionNames`, which
        reads as their list), and ``hand_result`` after the step that ended its hand.
        Made when first read after a step."""
        if self._infos_due:
            self._infos_due = False
            selected = self.agent_selection
            if self._compiled_on and selected == self._acting and not self._info_results:
                if self._acting_info_of != self._version:  # (last() may have made it)
                    self._acting_info = {
                        "legal_actions": ActionNames(self._kernel_mask.tobytes())}
                    self._acting_info_of = self._version
                first, second = self._seat_agents
                if selected == first:
                    self._infos = {first: self._acting_info,
                                   second: {"legal_actions": NO_ACTION_NAMES}}
                else:
                    self._infos = {first: {"legal_actions": NO_ACTION_NAMES},
                                   second: self._acting_info}
            else:
                self._infos = self._infos_now()
        return self._infos

    @infos.setter
    def infos(self, infos: dict[str, dict[str, Any]]) -> None:
        self._infos, self._infos_due = infos, False

    def hold_infos(self) -> None:
        """Make this step's infos now if :meth:`last` began to hand them out, as it stands
        before a driver changes the selection or the terminations without a step."""
        if self._infos_due and self._acting_info_of == self._version:
            self._infos = self.infos

    def _update_infos(self) -> None:
        """The step is over: its infos are made when read (:attr:`infos`)."""
        self._info_results, self._results = self._results, {}
        self._infos_due = True

    def _infos_now(self) -> dict[str, dict[str, Any]]:
        selected = self.agent_selection
        names = NO_ACTION_NAMES
        if self._compiled_on:
            if selected == self._acting:
                names = ActionNames(self._kernel_mask.tobytes())
        elif not self._over:
            view = self.current_view(selected)
            if view is not None:
                names = ActionNames(view.legal)
        infos: dict[str, dict[str, Any]] = {
            agent: {"legal_actions": names if agent == selected else NO_ACTION_NAMES}
            for agent in self.agents}
        for agent, result in self._info_results.items():
            if agent in infos:
                infos[agent]["hand_result"] = result
        return infos
