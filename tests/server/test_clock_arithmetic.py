"""The players' clocks as arithmetic over given times (:mod:`ginrummy.server.live.clock`)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from ginrummy.server.live.clock import (
    ClockRefused,
    ClockRules,
    advance,
    next_timeout,
    seconds_left,
    start_clocks,
    timed_out,
)
from ginrummy.server.live.clock_feed import forfeits_on_timeout

T0 = datetime(2026, 12, 2, 3, 0, tzinfo=UTC)
BLITZ = ClockRules("bank", 180.0, 5.0)
THIRTY = ClockRules("move", 30.0)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_a_bank_runs_only_during_its_own_turn_and_each_turn_adds_the_increment() -> None:
    clocks = advance(start_clocks(BLITZ, 2), BLITZ, at(0), frozenset({0}))
    assert clocks.running == {0}
    assert seconds_left(clocks, 0, at(10)) == 175.0  # 180 + 5 - 10
    assert seconds_left(clocks, 1, at(10)) == 180.0  # not running
    clocks = advance(clocks, BLITZ, at(4), frozenset({0}))  # drew: the same turn goes on
    clocks = advance(clocks, BLITZ, at(20), frozenset({1}))  # discarded: seat 1's turn
    assert clocks.running == {1}
    assert seconds_left(clocks, 0, at(100)) == 165.0
    assert seconds_left(clocks, 1, at(30)) == 175.0


def test_the_clocks_stop_between_hands() -> None:
    clocks = advance(start_clocks(BLITZ, 2), BLITZ, at(0), frozenset({1}))
    clocks = advance(clocks, BLITZ, at(60), frozenset())  # seat 1 knocked: the hand is over
    assert clocks.running == frozenset()
    assert seconds_left(clocks, 1, at(3600)) == 125.0
    assert next_timeout(clocks, at(3600)) is None


def test_a_time_per_move_starts_afresh_every_turn_and_keeps_nothing() -> None:
    clocks = advance(start_clocks(THIRTY, 2), THIRTY, at(0), frozenset({0}))
    assert seconds_left(clocks, 0, at(12)) == 18.0
    clocks = advance(clocks, THIRTY, at(12), frozenset({1}))
    clocks = advance(clocks, THIRTY, at(40), frozenset({0}))
    assert seconds_left(clocks, 0, at(41)) == 29.0


def test_the_first_clock_to_run_out_is_the_next_timeout() -> None:
    teams = ClockRules("move", 30.0)
    clocks = advance(start_clocks(teams, 4), teams, at(0), frozenset({0}))
    clocks = advance(clocks, teams, at(10), frozenset({0, 3}))  # another table starts
    assert next_timeout(clocks, at(15)) == (0, 15.0)
    assert seconds_left(clocks, 0, at(99)) == 0.0  # never below zero


def test_a_timeout_empties_the_bank_counts_and_the_next_turn_has_the_increment() -> None:
    clocks = advance(start_clocks(BLITZ, 2), BLITZ, at(0), frozenset({0}))
    clocks = timed_out(clocks, BLITZ, 0)
    assert clocks.timeouts == (1, 0) and clocks.running == frozenset()
    clocks = advance(clocks, BLITZ, at(190), frozenset({1}))
    clocks = advance(clocks, BLITZ, at(200), frozenset({0}))
    assert seconds_left(clocks, 0, at(200)) == 5.0


@pytest.mark.parametrize(("sent", "reason"), [
    ("3 minutes", "type"),
    ({"kind": "hourglass", "seconds": 30}, "kind"),
    ({"kind": "move", "seconds": 30, "increment": 5}, "field"),
    ({"kind": "bank", "seconds": -60}, "bank_range"),
    ({"kind": "bank", "seconds": 10 ** 9}, "bank_range"),
    ({"kind": "bank", "seconds": 180, "increment": -1}, "increment_range"),
    ({"kind": "bank", "seconds": 180, "increment": "5"}, "increment_type"),
    ({"kind": "move", "seconds": 1}, "move_range"),
    ({"kind": "move", "seconds": True}, "move_type"),
    ({"kind": "move", "seconds": float("nan")}, "move_type"),
])
def test_clock_options_out_of_range_are_refused_naming_the_field(sent: object,
                                                                  reason: str) -> None:
    with pytest.raises(ClockRefused) as refused:
        ClockRules.from_dict(sent)
    assert refused.value.reason == reason


def test_clock_options_read_back_as_they_were_written() -> None:
    for rules in (BLITZ, THIRTY):
        assert ClockRules.from_dict(rules.to_dict()) == rules
    assert ClockRules.from_dict({"kind": "move", "seconds": 1}, floor=0.5).seconds == 1.0


def test_rated_and_tournament_tables_forfeit_on_time_and_casual_ones_do_not() -> None:
    assert forfeits_on_timeout(SimpleNamespace(rated=True, idle_alone=False))
    assert forfeits_on_timeout(SimpleNamespace(rated=False, idle_alone=True))  # a tournament's
    assert not forfeits_on_timeout(SimpleNamespace(rated=False, idle_alone=False))
