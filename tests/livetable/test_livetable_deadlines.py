"""Every timer the server needs is read from the table (:func:`next_deadline`): a running
clock's run-out and the idle timer; a :class:`Tick` at that moment logs what was due."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest

from ginrummy.core.actions import PASS
from ginrummy.livetable import (
    ComputerPlay,
    Play,
    Presence,
    Ready,
    Refused,
    Table,
    Tick,
    apply,
    computer_moves,
    next_deadline,
)
from ginrummy.livetable.clocks import ClockRules, next_timeout
from tests.livetable.kit import START, make_table

BLITZ = ClockRules("bank", 60.0, 5.0)
RNG = random.Random(5)


def dealt(table: Table, at: datetime) -> Table:
    for place in (0, 1):
        table = apply(table, Ready(place), at, RNG).table
    assert table.stage == "hand"
    return table


def mover(table: Table) -> int:
    hand = table.game.hand
    assert hand is not None
    return table.game.players_at(0)[hand.turn]


def test_no_deadline_before_the_first_deal_nor_without_a_clock() -> None:
    assert next_deadline(make_table(2, clock=BLITZ)) is None
    assert next_deadline(dealt(make_table(2), START)) is None


def test_the_deadline_is_when_the_running_clock_runs_out() -> None:
    """A bank of 60 s and 5 s a turn: the first mover's clock runs out 65 s after the deal,
    where the clock arithmetic says it does."""
    table = dealt(make_table(2, clock=BLITZ), START)
    deadline = next_deadline(table)
    assert deadline is not None
    assert (deadline.kind, deadline.place) == ("clock", mover(table))
    assert deadline.at == START + timedelta(seconds=65)
    later = START + timedelta(seconds=20)
    assert table.clocks is not None
    place, seconds = next_timeout(table.clocks, later) or (None, 0.0)
    assert (place, later + timedelta(seconds=seconds)) == (deadline.place, deadline.at)


def test_a_move_stops_the_movers_clock_and_starts_the_others() -> None:
    table = dealt(make_table(2, clock=BLITZ), START)
    first = mover(table)
    moved = apply(table, Play(first, PASS, expect=table.n), START + timedelta(seconds=10)).table
    deadline = next_deadline(moved)
    assert deadline is not None and deadline.place == 1 - first
    assert deadline.at == START + timedelta(seconds=10 + 65)
    assert moved.clocks is not None and moved.clocks.left[first] == 55.0


def test_a_tick_before_the_deadline_is_refused_and_at_it_logs_the_timeout() -> None:
    table = dealt(make_table(2, clock=BLITZ), START)
    deadline = next_deadline(table)
    assert deadline is not None
    with pytest.raises(Refused) as early:
        apply(table, Tick(), deadline.at - timedelta(seconds=1))
    assert early.value.code == "nothing_due"
    applied = apply(table, Tick(), deadline.at)
    assert [(e.kind, e.seat) for e in applied.stored.entries] == [("timeout", deadline.place)]
    after = applied.table
    assert deadline.place in after.position.timed_out
    assert [m.place for m in computer_moves(after)] == [deadline.place]
    with pytest.raises(Refused) as late:
        apply(after, Play(deadline.place, PASS, expect=after.n), deadline.at)
    assert late.value.code == "clock_ran_out"


def test_the_second_timeout_loses_a_game_that_forfeits_on_time() -> None:
    table = dealt(make_table(2, clock=BLITZ, forfeits_on_time=True), START)
    first = mover(table)
    deadline = next_deadline(table)
    assert deadline is not None
    table = apply(table, Tick(), deadline.at).table
    assert table.clocks is not None and table.clocks.timeouts[first] == 1
    assert not table.game.is_over
    # the computer finishes the turn, the other player moves, and the first player's clock
    # (an empty bank, plus the increment) runs out again
    now = deadline.at
    while first in table.position.timed_out:
        move = computer_moves(table)[0]
        table = apply(table, ComputerPlay(move.place, move.view.legal[0]), now).table
    while mover(table) != first:
        hand = table.game.hand
        assert hand is not None
        table = apply(table, Play(mover(table), hand.legal_actions()[0], expect=table.n),
                      now).table
    second = next_deadline(table)
    assert second is not None and second.place == first
    assert second.at == now + timedelta(seconds=5)
    applied = apply(table, Tick(), second.at)
    assert [e.kind for e in applied.stored.entries] == ["timeout", "forfeit"]
    assert applied.table.game.is_over and applied.table.game.winner == 1 - first


def test_the_idle_timer_runs_while_a_connected_player_is_held_up() -> None:
    """Two people, the mover away and the other connected: after ``idle_seconds`` the
    computer plays for the mover, until the mover sends anything (``back`` first)."""
    table = dealt(make_table(2, idle_seconds=30.0), START)
    first = mover(table)
    assert next_deadline(table) is None  # nobody is connected: nobody is held up
    table = apply(table, Presence(frozenset({1 - first})), START).table
    deadline = next_deadline(table)
    assert deadline is not None
    assert (deadline.kind, deadline.place, deadline.at) == (
        "idle", first, START + timedelta(seconds=30))
    applied = apply(table, Tick(), deadline.at)
    assert [(e.kind, e.seat) for e in applied.stored.entries] == [("idle", first)]
    away = applied.table
    assert first in away.position.stand_in and next_deadline(away) is None
    back = apply(away, Play(first, PASS, expect=away.n), deadline.at)
    assert [e.kind for e in back.stored.entries] == ["back", "play"]


def test_the_idle_timer_keeps_running_while_the_same_player_is_waited_for() -> None:
    table = dealt(make_table(2, idle_seconds=30.0), START)
    first = mover(table)
    table = apply(table, Presence(frozenset({1 - first})), START).table
    later = apply(table, Presence(frozenset({1 - first, first})),
                  START + timedelta(seconds=10)).table
    deadline = next_deadline(later)
    assert deadline is not None and deadline.at == START + timedelta(seconds=30)


def test_the_folded_clocks_are_the_servers_clocks_fed_the_same_log() -> None:
    """The clocks a played game folds to are those the clock arithmetic gives its log."""
    from ginrummy.livetable.clocks import clocks_after, start_clocks
    from ginrummy.livetable.position import replay as positions_of
    from tests.livetable.kit import play_game

    played = play_game(make_table(4, computers=(1,), clock=BLITZ), seed=3, limit=120)
    table = played.last
    entries = played.entries()
    positions = positions_of(table.setup.rules, table.setup.cut, table.decks, entries)[1:]
    humans = frozenset(s.place for s in table.seats if s.kind == "human")
    assert table.clocks == clocks_after(start_clocks(BLITZ, 4), BLITZ, entries, positions, humans)
