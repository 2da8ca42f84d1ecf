"""Rules of the table above the hand, as the live table applies them: the time limit (R31),
the place that sits out (R33), and a duplicate round's decks, whose seeds stay hidden."""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace
from datetime import timedelta

import pytest

from ginrummy.core.actions import PASS
from ginrummy.core.rules import Rules
from ginrummy.livetable import Event, Play, Ready, Refused, Table, apply
from ginrummy.livetable.fairness import draw, slot_of
from ginrummy.livetable.state import frozen
from tests.livetable.kit import START, make_table, play_game


def ready_all(table: Table, minutes: float = 0.0) -> Table:
    at = START + timedelta(minutes=minutes)
    rng = random.Random(2)
    for place in range(table.game.players):
        if table.seats[place].kind == "human" and place not in table.position.ready:
            with contextlib.suppress(Refused):  # a place whose table is not dealt yet
                table = apply(table, Ready(place), at, rng).table
    return table


def test_R31_a_move_after_the_time_limit_logs_time_up_first() -> None:
    table = ready_all(make_table(2, Rules.preset("standard", time_limit_minutes=30)))
    hand = table.game.hand
    assert hand is not None
    late = START + timedelta(minutes=31)
    applied = apply(table, Play(hand.turn, PASS, expect=table.n), late)
    assert [e.kind for e in applied.stored.entries] == ["time_up", "play"]
    assert applied.table.game.time_is_up
    assert [e.kind for e in applied.events][:2] == ["time_up", "played"]


def test_R33_the_dealer_sits_out_and_may_not_play() -> None:
    table = ready_all(make_table(3))
    out = table.game.sitting_out()
    assert out is not None and table.stage == "hand"
    with pytest.raises(Refused) as refused:
        apply(table, Play(out, PASS, expect=table.n), START)
    assert (refused.value.code, refused.value.params) == ("no_hand",
                                                          {"place": out, "why": "sits_out"})


def duplicate_table() -> Table:
    """A duplicate round's game: its decks' seeds stored by deal number, no slot."""
    table = make_table(2, computers=(1,))
    rng = random.Random(8)
    rows = {number: draw(rng, number) for number in range(1, 40)}
    setup = replace(table.setup, deal_key="round-key")
    return replace(table, setup=setup, fair=frozen(rows))


def test_a_duplicate_rounds_seeds_are_never_told_nor_players_seeds_taken() -> None:
    """Other tables play the same decks: no event shows a server seed or a commitment to
    come, and a player's seed does not change the deck."""
    table = duplicate_table()
    applied = apply(table, Ready(0, seed="mine"), START, random.Random(1))
    assert applied.table.decks[1] == tuple(
        table.fair[1].hand(table.setup.fair_id).deck())
    played = play_game(table, seed=3)
    assert played.last.stage == "over"
    events = [e for step in played.steps for e in step.events if isinstance(e, Event)]
    assert {"hand_over", "dealt"} <= {e.kind for e in events}
    assert not [e for e in events if e.kind == "committed" or "server_seed" in e.fields]
    assert all(slot_of(0) not in step.table.fair for step in played.steps)


def test_a_hand_over_reveals_the_deals_server_seed_at_an_ordinary_table() -> None:
    played = play_game(make_table(2, computers=(1,)), seed=3)
    over = [e for step in played.steps for e in step.events
            if isinstance(e, Event) and e.kind == "hand_over"]
    assert over and all(isinstance(e.fields.get("server_seed"), str) for e in over)
    first = over[0].fields
    assert first["server_seed"] == played.last.fair[1].server_seed
