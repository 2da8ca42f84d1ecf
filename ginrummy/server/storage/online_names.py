"""The usernames and ratings of the accounts online (:mod:`ginrummy.server.live.presence`
knows them by id only): an id that is no account's any more (deleted) or a banned account's
is left out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.rating import Family, Rating
from ginrummy.server.storage import db

CHUNK = 500
"""Ids asked at once (SQLite takes a bounded number of parameters per statement)."""


@dataclass(frozen=True, slots=True)
class Named:
    account_id: str
    username: str
    rating: Rating


def named(engine: Engine, account_ids: Sequence[str], family: Family) -> list[Named]:
    """The accounts of ``account_ids`` that exist and are not banned, with their rating in
    ``family`` (a new player's if none), by username."""
    found: list[Named] = []
    accounts, ratings, bans = db.accounts, db.ratings, db.account_bans
    with engine.connect() as conn:
        for start in range(0, len(account_ids), CHUNK):
            chunk = list(account_ids[start:start + CHUNK])
            rows = conn.execute(
                sa.select(accounts.c.id, accounts.c.username, ratings.c.mu, ratings.c.sigma,
                          ratings.c.games)
                .select_from(accounts.outerjoin(ratings, sa.and_(
                    ratings.c.account_id == accounts.c.id, ratings.c.family == family)))
                .where(accounts.c.id.in_(chunk),
                       accounts.c.id.not_in(sa.select(bans.c.account_id)))).all()
            found.extend(Named(r.id, r.username, Rating() if r.mu is None
                               else Rating(r.mu, r.sigma, r.games)) for r in rows)
    return sorted(found, key=lambda n: (n.username.casefold(), n.username))
