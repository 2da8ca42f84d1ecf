"""Records of three-player and team games (R33-R35): JSON, verified replay, precise errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ginrummy.core.game import Game
from ginrummy.format.record import FORMAT, RecordError, parse_record
from ginrummy.format.replay import dump_record, load_record, record_of, replay
from tests.core.test_multiplayer_rules import GIN, KNOCK, UNDERCUT, play, teams, three, void


def rotation_game() -> Game:
    """R33: gin by player 2, then an undercut by player 2 after player 0 dealt."""
    return play(play(three(stake_per_point=1), 0, GIN), 0, UNDERCUT)


def team_game() -> Game:
    """R34: a void at table 0, a knock at table 1, then an undercut at table 0."""
    return play(play(void(teams(team_target=500), 0), 1, KNOCK), 0, UNDERCUT)


def as_data(game: Game | Game) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dump_record(game))
    return data


def test_R33_record_names_places_and_replays() -> None:
    game = rotation_game()
    data = as_data(game)
    assert data["format"] == FORMAT and data["version"] == 2 and data["players"] == 3
    assert data["team_target"] is None
    assert data["cut"] == [["9H", "3C", "KD"]]
    assert [(h["round"], h["table"], h["players"], h["dealer"], h["totals"])
            for h in data["hands"]] == [(1, 0, [2, 0], 1, [0, 0, 77]),
                                        (2, 0, [1, 2], 0, [0, 0, 95])]
    assert data["final"]["points"] == [0, 0, 95] and data["final"]["phase"] == "dealing"
    assert load_record(json.dumps(data)) == game


def test_R34_record_keeps_the_void_table_and_the_round() -> None:
    game = team_game()
    data = as_data(game)
    assert [(h["round"], h["table"], h["players"], h["dealer"], h["result"]["outcome"],
             h["totals"]) for h in data["hands"]] == [
        (1, 0, [0, 1], 1, "void", [0, 0]),
        (1, 0, [0, 1], 1, "undercut", [0, 0]),  # the round closes after the last table
        (1, 1, [2, 3], 3, "knock", [22, 0]),
    ]
    assert replay(record_of(game)) == game


def test_R34_record_in_the_middle_of_a_round() -> None:
    game = play(teams(), 0, KNOCK)
    game = game.deal(list(range(52)), table=1)
    game = game.apply(game.hands[1].legal_actions()[0], table=1)  # type: ignore[union-attr]
    data = as_data(game)
    assert [(h["table"], "result" in h) for h in data["hands"]] == [(0, True), (1, False)]
    assert load_record(json.dumps(data)) == game


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["hands"][1].update(dealer=2), "hand 2: the record says player 2 deals, the rules "
     "make player 0 the dealer"),
    (lambda d: d["hands"][1].update(players=[2, 1]), "hand 2: the record seats players [2, 1]"),
    (lambda d: d["hands"][1].update(totals=[0, 0, 96]), "hand 2: totals: the record says"),
    (lambda d: d["hands"][0]["result"].update(points=70), "hand 1: result points"),
    (lambda d: d["hands"][1].update(table=1), "hand 2: table 1 cannot be dealt now"),
    (lambda d: d["hands"][1].update(round=5), "hand 2: the record says round 5"),
    (lambda d: d["hands"][1].update(colour="red"), "hand 2: unknown hand field 'colour'"),
    (lambda d: d.update(players=4), "cut: 3 cards a round for 4 players"),
    (lambda d: d.update(players=5), "rules: players must be 2, 3"),
    (lambda d: d["rules"].update(dealer_rule="winner"), "rules: dealer_rule 'winner'"),
    (lambda d: d["final"].update(payments=[[1, 2, 3, 3]]), "final payments"),
    (lambda d: (d["hands"][0]["actions"].pop(), d["hands"][0].pop("action_ids")),
     "hand 1: the hand is not over after its 7 actions, but table 0 has another hand"),
    (lambda d: d.update(version=3), "unsupported record version 3"),
    (lambda d: d["hands"][1].update(deal=True), "hand 2: deal must be a whole number from 1, got "
     "True"),
])
def test_R33_bad_records_name_what_disagrees(change: Any, message: str) -> None:
    data = as_data(rotation_game())
    change(data)
    with pytest.raises(RecordError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_record(json.dumps(data))


def test_version_1_table_records_and_version_2_records_read_as_one_format() -> None:
    """One record format: a table game's version 1 record reads as the version 2 one written
    now, and a version 1 table record with another version is refused by name."""
    game = rotation_game()
    data = as_data(game)
    old = {**data, "format": "ginrummy-table-game", "version": 1}
    old.pop("high_cut_deals", None)
    old["final"] = {**data["final"], "phase": "over" if game.is_over else "playing"}
    assert parse_record(json.dumps(old)).hands == parse_record(json.dumps(data)).hands
    assert load_record(json.dumps(old)) == load_record(json.dumps(data)) == game
    with pytest.raises(RecordError, match="unsupported record version 2 of ginrummy-table-game"):
        parse_record(json.dumps({**old, "version": 2}))
    with pytest.raises(RecordError, match="not a ginrummy-game record"):
        parse_record('{"format": "ginrummy-chess"}')
