"""Idle players at a live table: when the game waits for one person while another is
connected, a timer runs; when it runs out the computer plays for the idle player (logged as
``idle``) until that player sends anything or connects again (``back``)."""

from __future__ import annotations

import asyncio
import logging

from ginrummy.server.live.dealing import Dealing
from ginrummy.server.live.table_core import ENTRY_OF
from ginrummy.server.storage.store import LogEntry
from ginrummy.server.wire.protocol import ClientError

log = logging.getLogger(__name__)


class IdlePlayers(Dealing):
    def idle_seat(self) -> int | None:
        """The first person the game waits for (to move, or to say ready for the table's next
        deal) while a connected person is held up by it: one who is not waited for at the
        same table. Two people both waited for at one table (between hands) hold up nobody.
        At a tournament's table (``idle_alone``) the person waited for holds up the
        tournament: they are idle whoever else is connected."""
        humans = {s.seat for s in self.seats if s.kind == "human"} - self.position.stand_in
        game = self.game
        current = self.stage()
        alone = self.idle_alone
        if (len(humans) < 2 and not alone) or not humans or current == "over" or (
            current == "waiting" and not all(s.joined for s in self.seats)
        ) or self.abandoned:
            return None
        waited: dict[int, int] = {}
        for table, hand in enumerate(game.hands):
            if hand is not None and game.players_at(table)[hand.turn] in humans:
                waited[game.players_at(table)[hand.turn]] = table
        for table in game.tables_to_deal():
            for place in set(game.players_at(table)) & humans - self.position.ready:
                waited[place] = table
        connected = {listener.seat for listener in self.listeners if listener.seat is not None}
        for place in sorted(waited):
            held_up = {other for other in connected & humans - {place}
                       if waited.get(other) != waited[place]}
            if held_up or alone:
                return place
        return None

    def arm_idle(self) -> None:
        """(Re)start the idle timer of the seat the game now waits for, if any. The timer of a
        seat still waited for runs on while others play (another table of a team game)."""
        limit = self.settings.idle_seconds
        seat = self.idle_seat()
        task = self.idle_task
        running = task is not None and not task.done()
        armed = self.idle_armed
        if running and seat is not None and armed is not None and armed[0] == seat and (
            not self._acted_since(seat, armed[1])
        ):
            return
        if running and task is not None and task is not asyncio.current_task():
            task.cancel()
        self.idle_task = None
        self.idle_armed = None
        if not limit or seat is None:
            return
        self.idle_armed = (seat, self.n)
        self.idle_since = asyncio.get_running_loop().time()
        self.idle_task = asyncio.create_task(self._idle_after(limit, self.n, seat),
                                             name=f"idle {self.id}")

    def _acted_since(self, seat: int, n: int) -> bool:
        """``seat`` has made a log entry after event ``n`` (or they are no longer in memory)."""
        if n >= self.n:
            return False
        if not self.recent or self.recent[0][0].seq > n + 1:
            return True
        return any(entry.seat == seat and entry.seq > n and entry.kind in ENTRY_OF.values()
                   for entry, _ in self.recent)

    async def _idle_after(self, limit: float, n: int, seat: int) -> None:
        await asyncio.sleep(limit)
        self.stand_in_task = asyncio.create_task(self._stand_in(n, seat),  # not cancelled by
                                                 name=f"stand in {self.id}")  # arm_idle

    async def come_back(self, seat: int) -> None:
        """``seat``'s player connected again: it plays again if the computer played for it."""
        async with self.lock:
            if seat not in self.position.stand_in:
                return
            self.staged_fair = {}
            entries = [LogEntry(self.n + 1, "back", seat)]
            await self._commit(entries, {})
            self._broadcast(entries)

    async def _stand_in(self, n: int, seat: int) -> None:
        """The computer plays for ``seat`` from now on (logged, and told to everyone)."""
        async with self.lock:
            if self.idle_seat() != seat or self._acted_since(seat, n):
                return
            self.staged_fair = {}
            entries, decks = self._idle_entries(seat)
            try:
                await self._commit(entries, decks)
            except ClientError as refused:
                log.warning("game %s: could not note seat %d idle: %s", self.id, seat,
                            refused.message)
                return
            self._broadcast(entries)
        self.kick()
