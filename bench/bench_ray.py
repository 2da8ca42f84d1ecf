"""gin sim on Ray: the speed-up from 1 to 2 workers on this machine, and Ray's cost per task.

Run from the repository root:  python -m bench.bench_ray [--games 30] [--rounds 3] [--write]

The same ``gin sim A B --games N --seed S --json`` is run as a person runs it, each time in
a new process, four ways: ``--jobs 1`` (in process), ``--jobs 2`` (two local processes),
``--backend ray --jobs 1`` and ``--backend ray --jobs 2`` (a Ray of 1 or 2 CPUs started for
the run). Every run must print the very games of ``--jobs 1``, or the benchmark stops. The
table gives the time of the games (the JSON's ``seconds``: for Ray, after Ray has started;
for ``--jobs 2`` with the start of its processes) and of the whole command, the fastest
and the median of ``--rounds``: on a machine shared with other work the fastest is the
least disturbed. (A Ray that gin sim starts runs its workers at gin sim's own priority,
so that every way competes alike with the rest of the machine.)

Ray's cost per task is the round trip, one at a time on one worker, of a task that plays
nothing but carries what a real one does: a game's task there and its outcome back.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

from bench.report import add_write_flag, publish, report_head
from ginrummy.sim.match import Task, TaskResult, cut_tasks, plan_match, run_task


def _echo(task: Task, result: TaskResult) -> TaskResult:
    return result


def _ray() -> Any:
    import ray

    return ray


def round_trip_seconds(task: Task, result: TaskResult, count: int = 300) -> float:
    """The round trip of a task that plays nothing but carries a game's task to the worker
    and its outcome there and back, one at a time, on the running Ray."""
    ray = _ray()
    echo = ray.remote(_echo)
    start = time.perf_counter()
    for _ in range(count):
        ray.get(echo.remote(task, result))
    return (time.perf_counter() - start) / count


WAYS = {
    "`--jobs 1` (in process)": ["--jobs", "1"],
    "`--jobs 2` (2 processes, started in the time)": ["--jobs", "2"],
    "`--backend ray --jobs 1` (a Ray of 1 CPU)": ["--backend", "ray", "--jobs", "1"],
    "`--backend ray --jobs 2` (a Ray of 2 CPUs)": ["--backend", "ray", "--jobs", "2"],
}
TIMING = {"seconds", "hands_per_second", "jobs", "backend"}


def gin_sim(agents: list[str], games: int, seed: int, way: list[str]) -> tuple[dict[str, Any],
                                                                               float]:
    """``gin sim`` as a person runs it, in a new process: its JSON and the command's wall
    time (start-up included)."""
    command = [sys.executable, "-m", "ginrummy.cli", "sim", *agents, "--games", str(games),
               "--seed", str(seed), "--json", *way]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    data: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return data, wall


def games_only(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in TIMING and not k.startswith("decision")}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--agents", default="expert,greedy", help="the match's two agents")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    add_write_flag(parser)
    args = parser.parse_args(argv)
    agents = args.agents.split(",")
    reference, _ = gin_sim(agents, args.games, args.seed, WAYS["`--jobs 1` (in process)"])
    games: dict[str, list[float]] = {name: [] for name in WAYS}
    walls: dict[str, list[float]] = {name: [] for name in WAYS}
    ways = list(WAYS.items())
    load_before = os.getloadavg()[0]
    for number in range(args.rounds):
        for name, way in ways if number % 2 == 0 else reversed(ways):
            data, wall = gin_sim(agents, args.games, args.seed, way)
            if games_only(data) != games_only(reference):
                raise SystemExit(f"{name} played other games than --jobs 1")
            games[name].append(data["seconds"])
            walls[name].append(wall)
    one_task = cut_tasks(plan_match(agents, games=1, seed=args.seed), 1)[0]
    ray = _ray()
    ray.init(num_cpus=1, include_dashboard=False, logging_level="ERROR")
    try:
        round_trip = round_trip_seconds(one_task, run_task(one_task))
    finally:
        ray.shutdown()
    fastest = {name: min(times) for name, times in games.items()}
    median = {name: statistics.median(times) for name, times in games.items()}
    command = (f"python -m bench.bench_ray --agents {args.agents} --games {args.games} "
               f"--rounds {args.rounds} --seed {args.seed}")
    base = fastest["`--jobs 1` (in process)"]
    body = [
        *report_head(command, machine="2 cores"),
        f"`gin sim {' '.join(agents)} --games {args.games} --seed {args.seed} --json` "
        f"({reference['hands']} hands) run {args.rounds} times each way, the order of the "
        f"four reversed every other round; load average {load_before:.1f} before, "
        f"{os.getloadavg()[0]:.1f} after (the machine is shared: the fastest round is the "
        "one least slowed by the others' work). \"games\" is the time the games took "
        "(the JSON's seconds); \"command\" adds the start of Python, of Ray and of its "
        "workers.",
        "",
        "| how | games, fastest | games, median | command, fastest | speed-up of the games |",
        "|---|---|---|---|---|",
    ]
    for name in WAYS:
        one = fastest["`--backend ray --jobs 1` (a Ray of 1 CPU)"] if "ray" in name else base
        body.append(f"| {name} | {fastest[name]:.2f} s | {median[name]:.2f} s | "
                    f"{min(walls[name]):.2f} s | {one / fastest[name]:.2f}x |")
    body += [
        "",
        f"One game: {base / args.games * 1000:.0f} ms of a core. Ray's cost per task: "
        f"{round_trip * 1000:.2f} ms (the round trip, one at a time, of a task carrying one "
        "game's task there and its outcome back and playing nothing).",
    ]
    publish("bench_ray", body, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
