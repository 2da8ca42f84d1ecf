"""Matches of three-player and team games (R33-R35) between agents, in one process or several.

>>> result = run_table_match(["simple", "greedy", "random"], players=3, games=3, seed=1)
>>> result.games_played, sum(result.wins) + result.undecided
(3, 3)

How agents are seated and seeded is in :mod:`ginrummy.sim.table_play`.
"""

from __future__ import annotations

import concurrent.futures
import math
import multiprocessing
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ginrummy.core.rules import Rules
from ginrummy.core.table_game import TableError, TableRules
from ginrummy.sim.match import MatchError, _spec
from ginrummy.sim.play import AgentSpec
from ginrummy.sim.stats import Z95, wilson_interval
from ginrummy.sim.table_play import TableGameOutcome, TableHandOutcome, play_table_game
from ginrummy.sim.timing import DecisionTimes

Progress = Callable[[int], None]


@dataclass(frozen=True, slots=True)
class _Task:
    table_rules: TableRules
    specs: tuple[AgentSpec, ...]
    seed: int
    games: tuple[int, ...]


def _run_task(task: _Task) -> tuple[list[TableGameOutcome], list[DecisionTimes]]:
    """Play a task's games (top level: worker processes import it)."""
    times = [DecisionTimes() for _ in task.specs]
    games = [play_table_game(task.table_rules, task.specs, task.seed, g, times)
             for g in task.games]
    return games, times


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


@dataclass
class TableMatchResult:
    """A match's games and its statistics by agent (three players) and by side (teams).

    Sides: agent positions 0, 2, 4... are side 0 and 1, 3, 5... side 1, or
    the two agents when one agent plays a whole side.
    """

    agents: tuple[str, ...]
    table_rules: TableRules
    seed: int
    jobs: int
    games: tuple[TableGameOutcome, ...]
    times: tuple[DecisionTimes, ...] = field(default_factory=tuple)
    seconds: float = 0.0

    @property
    def kind(self) -> str:
        return self.table_rules.kind

    @property
    def games_played(self) -> int:
        return len(self.games)

    @property
    def hands(self) -> tuple[TableHandOutcome, ...]:
        return tuple(h for g in self.games for h in g.hands)

    @property
    def competitors(self) -> int:
        """Who wins games: the three agents, or the two sides."""
        return 3 if self.kind == "three" else 2

    @property
    def wins(self) -> tuple[int, ...]:
        won = [g.winner for g in self.games]
        return tuple(won.count(c) for c in range(self.competitors))

    @property
    def undecided(self) -> int:
        """Games without a winner (equal top totals at a limit, R31)."""
        return self.games_played - sum(self.wins)

    @property
    def win_share(self) -> tuple[float, ...]:
        """Games won, an undecided game shared equally."""
        n = self.games_played or 1
        share = self.undecided / self.competitors
        return tuple((w + share) / n for w in self.wins)

    @property
    def ci95(self) -> tuple[tuple[float, float], ...]:
        share = self.undecided / self.competitors
        return tuple(wilson_interval(w + share, self.games_played) for w in self.wins)

    def net_per_game(self) -> tuple[tuple[float, float, float], ...]:
        """Settlement points received minus paid per game: mean and 95% interval."""
        return tuple(mean_interval([g.net[c] for g in self.games])
                     for c in range(self.competitors))

    def agent_hands(self, agent: int) -> list[TableHandOutcome]:
        return [h for h in self.hands if agent in h.agents]

    def agent_stats(self, agent: int) -> dict[str, Any]:
        """One agent's sub-games: how many it played, won, knocked, won by gin or undercut."""
        played = self.agent_hands(agent)
        n = len(played)
        won = sum(1 for h in played if h.winner == agent)
        points = sum(h.points for h in played if h.winner == agent)
        low, high = wilson_interval(won, n)

        def rate(test: Callable[[TableHandOutcome], bool]) -> float:
            return sum(1 for h in played if test(h)) / n if n else 0.0

        return {
            "agent": self.agents[agent], "hands_played": n, "hands_won": won,
            "hand_win_share": won / n if n else 0.0, "hand_win_ci95": [low, high],
            "points_per_hand": points / n if n else 0.0,
            "knock_rate": rate(lambda h: h.knocker == agent),
            "gin_rate": rate(lambda h: h.winner == agent and h.outcome in ("gin", "big_gin")),
            "undercut_rate": rate(lambda h: h.winner == agent and h.outcome == "undercut"),
            "decision_ms_mean": self.times[agent].mean * 1000 if self.times else 0.0,
            "decision_ms_p99": self.times[agent].percentile(99) * 1000 if self.times else 0.0,
        }

    @property
    def void_rate(self) -> float:
        hands = self.hands
        return sum(1 for h in hands if h.outcome == "void") / len(hands) if hands else 0.0

    def to_json(self) -> dict[str, Any]:
        nets = self.net_per_game()
        results = []
        for c in range(self.competitors):
            mean, low, high = nets[c]
            results.append({
                "name": self.side_name(c), "games_won": self.wins[c],
                "win_share": self.win_share[c], "ci95": list(self.ci95[c]),
                "total_per_game": sum(g.totals[c] for g in self.games) / (self.games_played or 1),
                "net_per_game": mean, "net_per_game_ci95": [low, high],
            })
        return {
            "mode": self.kind, "players": self.table_rules.players,
            "agents": list(self.agents), "rules": self.table_rules.rules.name,
            "target": self.table_rules.target, "seed": self.seed, "jobs": self.jobs,
            "games": self.games_played, "hands": len(self.hands),
            "rounds": sum(g.rounds for g in self.games), "undecided": self.undecided,
            "void_rate": self.void_rate, "seconds": self.seconds,
            "per_agent" if self.kind == "three" else "per_team": results,
            "per_player": [self.agent_stats(a) for a in range(len(self.agents))],
        }

    def side_name(self, competitor: int) -> str:
        """An agent (three players) or a side, by the agents in it."""
        if self.kind == "three":
            return self.agents[competitor]
        members = self.agents[competitor::2]
        return " + ".join(members) if len(set(members)) > 1 else members[0]


def run_table_match(
    agents: Sequence[str | AgentSpec],
    *,
    players: int,
    games: int = 100,
    rules: Rules | str = "classic",
    team_target: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    progress: Progress | None = None,
) -> TableMatchResult:
    """Play ``games`` three-player or team games (``players`` 3, or even from 4).

    Three players need three agents; teams one agent per place, or two
    agents (one per side). For three players a preset whose ``dealer_rule``
    is not ``loser`` raises: R33 fixes the rotation. Outcomes do not depend
    on ``jobs`` (processes are spawned: call this under
    ``if __name__ == "__main__":`` when ``jobs`` > 1).
    """
    if isinstance(rules, str):
        try:
            rules = Rules.preset(rules)
        except ValueError as error:
            raise MatchError(str(error)) from None
    try:
        table_rules = TableRules(players, rules, team_target)
    except TableError as error:
        raise MatchError(str(error)) from None
    wanted = (3,) if players == 3 else (players, 2)
    if len(agents) not in wanted:
        needs = ("three agents" if players == 3
                 else f"{players} agents (one a place) or 2 (one a side)")
        raise MatchError(f"{players} players need {needs}, got {len(agents)}")
    specs = tuple(_spec(a) for a in agents)
    for name, value in (("games", games), ("jobs", jobs)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise MatchError(f"{name} must be a whole number of at least 1, got {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise MatchError(f"seed must be a whole number, got {seed!r}")
    size = max(1, min(10, games // (jobs * 8) or 1))
    tasks = [_Task(table_rules, specs, seed, tuple(range(i, min(i + size, games))))
             for i in range(0, games, size)]
    start = time.perf_counter()
    done = _execute(tasks, jobs, progress)
    seconds = time.perf_counter() - start
    times = tuple(DecisionTimes() for _ in specs)
    outcomes: list[TableGameOutcome] = []
    for played, spent in done:
        outcomes.extend(played)
        for mine, theirs in zip(times, spent, strict=True):
            mine.merge(theirs)
    outcomes.sort(key=lambda g: g.index)
    return TableMatchResult(tuple(str(s) for s in specs), table_rules, seed, jobs,
                            tuple(outcomes), times, seconds)


def _execute(tasks: list[_Task], jobs: int, progress: Progress | None
             ) -> list[tuple[list[TableGameOutcome], list[DecisionTimes]]]:
    if jobs == 1 or len(tasks) <= 1:
        out = []
        for task in tasks:
            out.append(_run_task(task))
            if progress is not None:
                progress(len(task.games))
        return out
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(min(jobs, len(tasks)), mp_context=context) as pool:
        futures = {pool.submit(_run_task, task): task for task in tasks}
        results = []
        try:
            for future in concurrent.futures.as_completed(futures):
                results.append(future.result())
                if progress is not None:
                    progress(len(futures[future].games))
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return results
