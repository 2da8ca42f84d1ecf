"""The derived facts of wire 2 (issue 33): the table's ``facts`` name no card a watcher may not
know, a place's ``seat_facts`` none that place may not know, at every step of games of two,
three and four players (the model of :mod:`tests.server.leaks`, written from the rules); they
are worked out again only when their key changes; and a message written once is one text."""

from __future__ import annotations

import json

import pytest

from ginrummy.core.rules import Rules
from ginrummy.server.wire import facts
from ginrummy.server.wire.text import Written, message_text
from tests.livetable.kit import make_table, play_game
from tests.livetable.reader_fixture import table_info
from tests.server.leaks import leaks_in, scrub, table_leaks_in

SEATINGS = [(2, (1,)), (3, (2,)), (4, (1, 3))]


@pytest.mark.parametrize(("players", "computers"), SEATINGS, ids=["two", "three", "teams"])
def test_facts_name_no_card_their_readers_may_not_know(
        players: int, computers: tuple[int, ...]) -> None:
    table = make_table(players, Rules(target=40), computers, seed=players)
    played = play_game(table, seed=players, limit=600)
    shared = facts.SharedFacts()
    scan = leaks_in if players == 2 else table_leaks_in
    found: list[str] = []
    seat_facts_seen = 0
    for step in played.steps:
        value = step.table
        game = value.game
        public = shared.public(table_info(value), value)
        found += [f"facts to None at n={value.n}: {leak}"
                  for leak in scan(scrub(public, []), game, None)]
        for place in range(players):
            own = shared.seat(value, place)
            seat_facts_seen += own["arrangement"] is not None
            found += [f"seat_facts to {place} at n={value.n}: {leak}"
                      for leak in scan(scrub(own, []), game, place)]
    assert found == [], found[:5]
    assert seat_facts_seen > 0


def test_another_places_seat_facts_are_a_leak_the_scan_finds() -> None:
    """The scan above can fail: place 0's own facts, read as place 1's, name hidden cards."""
    table = make_table(2, Rules(target=40), (1,), seed=2)
    played = play_game(table, seed=2, limit=40)
    value = next(s.table for s in played.steps if s.table.game.hand is not None)
    own = facts.SharedFacts().seat(value, 0)
    assert leaks_in(scrub(own, []), value.game, 1)


def test_facts_are_worked_out_again_only_when_their_key_changes() -> None:
    table = make_table(2, Rules(target=40), (1,), seed=3)
    played = play_game(table, seed=3, limit=300)
    shared = facts.SharedFacts()
    publics, seats = set(), set()
    for step in played.steps:
        publics.add(id(shared.public(table_info(step.table), step.table)))
        seats.add(id(shared.seat(step.table, 0)))
    moves = sum(1 for step in played.steps for e in step.stored.entries if e.kind == "play")
    hands = len(played.last.game.played)
    assert len(publics) <= 3 * (hands + 1) + 4  # deals, ends, readies: not every move
    assert len(publics) < moves // 2
    assert len(seats) < moves  # the other place's moves change nothing of place 0's


def test_a_message_written_once_is_the_same_text_for_every_socket() -> None:
    message = Written({"type": "event", "kind": "facts", "after": 3, "scores": []})
    assert message_text(message) is message.text
    assert json.loads(message.text) == dict(message)
