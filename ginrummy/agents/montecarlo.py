"""The Monte Carlo player: sample the hidden cards, play each choice out, keep the best.

For a draw, a discard, a knock or the wall (R22), the search of
:mod:`ginrummy.agents.search` deals out the cards the seat cannot see many
times, plays every candidate action out to the end of the hand in each such
world, and averages the points the seat wins or loses. The
candidates are the legal draws, the expert's best few discards, and the
knocks leaving the least deadwood; gin and big gin are played at once.

The agent keeps the expert's move unless a candidate beats it over the
same worlds by ``confidence`` standard errors of the paired difference (and
``min_gain`` points): search noise alone does not change a good move.
Candidates that cannot catch the expert's move are dropped as the search
goes (racing), and the search ends when none is left. Otherwise it stops
after ``budget`` seconds (at least ``min_samples`` worlds), or, with
``samples`` set, after at most that many worlds: then the same seed and view
always give the same move. Layouts follow the expert.

The expert is the first one (``expert_v1``, as the registered ``montecarlo``
plays) or, with ``base="expert"`` (level 5), the expert of
:mod:`ginrummy.agents.expert` (its few-world knock search included): then
its move is the one kept, its discard scores (with the gin bonus) choose the
discards searched, and it follows every view of the seat, forced moves
included, to read the opponent's style.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ginrummy.agents.base import only_action
from ginrummy.agents.compiled import start_loading
from ginrummy.agents.expert import StyleExpertAgent
from ginrummy.agents.expert_v1 import Context, ExpertParams, FirstExpertAgent
from ginrummy.agents.search import (
    ActionValue,
    SearchParams,
    action_values,
    candidates,
    check_counts,
)
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DRAW_DISCARD, Action
from ginrummy.core.hand import Phase
from ginrummy.core.melds import min_deadwood
from ginrummy.core.views import PlayerView

BASES: dict[str, Callable[[int, ExpertParams | None], FirstExpertAgent]] = {
    "expert_v1": FirstExpertAgent,
    "expert": StyleExpertAgent,
}
"""The experts a search can build on, by their registered names."""


class MonteCarloAgent:
    """The Monte Carlo player (see the module docstring), built on the expert registered as
    ``base`` (``expert`` params, if given, are that expert's weights)."""

    name = "montecarlo"

    def __init__(self, seed: int | None = None, budget: float = 1.0, samples: int | None = None,
                 search: SearchParams | None = None, expert: ExpertParams | None = None,
                 base: str = "expert_v1", **changes: Any) -> None:
        self.seed = seed if seed is not None else random.randrange(1 << 30)
        plan = search if search is not None else SearchParams()
        unknown = sorted(set(changes) - set(SearchParams.__dataclass_fields__))
        if unknown:
            raise TypeError(f"unknown montecarlo parameters: {unknown}")
        if base not in BASES:
            raise ValueError(f"montecarlo builds on one of {sorted(BASES)}, not {base!r}")
        self.search = replace(plan, budget=budget, samples=samples, **changes)
        check_counts(self.search)
        self.expert = BASES[base](self.seed, expert)
        start_loading()  # the compiled play-outs, in the background: same answers meanwhile

    def choose(self, view: PlayerView) -> Action:
        self.expert.observe(view)
        only = only_action(view)
        if only is not None:
            return only
        if view.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
            return self.expert.choose(view)
        obvious = obvious_move(view)
        if obvious is not None:
            return obvious
        start = time.perf_counter()
        baseline = self.expert.choose(view)
        expert = self.expert.params  # as the expert has just set them for this view
        search = self.search
        tried = candidates(view, Context(view, expert), self.expert, search)
        if search.samples is None:  # the expert's own time comes out of the budget
            spent = time.perf_counter() - start + 0.005
            search = replace(search, budget=max(search.budget - spent, 0.0))
        values = action_values(view, self.seed, search, expert, actions=tried, baseline=baseline)
        if not values:
            return baseline
        best = values[0]
        if best.action != baseline and best.advantage > self.search.confidence \
                * best.advantage_stderr + self.search.min_gain:
            return best.action
        return baseline


__all__ = [
    "BASES",
    "ActionValue",
    "MonteCarloAgent",
    "SearchParams",
    "action_values",
    "candidates",
]


def obvious_move(view: PlayerView) -> Action | None:
    """The move the search is not asked about: big gin, a knock that goes gin, the pass at
    the wall when the card may not be taken; None when the decision is searched."""
    legal = view.legal
    if view.phase is Phase.DISCARD:
        if BIG_GIN in legal:
            return BIG_GIN
        for action in legal:
            if actions.is_knock(action) \
                    and min_deadwood(view.hand & ~(1 << actions.action_card(action))) == 0:
                return action
    if view.phase is Phase.WALL and DRAW_DISCARD not in legal:
        return legal[0]
    return None
