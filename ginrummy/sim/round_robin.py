"""A round robin: every pair of agents plays a two-player match, then one table of standings.

Each pairing ``(i, j)``, ``i`` named before ``j``, is the match ``run_match([i, j], ...)``
would play with the same settings and seed: the pairings are dealt the same cards, which
makes them easier to compare, and any pairing can be played again alone. All the pairings'
games go to one backend together, so the workers stay busy from the first game to the last.

>>> t = run_round_robin(["simple", "greedy", "random"], games=4, seed=2)
>>> [(m.agents, m.games_played) for m in t.matches]
[(('simple', 'greedy'), 4), (('simple', 'random'), 4), (('greedy', 'random'), 4)]
>>> [s.trials for s in t.standings()]
[8, 8, 8]
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Unpack

from ginrummy.core.rules import Rules
from ginrummy.sim.backends import Backend
from ginrummy.sim.elo import Rating, rate
from ginrummy.sim.match import (
    Execution,
    MatchError,
    MatchPlan,
    Progress,
    Task,
    TaskResult,
    cut_tasks,
    finish_match,
    open_runner,
    plan_match,
    run_task,
    units_done,
)
from ginrummy.sim.result import MatchResult
from ginrummy.sim.spec import AgentSpec
from ginrummy.sim.stats import wilson_interval


@dataclass(frozen=True, slots=True)
class Standing:
    """One agent over all its pairings."""

    agent: str
    trials: int
    """Games (hands in hand mode) it played."""
    wins: int
    undecided: int
    win_share: float
    """Wins, and half of the undecided, per trial."""
    ci95: tuple[float, float]
    points_per_hand: float
    """Hand points it scored per hand it played."""
    rating: Rating


@dataclass
class RoundRobinResult:
    agents: tuple[str, ...]
    pairings: tuple[tuple[int, int], ...]
    matches: tuple[MatchResult, ...]
    """One per pairing, in the order of ``pairings``."""
    seed: int
    jobs: int
    backend: str
    seconds: float = 0.0

    def pair_results(self) -> list[tuple[int, int, int, int, int]]:
        """``(i, j, i's wins, j's wins, undecided)`` for each pairing."""
        return [(i, j, m.wins[0], m.wins[1], m.undecided)
                for (i, j), m in zip(self.pairings, self.matches, strict=True)]

    def standings(self) -> list[Standing]:
        ratings = rate(self.pair_results(), len(self.agents), self.seed)
        out = []
        for agent, name in enumerate(self.agents):
            trials = wins = undecided = points = hands = 0
            for (i, j), match in zip(self.pairings, self.matches, strict=True):
                if agent not in (i, j):
                    continue
                side = 0 if agent == i else 1
                trials += match.trials
                wins += match.wins[side]
                undecided += match.undecided
                points += match.points[side]
                hands += match.hands
            won = wins + undecided / 2
            out.append(Standing(name, trials, wins, undecided, won / trials if trials else 0.0,
                                wilson_interval(won, trials), points / hands if hands else 0.0,
                                ratings[agent]))
        return out

    def share(self, i: int, j: int) -> float:
        """Agent ``i``'s win share against ``j`` (an undecided game counts half)."""
        for (a, b), match in zip(self.pairings, self.matches, strict=True):
            if (a, b) in ((i, j), (j, i)):
                return match.win_share[0 if a == i else 1]
        raise KeyError((i, j))

    def to_json(self) -> dict[str, Any]:
        first = self.matches[0]
        return {
            "mode": "round_robin", "agents": list(self.agents), "rules": first.rules.name,
            "seed": self.seed, "unit": first.mode, "duplicate": first.duplicate,
            "per_pairing": first.trials, "jobs": self.jobs, "backend": self.backend,
            "seconds": round(self.seconds, 3),
            "standings": [{
                "agent": s.agent, "trials": s.trials, "wins": s.wins, "undecided": s.undecided,
                "win_share": round(s.win_share, 6), "ci95": [round(v, 6) for v in s.ci95],
                "points_per_hand": round(s.points_per_hand, 6),
                "elo": round(s.rating.elo, 1),
                "elo_ci95": [round(s.rating.low, 1), round(s.rating.high, 1)],
            } for s in self.standings()],
            "pairings": [{
                "agents": list(m.agents), "wins": list(m.wins), "undecided": m.undecided,
                "win_share": [round(v, 6) for v in m.win_share],
                "points_per_hand": [round(v, 6) for v in m.points_per_hand],
            } for m in self.matches],
        }


def run_round_robin(
    agents: Sequence[str | AgentSpec],
    *,
    games: int | None = None,
    hands: int | None = None,
    rules: Rules | str | None = None,
    seed: int = 0,
    duplicate: bool = False,
    **execution: Unpack[Execution],
) -> RoundRobinResult:
    """Every pair of ``agents`` (two or more, each once) plays ``games`` games (or
    ``hands`` hands) as :func:`~ginrummy.sim.match.run_match` would, on one backend
    (``execution``: run_match's ``jobs``, ``progress``, ``chunk``, ``backend`` and
    ``address``)."""
    backend = open_runner(execution.get("jobs"), execution.get("chunk"),
                          execution.get("backend", "local"), execution.get("address"))
    if len(agents) < 2:
        raise MatchError(f"a tournament needs at least two agents, got {len(agents)}")
    pairings = tuple(itertools.combinations(range(len(agents)), 2))
    plans = [plan_match([agents[i], agents[j]], games=games, hands=hands, rules=rules,
                        seed=seed, duplicate=duplicate) for i, j in pairings]
    names = tuple(str(AgentSpec.parse(a) if isinstance(a, str) else a) for a in agents)
    if len(set(names)) < len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise MatchError(f"agent {twice!r} is named twice; each agent plays once")
    with backend as runner:
        start = time.perf_counter()
        matches = _play(runner, plans, execution.get("chunk"), execution.get("progress"))
        seconds = time.perf_counter() - start
        return RoundRobinResult(names, pairings, tuple(
            finish_match(plan, results, jobs=runner.workers, backend=runner.name)
            for plan, results in zip(plans, matches, strict=True)),
            seed, runner.workers, runner.name, seconds)


def _play(backend: Backend, plans: list[MatchPlan], chunk: int | None,
          progress: Progress | None) -> list[list[TaskResult]]:
    tasks: list[Task] = []
    owner: list[int] = []
    for number, plan in enumerate(plans):
        mine = cut_tasks(plan, max(1, backend.workers // len(plans)), chunk)
        tasks += mine
        owner += [number] * len(mine)
    results: list[list[TaskResult]] = [[] for _ in plans]
    for index, result in backend.run(run_task, tasks):
        results[owner[index]].append(result)
        if progress is not None:
            progress(units_done(tasks[index]))
    return results
