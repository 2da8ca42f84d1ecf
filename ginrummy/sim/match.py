"""Matches between two agents: many games (or hands), in one process or several.

>>> result = run_match(["simple", "greedy"], games=2, seed=1)
>>> result.games_played, len(result.wins), result.hands == sum(len(g.hands) for g in result.games)
(2, 2, True)
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ginrummy.agents.registry import get_factory
from ginrummy.core.rules import Rules
from ginrummy.sim.play import (
    HANDS_PER_BLOCK,
    AgentSpec,
    GameOutcome,
    HandOutcome,
    play_game,
    play_hand_block,
)
from ginrummy.sim.stats import wilson_interval
from ginrummy.sim.timing import DecisionTimes

Progress = Callable[[int], None]
"""Told how many more games (or hands) are done, as they finish."""

OUTCOMES = ("knock", "gin", "big_gin", "undercut", "tie", "void")


class MatchError(ValueError):
    """A match that cannot be played as asked (bad counts, unknown agents...)."""


@dataclass(frozen=True, slots=True)
class _Task:
    rules: Rules
    specs: tuple[AgentSpec, AgentSpec]
    seed: int
    duplicate: bool
    mode: str
    units: tuple[tuple[int, int], ...]
    """Games: (game index, 1); hands: (block index, hands in the block)."""


@dataclass
class _TaskResult:
    games: list[GameOutcome]
    hands: list[tuple[int, list[HandOutcome]]]
    times: tuple[DecisionTimes, DecisionTimes]


def _run_task(task: _Task) -> _TaskResult:
    """Play a task's games or hand blocks (a top-level function: worker processes import it)."""
    times = (DecisionTimes(), DecisionTimes())
    games: list[GameOutcome] = []
    hands: list[tuple[int, list[HandOutcome]]] = []
    for index, count in task.units:
        if task.mode == "games":
            games.append(play_game(task.rules, task.specs, task.seed, index, task.duplicate, times))
        else:
            hands.append((index, play_hand_block(
                task.rules, task.specs, task.seed, index, count, task.duplicate, times)))
    return _TaskResult(games, hands, times)


@dataclass
class MatchResult:
    """Everything a match produced, and its statistics by agent (index 0: first agent named)."""

    agents: tuple[str, str]
    rules: Rules
    seed: int
    duplicate: bool
    jobs: int
    mode: str
    """``games``: whole games to the target; ``hands``: single hands (see ginrummy.sim.play)."""
    games: tuple[GameOutcome, ...]
    hand_outcomes: tuple[HandOutcome, ...]
    """Every hand in order: the games' hands one game after another, or the single hands."""
    times: tuple[DecisionTimes, DecisionTimes] = field(
        default_factory=lambda: (DecisionTimes(), DecisionTimes())
    )
    seconds: float = 0.0

    # ------------------------------------------------------------ counts

    @property
    def games_played(self) -> int:
        return len(self.games)

    @property
    def hands(self) -> int:
        """Hands dealt, void ones included."""
        return len(self.hand_outcomes)

    @property
    def wins(self) -> tuple[int, int]:
        """Games won by each agent; in hand mode, hands won."""
        if self.mode == "games":
            won = [g.winner for g in self.games]
        else:
            won = [h.winner for h in self.hand_outcomes]
        return (won.count(0), won.count(1))

    @property
    def trials(self) -> int:
        """What ``wins`` counts out of: games, or hands in hand mode."""
        return self.games_played if self.mode == "games" else self.hands

    @property
    def undecided(self) -> int:
        """Games without a winner (a tie at a limit, R31); in hand mode, void and tied hands."""
        return self.trials - sum(self.wins)

    @property
    def win_share(self) -> tuple[float, float]:
        """Each agent's share of the trials, an undecided one counting half."""
        n = self.trials
        if not n:
            return (0.0, 0.0)
        w0, w1 = self.wins
        half = self.undecided / 2
        return ((w0 + half) / n, (w1 + half) / n)

    @property
    def ci95(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """Wilson 95% interval of each agent's win share (games, or hands in hand mode).

        Duplicate games are counted as independent trials, which they are not quite."""
        w0, _ = self.wins
        low, high = wilson_interval(w0 + self.undecided / 2, self.trials)
        return ((low, high), (1 - high, 1 - low))

    def _hand_count(self, test: Callable[[HandOutcome, int], bool]) -> tuple[int, int]:
        return (
            sum(1 for h in self.hand_outcomes if test(h, 0)),
            sum(1 for h in self.hand_outcomes if test(h, 1)),
        )

    def _per_hand(self, counts: tuple[int, int] | tuple[float, float]) -> tuple[float, float]:
        n = self.hands
        return (counts[0] / n, counts[1] / n) if n else (0.0, 0.0)

    @property
    def points(self) -> tuple[int, int]:
        """Hand points scored by each agent (R23-R26, R32; boxes and game bonuses excluded)."""
        return (
            sum(h.points for h in self.hand_outcomes if h.winner == 0),
            sum(h.points for h in self.hand_outcomes if h.winner == 1),
        )

    @property
    def points_per_hand(self) -> tuple[float, float]:
        """Hand points scored per hand dealt (void hands included)."""
        return self._per_hand(self.points)

    @property
    def net_points_per_hand(self) -> tuple[float, float]:
        p0, p1 = self.points_per_hand
        return (p0 - p1, p1 - p0)

    def rate(self, outcome: str) -> tuple[float, float]:
        """Per hand dealt: ``knock`` (hands it knocked in, gin and big gin included),
        ``gin``/``big_gin``/``undercut`` (hands it won so), ``hand_won``."""
        if outcome == "knock":
            return self._per_hand(self._hand_count(lambda h, a: h.knocker == a))
        if outcome == "hand_won":
            return self._per_hand(self._hand_count(lambda h, a: h.winner == a))
        if outcome in ("gin", "big_gin", "undercut"):
            return self._per_hand(
                self._hand_count(lambda h, a: h.winner == a and h.outcome == outcome)
            )
        raise ValueError(f"unknown rate {outcome!r}")

    @property
    def void_rate(self) -> float:
        n = self.hands
        return sum(1 for h in self.hand_outcomes if h.outcome == "void") / n if n else 0.0

    @property
    def margin_per_game(self) -> tuple[float, float]:
        """Mean settlement margin (R30) per game, final totals with boxes and bonuses."""
        n = self.games_played
        if not n:
            return (0.0, 0.0)
        m = sum(g.final[0] - g.final[1] for g in self.games) / n
        return (m, -m)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def same_outcomes(self, other: MatchResult) -> bool:
        """Whether two matches played the same games and hands (timings aside)."""
        return (self.games, self.hand_outcomes) == (other.games, other.hand_outcomes)

    def to_json(self) -> dict[str, Any]:
        """The statistics as one JSON-ready object (``gin sim --json`` prints it)."""
        def pair(values: Sequence[float]) -> list[float]:
            return [round(v, 6) for v in values]

        return {
            "agents": list(self.agents),
            "rules": self.rules.name,
            "seed": self.seed,
            "mode": self.mode,
            "duplicate": self.duplicate,
            "jobs": self.jobs,
            "games": self.games_played,
            "hands": self.hands,
            "wins": list(self.wins),
            "undecided": self.undecided,
            "win_share": pair(self.win_share),
            "ci95": [pair(ci) for ci in self.ci95],
            "points": list(self.points),
            "points_per_hand": pair(self.points_per_hand),
            "net_points_per_hand": pair(self.net_points_per_hand),
            "margin_per_game": pair(self.margin_per_game),
            "knock_rate": pair(self.rate("knock")),
            "gin_rate": pair(self.rate("gin")),
            "big_gin_rate": pair(self.rate("big_gin")),
            "undercut_rate": pair(self.rate("undercut")),
            "hand_win_rate": pair(self.rate("hand_won")),
            "void_rate": round(self.void_rate, 6),
            "decisions": [t.count for t in self.times],
            "decision_ms_mean": [round(t.mean * 1000, 4) for t in self.times],
            "decision_ms_p99": [round(t.percentile(99) * 1000, 4) for t in self.times],
            "decision_ms_max": [round(t.longest * 1000, 4) for t in self.times],
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
        }


def _spec(agent: str | AgentSpec) -> AgentSpec:
    try:
        spec = agent if isinstance(agent, AgentSpec) else AgentSpec.parse(agent)
    except ValueError as error:
        raise MatchError(str(error)) from None
    try:
        get_factory(spec.name)
        if spec.params:
            spec.make(0)  # parameters the factory refuses fail here, not in a worker
    except (TypeError, ValueError) as error:
        raise MatchError(f"agent {str(spec)!r}: {error}") from None
    return spec


def _check_count(name: str, value: int | None) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MatchError(f"{name} must be a whole number of at least 1, got {value!r}")


def run_match(
    agents: Sequence[str | AgentSpec],
    *,
    games: int | None = None,
    hands: int | None = None,
    rules: Rules | str = "standard",
    seed: int = 0,
    jobs: int = 1,
    duplicate: bool = False,
    progress: Progress | None = None,
    chunk: int | None = None,
) -> MatchResult:
    """Play ``games`` whole games (default 100), or ``hands`` single hands, between two agents.

    ``agents`` are registry names (:mod:`ginrummy.agents.registry`), with
    factory parameters as ``"name:key=value,..."`` if need be, or
    :class:`AgentSpec`. ``jobs`` > 1 spreads the work over that many processes;
    the outcomes are the same for every ``jobs`` (and every ``chunk``, the
    games or hand blocks sent to a process at a time). The processes are
    *spawned*, as on every platform: a script that asks for ``jobs`` > 1 must
    call this under ``if __name__ == "__main__":``, and its agents must be
    registered when their module is imported (a lazy ``"module:attribute"``
    entry or a plugin module of the registry), not only at run time.
    Duplicate mode needs an even number of games or hands. ``progress`` is
    told how many more games (or hands) are done as they finish.
    """
    if len(agents) != 2:
        raise MatchError(f"a match needs exactly two agents, got {len(agents)}")
    specs = (_spec(agents[0]), _spec(agents[1]))
    if games is not None and hands is not None:
        raise MatchError("give a number of games or a number of hands, not both")
    _check_count("games", games)
    _check_count("hands", hands)
    _check_count("jobs", jobs)
    _check_count("chunk", chunk)
    if isinstance(rules, str):
        try:
            rules = Rules.preset(rules)
        except ValueError as error:
            raise MatchError(str(error)) from None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise MatchError(f"seed must be a whole number, got {seed!r}")
    mode = "hands" if hands is not None else "games"
    total = hands if hands is not None else (games if games is not None else 100)
    if duplicate and total % 2:
        raise MatchError(f"duplicate mode plays deals in pairs: {mode} must be even, got {total}")
    units: list[tuple[int, int]]
    if mode == "games":
        units = [(g, 1) for g in range(total)]
    else:
        units = [
            (b, min(HANDS_PER_BLOCK, total - b * HANDS_PER_BLOCK))
            for b in range(-(-total // HANDS_PER_BLOCK))
        ]
    size = chunk or max(1, min(25 if mode == "games" else 4, len(units) // (jobs * 8) or 1))
    tasks = [
        _Task(rules, specs, seed, duplicate, mode, tuple(units[i:i + size]))
        for i in range(0, len(units), size)
    ]
    start = time.perf_counter()
    results = _execute(tasks, jobs, progress)
    seconds = time.perf_counter() - start
    times = (DecisionTimes(), DecisionTimes())
    game_list: list[GameOutcome] = []
    blocks: list[tuple[int, list[HandOutcome]]] = []
    for result in results:
        game_list.extend(result.games)
        blocks.extend(result.hands)
        times[0].merge(result.times[0])
        times[1].merge(result.times[1])
    game_list.sort(key=lambda g: g.index)
    blocks.sort(key=lambda b: b[0])
    if mode == "games":
        hand_outcomes = tuple(h for g in game_list for h in g.hands)
    else:
        hand_outcomes = tuple(h for _, block in blocks for h in block)
    return MatchResult(
        agents=(str(specs[0]), str(specs[1])),
        rules=rules,
        seed=seed,
        duplicate=duplicate,
        jobs=jobs,
        mode=mode,
        games=tuple(game_list),
        hand_outcomes=hand_outcomes,
        times=times,
        seconds=seconds,
    )


def _units_done(task: _Task) -> int:
    return sum(count for _, count in task.units)


def _execute(tasks: list[_Task], jobs: int, progress: Progress | None) -> list[_TaskResult]:
    if jobs == 1 or len(tasks) <= 1:
        out = []
        for task in tasks:
            out.append(_run_task(task))
            if progress is not None:
                progress(_units_done(task))
        return out
    context = multiprocessing.get_context("spawn")
    workers = min(jobs, len(tasks))
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        futures = {pool.submit(_run_task, task): task for task in tasks}
        done: list[_TaskResult] = []
        try:
            for future in concurrent.futures.as_completed(futures):
                done.append(future.result())
                if progress is not None:
                    progress(_units_done(futures[future]))
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return done
