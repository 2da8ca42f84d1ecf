"""Idle players (issue 6): the computer plays for a seat whose player keeps the other waiting.

The rule: in a game between two people, when the seat to act (or the last seat to say
``ready``) does nothing for ``idle_seconds`` while the other player is connected, an
``idle`` event tells both players that the computer now plays for it; any message from
that seat (or reconnecting) takes over again with a ``back`` event. Nothing is silent.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

from tests.server.kit import (
    Player,
    create,
    deal_first,
    first_choice,
    other_browser,
    running,
    until_dealt,
)

IDLE = 0.4


@contextlib.contextmanager
def friends(database: str, **options: Any) -> Iterator[tuple[dict[str, Any], dict[int, Player]]]:
    with running(database, seed=5, idle_seconds=IDLE, **options) as client:
        game = create(client, opponent="friend")
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={game['invite_token']}") as ws1:
            players = {0: Player(ws0), 1: Player(ws1)}
            game["tokens"] = {0: game["token"], 1: players[1].token}  # the invite is spent
            until_dealt(*players.values())
            yield game, players


def _event(kind: str) -> Any:
    return lambda m: m["type"] == "event" and m["event"]["kind"] == kind


def test_idle_seat_is_played_by_the_computer_and_everyone_is_told(database: str) -> None:
    with friends(database) as (_, players):
        idler = players[0].state["tables"][0]["to_act"]
        waiting = players[1 - idler]
        note = waiting.until(_event("idle"))
        assert note["event"]["seat"] == idler
        assert note["state"]["seats"][idler]["stand_in"] is True
        told = players[idler].until(_event("idle"))
        assert told["n"] == note["n"]
        move = waiting.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "play")
        assert move["event"]["seat"] == idler  # the computer moved for the idle seat
        assert move["n"] == note["n"] + 1


def test_idle_player_takes_over_again_with_back(database: str) -> None:
    with friends(database, computer_delay=5.0) as (_, players):
        idler = players[0].state["tables"][0]["to_act"]
        me = players[idler]
        me.until(_event("idle"))
        reply = me.answer({"type": "back"})
        assert reply["type"] == "ack" and reply["kind"] == "back"
        back = players[1 - idler].until(_event("back"))
        assert back["event"]["seat"] == idler
        assert back["state"]["seats"][idler]["stand_in"] is False
        me.until(lambda m: m["type"] == "event" and m["n"] == reply["n"])
        assert me.act(me.state["view"]["legal"][0])["type"] == "ack"
        refused = me.answer({"type": "back"})
        assert refused["code"] == "not_away"


def test_a_move_of_the_idle_seat_takes_over_in_the_same_step(database: str) -> None:
    with friends(database, computer_delay=5.0) as (_, players):
        idler = players[0].state["tables"][0]["to_act"]
        me = players[idler]
        me.until(_event("idle"))
        n = me.n
        reply = me.act(me.state["view"]["legal"][0])
        assert reply["type"] == "ack" and reply["n"] == n + 2  # back, then the move
        kinds = [m["event"]["kind"] for m in me.messages if m["type"] == "event" and m["n"] > n]
        assert kinds == ["back", "play"]


def test_no_stand_in_when_the_other_player_is_away_or_against_the_computer(
    sqlite_db: str,
) -> None:
    with running(sqlite_db, seed=5, idle_seconds=0.1) as client:
        game = create(client, opponent="computer", level=1)
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            player = Player(ws)
            while player.state["tables"][0]["to_act"] != 0:
                player.recv()
            time.sleep(0.5)
            assert player.ping()["n"] == player.n
            assert not any(m["type"] == "event" and m["event"]["kind"] == "idle"
                           for m in player.messages)
    # the idle time outlasts the second socket's greeting on a loaded machine: during it the
    # first player is held up by the second's first ready, which is not idleness
    with running(sqlite_db, seed=5, idle_seconds=1.0) as client:
        friend = create(client, opponent="friend")
        gid = friend["game_id"]
        with other_browser(client):
            joined = client.post(f"/api/games/{gid}/join",
                                 json={"token": friend["invite_token"]}).json()
        deal_first(client, friend, friend["token"], joined["token"])
        state = client.get(f"/api/games/{gid}", params={"token": friend["token"]}).json()["state"]
        to_act = state["tables"][0]["to_act"]
        token = friend["token"] if to_act == 0 else joined["token"]
        with client.websocket_connect(f"/ws/{gid}?token={token}") as ws1:
            alone = Player(ws1)  # the seat to act, thinking; the other player is away
            time.sleep(1.5)
            assert alone.ping()["n"] == alone.n == 3  # two readies and the deal


def test_between_hands_an_idle_player_counts_as_ready(database: str) -> None:
    with friends(database) as (_, players):
        idler = players[0].state["tables"][0]["to_act"]
        me = players[1 - idler]
        me.until(_event("idle"))
        for _ in range(500):  # I play my turns; the computer plays the idle seat's
            if me.state["stage"] != "hand":
                break
            if me.my_turn:
                assert me.act(first_choice(me.state["view"]))["type"] == "ack"
            else:
                me.recv()
        if me.state["stage"] == "over":
            return
        assert me.state["seats"][idler]["ready"] is True
        reply = me.ready()
        assert reply["type"] == "ack"
        deal = me.until(_event("deal"))
        assert deal["n"] == reply["n"] + 1 and deal["state"]["stage"] == "hand"


def test_stand_in_survives_a_restart(database: str) -> None:
    with friends(database, computer_delay=30.0) as (game, players):
        idler = players[0].state["tables"][0]["to_act"]
        players[1 - idler].until(_event("idle"))
        gid = game["game_id"]
    with running(database, seed=5, idle_seconds=IDLE, computer_delay=30.0) as client:
        other = game["tokens"][1 - idler]
        state = client.get(f"/api/games/{gid}", params={"token": other}).json()["state"]
        assert state["seats"][idler]["stand_in"] is True
        events = client.get(f"/api/games/{gid}/events",
                            params={"token": other, "since": 0}).json()["events"]
        assert [e["event"]["kind"] for e in events][-1] == "idle"
        mine = game["tokens"][idler]
        with client.websocket_connect(f"/ws/{gid}?token={mine}") as ws:
            player = Player(ws)  # connecting again takes the seat back
            assert player.state["seats"][idler]["stand_in"] is False


def test_my_games_does_not_call_it_your_turn_while_the_computer_plays_for_you(
    sqlite_db: str,
) -> None:
    with running(sqlite_db, seed=5, idle_seconds=IDLE, computer_delay=30.0) as client:
        game = create(client, opponent="friend")
        gid = game["game_id"]
        tokens = {0: game["token"], 1: game["invite_token"]}
        with client.websocket_connect(f"/ws/{gid}?token={tokens[0]}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={tokens[1]}") as ws1:
            players = {0: Player(ws0), 1: Player(ws1)}
            tokens[1] = str(players[1].token)  # the invite is spent
            until_dealt(players[0])  # the first deal, once both players' seeds are in
            idler = players[0].state["tables"][0]["to_act"]
            players[1 - idler].until(_event("idle"))
            with other_browser(client):
                client.cookies.set(f"gin_{gid}", tokens[idler])
                [listed] = client.get("/api/games/mine").json()["games"]
            assert listed["to_act"] == [idler] and listed["seat"] == idler
            assert listed["your_turn"] is False  # the computer moves for the idle seat


def test_presence_counts_down_the_idle_seat_s_stand_in(database: str) -> None:
    with running(database, seed=5, idle_seconds=30.0) as client:
        game = create(client, opponent="friend")
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0:
            host = Player(ws0)
            assert host.messages[0]["type"] == "hello" and host.messages[0]["idle_seconds"] == 30.0
            with client.websocket_connect(f"/ws/{gid}?token={game['invite_token']}") as ws1:
                friend = Player(ws1)
                until_dealt(host, friend)
                while host.state["tables"][0]["to_act"] == 0:  # until the host waits for the friend
                    assert host.act(first_choice(host.state["view"]))["type"] == "ack"
                while friend.n < host.n:
                    friend.recv()
            gone = host.until(lambda m: m["type"] == "presence" and not m["seats"][1]["connected"])
            assert gone["idle"]["seat"] == 1 and 0 < gone["idle"]["seconds"] <= 30.0
