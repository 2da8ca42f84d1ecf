"""Nothing lost (issue 6): `gin serve` killed with SIGKILL at random moments, on each database.

See :mod:`tests.server.kill_play` for what is checked after every restart;
``bench/bench_server_kill.py`` kills it hundreds of times.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.kill_play import kill_and_check
from tests.server.kit import Player, create, running, until_dealt

KILLS = 10
TABLE_KILLS = 5
"""Kills a test run: each costs a restart of the server (seconds); the random moments are
many more in ``bench/bench_server_kill.py``."""


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_nothing_acknowledged(database: str,
                                                              tmp_path: Path) -> None:
    report = kill_and_check(database, tmp_path, kills=KILLS, seed=11)
    assert report.kills == KILLS
    assert report.acks > KILLS  # the clients kept playing between kills
    assert report.events >= report.acks


def test_a_message_sent_again_after_a_restart_is_applied_once(database: str) -> None:
    with running(database) as client:
        game = create(client, opponent="friend")
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={game['invite_token']}") as ws1:
            players = {0: Player(ws0), 1: Player(ws1)}
            tokens = {0: game["token"], 1: players[1].token}  # the invite is spent
            until_dealt(*players.values())  # hand 1, once both seeds are in
            mover = players[players[0].state["tables"][0]["to_act"]]
            message = {"type": "action", "action": "pass", "expect": mover.n, "id": "once"}
            first = mover.answer(dict(message))
            assert first["type"] == "ack"
    with running(database) as client:  # a new server process on the same database
        token = tokens[mover.seat]
        with client.websocket_connect(f"/ws/{gid}?token={token}&since=0") as ws:
            again = Player(ws, since=0)
            assert again.n == first["n"]  # the missed events came, in order, without a gap
            second = again.answer(dict(message))
            assert second == {**first, "duplicate": True}
            assert again.ping()["n"] == first["n"]  # applied once


def test_sigkill_during_tables_of_three_and_four_loses_nothing_acknowledged(
    database: str, tmp_path: Path,
) -> None:
    bodies = [{"players": 3, "seats": ["computer", "computer"], "preset": "classic",
               "options": {"target": 50}},
              {"players": 4, "seats": ["computer"] * 3, "preset": "classic", "team_target": 60}]
    report = kill_and_check(database, tmp_path, kills=TABLE_KILLS, seed=12, bodies=bodies)
    assert report.kills == TABLE_KILLS and report.games >= 2
    assert report.acks > TABLE_KILLS and report.events >= report.acks
