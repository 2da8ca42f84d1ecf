"""The operator's recurring tournaments (``gin admin tournament schedule``) and the occurrence
made of each per day (blocking calls; the app runs them in threads). An occurrence's tournament
row and its ``(schedule, day)`` key are written in one transaction: a second attempt, after a
restart or by a second tick, finds the key taken and makes nothing."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ginrummy.server.storage import db
from ginrummy.server.storage.moments import aware
from ginrummy.server.storage.tournament_store import TournamentRow, insert_tournament
from ginrummy.tournament.recurrence import Recurrence


@dataclass(frozen=True, slots=True)
class Schedule:
    id: int
    name: str
    settings: dict[str, Any]
    """The tournament's rules as ``POST /api/tournaments`` takes them."""
    recurrence: Recurrence
    created_at: datetime
    cancelled_at: datetime | None = None


def _schedule(r: Any) -> Schedule:
    return Schedule(r.id, r.name, json.loads(r.settings),
                    Recurrence(r.repeat, r.at, r.opens_before), aware(r.created_at),
                    None if r.cancelled_at is None else aware(r.cancelled_at))


class ScheduleStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, name: str, settings: dict[str, Any], recurrence: Recurrence,
            moment: datetime) -> int:
        with self.engine.begin() as conn:
            made = conn.execute(db.tournament_schedules.insert().values(
                name=name, settings=json.dumps(settings, sort_keys=True),
                repeat=recurrence.repeat, at=recurrence.at,
                opens_before=recurrence.opens_before, created_at=moment))
            key = made.inserted_primary_key
            assert key is not None
            return int(key[0])

    def schedules(self, cancelled: bool = False) -> list[Schedule]:
        """The schedules still running (``cancelled``: every one), oldest first."""
        s = db.tournament_schedules
        query = sa.select(s).order_by(s.c.id)
        if not cancelled:
            query = query.where(s.c.cancelled_at.is_(None))
        with self.engine.connect() as conn:
            return [_schedule(r) for r in conn.execute(query).all()]

    def cancel(self, schedule_id: int, moment: datetime) -> bool:
        """Stop the schedule (no occurrence is made of it from now on); False if there is no
        running schedule of that id."""
        s = db.tournament_schedules
        with self.engine.begin() as conn:
            done = conn.execute(s.update().where(s.c.id == schedule_id,
                                                 s.c.cancelled_at.is_(None))
                                .values(cancelled_at=moment))
        return bool(done.rowcount)

    def made(self, schedule_ids: list[int], since: str) -> set[tuple[int, str]]:
        """The occurrences of these schedules made for ``since`` (an ISO day) and after."""
        o = db.tournament_occurrences
        if not schedule_ids:
            return set()
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(o.c.schedule_id, o.c.day)
                                .where(o.c.schedule_id.in_(schedule_ids), o.c.day >= since))
            return {(r.schedule_id, r.day) for r in rows}

    def make(self, schedule_id: int, day: str, row: TournamentRow) -> bool:
        """Store the occurrence of ``day`` as the tournament ``row``; False (nothing stored)
        if that occurrence was made already."""
        try:
            with self.engine.begin() as conn:
                insert_tournament(conn, row)
                conn.execute(db.tournament_occurrences.insert().values(
                    schedule_id=schedule_id, day=day, tournament_id=row.id))
        except IntegrityError:
            return False
        return True
