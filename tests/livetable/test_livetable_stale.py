"""A move is stale by its own table's events alone (PROTOCOL.md "Expect"): its ``expect`` may
be any event from the last one that dealt or played at the mover's table up to the latest,
so a move at another table, or an event that neither dealt nor played there, does not make it
stale; one made on an older state of its own table is."""

from __future__ import annotations

import random

import pytest

from ginrummy.livetable import Play, Ready, Refused, Table, apply
from tests.livetable.kit import START, make_table

RNG = random.Random(11)


def dealt_team_game() -> Table:
    table = make_table(4)
    for place in range(4):
        table = apply(table, Ready(place), START, RNG).table
    assert all(hand is not None for hand in table.game.hands)
    return table


def to_act(table: Table, at: int) -> tuple[int, int]:
    """The place to act at table ``at``, and a move it may make."""
    hand = table.game.hands[at]
    assert hand is not None
    return table.game.players_at(at)[hand.turn], next(iter(hand.legal_actions()))


def test_a_move_at_another_table_does_not_make_a_move_stale() -> None:
    table = dealt_team_game()
    seen = table.n
    place, action = to_act(table, 1)
    table = apply(table, Play(place, action, expect=seen), START, RNG).table
    assert table.n > seen
    place, action = to_act(table, 0)
    moved = apply(table, Play(place, action, expect=seen), START, RNG)
    assert moved.stored.entries[-1].seat == place


def test_a_move_made_on_an_older_state_of_its_own_table_is_stale() -> None:
    table = dealt_team_game()
    place, action = to_act(table, 0)
    last = table.position.changed_at(0)
    for expect in (last - 1, table.n + 1, None):
        with pytest.raises(Refused) as refused:
            apply(table, Play(place, action, expect=expect), START, RNG)
        assert refused.value.code == "stale"
        assert refused.value.params["last_at_table"] == last
