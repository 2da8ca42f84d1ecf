"""When a recurring tournament is played (:mod:`ginrummy.tournament.recurrence`): the
occurrences taking entries at a moment, the next start, and what is refused."""

from __future__ import annotations

import doctest
from datetime import UTC, date, datetime

import pytest

import ginrummy.tournament.recurrence
from ginrummy.tournament.recurrence import Recurrence, RecurrenceError


def test_the_modules_examples_hold() -> None:
    failures, tried = doctest.testmod(ginrummy.tournament.recurrence)
    assert failures == 0 and tried > 0


def test_a_weekly_tournament_is_open_only_in_its_window_on_its_weekday() -> None:
    monday = Recurrence.parse("weekly", "Monday", "0:15", 30)  # 00:15, entries from 23:45
    assert monday.at == "00:15"
    sunday_night = datetime(2026, 12, 13, 23, 50, tzinfo=UTC)
    assert monday.open_at(sunday_night) == [date(2026, 12, 14)]  # the window crosses midnight
    assert monday.open_at(datetime(2026, 12, 14, 0, 15, tzinfo=UTC)) == []  # started
    assert monday.next_start(datetime(2026, 12, 14, 0, 15, tzinfo=UTC)) == datetime(
        2026, 12, 21, 0, 15, tzinfo=UTC)


def test_entries_open_two_days_before_a_daily_tournament_leave_two_open_at_once() -> None:
    daily = Recurrence.parse("daily", None, "12:00", 48 * 60)
    noonish = datetime(2026, 12, 8, 13, 0, tzinfo=UTC)
    assert daily.open_at(noonish) == [date(2026, 12, 9), date(2026, 12, 10)]


@pytest.mark.parametrize(("repeat", "weekday", "at", "opens", "code"), [
    ("monthly", None, "12:00", 60, "recurrence.repeat"),
    ("daily", "monday", "12:00", 60, "recurrence.daily_day"),
    ("weekly", None, "12:00", 60, "recurrence.no_weekday"),
    ("weekly", "lunedì", "12:00", 60, "recurrence.weekday"),
    ("daily", None, "12:60", 60, "recurrence.time"),
    ("daily", None, "noon", 60, "recurrence.time"),
    ("daily", None, "12:00", 0, "recurrence.opens_before"),
    ("daily", None, "12:00", 7 * 24 * 60 + 1, "recurrence.opens_before"),
])
def test_a_recurrence_that_is_not_one_is_refused_with_its_code(
        repeat: str, weekday: str | None, at: str, opens: int, code: str) -> None:
    with pytest.raises(RecurrenceError) as refused:
        Recurrence.parse(repeat, weekday, at, opens)
    assert refused.value.code == code
