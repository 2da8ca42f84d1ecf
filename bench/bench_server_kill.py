"""The long nothing-lost run (issue 6): `gin serve` killed with SIGKILL hundreds of times.

Run from the repository root:
    python -m bench.bench_server_kill [--kills 300] [--database sqlite postgres] [--tables]

For each database (a fresh SQLite file; PostgreSQL in a schema of its own when
``$DATABASE_URL`` names one, see ``.ci/start-postgres``) it runs
:func:`tests.server.kill_play.kill_and_check`: games against the computer over real
WebSockets, the server killed at a random moment, restarted, and checked after every kill
(every acknowledged action and every event a client saw is stored, ids applied once, decks
unchanged, the state equal to a replay of the log, the clients carry on). With
``--tables`` the games are tables of three (R33) and of two teams (R34) with computers in
the other places.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ginrummy.server.settings import database_url  # noqa: E402
from tests.server.kill_play import kill_and_check  # noqa: E402

TABLES = [{"players": 3, "seats": ["computer", "computer"], "preset": "classic"},
          {"players": 4, "seats": ["computer"] * 3, "preset": "classic"}]


def _postgres_schema() -> tuple[str, str, str] | None:
    """A fresh schema on $DATABASE_URL's PostgreSQL: (server URL, URL into it, schema)."""
    url = os.environ.get("DATABASE_URL")
    if not url or not database_url(url).startswith("postgresql"):
        return None
    base = database_url(url)
    schema = "bench_" + secrets.token_hex(4)
    engine = sa.create_engine(base)
    with engine.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    engine.dispose()
    separator = "&" if "?" in base else "?"
    return base, f"{base}{separator}options=-csearch_path%3D{schema}", schema


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--database", nargs="+", choices=("sqlite", "postgres"),
                        default=["sqlite", "postgres"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", action="store_true",
                        help="tables of three and four instead of two-player games")
    args = parser.parse_args(argv)
    bodies = TABLES if args.tables else None
    for backend in args.database:
        with tempfile.TemporaryDirectory() as folder:
            schema = None
            if backend == "sqlite":
                url = f"sqlite:///{folder}/kill.sqlite3"
            else:
                made = _postgres_schema()
                if made is None:
                    print("postgres: skipped ($DATABASE_URL names no PostgreSQL database)")
                    continue
                base, url, schema = made
            try:
                report = kill_and_check(url, Path(folder), kills=args.kills, seed=args.seed,
                                        bodies=bodies)
            finally:
                if schema is not None:
                    engine = sa.create_engine(base)
                    with engine.begin() as conn:
                        conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
                    engine.dispose()
        print(f"{backend}: {report.kills} kills, {report.games} games, {report.events} events "
              f"seen and {report.acks} acks all stored, {report.duplicates} re-sent messages "
              f"answered as duplicates; {report.seconds:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
