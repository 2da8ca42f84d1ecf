"""How long ``gin --help`` and ``import ginrummy`` take, each in a fresh interpreter.

Run from the repository root:  python -m bench.bench_startup [--runs 21] [--write]

Each command is started ``--runs`` times as a new process (after one warm-up run
that fills the OS file cache); the table gives the median and the fastest wall
time. ``python -c pass`` is the floor: the interpreter's own start-up.
To find what a slow start spends its time on: ``python -X importtime -m ginrummy.cli --help``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

from bench.report import add_write_flag, publish, report_head

COMMANDS: dict[str, list[str]] = {
    "python -c pass": ["-c", "pass"],
    "import ginrummy": ["-c", "import ginrummy"],
    "gin --help": ["-m", "ginrummy.cli", "--help"],
    "gin serve --help": ["-m", "ginrummy.cli", "serve", "--help"],
}


def wall_times(arguments: list[str], runs: int) -> list[float]:
    command = [sys.executable, *arguments]
    subprocess.run(command, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="processes started per command")
    add_write_flag(parser)
    args = parser.parse_args(argv)
    body = [
        *report_head(f"python -m bench.bench_startup --runs {args.runs}", machine="2 cores"),
        "| command | median | fastest |",
        "|---|---|---|",
    ]
    for name, arguments in COMMANDS.items():
        times = wall_times(arguments, args.runs)
        body.append(f"| `{name}` | {statistics.median(times) * 1000:.0f} ms "
                     f"| {min(times) * 1000:.0f} ms |")
    publish("bench_startup", body, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
