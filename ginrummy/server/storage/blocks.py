"""The players each account blocked (blocking calls; the app runs them in threads).

A block names an account: the blocked account's chat never reaches the blocker (at any table
and in the lobby), quick match never pairs the two, and a challenge between them is refused
(:func:`blocks_between`). Blocking ends the follows between the two, both ways. The blocked
sets of the accounts that opened a chat are kept in memory, like the mutes
(:mod:`ginrummy.server.storage.mutes`), so that sending a line asks the database nothing."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.server.storage import db
from ginrummy.server.storage.moments import aware

MAX_BLOCKS = 500
"""How many players one account may block."""
REMEMBERED = 20_000
"""How many accounts' blocked sets are kept in memory (the oldest loaded go first)."""

_blocks, _follows, _accounts = db.blocks, db.follows, db.accounts


class TooManyBlocks(Exception):
    pass


@dataclass(frozen=True, slots=True)
class Block:
    username: str
    created_at: datetime

    def to_json(self) -> dict[str, Any]:
        return {"username": self.username, "profile": f"/players/{self.username}",
                "since": self.created_at.isoformat()}


def blocks_between(engine: Engine, one: str, other: str) -> bool:
    """Whether either of the accounts ``one`` and ``other`` blocked the other (a challenge
    between them is refused; quick match keeps them apart)."""
    with engine.connect() as conn:
        found = conn.execute(sa.select(_blocks.c.account_id).where(sa.or_(
            sa.and_(_blocks.c.account_id == one, _blocks.c.blocked_id == other),
            sa.and_(_blocks.c.account_id == other, _blocks.c.blocked_id == one))).limit(1)
        ).first()
    return found is not None


class BlockStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._blocked: OrderedDict[str, frozenset[str]] = OrderedDict()
        self._lock = threading.Lock()

    def blocks(self, reader: str | None, speaker: str | None) -> bool:
        """Whether the account ``reader`` blocked the account ``speaker`` (as last loaded)."""
        if reader is None or speaker is None:
            return False
        blocked = self._blocked.get(reader)
        return blocked is not None and speaker in blocked

    def load(self, account_id: str) -> None:
        """Read whom ``account_id`` blocked into memory (a chat of theirs is opening)."""
        with self.engine.connect() as conn:
            blocked = frozenset(conn.execute(sa.select(_blocks.c.blocked_id)
                                             .where(_blocks.c.account_id == account_id))
                                .scalars())
        with self._lock:
            self._blocked.pop(account_id, None)
            self._blocked[account_id] = blocked
            while len(self._blocked) > REMEMBERED:
                self._blocked.popitem(last=False)

    def block(self, account_id: str, blocked_id: str, moment: datetime) -> bool:
        """Block ``blocked_id`` for ``account_id`` and end the follows between them; whether
        the block is new (an existing one stands). Raises :class:`TooManyBlocks` past
        :data:`MAX_BLOCKS`."""
        with self.engine.begin() as conn:
            found = conn.execute(sa.select(_blocks.c.account_id).where(
                _blocks.c.account_id == account_id, _blocks.c.blocked_id == blocked_id)).first()
            if found is None:
                count = conn.execute(sa.select(sa.func.count()).select_from(_blocks)
                                     .where(_blocks.c.account_id == account_id)).scalar_one()
                if count >= MAX_BLOCKS:
                    raise TooManyBlocks(account_id)
                conn.execute(_blocks.insert().values(account_id=account_id,
                                                     blocked_id=blocked_id, created_at=moment))
            conn.execute(_follows.delete().where(sa.or_(
                sa.and_(_follows.c.account_id == account_id,
                        _follows.c.followed_id == blocked_id),
                sa.and_(_follows.c.account_id == blocked_id,
                        _follows.c.followed_id == account_id))))
        self.load(account_id)
        return found is None

    def unblock(self, account_id: str, blocked_id: str) -> bool:
        """Lift ``account_id``'s block of ``blocked_id``; whether there was one."""
        with self.engine.begin() as conn:
            gone = conn.execute(_blocks.delete().where(
                _blocks.c.account_id == account_id, _blocks.c.blocked_id == blocked_id)).rowcount
        self.load(account_id)
        return bool(gone)

    def listed(self, account_id: str) -> list[Block]:
        """Whom ``account_id`` blocked, the oldest block first, by their usernames now."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(_accounts.c.username, _blocks.c.created_at)
                .join(_accounts, _accounts.c.id == _blocks.c.blocked_id)
                .where(_blocks.c.account_id == account_id)
                .order_by(_blocks.c.created_at, _accounts.c.username)).all()
        return [Block(r.username, aware(r.created_at)) for r in rows]


def forget(conn: sa.Connection, account_id: str) -> None:
    """A deleted account's blocks and follows, both ways."""
    conn.execute(_blocks.delete().where(sa.or_(_blocks.c.account_id == account_id,
                                               _blocks.c.blocked_id == account_id)))
    conn.execute(_follows.delete().where(sa.or_(_follows.c.account_id == account_id,
                                                _follows.c.followed_id == account_id)))
