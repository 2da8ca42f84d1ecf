"""Sampled-worlds search: deal the cards a seat cannot see many times, play each candidate
action out to the end of the hand in every world, and average the points.

:func:`action_values` deals the hidden cards
(:func:`ginrummy.agents.sampling.sample_state`, the opponent's unknown cards
weighted by the expert's estimate and improved as a player would have
improved them), plays every candidate out with the fast play-out policy for
both seats (:mod:`ginrummy.agents.playout`), and averages the points the seat
wins or loses. Every candidate sees the same worlds and the same play-out
luck (common random numbers), so small differences between them show; with a
baseline, candidates that cannot catch it stop being played out (racing).
The Monte Carlo player (:mod:`ginrummy.agents.montecarlo`) searches every
decision with it; the expert (:mod:`ginrummy.agents.expert`) searches
its knock-or-wait with a few worlds.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ginrummy.agents.estimate import estimate_opponent
from ginrummy.agents.expert_v1 import Context, ExpertParams, FirstExpertAgent
from ginrummy.agents.playout import DEFAULT_POLICY, PlayoutPolicy, playouts_after
from ginrummy.agents.sampling import sample_state
from ginrummy.agents.tracking import CardMemory, remember
from ginrummy.core import actions
from ginrummy.core.actions import Action
from ginrummy.core.hand import HandState, Phase
from ginrummy.core.melds import min_deadwood
from ginrummy.core.views import PlayerView

BUDGET_RESERVE = 0.06
"""Share of the time budget left unplanned, for the scheduler of a busy machine."""


@dataclass(frozen=True, slots=True)
class SearchParams:
    """How hard the Monte Carlo player searches."""

    budget: float = 1.0
    """Seconds per decision (ignored when ``samples`` is set)."""
    samples: int | None = None
    """A fixed number of sampled worlds per decision: deterministic for a seed."""
    min_samples: int = 8
    max_samples: int = 2000
    max_discards: int = 4
    """Discards searched: the expert's best ones."""
    max_knocks: int = 2
    """Knocks searched: those leaving the least deadwood."""
    improve_factor: float = 0.7
    """Simulated improving turns per stock draw of the opponent (see the sampler)."""
    unknocked_keep: float = 0.2
    """Chance of keeping a sampled opponent hand that could have knocked but did not."""
    confidence: float = 2.0
    """Leave the expert's choice only for an action better by this many standard errors..."""
    min_gain: float = 0.5
    """...and by at least this many points."""
    race_start: int = 40
    """Worlds before the first racing check: candidates that cannot catch the expert's
    move (even ``race_confidence`` standard errors up) stop being played out."""
    race_every: int = 20
    race_confidence: float = 1.0
    policy: PlayoutPolicy = field(default_factory=lambda: DEFAULT_POLICY)


@dataclass(frozen=True, slots=True)
class ActionValue:
    """The search's estimate for one action: mean points for the seat over ``samples`` worlds."""

    action: Action
    mean: float
    stderr: float
    samples: int
    advantage: float = 0.0
    """Mean of (this action's value - the baseline's) over the same worlds."""
    advantage_stderr: float = 0.0
    """Standard error of ``advantage`` (paired, so much smaller than the values' own)."""


def candidates(view: PlayerView, ctx: Context, expert: FirstExpertAgent, params: SearchParams
               ) -> list[Action]:
    """The actions worth searching in ``view`` (all of them for draws and the wall); the
    discards are those ``expert`` scores best."""
    legal = list(view.legal)
    if view.phase is not Phase.DISCARD:
        return legal
    hand = view.hand
    discards = actions.discard_cards(legal)
    knocks = actions.knock_cards(legal)
    out: list[Action] = []
    if discards:
        scores = expert.score_discards(view, ctx, discards)
        ranked = sorted(discards, key=lambda c: (scores[c], c))
        out.extend(actions.discard(c) for c in ranked[: params.max_discards])
    if knocks:
        ranked = sorted(knocks, key=lambda c: (min_deadwood(hand & ~(1 << c)), -c))
        out.extend(actions.knock(c) for c in ranked[: params.max_knocks])
    return out


def _world(view: PlayerView, rng: random.Random, weights: Sequence[float], improve: int,
           could_knock: bool, keep: float, memory: CardMemory) -> HandState:
    state = sample_state(view, rng, weights, keep_history=False, improve=improve,
                         memory=memory)
    other = view.opponent
    for _ in range(3):
        if not could_knock or min_deadwood(state.hands[other]) > view.knock_limit \
                or rng.random() < keep:
            break
        state = sample_state(view, rng, weights, keep_history=False, improve=improve,
                             memory=memory)
    return state


def action_values(view: PlayerView, seed: int, params: SearchParams,
                  expert: ExpertParams | None = None,
                  actions: Sequence[Action] | None = None,
                  baseline: Action | None = None) -> list[ActionValue]:
    """Search ``actions`` (default: :func:`candidates`) and return their estimated values.

    The values are mean points of the hand for the seat (won positive, lost
    negative), with their standard error; sorted best first. With ``baseline``
    (added to the actions if missing) each value also carries its paired
    advantage over the baseline.
    """
    if actions is not None:
        chosen = list(actions)
    else:
        expert_params = expert if expert is not None else ExpertParams()
        chosen = candidates(view, Context(view, expert_params),
                            FirstExpertAgent(seed, expert_params), params)
    if baseline is not None and baseline not in chosen:
        chosen.append(baseline)
    if not chosen:
        return []
    memory = remember(view)
    estimate = estimate_opponent(view, memory)
    weights = estimate.probability
    improve = round(params.improve_factor * memory.stock_draws[view.opponent])
    could_knock = memory.discarded[view.opponent] != 0 and view.knocker < 0
    rng = random.Random(hash((seed, view.hand, view.pile, view.stock_size, view.phase,
                              view.opponent_known)))
    values: list[list[float]] = [[] for _ in chosen]
    active = list(range(len(chosen)))
    base_index = chosen.index(baseline) if baseline is not None else -1
    worlds = 0
    limit = params.samples if params.samples is not None else params.max_samples
    start = time.perf_counter()
    deadline = start + params.budget * (1.0 - BUDGET_RESERVE)
    while worlds < limit:
        if params.samples is None and worlds >= params.min_samples:
            now = time.perf_counter()
            # Stop when the next world would probably end past the deadline.
            if now + (now - start) / worlds > deadline:
                break
        state = _world(view, rng, weights, improve, could_knock, params.unknocked_keep, memory)
        luck = rng.randrange(1 << 30)
        points = playouts_after(state, [chosen[index] for index in active], view.seat, luck,
                                params.policy)
        for index, value in zip(active, points, strict=True):
            values[index].append(value)
        worlds += 1
        if base_index >= 0 and worlds >= params.race_start \
                and worlds % params.race_every == 0:
            active = [i for i in active if i == base_index or _still_in(
                values[i], values[base_index], params)]
            if len(active) == 1:
                break
    base = values[base_index] if base_index >= 0 else None
    out = []
    for action, row in zip(chosen, values, strict=True):
        mean, stderr = _mean_stderr(row)
        advantage, advantage_stderr = (0.0, 0.0) if base is None else _mean_stderr(
            [a - b for a, b in zip(row, base, strict=False)])
        out.append(ActionValue(action, mean, stderr, len(row), advantage, advantage_stderr))
    out.sort(key=lambda v: -v.mean)
    return out


def _still_in(row: list[float], base: list[float], params: SearchParams) -> bool:
    """Whether a candidate could still beat the baseline (racing: drop the hopeless)."""
    advantage, stderr = _mean_stderr([a - b for a, b in zip(row, base, strict=False)])
    return advantage + params.race_confidence * stderr >= params.min_gain


def _mean_stderr(values: Sequence[float]) -> tuple[float, float]:
    count = len(values)
    mean = sum(values) / count
    variance = sum((v - mean) ** 2 for v in values) / max(count - 1, 1)
    return mean, math.sqrt(variance / count)


def check_counts(search: SearchParams) -> None:
    """A search evaluates at least one world a candidate."""
    if search.samples is not None and (isinstance(search.samples, bool) or search.samples < 1):
        raise ValueError(f"samples must be a whole number of at least 1, got {search.samples!r}")
    if search.min_samples < 1:
        raise ValueError(f"min_samples must be at least 1, got {search.min_samples!r}")


__all__ = ["ActionValue", "SearchParams", "action_values", "candidates", "check_counts"]
