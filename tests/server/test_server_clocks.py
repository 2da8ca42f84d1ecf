"""Clocks agreed at a game's creation (issue 14): a clock that runs out makes the computer
play that turn; in a game that forfeits on time the second timeout loses it; the clocks
survive a restart because they are worked out from the log's stored times."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.format.record import parse_record
from ginrummy.format.verify import verify_record
from ginrummy.server.audit.chain import verify_chain
from tests.server.account_kit import accounts_app
from tests.server.kit import Player, create, other_browser, running, until_dealt
from tests.server.rating_kit import at_the_table, rated_game, two_accounts
from tests.server.test_ratings import rating

SHORT = {"kind": "move", "seconds": 0.4}
"""A time per move far below the usual minimum: the tests' server allows it."""


def _event(kind: str) -> Any:
    return lambda m: m["type"] == "event" and m["event"]["kind"] == kind


@contextlib.contextmanager
def _game(database: str, clock: dict[str, Any], **options: Any
          ) -> Iterator[tuple[TestClient, dict[str, Any], Player]]:
    """A game against the computer with ``clock``, and its creator's connection."""
    with running(database, clock_floor_seconds=0.2, **options) as client:
        game = create(client, opponent="computer", clock=clock)
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            yield client, game, Player(ws)


def _my_turn(me: Player) -> None:
    while not me.my_turn:
        me.recv()


def _across_hands(me: Player, predicate: Any) -> dict[str, Any]:
    """The first message ``predicate`` accepts; when the computer's moves end a hand the
    player asks for the next one (a clock runs only in a hand: the timeouts count on there)."""
    for _ in range(2000):
        if me.state["stage"] == "between_hands":
            assert me.ready()["type"] == "ack"
            continue
        message = me.recv()
        if predicate(message):
            return message
    raise AssertionError("message not received")


def test_a_clock_running_out_makes_the_computer_play_that_turn(database: str) -> None:
    with _game(database, SHORT) as (client, game, me):
        assert game["state"]["clock"]["kind"] == "move"
        _my_turn(me)
        clock = me.state["clock"]
        assert clock["forfeit_after"] is None  # a casual game
        assert [s["running"] for s in clock["seats"]] == [True]
        out = me.until(_event("timeout"))
        assert out["event"]["seat"] == 0
        move = me.until(_event("play"))
        assert move["event"]["seat"] == 0 and move["n"] == out["n"] + 1  # the computer's
        _across_hands(me, _event("timeout"))  # and so on at each of my turns: no forfeit
        assert me.state["stage"] != "over"
        assert me.state["clock"]["seats"][0]["timeouts"] >= 1


def test_a_move_after_the_clock_ran_out_is_refused_the_computer_plays_it(
        database: str) -> None:
    with _game(database, SHORT, computer_delay=3.0) as (_, _, me):
        _my_turn(me)
        me.until(_event("timeout"))
        refused = me.answer({"type": "action", "action": me.state["view"]["legal"][0],
                             "expect": me.n})
        assert refused["type"] == "error" and refused["code"] == "clock_ran_out"


def test_the_second_timeout_loses_a_game_that_forfeits_on_time(database: str) -> None:
    with _game(database, SHORT) as (client, game, me):
        table = client.app.state.lobby.tables[game["game_id"]]  # type: ignore[attr-defined]
        table.rated = True  # what the ratings set on a rated game (forfeits_on_timeout)
        _my_turn(me)  # the state that showed this turn may predate the flag: ask afresh
        now = client.get(f"/api/games/{game['game_id']}", params={"token": game["token"]})
        assert now.json()["state"]["clock"]["forfeit_after"] == 2
        me.until(_event("timeout"))
        lost = _across_hands(me, _event("forfeit"))
        assert lost["event"]["seat"] == 0
        assert lost["state"]["stage"] == "over"
        assert lost["state"]["settlement"]["end_reason"] == "forfeit"
        assert lost["state"]["settlement"]["winner"] == 1
        timeouts = [m for m in me.messages if _event("timeout")(m)]
        assert len(timeouts) == 2 and lost["n"] == timeouts[1]["n"] + 1
        assert verify_chain(client.app.state.engine) == []  # type: ignore[attr-defined]
        answer = client.get(f"/api/games/{game['game_id']}/record",
                            params={"token": game["token"]}).json()
        record = parse_record(json.dumps(answer["record"]["record"]))
        assert record.forfeit == 0
        verdict = verify_record(record)  # gin verify: the forfeit replays, the deals are fair
        assert verdict.fair, (verdict.hands, verdict.game)


def test_a_restart_keeps_the_time_a_player_has_left(database: str) -> None:
    bank = {"kind": "bank", "seconds": 60, "increment": 5}
    with _game(database, bank) as (client, game, me):
        _my_turn(me)
        time.sleep(0.3)
        before = client.get(f"/api/games/{game['game_id']}?token={game['token']}").json()
        left = before["state"]["clock"]["seats"][0]["seconds"]
        assert left < 65  # the turn's clock runs: 60 s and the turn's 5 s, less time spent
    with running(database) as client:
        after = client.get(f"/api/games/{game['game_id']}?token={game['token']}").json()
        seat = after["state"]["clock"]["seats"][0]
        assert seat["running"] is True
        assert seat["seconds"] <= left  # not started afresh: the stored times say so


@pytest.mark.parametrize(("clock", "reason"), [
    ({"kind": "bank", "seconds": -180, "increment": 5}, "bank_range"),
    ({"kind": "bank", "seconds": 180, "increment": 86400}, "increment_range"),
    ({"kind": "move", "seconds": 1e12}, "move_range"),
    ({"kind": "sandglass"}, "kind"),
    ("3+5", "type"),
])
def test_clock_options_out_of_range_are_refused_with_the_field_named(
        database: str, clock: Any, reason: str) -> None:
    with running(database) as client:
        answer = client.post("/api/games", json={"opponent": "friend", "clock": clock})
        assert answer.status_code == 400
        error = answer.json()["error"]
        assert error["code"] == "bad_clock" and error["reason"] == reason


def test_the_lobby_shows_an_open_tables_clock(database: str) -> None:
    with running(database) as client:
        clock = {"kind": "bank", "seconds": 300, "increment": 3}
        game = create(client, opponent="anyone", clock=clock)
        entry = next(e for e in client.get("/api/lobby").json()["open"]
                     if e["game_id"] == game["game_id"])
        assert entry["clock"] == {"kind": "bank", "seconds": 300.0, "increment": 3.0}


def test_a_rated_game_between_accounts_is_lost_on_the_second_timeout_and_rated_so(
        database: str) -> None:
    with accounts_app(database, clock_floor_seconds=0.2) as client:
        anna, bea = two_accounts(client)
        game = rated_game(client, anna, bea, clock=SHORT)
        with at_the_table(client, game, anna, bea) as (a, b):
            until_dealt(a, b)
            assert a.state["clock"]["forfeit_after"] == 2
            lost = a.until(_event("forfeit"))  # nobody moves: the clocks run out in turn
        loser = lost["event"]["seat"]
        assert lost["state"]["settlement"]["winner"] == 1 - loser
        names = {0: "anna", 1: "bea"}
        assert rating(client, names[1 - loser]).mu > rating(client, names[loser]).mu


def test_an_invited_friend_is_shown_the_clock_before_sitting(database: str) -> None:
    with running(database) as client:
        game = create(client, opponent="friend", clock={"kind": "move", "seconds": 30})
        with other_browser(client):
            seen = client.get(f"/api/games/{game['game_id']}?token={game['invite_token']}")
        clock = seen.json()["state"]["clock"]
        assert clock["kind"] == "move" and clock["seconds"] == 30.0
        assert [s["running"] for s in clock["seats"]] == [False, False]  # nothing is dealt
