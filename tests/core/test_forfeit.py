"""A game lost by forfeit (a server's clock ran out twice in a rated game): the game model
ends it, the record keeps it and replays it identically, and old records read as before."""

from __future__ import annotations

import json

import pytest

from ginrummy.core.errors import GameError
from ginrummy.core.rules import Rules
from ginrummy.format.notation import dump_notation, load_notation
from ginrummy.format.record import RecordError, parse_record
from ginrummy.format.replay import dump_record, load_record, walk
from tests.core.test_multiplayer_rules import teams, three
from tests.format.test_record import play_game


def test_forfeit_ends_a_two_player_game_mid_hand_and_the_other_seat_wins() -> None:
    game = play_game(Rules.preset("standard"), 3, stop_after=40)[-1]
    assert game.hand is not None and not game.is_over
    lost = game.forfeit(0)
    assert lost.is_over and lost.end_reason == "forfeit" and lost.winner == 1
    assert lost.forfeited_by == 0 and lost.hand is None
    assert lost.points == game.points  # the hand in progress stops unscored
    assert lost.abandoned == ((0, game.hand),)
    sheet = lost.settlement()
    assert sheet.game_bonus == (0, 0)  # as at a limit: no game bonus, no shutout


def test_forfeit_at_three_players_goes_to_the_other_leader_and_at_teams_to_the_other_team(
) -> None:
    game = three()
    assert game.forfeit(1).winner is None  # the two others are level at 0
    four = teams()
    assert four.forfeit(0).winner == 1 and four.forfeit(3).winner == 0


def test_forfeit_is_refused_after_the_end_and_for_a_place_that_is_not_at_the_table() -> None:
    game = play_game(Rules.preset("standard"), 3, stop_after=5)[-1]
    with pytest.raises(GameError) as wrong:
        game.forfeit(2)
    assert wrong.value.code == "game.forfeit_player"
    with pytest.raises(GameError) as over:
        game.forfeit(1).forfeit(0)
    assert over.value.code == "game.forfeit_over"


def test_a_forfeit_is_in_the_record_and_replays_identically() -> None:
    game = play_game(Rules.preset("standard"), 3, stop_after=40)[-1].forfeit(1)
    text = dump_record(game)
    data = json.loads(text)
    assert data["forfeit"] == 1 and data["final"]["end_reason"] == "forfeit"
    assert len(data["hands"]) == len(game.played) + 1  # the stopped hand keeps its deal
    assert game.abandoned and "result" not in data["hands"][-1]
    assert load_record(text) == game
    steps = list(walk(parse_record(text)))
    assert steps[-1].kind == "forfeit" and steps[-1].game == game
    notation = dump_notation(game)
    assert "[Forfeit 1]" in notation and load_notation(notation) == game


def test_a_record_without_forfeit_is_written_as_before() -> None:
    game = play_game(Rules.preset("standard"), 3)[-1]
    assert "forfeit" not in json.loads(dump_record(game))


def test_a_record_naming_a_player_not_at_the_table_as_forfeiting_is_refused() -> None:
    game = play_game(Rules.preset("standard"), 3, stop_after=40)[-1].forfeit(1)
    data = json.loads(dump_record(game))
    data["forfeit"] = 5
    with pytest.raises(RecordError) as wrong:
        load_record(json.dumps(data))
    assert wrong.value.code == "record.forfeit"
