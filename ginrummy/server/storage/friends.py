"""Whom each account follows (blocking calls; the app runs them in threads).

Following is one way: an account follows another without asking. Two accounts that follow
each other are friends: each sees whether the other is online and the listed game they play,
to watch. An account that blocked another cannot follow it
(:mod:`ginrummy.server.storage.blocks`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.server.storage import db
from ginrummy.server.storage.moments import aware

MAX_FOLLOWS = 500
"""How many players one account may follow."""

_follows, _blocks, _accounts = db.follows, db.blocks, db.accounts


class TooManyFollows(Exception):
    pass


class Blocking(Exception):
    """The account blocked the one it would follow."""


@dataclass(frozen=True, slots=True)
class Followed:
    account_id: str
    username: str
    created_at: datetime
    mutual: bool
    """It follows back: the two are friends."""

    def to_json(self) -> dict[str, Any]:
        return {"username": self.username, "profile": f"/players/{self.username}",
                "since": self.created_at.isoformat(), "mutual": self.mutual}


class FriendStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def follow(self, account_id: str, followed_id: str, moment: datetime) -> bool:
        """``account_id`` follows ``followed_id`` (an existing follow stands); whether the two
        are friends now. Raises :class:`Blocking` if ``account_id`` blocked the other,
        :class:`TooManyFollows` past :data:`MAX_FOLLOWS`."""
        with self.engine.begin() as conn:
            if conn.execute(sa.select(_blocks.c.account_id).where(
                    _blocks.c.account_id == account_id,
                    _blocks.c.blocked_id == followed_id)).first() is not None:
                raise Blocking(account_id)
            found = conn.execute(sa.select(_follows.c.account_id).where(
                _follows.c.account_id == account_id,
                _follows.c.followed_id == followed_id)).first()
            if found is None:
                count = conn.execute(sa.select(sa.func.count()).select_from(_follows)
                                     .where(_follows.c.account_id == account_id)).scalar_one()
                if count >= MAX_FOLLOWS:
                    raise TooManyFollows(account_id)
                conn.execute(_follows.insert().values(account_id=account_id,
                                                      followed_id=followed_id,
                                                      created_at=moment))
            back = conn.execute(sa.select(_follows.c.account_id).where(
                _follows.c.account_id == followed_id,
                _follows.c.followed_id == account_id)).first()
        return back is not None

    def unfollow(self, account_id: str, followed_id: str) -> bool:
        """``account_id`` no longer follows ``followed_id``; whether it did."""
        with self.engine.begin() as conn:
            gone = conn.execute(_follows.delete().where(
                _follows.c.account_id == account_id,
                _follows.c.followed_id == followed_id)).rowcount
        return bool(gone)

    def followed(self, account_id: str) -> list[Followed]:
        """Whom ``account_id`` follows, the oldest follow first, by their usernames now."""
        back = _follows.alias("back")
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(_follows.c.followed_id, _accounts.c.username, _follows.c.created_at,
                          back.c.account_id.label("back"))
                .join(_accounts, _accounts.c.id == _follows.c.followed_id)
                .outerjoin(back, sa.and_(back.c.account_id == _follows.c.followed_id,
                                         back.c.followed_id == account_id))
                .where(_follows.c.account_id == account_id)
                .order_by(_follows.c.created_at, _accounts.c.username)).all()
        return [Followed(r.followed_id, r.username, aware(r.created_at), r.back is not None)
                for r in rows]

    def friends_of(self, account_id: str) -> set[str]:
        """The accounts that are ``account_id``'s friends (both follow: at most
        :data:`MAX_FOLLOWS`)."""
        back = _follows.alias("back")
        with self.engine.connect() as conn:
            return set(conn.execute(
                sa.select(_follows.c.followed_id)
                .join(back, sa.and_(back.c.account_id == _follows.c.followed_id,
                                    back.c.followed_id == account_id))
                .where(_follows.c.account_id == account_id)).scalars())
