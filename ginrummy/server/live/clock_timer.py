"""The players' clocks at a live table: fed the log's times, they run out on a timer.

The arithmetic is :mod:`ginrummy.server.live.clock`; this part feeds it each entry's stored
time and the places then to move, and when a running clock reaches zero it logs a
``timeout`` for that place: the computer plays the rest of its turn (as for an idle player,
for that turn only). In a game that forfeits on time (:func:`forfeits_on_timeout`) the
place's second timeout logs a ``forfeit`` instead, and the game is over.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ginrummy.livetable.clocks import FORFEIT_AFTER, next_timeout, seconds_left
from ginrummy.server.live.clock_feed import forfeits_on_timeout
from ginrummy.server.live.dealing import Dealing
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.store import LogEntry
from ginrummy.server.wire.protocol import ClientError

log = logging.getLogger(__name__)

RUN_OUT_SLACK = 0.05
"""Seconds a clock may still show when its timer fires and it counts as run out."""
RETRY_SECONDS = 1.0
"""When the database refused a timeout, the seconds before it is tried again."""


class TableClocks(Dealing):
    def clock_state(self) -> dict[str, Any] | None:
        """The clocks as the players and watchers are shown them now (None: no clock)."""
        rules, clocks = self.clock_rules, self.clocks
        if rules is None or clocks is None:
            return None
        moment = now()
        running = clocks.running
        return {
            **rules.to_dict(),
            "forfeit_after": FORFEIT_AFTER if forfeits_on_timeout(self) else None,
            "seats": [{"seat": s.seat, "seconds": round(seconds_left(clocks, s.seat, moment), 1),
                       "running": s.seat in running, "timeouts": clocks.timeouts[s.seat]}
                      for s in self.seats if s.kind == "human"],
        }

    def arm_clock(self) -> None:
        """(Re)start the timer of the running clock that runs out first, if any."""
        task = self.clock_task
        if task is not None and not task.done():
            task.cancel()
        self.clock_task = None
        if self.clocks is None or self.game.is_over or self.abandoned:
            return
        due = next_timeout(self.clocks, now())
        if due is not None:
            place, seconds = due
            self.clock_task = asyncio.create_task(self._clock_after(seconds, place),
                                                  name=f"clock {self.id}")

    def stop_clock(self) -> None:
        """Stop the timer (the table leaves memory; loaded again, it starts from the log)."""
        task, self.clock_task = self.clock_task, None
        if task is not None and not task.done():
            task.cancel()

    async def _clock_after(self, seconds: float, place: int) -> None:
        await asyncio.sleep(seconds)
        self.run_out_task = asyncio.create_task(self._run_out(place),  # not cancelled by
                                                name=f"clock out {self.id}")  # arm_clock

    async def _run_out(self, place: int) -> None:
        """``place``'s clock ran out: log it (and, the second time in a game that forfeits on
        time, the forfeit) and let the computer play the rest of the turn."""
        async with self.lock:
            clocks = self.clocks
            if clocks is None or place not in clocks.running or self.game.is_over:
                return
            if seconds_left(clocks, place, now()) > RUN_OUT_SLACK:
                self.arm_clock()
                return
            self.staged_fair = {}
            entries = [LogEntry(self.n + 1, "timeout", place)]
            if forfeits_on_timeout(self) and clocks.timeouts[place] + 1 >= FORFEIT_AFTER:
                entries.append(LogEntry(self.n + 2, "forfeit", place))
            try:
                await self._commit(entries, {})
            except ClientError as refused:
                log.warning("game %s: could not note seat %d's clock ran out: %s", self.id,
                            place, refused.message)
                self.clock_task = asyncio.create_task(self._clock_after(RETRY_SECONDS, place),
                                                      name=f"clock {self.id}")
                return
            self._broadcast(entries)
        self.kick()
