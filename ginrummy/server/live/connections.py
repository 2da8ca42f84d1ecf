"""Who is connected to a live table: its listeners come and go, the table is told
(:class:`~ginrummy.livetable.Presence`: it decides who holds up whom, and so the idle timer),
and each person's last leaving is kept (``seats.left_at``: an adjourned game's deadline and
who left first, :mod:`.adjourn`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ginrummy.livetable import Presence
from ginrummy.server.live.listeners import Listener
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.store import SeatRow

if TYPE_CHECKING:
    from ginrummy.server.live.table import Table

log = logging.getLogger(__name__)


class Connections:
    """The listeners of one table, and when each person last left."""

    def __init__(self, table: Table, seats: Iterable[SeatRow]) -> None:
        self.table = table
        self.listeners: set[Listener] = set()
        self.left_at: dict[int, datetime | None] = {
            s.seat: s.left_at for s in seats if s.kind == "human"}
        """When each person's last connection to the game closed (None: connected, or never
        was); kept in ``seats.left_at`` too."""
        self.background: set[asyncio.Task[None]] = set()

    def attach(self, listener: Listener) -> None:
        self.listeners.add(listener)
        self._note_left(listener.seat)
        self._told()

    def detach(self, listener: Listener) -> None:
        self.listeners.discard(listener)
        self._note_left(listener.seat)
        self._told()

    def _told(self) -> None:
        """Tell the table at once if no command runs (a presence stores nothing), else in
        its turn after the one running."""
        if not self.table.run_now(Presence(self.connected())):
            self._background(self.tell_table())

    def connected(self) -> frozenset[int]:
        return frozenset(listener.seat for listener in self.listeners
                         if listener.seat is not None)

    async def tell_table(self) -> None:
        """Tell the table who is connected now; its notice tells everyone connected."""
        try:
            await self.table.run(Presence(self.connected()))
        except Exception:  # nothing stored: the next connection says it again
            log.exception("game %s: could not tell who is connected", self.table.id)

    def presence(self) -> dict[str, Any]:
        """Who is connected, how many watch, and the idle timer, as everyone is told."""
        table = self.table
        seats = [{"seat": s.seat, "connected": s.connected} for s in table.info().seats]
        watchers = sum(1 for listener in self.listeners if listener.seat is None)
        return {"type": "presence", "n": table.n, "seats": seats,
                "idle": self.idle_countdown(), "watchers": watchers}

    def idle_countdown(self) -> dict[str, Any] | None:
        """The running idle timer as ``{seat, seconds}`` (seconds left before the computer
        plays for that seat), or None."""
        table = self.table
        timer, limit = table.table.idle, table.table.setup.idle_seconds
        if timer is None or not limit or table.abandoned:
            return None
        left = limit - (table.moment() - timer.since).total_seconds()
        return {"seat": timer.place, "seconds": round(max(0.0, left), 1)}

    def _background(self, work: Awaitable[None]) -> None:
        try:
            task = asyncio.ensure_future(work)
        except RuntimeError:  # no event loop (a table used outside the server)
            if asyncio.iscoroutine(work):
                work.close()
            return
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    def _note_left(self, seat: int | None) -> None:
        """Keep when a person's last connection closed (None again once one is open), in
        memory and in the database (in order: the group writer's one thread)."""
        if seat is None or seat not in self.left_at:
            return
        here = any(listener.seat == seat for listener in self.listeners)
        if here == (self.left_at[seat] is None):
            return
        at = None if here else now()
        self.left_at[seat] = at
        table = self.table
        write = (table.writer.run(table.store.note_left, table.id, seat, at)
                 if table.writer is not None
                 else asyncio.to_thread(table.store.note_left, table.id, seat, at))
        self._background(self._kept(write))

    async def _kept(self, write: Awaitable[None]) -> None:
        try:
            await write
        except Exception:  # the memory still knows; only a restart would forget it
            log.exception("game %s: could not note who left", self.table.id)
