"""One server per database (issue 11, item 7): how soon a killed server's database serves again.

Run from the repository root:
    python -m bench.bench_server_lease [--rounds 5]

For a fresh SQLite file and (when ``$DATABASE_URL`` names PostgreSQL) a schema of its own, each
round starts `gin serve`, starts a second one on the same database (it must exit refused), kills
the first with SIGKILL and starts a new one at once. It prints the medians of the time until
a server answers ``/api`` (on a free database, and right after the kill) and until the
second server has exited; each includes starting Python.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ginrummy.server.settings import database_url  # noqa: E402
from tests.server.kill_play import start_server  # noqa: E402
from tests.server.real_server import free_port, stop_server  # noqa: E402


def _timed_start(url: str, cwd: Path) -> tuple[float, subprocess.Popen[bytes]]:
    began = time.monotonic()
    process = start_server(free_port(), url, cwd)
    return time.monotonic() - began, process


def measure(url: str, rounds: int, cwd: Path) -> tuple[float, float, float]:
    free, again, refused = [], [], []
    for _ in range(rounds):
        seconds, first = _timed_start(url, cwd)
        free.append(seconds)
        began = time.monotonic()
        second = subprocess.run(
            [sys.executable, "-m", "ginrummy.cli", "serve", "--port", str(free_port()),
             "--database", url], capture_output=True, text=True, timeout=60, cwd=cwd,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        refused.append(time.monotonic() - began)
        if second.returncode != 1:
            raise SystemExit(f"the second server was not refused: {second.stdout}")
        first.send_signal(signal.SIGKILL)
        first.wait()
        seconds, restarted = _timed_start(url, cwd)
        again.append(seconds)
        stop_server(restarted)
    return statistics.median(free), statistics.median(again), statistics.median(refused)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    cwd = Path(tempfile.mkdtemp(prefix="gin-lease-"))
    targets = [("sqlite", f"sqlite:///{cwd / 'games.sqlite3'}")]
    base = database_url(os.environ.get("DATABASE_URL", "sqlite://"))
    schema = None
    if base.startswith("postgresql"):
        schema = "lease_" + secrets.token_hex(4)
        admin = sa.create_engine(base)
        with admin.begin() as conn:
            conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
        separator = "&" if "?" in base else "?"
        targets.append(("postgresql", f"{base}{separator}options=-csearch_path%3D{schema}"))
    try:
        for name, url in targets:
            free, again, refused = measure(url, args.rounds, cwd)
            print(f"{name}: serving after {free:.2f} s on a free database, {again:.2f} s right "
                  f"after a SIGKILL; a second server refused in {refused:.2f} s "
                  f"(medians of {args.rounds})")
    finally:
        if schema is not None:
            with admin.begin() as conn:
                conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))


if __name__ == "__main__":
    main()
