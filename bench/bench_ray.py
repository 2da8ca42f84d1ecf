"""gin sim on Ray: the speed-up from 1 to 2 workers on this machine, and Ray's cost per task.

Run from the repository root:  python -m bench.bench_ray [--games 40] [--rounds 3] [--write]

One match (``--agents``, ``--games`` games, one game a task) is played in each round by
every way of running it: in this process (``--jobs 1``), by two local processes
(``--jobs 2``), and as Ray tasks on a local Ray of 1 and then 2 CPUs; the table gives the
wall time of the games (the Ray session is started and its workers warmed up by a
first short match before the clock starts; that start-up is given apart; the two local
processes are started within their time, as ``--jobs 2`` does). Every run must play the
very games of ``--jobs 1``, or the benchmark stops. The table gives the fastest and the
median round: on a machine shared with other work the fastest is the least disturbed.
Ray runs its workers 15 steps nicer than the process that starts it; here they run at the
benchmark's own niceness (``RAY_worker_niceness=0``), so that every way competes alike with
the rest of the machine.

Ray's cost per task is the round trip, one at a time on one worker, of a task that plays
nothing but carries what a real one does: a game's task there and its outcome back.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench.report import add_write_flag, publish, report_head
from ginrummy.sim import run_match
from ginrummy.sim.backends import LocalBackend, RayBackend
from ginrummy.sim.match import Task, TaskResult, cut_tasks, plan_match, run_task
from ginrummy.sim.result import MatchResult


def _echo(task: Task, result: TaskResult) -> TaskResult:
    return result


def _ray() -> Any:
    import ray

    return ray


def start_ray(cpus: int, warm_up: Callable[[int], object]) -> float:
    """Start a local Ray of ``cpus`` CPUs and warm its workers up (they import ginrummy and
    make the agents once); seconds taken."""
    ray = _ray()
    os.environ.setdefault("RAY_worker_niceness", "0")
    start = time.perf_counter()
    ray.init(num_cpus=cpus, include_dashboard=False, logging_level="ERROR")
    warm_up(2 * cpus)
    return time.perf_counter() - start


def round_trip_seconds(task: Task, result: TaskResult, count: int = 300) -> float:
    """The round trip of a task that plays nothing but carries a game's task to the worker
    and its outcome there and back, one at a time, on the running Ray."""
    ray = _ray()
    echo = ray.remote(_echo)
    start = time.perf_counter()
    for _ in range(count):
        ray.get(echo.remote(task, result))
    return (time.perf_counter() - start) / count


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--agents", default="expert,greedy", help="the match's two agents")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    add_write_flag(parser)
    args = parser.parse_args(argv)
    agents = args.agents.split(",")

    def play(backend: LocalBackend | RayBackend, games: int = args.games) -> MatchResult:
        return run_match(agents, games=games, seed=args.seed, chunk=1, backend=backend)

    reference = play(LocalBackend(1))
    one_task = cut_tasks(plan_match(agents, games=1, seed=args.seed), 1)[0]
    runs: dict[str, list[float]] = {name: [] for name in (
        "in process (--jobs 1)", "2 processes (--jobs 2, started in the time)", "Ray, 1 CPU",
        "Ray, 2 CPUs")}
    starts: dict[int, float] = {}
    round_trip = 0.0
    ray = _ray()

    def local(jobs: int) -> Callable[[], MatchResult]:
        return lambda: play(LocalBackend(jobs))

    def on_ray(cpus: int) -> Callable[[], MatchResult]:
        def run() -> MatchResult:
            nonlocal round_trip
            starts[cpus] = start_ray(cpus, lambda games: play(RayBackend(), games))
            try:
                if cpus == 1:
                    round_trip = round_trip_seconds(one_task, run_task(one_task))
                return play(RayBackend())
            finally:
                ray.shutdown()
        return run

    ways = list(zip(runs, (local(1), local(2), on_ray(1), on_ray(2)), strict=True))
    load_before = os.getloadavg()[0]
    for number in range(args.rounds):
        for name, way in ways if number % 2 == 0 else reversed(ways):
            result = way()
            assert result.same_outcomes(reference), name
            runs[name].append(result.seconds)
    fastest = {name: min(times) for name, times in runs.items()}
    median = {name: statistics.median(times) for name, times in runs.items()}
    base = fastest["in process (--jobs 1)"]
    command = (f"python -m bench.bench_ray --agents {args.agents} --games {args.games} "
               f"--rounds {args.rounds} --seed {args.seed}")
    body = [
        *report_head(command, machine="2 cores"),
        f"{args.games} games of {' vs '.join(agents)} ({reference.hands} hands), one game a "
        f"task, {args.rounds} rounds (the order of the four reversed every other round); load "
        f"average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after (the machine is "
        "shared: the fastest round is the one least slowed by the others' work).",
        "",
        "| how | fastest round | median round | games/s (fastest) | speed-up over 1 worker |",
        "|---|---|---|---|---|",
    ]
    for name in runs:
        one = fastest["Ray, 1 CPU"] if name.startswith("Ray") else base
        body.append(f"| {name} | {fastest[name]:.2f} s | {median[name]:.2f} s | "
                    f"{args.games / fastest[name]:.2f} | {one / fastest[name]:.2f}x |")
    body += [
        "",
        f"One game in process: {base / args.games * 1000:.0f} ms. Ray's cost per task: "
        f"{round_trip * 1000:.2f} ms (the round trip of a task carrying one game's task and "
        "outcome and playing nothing). Starting a local Ray and warming its workers up "
        f"(a first match of 2 games a CPU): {starts[1]:.1f} s (1 CPU), {starts[2]:.1f} s "
        "(2 CPUs).",
    ]
    publish("bench_ray", body, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
