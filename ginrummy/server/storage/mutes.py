"""The players each account muted in the chats (blocking calls; the app runs them in
threads). The muted sets of the accounts that opened a chat are kept in memory, so that
sending a line asks the database nothing about which of its readers muted its speaker.

A mute names an account, never a seat or a typed name: it holds at every table and in the
lobby, whatever name the muted account plays under, and follows the muting account to any
browser. The muting account sees each mute under the name the muted line bore."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.server.storage import db
from ginrummy.server.storage.blocks import BlockStore
from ginrummy.server.storage.moments import aware

MAX_MUTES = 500
"""How many players one account may mute."""
REMEMBERED = 20_000
"""How many accounts' muted sets are kept in memory (the oldest loaded go first)."""

_mutes = db.chat_mutes


class TooManyMutes(Exception):
    pass


@dataclass(frozen=True, slots=True)
class Mute:
    id: int
    name: str
    created_at: datetime

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "at": self.created_at.isoformat()}


class MuteStore:
    def __init__(self, engine: Engine, blocks: BlockStore | None = None) -> None:
        self.engine = engine
        self.blocks = blocks or BlockStore(engine)
        """Whom each account blocked: a blocked speaker's lines never reach the blocker."""
        self._muted: OrderedDict[str, frozenset[str]] = OrderedDict()
        self._lock = threading.Lock()

    def hides(self, reader: str | None, speaker: str | None) -> bool:
        """Whether the account ``reader`` muted the account ``speaker`` (as last loaded)."""
        if reader is None or speaker is None:
            return False
        muted = self._muted.get(reader)
        return muted is not None and speaker in muted

    def drops(self, reader: str | None, speaker: str | None) -> bool:
        """Whether the account ``reader`` blocked the account ``speaker`` (as last loaded):
        the speaker's lines are not sent to the reader at all."""
        return self.blocks.blocks(reader, speaker)

    def load(self, account_id: str) -> None:
        """Read whom ``account_id`` muted and blocked into memory (a chat of theirs is
        opening)."""
        self.blocks.load(account_id)
        with self.engine.connect() as conn:
            muted = frozenset(conn.execute(sa.select(_mutes.c.muted_id)
                                           .where(_mutes.c.account_id == account_id)).scalars())
        self._remember(account_id, muted)

    def mute(self, account_id: str, muted_id: str, name: str, moment: datetime) -> Mute:
        """Mute ``muted_id`` for ``account_id`` (shown as ``name``); an existing mute stands.
        Raises :class:`TooManyMutes` past :data:`MAX_MUTES`."""
        with self.engine.begin() as conn:
            found = conn.execute(sa.select(_mutes).where(
                _mutes.c.account_id == account_id, _mutes.c.muted_id == muted_id)).first()
            if found is not None:
                return Mute(found.id, found.name, aware(found.created_at))
            count = conn.execute(sa.select(sa.func.count()).select_from(_mutes)
                                 .where(_mutes.c.account_id == account_id)).scalar_one()
            if count >= MAX_MUTES:
                raise TooManyMutes(account_id)
            key = conn.execute(_mutes.insert().values(
                account_id=account_id, muted_id=muted_id, name=name,
                created_at=moment)).inserted_primary_key
            assert key is not None
        self.load(account_id)
        return Mute(int(key[0]), name, moment)

    def unmute(self, account_id: str, *, muted_id: str | None = None,
               mute_id: int | None = None) -> bool:
        """Lift the mute of the account ``muted_id`` or the mute numbered ``mute_id``;
        whether there was one."""
        where = (_mutes.c.muted_id == muted_id) if muted_id is not None else (
            _mutes.c.id == mute_id)
        with self.engine.begin() as conn:
            gone = conn.execute(_mutes.delete().where(_mutes.c.account_id == account_id,
                                                      where)).rowcount
        self.load(account_id)
        return bool(gone)

    def listed(self, account_id: str) -> list[Mute]:
        """Whom ``account_id`` muted, the oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(_mutes).where(_mutes.c.account_id == account_id)
                                .order_by(_mutes.c.id)).all()
        return [Mute(r.id, r.name, aware(r.created_at)) for r in rows]

    def _remember(self, account_id: str, muted: frozenset[str]) -> None:
        with self._lock:
            self._muted.pop(account_id, None)
            self._muted[account_id] = muted
            while len(self._muted) > REMEMBERED:
                self._muted.popitem(last=False)
