"""Matches between agents at any seating: many games (or two-player hands), in one process
or several.

>>> result = run_match(["simple", "greedy"], games=2, seed=1)
>>> result.games_played, len(result.wins), result.hands == sum(len(g.hands) for g in result.games)
(2, 2, True)
>>> three = run_match(["simple", "greedy", "random"], players=3, games=3, seed=1)
>>> three.games_played, sum(three.wins) + three.undecided
(3, 3)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypedDict, Unpack

from ginrummy.agents.registry import get_factory
from ginrummy.core.errors import TableError
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.sim.backends import Backend, open_backend
from ginrummy.sim.play import (
    HANDS_PER_BLOCK,
    GameOutcome,
    HandOutcome,
    play_game,
    play_hand_block,
    rotation,
)
from ginrummy.sim.result import MatchResult
from ginrummy.sim.spec import AgentSpec
from ginrummy.sim.timing import DecisionTimes

Progress = Callable[[int], None]
"""Told how many more games (or hands) are done, as they finish."""


class MatchOptions(TypedDict, total=False):
    """What a match plays: the keywords of :func:`plan_match`, which gives their defaults."""

    players: int
    games: int | None
    hands: int | None
    rules: Rules | str | None
    team_target: int | None
    seed: int
    duplicate: bool


class Execution(TypedDict, total=False):
    """Where and how a match's games run: the keywords of :func:`run_match` after the
    match's own."""

    jobs: int | None
    progress: Progress | None
    chunk: int | None
    backend: str | Backend
    address: str | None


class MatchError(ValueError):
    """A match that cannot be played as asked (bad counts, unknown agents...)."""


@dataclass(frozen=True, slots=True)
class Task:
    table_rules: TableRules
    specs: tuple[AgentSpec, ...]
    seed: int
    duplicate: bool
    mode: str
    units: tuple[tuple[int, int], ...]
    """Games: (game index, 1); hands: (block index, hands in the block)."""


@dataclass
class TaskResult:
    games: list[GameOutcome]
    hands: list[tuple[int, list[HandOutcome]]]
    times: tuple[DecisionTimes, ...]


def run_task(task: Task) -> TaskResult:
    """Play a task's games or hand blocks (a top-level function: worker processes import it)."""
    times = tuple(DecisionTimes() for _ in task.specs)
    games: list[GameOutcome] = []
    hands: list[tuple[int, list[HandOutcome]]] = []
    for index, count in task.units:
        if task.mode == "games":
            games.append(play_game(task.table_rules, task.specs, task.seed, index,
                                   task.duplicate, times))
        else:
            hands.append((index, play_hand_block(task.table_rules, task.specs, task.seed, index,
                                                 count, task.duplicate, times)))
    return TaskResult(games, hands, times)


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


def check_count(name: str, value: int | None) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MatchError(f"{name} must be a whole number of at least 1, got {value!r}")


def _table_rules(players: int, rules: Rules | str | None, team_target: int | None) -> TableRules:
    if rules is None:
        rules = "standard" if players == 2 else "classic"
    try:
        return TableRules(players, Rules.preset(rules) if isinstance(rules, str) else rules,
                          team_target)
    except (TableError, ValueError) as error:
        raise MatchError(str(error)) from None


def _check_agents(table_rules: TableRules, agents: int) -> None:
    players = table_rules.players
    if table_rules.kind == "teams":
        if agents not in (players, 2):
            raise MatchError(f"{players} players need {players} agents (one a place) or 2 "
                             f"(one a side), got {agents}")
    elif agents != players:
        needs = "exactly two agents" if players == 2 else "three agents"
        raise MatchError(f"{players} players need {needs}, got {agents}")


@dataclass(frozen=True, slots=True)
class MatchPlan:
    """A match checked, not yet played."""

    specs: tuple[AgentSpec, ...]
    table_rules: TableRules
    seed: int
    duplicate: bool
    mode: str
    total: int
    """Games, or hands in hand mode."""
    units: tuple[tuple[int, int], ...]
    """As in a task: games (game index, 1) or hand blocks (block index, hands)."""


def plan_match(
    agents: Sequence[str | AgentSpec],
    *,
    players: int = 2,
    games: int | None = None,
    hands: int | None = None,
    rules: Rules | str | None = None,
    team_target: int | None = None,
    seed: int = 0,
    duplicate: bool = False,
) -> MatchPlan:
    """Check a match's settings (see :func:`run_match`); raises :class:`MatchError`."""
    table_rules = _table_rules(players, rules, team_target)
    _check_agents(table_rules, len(agents))
    specs = tuple(_spec(agent) for agent in agents)
    if games is not None and hands is not None:
        raise MatchError("give a number of games or a number of hands, not both")
    if hands is not None and players != 2:
        raise MatchError(f"single hands are two-player hands; {players} players play games")
    check_count("games", games)
    check_count("hands", hands)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise MatchError(f"seed must be a whole number, got {seed!r}")
    mode = "hands" if hands is not None else "games"
    total = hands if hands is not None else (games if games is not None else 100)
    if duplicate and total % rotation(players):
        grouping = "in pairs" if rotation(players) == 2 else "in threes"
        parity = "even" if rotation(players) == 2 else "a multiple of 3"
        raise MatchError(f"duplicate mode plays deals {grouping}: {mode} must be {parity}, "
                         f"got {total}")
    units: list[tuple[int, int]]
    if mode == "games":
        units = [(g, 1) for g in range(total)]
    else:
        units = [
            (b, min(HANDS_PER_BLOCK, total - b * HANDS_PER_BLOCK))
            for b in range(-(-total // HANDS_PER_BLOCK))
        ]
    return MatchPlan(specs, table_rules, seed, duplicate, mode, total, tuple(units))


def cut_tasks(plan: MatchPlan, workers: int, chunk: int | None = None) -> tuple[Task, ...]:
    """The plan's games (or hand blocks) ``chunk`` to a task, by default enough tasks to
    keep ``workers`` busy and the progress moving."""
    units = plan.units
    per_task = chunk or max(1, min(10 if plan.mode == "games" else 4,
                                   len(units) // (workers * 8) or 1))
    return tuple(
        Task(plan.table_rules, plan.specs, plan.seed, plan.duplicate, plan.mode,
              units[i:i + per_task])
        for i in range(0, len(units), per_task)
    )


def finish_match(plan: MatchPlan, results: Sequence[TaskResult], *, jobs: int,
                 backend: str = "local", seconds: float = 0.0) -> MatchResult:
    """The match's result from its tasks' results, in any order."""
    times = tuple(DecisionTimes() for _ in plan.specs)
    game_list: list[GameOutcome] = []
    blocks: list[tuple[int, list[HandOutcome]]] = []
    for result in results:
        game_list.extend(result.games)
        blocks.extend(result.hands)
        for mine, theirs in zip(times, result.times, strict=True):
            mine.merge(theirs)
    game_list.sort(key=lambda g: g.index)
    blocks.sort(key=lambda b: b[0])
    if plan.mode == "games":
        hand_outcomes = tuple(h for g in game_list for h in g.hands)
    else:
        hand_outcomes = tuple(h for _, block in blocks for h in block)
    return MatchResult(
        agents=tuple(str(spec) for spec in plan.specs),
        table_rules=plan.table_rules,
        seed=plan.seed,
        duplicate=plan.duplicate,
        jobs=jobs,
        mode=plan.mode,
        games=tuple(game_list),
        hand_outcomes=hand_outcomes,
        times=times,
        seconds=seconds,
        backend=backend,
    )


def run_match(
    agents: Sequence[str | AgentSpec],
    *,
    jobs: int | None = None,
    progress: Progress | None = None,
    chunk: int | None = None,
    backend: str | Backend = "local",
    address: str | None = None,
    **match: Unpack[MatchOptions],
) -> MatchResult:
    """Play ``games`` whole games (default 100) between agents at a table of ``players``
    (2, 3 or an even number from 4: two teams), or at two players ``hands`` single hands.

    ``agents`` are registry names (:mod:`ginrummy.agents.registry`), with
    factory parameters as ``"name:key=value,..."`` if need be, or
    :class:`AgentSpec`: one per player, or at teams one per place or one per side (two).
    ``rules`` is a preset name (default ``standard`` for two players, ``classic`` at a
    table) or :class:`Rules`; ``team_target`` is the teams' target (default 125). For
    three players a preset whose ``dealer_rule`` is not ``loser`` raises: R33 fixes the
    rotation. ``duplicate`` plays every deal once per place of the rotation (two players
    and teams: twice, the agents or sides swapped; three players: three times), so it needs
    a number of games (or hands) that the rotation divides.

    ``backend`` says where the games run (:mod:`ginrummy.sim.backends`): ``"local"``, where
    ``jobs`` > 1 spreads the work over that many processes, or ``"ray"``: Ray tasks on the
    cluster at ``address`` (or on a Ray started here with ``jobs`` CPUs), at most ``jobs``
    at once when given. The outcomes are the same for every backend, every ``jobs`` (and
    every ``chunk``, the games or hand blocks sent to a worker at a time). Local processes
    are *spawned*, as on every platform: a script that asks for ``jobs`` > 1 must
    call this under ``if __name__ == "__main__":``, and its agents must be
    registered when their module is imported (a lazy ``"module:attribute"``
    entry or a plugin module of the registry), not only at run time; the same holds for
    Ray's workers, which must have ginrummy (and the agents' modules) installed.
    ``progress`` is told how many more games (or hands) are done as they finish.
    """
    plan = plan_match(agents, **match)
    backend = open_runner(jobs, chunk, backend, address)
    with backend as runner:
        start = time.perf_counter()
        results = execute(runner, cut_tasks(plan, runner.workers, chunk), progress)
        seconds = time.perf_counter() - start
        return finish_match(plan, results, jobs=runner.workers, backend=runner.name,
                            seconds=seconds)


def open_runner(jobs: int | None, chunk: int | None, backend: str | Backend,
                address: str | None) -> Backend:
    """The backend a match runs on, its counts checked (see :func:`run_match`)."""
    check_count("jobs", jobs)
    check_count("chunk", chunk)
    if isinstance(backend, str):
        return open_backend(backend, jobs=jobs, address=address)
    return backend


def units_done(task: Task) -> int:
    return sum(count for _, count in task.units)


def execute(backend: Backend, tasks: Sequence[Task],
            progress: Progress | None) -> list[TaskResult]:
    """Every task's result, in the tasks' order; ``progress`` told as each finishes."""
    done: list[TaskResult | None] = [None] * len(tasks)
    for index, result in backend.run(run_task, tasks):
        done[index] = result
        if progress is not None:
            progress(units_done(tasks[index]))
    return [result for result in done if result is not None]
