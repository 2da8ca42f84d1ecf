"""A game a player resigned: the game model ends it as the rules page says (two players: the
other wins; three: the other player with the higher total; teams: the other team), the record
says who resigned and replays identically, and ``gin verify`` takes it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ginrummy.core.errors import GameError
from ginrummy.core.rules import Rules
from ginrummy.format.notation import dump_notation, load_notation
from ginrummy.format.record import RecordError, parse_record
from ginrummy.format.replay import dump_record, load_record, walk
from tests.cli.test_replay_cli import replay
from tests.core.test_multiplayer_rules import GIN, play, teams, three
from tests.format.test_record import play_game


def test_resigning_ends_a_two_player_game_mid_hand_and_the_other_seat_wins() -> None:
    game = play_game(Rules.preset("standard"), 3, stop_after=40)[-1]
    assert game.hand is not None and not game.is_over
    resigned = game.resign(1)
    assert resigned.is_over and resigned.end_reason == "resigned" and resigned.winner == 0
    assert resigned.forfeited_by == 1 and resigned.hand is None
    assert resigned.points == game.points  # the hand in progress stops unscored
    assert resigned.settlement().game_bonus == (0, 0)  # as at a limit: no game bonus


def test_at_three_players_the_resigner_cannot_win_and_the_other_leader_does() -> None:
    game = play(three(), 0, GIN)  # player 2 goes gin: 77 points, the two others 0
    assert game.points == (0, 0, 77)
    assert game.resign(0).winner == 2
    assert game.resign(2).winner is None  # the leader resigns: the others are level at 0


def test_at_teams_the_resigners_team_loses() -> None:
    four = teams()
    assert four.resign(0).winner == 1 and four.resign(2).winner == 1
    assert four.resign(1).winner == 0 and four.resign(3).winner == 0


def test_resigning_is_refused_after_the_end_and_for_a_place_that_is_not_at_the_table() -> None:
    game = play_game(Rules.preset("standard"), 3, stop_after=5)[-1]
    with pytest.raises(GameError) as wrong:
        game.resign(2)
    assert wrong.value.code == "game.forfeit_player"
    with pytest.raises(GameError) as over:
        game.resign(1).resign(0)
    assert over.value.code == "game.resign_over"


def test_a_resigned_game_says_so_in_its_record_and_replays_identically() -> None:
    game = play_game(Rules.preset("standard"), 3, stop_after=40)[-1].resign(1)
    text = dump_record(game)
    data = json.loads(text)
    assert data["resigned"] == 1 and "forfeit" not in data
    assert data["final"]["end_reason"] == "resigned" and data["final"]["winner"] == 0
    assert load_record(text) == game
    steps = list(walk(parse_record(text)))
    assert steps[-1].kind == "resign" and steps[-1].player == 1
    notation = dump_notation(game)
    assert "[Resigned 1]" in notation and load_notation(notation) == game


def test_a_resigned_teams_game_replays_from_its_record() -> None:
    game = teams().resign(3)
    assert load_record(dump_record(game)) == game


def test_a_record_naming_a_player_not_at_the_table_as_resigning_is_refused() -> None:
    game = play_game(Rules.preset("standard"), 3, stop_after=40)[-1].resign(1)
    data = json.loads(dump_record(game))
    data["resigned"] = 5
    with pytest.raises(RecordError) as wrong:
        load_record(json.dumps(data))
    assert wrong.value.code == "record.resigned"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Player 1 resigned and lost the game."),
    ("it", "Il giocatore 1 ha abbandonato e perde la partita."),
])
def test_gin_replay_says_who_resigned(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                      lang: str, said: str) -> None:
    game = play_game(Rules.preset("standard"), 3, stop_after=40)[-1].resign(1)
    path = tmp_path / "game.json"
    path.write_text(dump_record(game), encoding="utf-8")
    status, out, _ = replay(capsys, str(path), "--lang", lang)
    assert status == 0 and said in out
