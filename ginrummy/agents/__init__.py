"""Computer players. Each one sees only its seat's :class:`~ginrummy.core.views.PlayerView`."""

from ginrummy.agents.base import Agent, best_layout_action
from ginrummy.agents.random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "best_layout_action"]
