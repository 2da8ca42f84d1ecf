"""One server per SQLite database, whatever path leads to the file: the lock is on the
database file itself, so a symlink, a hard link or a deleted note beside it lets no
second `gin serve` in (two servers would keep different tables and, with a hard link,
write to different WAL files of one database)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.server.kill_play import start_server
from tests.server.real_server import ROOT, free_port, stop_server


def serve_once(database: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ginrummy.cli", "serve", "--port", str(free_port()),
         "--database", f"sqlite:///{database}"], cwd=cwd, capture_output=True, text=True,
        timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})


def other_path_to(real: Path, attack: str) -> Path:
    """Another way to the database file ``real``, as an operator's mistake would give it."""
    elsewhere = real.parent.parent / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    if attack == "symlink":
        (elsewhere / "link.sqlite3").symlink_to(real)
        return elsewhere / "link.sqlite3"
    if attack == "hard link":
        os.link(real, elsewhere / "copy.sqlite3")
        return elsewhere / "copy.sqlite3"
    real.with_name(real.name + ".serving").unlink()  # the note of who serves it
    return real


@pytest.mark.parametrize("attack", ["symlink", "hard link", "note deleted"])
def test_a_second_server_on_the_same_database_file_is_refused_by_any_path(
        tmp_path: Path, attack: str) -> None:
    real = tmp_path / "data" / "games.sqlite3"
    first = start_server(free_port(), f"sqlite:///{real}", tmp_path)
    try:
        other = other_path_to(real, attack)
        second = serve_once(other, tmp_path)
        assert second.returncode == 1, second.stdout + second.stderr
        assert "is already served by" in second.stdout, second.stdout
        assert f"lock file {other.resolve()}" in second.stdout
        if Path("/proc/locks").is_file():
            assert f"pid {first.pid} on" in second.stdout
        assert "Gin Rummy server on" not in second.stdout  # it never started serving
        assert "Traceback" not in second.stderr
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    again = start_server(free_port(), f"sqlite:///{real}", tmp_path)  # the kill freed it
    stop_server(again)


def test_the_lock_leaves_sqlite_free_to_read_and_write_the_file(tmp_path: Path) -> None:
    real = tmp_path / "games.sqlite3"
    server = start_server(free_port(), f"sqlite:///{real}", tmp_path)
    try:
        engine = sa.create_engine(f"sqlite:///{real}")
        with engine.begin() as conn:  # what gin admin does while the server runs
            assert conn.execute(sa.text("SELECT count(*) FROM games")).scalar() == 0
        engine.dispose()
    finally:
        stop_server(server)
