"""What every benchmark's report shares: the machine and versions line, the ``--write`` flag,
printing the report and recording its dated section in the benchmark's history file
(bench/history/<name>.md; the current figures of bench/RESULTS.md are updated by hand)."""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import platform
import random
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import TypeVar

Engine = TypeVar("Engine")

HISTORY = Path(__file__).with_name("history")


def add_write_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--write", action="store_true", help="record in bench/history/")


def add_sample_flags(parser: argparse.ArgumentParser, *, hands: int, hands_help: str,
                     rounds: int, seed: int) -> None:
    """``--hands``, ``--rounds`` and ``--seed``: how much a timing run plays, from which seed."""
    parser.add_argument("--hands", type=int, default=hands, help=hands_help)
    parser.add_argument("--rounds", type=int, default=rounds)
    parser.add_argument("--seed", type=int, default=seed)


def publish_sampled(name: str, args: argparse.Namespace, lines: list[str], notes: list[str],
                    more_flags: str = "") -> None:
    """Publish the report of a run made with :func:`add_sample_flags` (and ``more_flags``)."""
    command = (f"python -m bench.{name} --hands {args.hands} --rounds {args.rounds} "
               f"--seed {args.seed}{more_flags}")
    publish(name, [*report_head(command), *with_notes(lines, notes)], args.write)


def available(makers: Sequence[tuple[str, Callable[[], Engine]]],
              ) -> tuple[dict[str, Engine], list[str]]:
    """The engines that load here, by name, and a note for each that does not."""
    found: dict[str, Engine] = {}
    notes: list[str] = []
    for name, make in makers:
        try:
            found[name] = make()
        except ImportError as error:
            notes.append(f"{name} skipped: {error}")
    return found, notes


def timed_rounds(found: Mapping[str, Callable[[int, random.Random], int]], n: int, rounds: int,
                 seed: int, clock: Callable[[], float] = time.perf_counter,
                 ) -> dict[str, list[tuple[float, int]]]:
    """Each engine's ``(seconds, count)`` in each round of ``n`` games; in a round every
    engine plays from the same seed, and the engines take turns round by round."""
    timed: dict[str, list[tuple[float, int]]] = {name: [] for name in found}
    for round_number in range(rounds):
        for name, play in found.items():
            rng = random.Random(seed * 1000 + round_number)
            t0 = clock()
            count = play(n, rng)
            timed[name].append((clock() - t0, count))
    return timed


def with_notes(lines: list[str], notes: list[str]) -> list[str]:
    return [*lines, *[f"Note: {note}" for note in notes]]


def cpu() -> str:
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores"


def _revision() -> str:
    """The ginrummy commit measured, and whether ginrummy/ had local changes."""
    git = ["git", "-C", str(HISTORY.parent)]
    try:
        head = subprocess.run(
            [*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            [*git, "status", "--porcelain", "--", "../ginrummy"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "ginrummy at an unknown commit"
    return f"ginrummy at {head}" + (" with local changes" if dirty else "")


def versions() -> str:
    parts = [_revision(), f"Python {platform.python_version()}"]
    for dist in ("numpy", "open-spiel", "rlcard"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            parts.append(f"{dist} {metadata.version(dist)}")
    return ", ".join(parts)


def report_head(command: str, machine: str | None = None) -> list[str]:
    """The lines a report starts with: where it ran, what it measured, the command."""
    return [f"Machine: {machine or cpu()}; {versions()}.", f"Command: `{command}`", ""]


def history_file(name: str) -> Path:
    """Where the dated sections of benchmark ``name`` are kept."""
    return HISTORY / f"{name}.md"


def write_section(name: str, heading: str, body: list[str]) -> Path:
    """Replace the section titled ``heading`` in benchmark ``name``'s history file, or append
    it; the file it went to."""
    path = history_file(name)
    text = path.read_text() if path.exists() else f"# {name}: history\n"
    lines = text.rstrip("\n").split("\n")
    section = [heading, "", *body]
    while not section[-1].strip():
        section.pop()
    if heading in lines:
        start = lines.index(heading)
        end = next(
            (i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines)
        )
        lines[start:end] = [*section, ""] if end < len(lines) else section
    else:
        lines += ["", *section]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines).rstrip("\n") + "\n")
    return path


def publish(name: str, body: list[str], write: bool) -> None:
    """Print the report; with ``write``, make it today's section of ``name``'s history."""
    print("\n".join(body))
    if write:
        path = write_section(name, f"## {name} {datetime.date.today().isoformat()}", body)
        print(written_note(path))


def written_note(path: Path) -> str:
    return (f"written to bench/{path.parent.name}/{path.name}; "
            "update its table in bench/RESULTS.md by hand")
