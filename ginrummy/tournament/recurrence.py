"""When a recurring tournament is played: every day, or every week on one weekday, at a time of
day (UTC), its entries opening a number of minutes before each start. Pure: the moment it is
asked about is given, never read.

>>> every = Recurrence.parse("weekly", "friday", "18:30", 60)
>>> every.repeat, every.at
('weekly:4', '18:30')
>>> friday = datetime(2026, 12, 11, 17, 45, tzinfo=UTC)
>>> every.open_at(friday)
[datetime.date(2026, 12, 11)]
>>> every.open_at(friday.replace(hour=17, minute=29))  # entries not open yet
[]
>>> every.next_start(friday.replace(hour=19))
datetime.datetime(2026, 12, 18, 18, 30, tzinfo=datetime.timezone.utc)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from ginrummy.core.errors import CodedError

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MAX_OPENS_BEFORE = 7 * 24 * 60
"""The most minutes entries may open before a start: a week."""
TIME = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


class RecurrenceError(CodedError):
    """A repeat, weekday, time or entry window that is not one (its code names which)."""


@dataclass(frozen=True, slots=True)
class Recurrence:
    """``repeat``: ``daily`` or ``weekly:<weekday>`` (Monday 0); ``at``: ``HH:MM`` UTC;
    ``opens_before``: minutes before each start that its entries open."""

    repeat: str
    at: str
    opens_before: int

    @classmethod
    def parse(cls, repeat: str, weekday: str | None, at: str, opens_before: int
              ) -> Recurrence:
        """A recurrence as the operator types it, checked (:class:`RecurrenceError`)."""
        if repeat not in ("daily", "weekly"):
            raise RecurrenceError(f"repeat must be daily or weekly, got {repeat!r}",
                                  "recurrence.repeat", value=repr(repeat))
        if repeat == "daily" and weekday is not None:
            raise RecurrenceError("a daily tournament has no weekday", "recurrence.daily_day")
        if repeat == "weekly":
            if weekday is None:
                raise RecurrenceError("a weekly tournament needs its weekday",
                                      "recurrence.no_weekday")
            if weekday.lower() not in WEEKDAYS:
                raise RecurrenceError(f"weekday must be one of {', '.join(WEEKDAYS)}, got "
                                      f"{weekday!r}", "recurrence.weekday", value=repr(weekday))
            repeat = f"weekly:{WEEKDAYS.index(weekday.lower())}"
        found = TIME.fullmatch(at)
        if found is None:
            raise RecurrenceError(f"the time must be HH:MM in UTC (00:00 to 23:59), got {at!r}",
                                  "recurrence.time", value=repr(at))
        at = f"{int(found.group(1)):02d}:{found.group(2)}"
        if isinstance(opens_before, bool) or not 1 <= opens_before <= MAX_OPENS_BEFORE:
            raise RecurrenceError(f"entries must open 1 to {MAX_OPENS_BEFORE} minutes before "
                                  f"the start, got {opens_before}", "recurrence.opens_before",
                                  value=opens_before, high=MAX_OPENS_BEFORE)
        return cls(repeat, at, opens_before)

    @property
    def weekday(self) -> int | None:
        """The weekday of a weekly tournament (Monday 0), None for a daily one."""
        return int(self.repeat.partition(":")[2]) if self.repeat.startswith("weekly:") else None

    def plays_on(self, day: date) -> bool:
        return self.weekday is None or day.weekday() == self.weekday

    def start_on(self, day: date) -> datetime:
        """When the occurrence of ``day`` starts."""
        hour, minute = (int(part) for part in self.at.split(":"))
        return datetime.combine(day, time(hour, minute), tzinfo=UTC)

    def open_at(self, moment: datetime) -> list[date]:
        """The days of the occurrences taking entries at ``moment`` (their entries open, not
        started yet): none, one, or more when entries open over a day before the start."""
        window = timedelta(minutes=self.opens_before)
        first = (moment.astimezone(UTC) - timedelta(days=1)).date()
        days = (first + timedelta(days=n) for n in range(MAX_OPENS_BEFORE // (24 * 60) + 3))
        return [day for day in days if self.plays_on(day)
                and self.start_on(day) - window <= moment < self.start_on(day)]

    def next_start(self, moment: datetime) -> datetime:
        """The first start after ``moment``."""
        day = moment.astimezone(UTC).date()
        while not (self.plays_on(day) and self.start_on(day) > moment):
            day += timedelta(days=1)
        return self.start_on(day)
