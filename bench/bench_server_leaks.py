"""The long no-leak run (issue 6): thousands of games, every message, page and log line scanned.

Run from the repository root:
python -m bench.bench_server_leaks [--games 2000] [--seed 1] [--tables 0.3]

It plays games through the in-process server exactly as ``tests/server/test_server_no_leaks.py``
does (games against the computer and between two people, watchers, reconnects, reloads,
``resync``, repeated ids, refused messages, database failures, hints and HTTP reads; see
:mod:`tests.server.leak_play`), and a ``--tables`` share of the games at tables of three and
of two teams (:mod:`tests.server.leak_tables`). In every game with invited people the creator
tries each spent invite after the join and again now and then during play (every read, the
join and the socket must refuse it). All on a fresh SQLite file, and checks every message
against what its recipient may know (:mod:`tests.server.leaks`). It stops at the first leak with the
message that leaked; otherwise it prints how many games, moves, messages and log lines were
checked.
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.server.kit import running  # noqa: E402
from tests.server.leak_play import Audit, LogWatch, play_games  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=100, help="games between progress lines")
    parser.add_argument("--tables", type=float, default=0.3,
                        help="the share of games at tables of three or of two teams")
    args = parser.parse_args(argv)
    audit = Audit()
    started = time.monotonic()
    logging.getLogger("ginrummy").setLevel(logging.DEBUG)
    with tempfile.TemporaryDirectory() as folder, \
            running(f"sqlite:///{folder}/leaks.sqlite3", seed=args.seed) as client:
        logging.getLogger().addHandler(LogWatch(client, audit))
        done = 0
        while done < args.games:
            count = min(args.batch, args.games - done)
            play_games(client, count, seed=args.seed * 1_000_003 + done, audit=audit,
                       tables=args.tables)
            done += count
            moves = audit.counts.get("moves", 0) + audit.counts.get("table moves", 0)
            print(f"{done} games, {moves} moves, "
                  f"{time.monotonic() - started:.0f} s", flush=True)
    if audit.log_leaks:
        print("\n".join(audit.log_leaks[:20]))
        return 1
    counts = ", ".join(f"{k} {v}" for k, v in sorted(audit.counts.items()))
    print(f"no leak in {audit.games} games ({counts}); {audit.log_lines} log lines checked; "
          f"{time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
