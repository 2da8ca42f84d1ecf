"""A recurring tournament on a real ``gin serve`` killed with SIGKILL: the occurrence it opened
before the kill is not opened again after the restart (its schedule and day are its key in the
database), while the restarted server goes on opening the others."""

from __future__ import annotations

import json
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from ginrummy.server.storage import db
from ginrummy.server.storage.db import make_engine
from tests.server.kill_play import Restartable
from tests.server.test_tournament_schedules import admin
from tests.waiting import wait_until


def listed(base: str) -> list[str]:
    with urllib.request.urlopen(base + "/api/tournaments", timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
    return sorted(t["name"] for t in answer["tournaments"])


def test_an_occurrence_opened_before_a_sigkill_is_not_opened_again(
        sqlite_db: str, tmp_path: Path) -> None:
    start = (datetime.now(UTC) + timedelta(minutes=30)).strftime("%H:%M")  # entries open now
    daily = ["--repeat", "daily", "--at", start, "--no-fill"]
    assert admin(sqlite_db, "schedule", "--name", "First", *daily)[0] == 0
    with Restartable(sqlite_db, tmp_path) as server:
        wait_until(lambda: listed(server.base) == ["First"], 30, 0.1, "First opened")
        server.kill()
        assert admin(sqlite_db, "schedule", "--name", "Second", *daily)[0] == 0
        server.start()
        # the restarted server's first look at the schedules opens Second and, in the same
        # pass, finds First made already
        wait_until(lambda: listed(server.base) == ["First", "Second"], 30, 0.1,
                   "Second opened")
    engine = make_engine(sqlite_db)
    with engine.connect() as conn:
        made = conn.execute(sa.select(sa.func.count()).select_from(db.tournament_occurrences))
        assert made.scalar_one() == 2
        tournaments = conn.execute(sa.select(sa.func.count()).select_from(db.tournaments))
        assert tournaments.scalar_one() == 2
    engine.dispose()
