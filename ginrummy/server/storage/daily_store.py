"""The daily deal in the database: each day's secret seed, and each account's game of the day.

A day is its UTC date as ``YYYY-MM-DD``. Its seed (hex) is stored the first time the day is
asked for, so the commitment shown all day is the one whose seed is revealed once the day is
over. An account has at most one game a day (the table's key). The game's points (the
player's total minus the computer's at its end) are written by :func:`settle`, in the
transaction that stores the finished game's record; a game still being played when its day
ends is *closed* (:meth:`DailyStore.close_before`) and never counts: once the day's seed is
revealed, its remaining decks are no longer secret.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ginrummy.server.storage import db
from ginrummy.server.storage.moments import aware

games = db.daily_games.c


@dataclass(frozen=True, slots=True)
class DailyEntry:
    day: str
    account_id: str
    game_id: str
    watch_token: str
    """The game's watch token: its replay's link once the day is over (never shown before)."""
    started_at: datetime
    finished_at: datetime | None = None
    points: int | None = None
    closed: bool = False
    """Still being played when its day ended: not on the leaderboard."""


@dataclass(frozen=True, slots=True)
class Placed:
    """A line of a day's leaderboard."""

    rank: int
    username: str
    points: int
    finished_at: datetime


def _entry(row: sa.Row[tuple[object, ...]]) -> DailyEntry:
    r = row._mapping
    finished = r["finished_at"]
    return DailyEntry(r["day"], r["account_id"], r["game_id"], r["watch_token"],
                      aware(r["started_at"]), None if finished is None else aware(finished),
                      r["points"], bool(r["closed"]))


class DailyStore:
    def __init__(self, engine: Engine, guard: db.FileGuard | None = None) -> None:
        self.engine = engine
        self.guard = guard

    def _check(self) -> None:
        if self.guard is not None:
            self.guard.check()

    def seed_of(self, day: str, draw: Callable[[], str], moment: datetime) -> str:
        """The day's seed (hex), drawn with ``draw`` and stored if the day has none yet."""
        known = self.stored_seed(day)
        if known is not None:
            return known
        try:
            with self.engine.begin() as conn:
                conn.execute(db.daily_seeds.insert().values(day=day, server_seed=draw(),
                                                            created_at=moment))
                self._check()
        except IntegrityError:
            pass  # drawn meanwhile: the stored one is the day's
        stored = self.stored_seed(day)
        assert stored is not None
        return stored

    def stored_seed(self, day: str) -> str | None:
        with self.engine.connect() as conn:
            seed: str | None = conn.execute(
                sa.select(db.daily_seeds.c.server_seed)
                .where(db.daily_seeds.c.day == day)).scalar()
        return seed

    def entry_of(self, day: str, account_id: str) -> DailyEntry | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(db.daily_games).where(
                games.day == day, games.account_id == account_id)).first()
        return None if row is None else _entry(row)

    def add(self, entry: DailyEntry) -> bool:
        """Store an account's game of the day; False if it has one already."""
        try:
            with self.engine.begin() as conn:
                conn.execute(db.daily_games.insert().values(
                    day=entry.day, account_id=entry.account_id, game_id=entry.game_id,
                    watch_token=entry.watch_token, started_at=entry.started_at))
                self._check()
        except IntegrityError:
            return False
        return True

    def board(self, day: str, limit: int) -> tuple[list[Placed], int]:
        """The day's best ``limit`` results (most points first; ties share a rank, the earlier
        finish first) and how many results the day has."""
        counted = sa.and_(games.day == day, games.points.is_not(None))
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(db.accounts.c.username, games.points, games.finished_at)
                .join(db.accounts, db.accounts.c.id == games.account_id)
                .where(counted)
                .order_by(games.points.desc(), games.finished_at, db.accounts.c.username)
                .limit(limit)).all()
            total = conn.execute(sa.select(sa.func.count()).select_from(db.daily_games)
                                 .where(counted)).scalar_one()
        placed: list[Placed] = []
        for index, row in enumerate(rows):
            rank = index + 1
            if placed and placed[-1].points == row.points:
                rank = placed[-1].rank
            placed.append(Placed(rank, row.username, row.points, aware(row.finished_at)))
        return placed, int(total)

    def rank_of(self, day: str, points: int) -> int:
        """The rank ``points`` has on the day's leaderboard (1 + the results above it)."""
        with self.engine.connect() as conn:
            above = conn.execute(sa.select(sa.func.count()).select_from(db.daily_games).where(
                games.day == day, games.points > points)).scalar_one()
        return int(above) + 1

    def best_of(self, day: str) -> tuple[Placed, DailyEntry] | None:
        """The day's best result (the earliest of equal ones) and its entry."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(db.daily_games, db.accounts.c.username)
                .join(db.accounts, db.accounts.c.id == games.account_id)
                .where(games.day == day, games.points.is_not(None))
                .order_by(games.points.desc(), games.finished_at).limit(1)).first()
        if row is None:
            return None
        entry = _entry(row)
        assert entry.points is not None and entry.finished_at is not None
        return Placed(1, row.username, entry.points, entry.finished_at), entry

    def held_from(self, day: str) -> list[str]:
        """The games of ``day`` and later days: their days' seeds are still secret."""
        with self.engine.connect() as conn:
            return [r.game_id for r in conn.execute(
                sa.select(games.game_id).where(games.day >= day)).all()]

    def close_before(self, day: str) -> None:
        """The days before ``day`` are over: their games not finished never count."""
        with self.engine.begin() as conn:
            conn.execute(db.daily_games.update().where(
                games.day < day, games.finished_at.is_(None), games.closed.is_(False),
            ).values(closed=True))
            self._check()


def settle(conn: sa.Connection, game_id: str, record: str, at: datetime) -> None:
    """A finished game of the day, in ``conn``'s transaction (the one that stores its
    ``record``): its points (seat 0's total minus the computer's), unless its day closed."""
    row = conn.execute(sa.select(games.account_id).where(
        games.game_id == game_id, games.finished_at.is_(None),
        games.closed.is_(False))).first()
    if row is None:
        return
    final = json.loads(record)["record"].get("final") or {}
    totals = final.get("final_totals") or [0, 0]
    conn.execute(db.daily_games.update().where(games.game_id == game_id, games.closed.is_(False))
                 .values(finished_at=at, points=int(totals[0]) - int(totals[1])))


def forget(conn: sa.Connection, account_id: str) -> None:
    """Delete the account's daily games' entries (the account is being deleted)."""
    conn.execute(db.daily_games.delete().where(games.account_id == account_id))
