"""The random player: any legal draw and discard, sensible layouts."""

from __future__ import annotations

import random

from ginrummy.agents.base import best_layout_action
from ginrummy.core.actions import Action
from ginrummy.core.hand import Phase
from ginrummy.core.views import PlayerView


class RandomAgent:
    """Draws, discards and knocks at random among the legal moves.

    When it lays out, it shows its least-deadwood arrangement and lays off
    what it can, so that a knock by it or against it is scored sensibly.
    With ``layouts="random"`` it picks those moves at random too.
    """

    name = "random"

    def __init__(self, rng: random.Random | int | None = None, layouts: str = "best") -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.layouts = layouts

    def choose(self, view: PlayerView) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no move in phase {view.phase.name}")
        if self.layouts == "best" and view.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
            return best_layout_action(view)
        return self.rng.choice(view.legal)
