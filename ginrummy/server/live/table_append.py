"""The storing step of a live table's command (:meth:`.table.Table.run`): what an applied
command stores goes into the database in one transaction (the appends of all tables share
transactions through :mod:`ginrummy.server.storage.writer`), and a seat sent away is stored
open again. A failure is a :class:`ClientError` and changes nothing in memory."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ginrummy.livetable import Applied
from ginrummy.livetable import Table as TableValue
from ginrummy.livetable.record import canonical_record
from ginrummy.server.live.open_seats import OPEN_NAME
from ginrummy.server.live.summary import status_of, summary
from ginrummy.server.storage.db import StorageGone
from ginrummy.server.storage.store import AppendRequest, ConflictError, SeatRow
from ginrummy.server.wire.protocol import ClientError

if TYPE_CHECKING:
    from ginrummy.server.live.table import Table

log = logging.getLogger(__name__)

JOINED = tuple[int, str, str]
"""(seat, name, hash of the seat's new token) of a seat taken."""


async def append_applied(table: Table, applied: Applied, joined: Sequence[JOINED]
                         ) -> tuple[list[SeatRow], str | None]:
    """Store what ``applied`` stores at ``table`` in one transaction; the seats after it,
    and the game's record if it ended."""
    taken = {seat: (name, digest) for seat, name, digest in joined}
    seats = [replace(s, joined=True, name=taken[s.seat][0], token_hash=taken[s.seat][1],
                     invite_hash=s.token_hash) if s.seat in taken else s
             for s in table.seats]
    stored, after = applied.stored, applied.table
    opened = {seat.place for seat in stored.seats if not seat.joined}
    if opened:  # sent away: no log entry, the seat's row alone
        return await _open_again(table, seats, opened, after), None
    if not (stored.entries or joined or stored.fair):
        return seats, None
    record = None
    if after.game.is_over and not table.game.is_over:
        setup = after.setup
        record = canonical_record(table.id, setup.kind, setup.level,
                                  [(s.kind, s.name) for s in seats], after.game, after.fair,
                                  after.decks, setup.deal_key)
    request = AppendRequest(table.id, table.n, list(stored.entries), dict(stored.decks),
                            status_of(after.position), summary(after.position, seats),
                            list(joined), record, list(stored.fair))
    try:
        if table.writer is not None:
            await table.writer.append(request)
        else:
            await asyncio.to_thread(table.store.append, *request.arguments())
    except ConflictError:
        log.warning("game %s: log conflict; reloading", table.id)
        await table.reload()
        raise ClientError("conflict", "the game changed meanwhile; see the snapshot") from None
    except StorageGone as gone:
        log.error("game %s: %d entries not stored: %s", table.id, len(stored.entries), gone)
        raise ClientError("storage", f"{gone.public}: nothing was saved; send the same "
                                     "message again later") from None
    except Exception as failure:
        log.exception("game %s: could not store %d entries", table.id, len(stored.entries))
        raise ClientError("storage", f"the database refused the action: "
                                     f"{type(failure).__name__}") from None
    return seats, record


async def _open_again(table: Table, seats: list[SeatRow], places: set[int],
                      after: TableValue) -> list[SeatRow]:
    """Store ``places`` open again (their tokens open nothing any more)."""
    seats = [replace(s, name=OPEN_NAME, token_hash=None, joined=False, invite_hash=None,
                     left_at=None) if s.seat in places else s for s in seats]
    try:
        for place in sorted(places):
            await asyncio.to_thread(table.store.free_seat, table.id, place, OPEN_NAME,
                                    summary(after.position, seats))
    except StorageGone as gone:
        raise ClientError("storage", f"{gone.public}: nothing was saved; send the same "
                                     "request again later") from None
    return seats
