"""A player resigns at a live table: at any moment of a game in progress (on anyone's turn,
between hands, before the first dealer is chosen), the game ends as the rules page says, the
``resign`` entry folds back to the same table, and its record says who resigned."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from ginrummy.core.rules import Rules
from ginrummy.livetable import (
    ChooseDealer,
    Join,
    Play,
    Ready,
    Refused,
    Resign,
    Table,
    apply,
    replay,
)
from ginrummy.livetable.position import may_say_ready
from ginrummy.livetable.record import table_record
from tests.cli.test_cli_verify import verify_file
from tests.livetable.kit import (
    START,
    Played,
    make_table,
    next_command,
    stored_decks,
    stored_fair,
)

RNG = random.Random(7)


def dealt(players: int, computers: tuple[int, ...] = ()) -> Played:
    """A table whose people all said ready: the first deal is in play."""
    played = Played(make_table(players, computers=computers, seed=players))
    for place in range(players):
        if place not in computers and may_say_ready(played.last.game, place):
            played.steps.append(apply(played.last, Ready(place, expect=played.last.n), START,
                                      RNG))
    assert played.last.stage == "hand"
    return played


def play_until(played: Played, done: object) -> Played:
    """Play with level-1 agents until ``done(table)`` holds (the game still going)."""
    from ginrummy.agents.registry import make_agent

    agents = {p: make_agent("level1", p) for p in range(played.last.game.players)}
    now = START
    while not done(played.last):  # type: ignore[operator]
        assert played.last.stage != "over"
        now += timedelta(seconds=3)
        played.steps.append(apply(played.last, next_command(played.last, agents, RNG), now, RNG))
    return played


def resign(played: Played, place: int) -> Played:
    played.steps.append(apply(played.last, Resign(place, client_id="r1"), START, RNG))
    return played


def folded(played: Played) -> Table:
    last = played.last
    return replay(last.setup, last.seats, played.entries(), stored_decks(played),
                  stored_fair(played))


def not_to_move(table: Table) -> int:
    hand = table.game.hands[0]
    assert hand is not None
    return 1 - table.game.players_at(0)[hand.turn]


def test_resigning_off_turn_ends_a_two_player_game_and_the_other_wins() -> None:
    played = dealt(2)
    waiting = not_to_move(played.last)
    resign(played, waiting)
    step = played.steps[-1]
    assert [(e.kind, e.seat, e.client_id) for e in step.stored.entries] == [
        ("resign", waiting, "r1")]
    game = step.table.game
    assert game.is_over and game.end_reason == "resigned" and game.winner == 1 - waiting
    kinds = [e.kind for e in step.events]
    assert kinds[:2] == ["resigned", "game_over"]
    assert folded(played) == played.last


def test_a_player_the_computer_plays_for_may_still_resign() -> None:
    played = dealt(2, computers=(1,))
    assert apply(played.last, Resign(0), START, RNG).table.game.winner == 1


def test_resigning_between_hands_ends_the_game_with_the_totals_as_they_stand() -> None:
    played = play_until(dealt(2), lambda t: t.stage == "between_hands")
    points = played.last.game.points
    resign(played, 0)
    game = played.last.game
    assert game.end_reason == "resigned" and game.winner == 1 and game.points == points
    assert folded(played) == played.last


def test_resigning_before_the_higher_cut_chose_the_dealer_ends_the_game() -> None:
    table = make_table(2, Rules.from_dict({"first_dealer": "high_cut_chooses"}))
    chooser = table.game.chooser
    assert chooser is not None
    after = apply(table, Resign(1 - chooser), START, RNG).table
    assert after.game.winner == chooser and after.stage == "over"
    with pytest.raises(Refused) as over:
        apply(after, ChooseDealer(chooser, True), START, RNG)
    assert over.value.code == "game_over"


def test_at_three_players_the_other_player_with_the_higher_total_wins() -> None:
    played = play_until(dealt(3), lambda t: t.stage == "between_hands"
                        and len(set(t.game.points)) == 2)  # one player scored
    points = played.last.game.points
    leader = points.index(max(points))
    trailer = (leader + 1) % 3
    resign(played, trailer)
    game = played.last.game
    assert game.end_reason == "resigned" and game.winner == leader
    assert game.points == points  # the resigner's total stays as it was
    assert folded(played) == played.last


def test_at_three_players_a_leader_who_resigns_does_not_win() -> None:
    played = play_until(dealt(3), lambda t: t.stage == "between_hands"
                        and len(set(t.game.points)) == 2)
    points = played.last.game.points
    leader = points.index(max(points))
    resign(played, leader)
    assert played.last.game.winner is None  # the two others are level at 0


def test_at_teams_the_resigners_team_loses_whoever_is_to_move() -> None:
    for place in range(4):
        played = dealt(4)
        resign(played, place)
        game = played.last.game
        assert game.end_reason == "resigned" and game.winner == 1 - place % 2, place
        assert game.hands == (None, None)  # both tables' hands stop
        assert folded(played) == played.last


def test_resigning_is_refused_once_the_game_is_over() -> None:
    played = resign(dealt(2), 0)
    with pytest.raises(Refused) as again:
        apply(played.last, Resign(1), START, RNG)
    assert (again.value.code, again.value.params) == ("game_over", {"end_reason": "resigned"})


def test_the_computer_and_a_place_not_at_the_table_cannot_resign() -> None:
    played = dealt(2, computers=(1,))
    for place in (1, 2, -1):
        with pytest.raises(Refused) as refused:
            apply(played.last, Resign(place), START, RNG)
        assert refused.value.code == "no_such_place", place


def test_resigning_before_every_place_is_taken_is_refused_as_not_started() -> None:
    table = make_table(2, joined=False)
    with pytest.raises(Refused) as unjoined:
        apply(table, Resign(0), START, RNG)
    assert unjoined.value.code == "no_such_place"
    table = apply(table, Join(0, "Ann"), START, RNG).table
    with pytest.raises(Refused) as early:
        apply(table, Resign(0), START, RNG)
    assert (early.value.code, early.value.params) == (
        "not_started", {"waiting_for": "players", "missing": 1})


def test_a_resigned_games_moves_are_refused() -> None:
    played = resign(dealt(2), 0)
    with pytest.raises(Refused) as refused:
        apply(played.last, Play(1, 0, expect=played.last.n), START, RNG)
    assert refused.value.code == "game_over"


def test_a_resigned_tables_record_says_who_resigned_and_gin_verify_passes_it(
        tmp_path: Path) -> None:
    played = resign(play_until(dealt(2), lambda t: len(t.game.played) == 1
                               and t.stage == "hand"), 1)
    text = table_record(played.last)
    record = json.loads(text)["record"]
    assert record["resigned"] == 1 and record["final"]["end_reason"] == "resigned"
    assert "result" not in record["hands"][-1]  # the hand it stopped, in progress
    status, said = verify_file(tmp_path, record)
    assert status == 0, said
    assert table_record(replace(folded(played), connected=frozenset())) == text
