"""Tournaments that recur: the operator schedules one (``gin admin tournament schedule``), and
the running server makes each occurrence when its entries open, a stated number of minutes
before its start; from there it is an ordinary tournament with a start time (it starts when
full or at that time, or is cancelled if too few entered: :mod:`.tournament_hub`).

The server's clock is read by the tick alone (``clock``, the settings' wall clock); what is
due follows from the stored schedules and that moment (:class:`~ginrummy.tournament.recurrence.
Recurrence`). Each occurrence is keyed by its schedule and day in the database, so a restart,
even one after a SIGKILL, never makes one twice; an occurrence whose entries opened and closed
while the server was down is not made at all.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from ginrummy.agents.levels import LEVELS
from ginrummy.core.errors import CodedError
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.livetable.clocks import ClockRules
from ginrummy.server.live.tasks import cancelled
from ginrummy.server.live.tournament_hub import TournamentHub
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.schedule_store import Schedule, ScheduleStore
from ginrummy.server.storage.tokens import new_game_id
from ginrummy.server.storage.tournament_store import TournamentRow
from ginrummy.tournament import TournamentRules

log = logging.getLogger(__name__)

TICK_SECONDS = 10.0
"""How often (at most) the server looks whether an occurrence's entries opened."""
ORGANISER = "Gin Rummy"
"""The organiser a scheduled tournament's page names unless the operator named one."""
MAX_UPCOMING = 20


class ScheduleError(CodedError):
    """Settings of a recurring tournament the lobby's form would not take either."""


def checked(settings: dict[str, Any]) -> tuple[TournamentRules, TableRules, ClockRules | None]:
    """The rules of a recurring tournament's settings (as ``POST /api/tournaments`` takes
    them), checked as a tournament created from the lobby is; a coded error if they cannot
    be."""
    level = settings.get("level", 3)
    if isinstance(level, bool) or level not in LEVELS:
        raise ScheduleError(f"level must be a whole number from {LEVELS[0]} to "
                              f"{LEVELS[-1]}, got {level!r}", "schedule.level", value=repr(level),
                              low=LEVELS[0], high=LEVELS[-1])
    rules = TournamentRules(settings.get("format", "swiss"), settings.get("size", 8),
                            settings.get("rounds"), settings.get("table_size", 2))
    game_rules = Rules.preset(settings.get("preset", "standard"),
                              **settings.get("options", {}))
    table_rules = TableRules(rules.table_size, game_rules, settings.get("team_target"))
    clock = settings.get("clock")
    return rules, table_rules, None if clock is None else ClockRules.from_dict(clock)


def occurrence_row(schedule: Schedule, start: datetime, moment: datetime) -> TournamentRow:
    """The tournament of ``schedule`` starting at ``start``, made at ``moment``."""
    rules, table_rules, clock = checked(schedule.settings)
    return TournamentRow(
        new_game_id(), schedule.name, None, schedule.settings.get("organiser", ORGANISER),
        rules.format, rules.size, rules.rounds, table_rules.to_dict(),
        schedule.settings.get("level", 3), schedule.settings.get("fill", True), "entering",
        moment, start, clock=None if clock is None else clock.to_dict())


class TournamentSchedules:
    """Makes each scheduled tournament's occurrences as their entries open, and says which
    are coming."""

    def __init__(self, store: ScheduleStore, hub: TournamentHub,
                 clock: Callable[[], datetime], seconds: float = TICK_SECONDS) -> None:
        self.store = store
        self.hub = hub
        self.clock = clock
        self.seconds = seconds
        self.ticker: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.ticker is None:
            self.ticker = asyncio.create_task(self._tick(), name="tournament schedules")

    async def _tick(self) -> None:
        while True:
            try:
                await self.tick()
            except Exception:  # noqa: BLE001 - the next tick tries again
                log.exception("could not open the scheduled tournaments")
            await asyncio.sleep(self.seconds)

    async def tick(self) -> int:
        """Make the occurrences whose entries are open now and were not made; how many."""
        moment = self.clock()
        schedules = await asyncio.to_thread(self.store.schedules)
        due = [(s, day) for s in schedules for day in s.recurrence.open_at(moment)]
        if not due:
            return 0
        since = min(day for _, day in due).isoformat()
        made = await asyncio.to_thread(self.store.made, [s.id for s, _ in due], since)
        count = 0
        for schedule, day in due:
            if (schedule.id, day.isoformat()) in made:
                continue
            try:
                row = occurrence_row(schedule, schedule.recurrence.start_on(day), now())
            except CodedError as refused:  # rules this server no longer takes
                log.error("schedule %s: cannot make its tournament: %s", schedule.id, refused)
                continue
            if await self.hub.create_scheduled(
                    row, functools.partial(self.store.make, schedule.id, day.isoformat())):
                log.info("schedule %s: tournament %s of %s opened", schedule.id, row.id, day)
                count += 1
        return count

    async def upcoming(self) -> list[dict[str, Any]]:
        """Each running schedule's next occurrence not open yet, the soonest first."""
        moment = self.clock()
        schedules = await asyncio.to_thread(self.store.schedules)
        made = await asyncio.to_thread(self.store.made, [s.id for s in schedules],
                                       (moment - timedelta(days=1)).date().isoformat())
        out = []
        for schedule in schedules:
            start = schedule.recurrence.next_start(moment)
            while (schedule.id, start.date().isoformat()) in made:
                start = schedule.recurrence.next_start(start)
            out.append(coming(schedule, start))
        out.sort(key=lambda item: (item["starts_at"], item["schedule"]))
        return out[:MAX_UPCOMING]

    async def close(self) -> None:
        await cancelled(self.ticker)
        self.ticker = None


def coming(schedule: Schedule, start: datetime) -> dict[str, Any]:
    """A scheduled tournament's next occurrence as the lobby lists it."""
    settings = schedule.settings
    recurrence = schedule.recurrence
    try:
        rules = checked(settings)[1].rules.to_dict()
    except CodedError:
        rules = {"name": settings.get("preset", "standard")}
    return {
        "schedule": schedule.id, "name": schedule.name,
        "format": settings.get("format", "swiss"), "size": settings.get("size", 8),
        "table_size": settings.get("table_size", 2), "rules": rules,
        "level": settings.get("level", 3), "fill": settings.get("fill", True),
        "clock": settings.get("clock"),
        "repeat": "daily" if recurrence.weekday is None else "weekly",
        "weekday": recurrence.weekday,
        "starts_at": start.isoformat(),
        "opens_at": (start - timedelta(minutes=recurrence.opens_before)).isoformat(),
    }
