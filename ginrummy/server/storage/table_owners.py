"""Which server process owns each live table, when several serve one database.

One process at a time appends to a table's log: the one holding the table's row here. A
holding lapses at ``expires_at`` unless its owner renews it; any process may then take the
table over. Each change of owner raises the row's ``fence``, and an append checks, in its
own transaction, that the fence it was given is still the row's (:func:`still_owned`): a
process that stalled past its expiry and was replaced can never write to the table again,
whatever its clock says. Renewal is one statement for all the tables a process holds.

Blocking calls (the server runs them in threads); ``moment`` is always the caller's clock.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from ginrummy.server.storage import db
from ginrummy.server.storage.moments import aware

owners = db.table_owners


@dataclass(frozen=True, slots=True)
class Holding:
    """A table held by ``owner`` under fencing number ``fence`` until ``expires_at``."""

    game_id: str
    owner: str
    fence: int
    expires_at: datetime


class TableOwners:
    def __init__(self, engine: Engine, lasts: timedelta) -> None:
        self.engine = engine
        self.lasts = lasts
        """How long a holding lasts from its taking or last renewal."""

    def take(self, game_id: str, owner: str, moment: datetime) -> Holding | None:
        """Make the table ``owner``'s if nobody holds it or its holding has lapsed, with a new
        fence; None if another process holds it (``owner`` holding it already: taken again,
        with a new fence)."""
        expires = moment + self.lasts
        try:
            with self.engine.begin() as conn:
                conn.execute(owners.insert().values(game_id=game_id, owner=owner, fence=1,
                                                    expires_at=expires))
            return Holding(game_id, owner, 1, expires)
        except IntegrityError:
            pass  # held now or before: taken over below if it lapsed
        with self.engine.begin() as conn:
            fence = conn.execute(
                owners.update()
                .where(owners.c.game_id == game_id,
                       sa.or_(owners.c.expires_at <= moment, owners.c.owner == owner))
                .values(owner=owner, fence=owners.c.fence + 1, expires_at=expires)
                .returning(owners.c.fence)).scalar()
        return None if fence is None else Holding(game_id, owner, int(fence), expires)

    def renew(self, owner: str, held: Mapping[str, int], moment: datetime) -> set[str]:
        """Push back the expiry of every table ``owner`` holds under the fences of ``held``
        (game id to fence); the ids of those it no longer holds (taken over: stop serving
        them)."""
        if not held:
            return set()
        with self.engine.begin() as conn:
            kept = conn.execute(
                owners.update()
                .where(owners.c.owner == owner, owners.c.game_id.in_(list(held)))
                .values(expires_at=moment + self.lasts)
                .returning(owners.c.game_id, owners.c.fence)).all()
        still = {row.game_id for row in kept if held.get(row.game_id) == row.fence}
        return set(held) - still

    def release(self, holdings: Collection[Holding], moment: datetime) -> None:
        """Give tables up (a process draining or stopping): they lapse now, and another may
        take them at once. The rows stay, so that fences only ever rise."""
        with self.engine.begin() as conn:
            for held in holdings:
                conn.execute(owners.update().where(owners.c.game_id == held.game_id,
                                                   owners.c.fence == held.fence)
                             .values(expires_at=moment))

    def holder(self, game_id: str, moment: datetime) -> Holding | None:
        """Who holds the table now (None: nobody, or the holding lapsed)."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(owners).where(owners.c.game_id == game_id)).first()
        if row is None or aware(row.expires_at) <= moment:
            return None
        return Holding(row.game_id, row.owner, int(row.fence), aware(row.expires_at))

    def lapsed(self, moment: datetime, limit: int = 100) -> list[str]:
        """Tables whose holding lapsed (their owner died or stalled), oldest first: the
        ones another process should take over."""
        with self.engine.connect() as conn:
            return list(conn.execute(
                sa.select(owners.c.game_id).where(owners.c.expires_at <= moment)
                .order_by(owners.c.expires_at).limit(limit)).scalars())


def still_owned(conn: Connection, held: Holding) -> bool:
    """In an append's transaction, before it commits: whether ``held`` is still the table's
    holding (the row is locked until the commit, so a takeover waits for it)."""
    touched = conn.execute(
        owners.update()
        .where(owners.c.game_id == held.game_id, owners.c.fence == held.fence)
        .values(fence=owners.c.fence))
    return touched.rowcount == 1
