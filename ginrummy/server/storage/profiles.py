"""What a profile reads: an account's finished games with their records, and who sat where.

Blocking calls; the app runs them in threads.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.server.storage import db
from ginrummy.server.storage.profile_stats import PlayedGame


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def played_games(engine: Engine, account_id: str) -> list[PlayedGame]:
    """The account's finished games (those with a record), oldest first; a game where the
    account held several seats counts once, at its first."""
    seats = db.account_seats
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(seats.c.game_id, sa.func.min(seats.c.seat).label("seat"),
                      db.records.c.record, db.records.c.finished_at, db.games.c.rated)
            .join(db.records, db.records.c.game_id == seats.c.game_id)
            .join(db.games, db.games.c.id == seats.c.game_id)
            .where(seats.c.account_id == account_id)
            .group_by(seats.c.game_id, db.records.c.record, db.records.c.finished_at,
                      db.games.c.rated, db.records.c.seq)
            .order_by(db.records.c.seq)).all()
    return [PlayedGame(r.game_id, r.seat, json.loads(r.record), _aware(r.finished_at),
                       bool(r.rated)) for r in rows]


def usernames_at(engine: Engine, game_ids: Sequence[str]) -> dict[tuple[str, int], str]:
    """The username of each account-owned seat of the games: ``(game_id, seat)`` → name."""
    if not game_ids:
        return {}
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(db.account_seats.c.game_id, db.account_seats.c.seat,
                      db.accounts.c.username)
            .join(db.accounts, db.accounts.c.id == db.account_seats.c.account_id)
            .where(db.account_seats.c.game_id.in_(list(game_ids)))).all()
    return {(r.game_id, r.seat): r.username for r in rows}
