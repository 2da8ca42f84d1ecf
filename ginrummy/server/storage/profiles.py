"""What a profile reads: an account's finished games with their records, and who sat where.

Blocking calls; the app runs them in threads.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.server.storage import db
from ginrummy.server.storage.moments import aware
from ginrummy.server.storage.profile_stats import PlayedGame

CHUNK = 500
"""Game ids per ``IN (...)``."""


def _finished(account_id: str) -> sa.Select[Any]:
    """The account's finished games: each with its first seat, record order and rated flag."""
    seats = db.account_seats
    return (sa.select(seats.c.game_id, sa.func.min(seats.c.seat).label("seat"),
                      db.records.c.seq, db.records.c.finished_at, db.games.c.rated)
            .join(db.records, db.records.c.game_id == seats.c.game_id)
            .join(db.games, db.games.c.id == seats.c.game_id)
            .where(seats.c.account_id == account_id)
            .group_by(seats.c.game_id, db.records.c.finished_at, db.games.c.rated,
                      db.records.c.seq))


def finished_seats(engine: Engine, account_id: str) -> dict[str, tuple[int, int]]:
    """``game_id`` → ``(seat, seq)`` of the account's finished games, without their records:
    what tells whether numbers counted before still hold."""
    with engine.connect() as conn:
        rows = conn.execute(_finished(account_id)).all()
    return {r.game_id: (r.seat, r.seq) for r in rows}


def played_games(engine: Engine, account_id: str,
                 only: Collection[str] | None = None) -> list[PlayedGame]:
    """The account's finished games (those with a record), oldest first; a game where the
    account held several seats counts once, at its first. ``only``: just those games."""
    query = _finished(account_id).add_columns(db.records.c.record).group_by(db.records.c.record)
    wanted = None if only is None else sorted(only)
    with engine.connect() as conn:
        if wanted is None:
            rows = conn.execute(query.order_by(db.records.c.seq)).all()
        else:
            rows = [row for start in range(0, len(wanted), CHUNK)
                    for row in conn.execute(query.where(db.account_seats.c.game_id.in_(
                        wanted[start:start + CHUNK]))).all()]
            rows.sort(key=lambda row: row.seq)
    return [PlayedGame(r.game_id, r.seat, json.loads(r.record), aware(r.finished_at),
                       bool(r.rated), r.seq) for r in rows]


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
