"""Which of the sessions and accounts behind open sockets still stand: an operator's ban
(``gin admin``, another process) and a session ended elsewhere reach the server only through
the database. One read for many sockets (blocking; the app runs it in a thread)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.server.storage import db

CHUNK = 500
"""Keys per ``IN (...)``: well under every backend's limit of bound parameters."""


@dataclass(frozen=True, slots=True)
class Standing:
    banned: set[str]
    """The account ids, of those asked about, that are banned."""
    live: set[str]
    """The session token hashes, of those asked about, of sessions not ended nor expired."""


def _chunks(keys: Collection[str]) -> Iterator[Sequence[str]]:
    ordered = sorted(keys)
    for start in range(0, len(ordered), CHUNK):
        yield ordered[start:start + CHUNK]


def standing(engine: Engine, accounts: Collection[str], sessions: Collection[str],
             moment: datetime) -> Standing:
    """The banned accounts among ``accounts`` and the live sessions among ``sessions``."""
    bans, live_sessions = db.account_bans, db.account_sessions
    banned: set[str] = set()
    live: set[str] = set()
    with engine.connect() as conn:
        for chunk in _chunks(accounts):
            banned.update(conn.execute(sa.select(bans.c.account_id)
                                       .where(bans.c.account_id.in_(chunk))).scalars())
        for chunk in _chunks(sessions):
            live.update(conn.execute(sa.select(live_sessions.c.token_hash).where(
                live_sessions.c.token_hash.in_(chunk),
                live_sessions.c.expires_at > moment)).scalars())
    return Standing(banned, live)
