"""The commands a server makes besides a person's and the computer's: a forfeit for a player
who left a game nobody came back to, the first deal of a table made with every seat taken,
and the position after each entry that a server shows its readers."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ginrummy.livetable import Forfeit, Ready, Refused, Tick, apply, folds, next_deadline
from tests.livetable.kit import START, make_table

RNG = random.Random(3)


def test_a_forfeit_ends_the_game_lost_by_that_place() -> None:
    table = make_table(2)
    for place in (0, 1):
        table = apply(table, Ready(place), START, RNG).table
    applied = apply(table, Forfeit(1), START, RNG)
    assert [entry.kind for entry in applied.stored.entries] == ["forfeit"]
    assert applied.table.game.is_over and applied.table.game.end_reason == "forfeit"
    assert applied.table.game.winner == 0


def test_a_forfeit_is_refused_once_the_game_is_over_or_for_the_computer() -> None:
    table = make_table(2, computers=(1,))
    with pytest.raises(Refused) as computer:
        apply(table, Forfeit(1), START, RNG)
    assert computer.value.code == "no_such_place"
    over = apply(apply(table, Ready(0), START, RNG).table, Forfeit(0), START, RNG).table
    with pytest.raises(Refused) as again:
        apply(over, Forfeit(0), START, RNG)
    assert again.value.code == "game_over"


def test_a_tick_deals_a_table_of_computers_at_once() -> None:
    table = make_table(4, computers=(0, 1, 2, 3))
    applied = apply(table, Tick(), START, RNG)
    assert [entry.kind for entry in applied.stored.entries] == ["deal", "deal"]
    assert applied.table.stage == "hand"
    with pytest.raises(Refused) as nothing:
        apply(applied.table, Tick(), START, RNG)
    assert nothing.value.code == "nothing_due"


def test_a_tick_before_the_players_are_ready_deals_nothing() -> None:
    table = make_table(2)
    assert next_deadline(table) is None
    with pytest.raises(Refused) as nothing:
        apply(table, Tick(), START, RNG)
    assert nothing.value.code == "nothing_due"


def test_each_entry_comes_with_the_position_after_it_as_the_fold_gives() -> None:
    table = apply(make_table(2), Ready(0), START, RNG).table
    applied = apply(table, Ready(1), START, RNG)
    kinds = [entry.kind for entry in applied.stored.entries]
    assert kinds == ["ready", "deal"]
    stored = replace(table, decks=applied.table.decks)
    folded = [after.position for after in folds(stored, applied.stored.entries)]
    assert list(applied.stored.positions) == folded
    assert applied.stored.positions[-1] == applied.table.position
