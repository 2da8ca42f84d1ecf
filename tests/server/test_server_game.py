"""Game-level flows on the server: the end of a game, the time limit, the hand break, waiting."""

from __future__ import annotations

from typing import Any

from tests.server import kit
from tests.server.kit import Player, create, first_choice, join_seat, running, until_dealt


def test_whole_game_against_the_computer_to_the_settlement(sqlite_db: str) -> None:
    with running(sqlite_db, seed=2) as client:
        game = create(client, opponent="computer", level=3, preset="modern",
                      options={"target": 40})
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            me = Player(ws)
            for _ in range(60):
                me.play_hand_vs_computer()
                if me.state["stage"] == "over":
                    break
                assert me.ready()["type"] == "ack"
                while me.state["stage"] != "hand":
                    me.recv()
            state = me.state
            assert state["stage"] == "over" and state["end_reason"] == "target"
            settlement = state["settlement"]
            assert settlement["final"] is True
            assert max(state["totals"]) >= 40 and settlement["winner"] == state["winner"]
            assert settlement["game_bonus"][state["winner"]] == 100
            assert settlement["lines"][-1]["label"] == "final total"
            assert settlement["totals"] == settlement["lines"][-1]["values"]
            # nothing more can be played
            assert me.act("stock")["code"] == "game_over"
            assert me.ready()["code"] == "game_over"
            assert me.ping()["type"] == "pong"
        listed = client.get("/api/games/mine").json()["games"][0]
        assert listed["status"] == "over" and listed["winner"] == state["winner"]
        assert listed["totals"] == state["totals"]
        # the stored log replays to the same game
        positions, live = kit.replayed_from_store(client, gid)
        assert positions[-1].game == live.game
        assert len(positions) - 1 == state["n"]


def test_time_limit_ends_the_game_when_the_hand_ends(sqlite_db: str) -> None:
    now = [1_000_000_000.0]
    with running(sqlite_db, seed=6, clock=lambda: now[0]) as client:
        # the game's creation time is the real clock; the fake clock starts far later
        game = create(client, opponent="friend", options={"time_limit_minutes": 5})
        gid = game["game_id"]
        friend = join_seat(client, gid, game["invite_token"])
        now[0] = 0.0  # "before" the creation: no time is up
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={friend}") as ws1:
            players = {0: Player(ws0), 1: Player(ws1)}
            until_dealt(*players.values())
            mover = players[players[0].state["tables"][0]["to_act"]]
            assert mover.act("pass")["type"] == "ack"
            now[0] = 4_000_000_000.0  # long past the limit
            for p in players.values():
                while p.n < mover.n:
                    p.recv()
            mover = players[players[0].state["tables"][0]["to_act"]]
            reply = mover.act("pass")
            assert reply["type"] == "ack"
            events = {m["n"]: m for m in mover.messages if m["type"] == "event"}
            assert events[reply["n"] - 1]["event"]["kind"] == "time_up"
            assert events[reply["n"]]["event"]["action"] == "pass"
            assert mover.state["stage"] == "hand"  # the hand in progress is finished first
            for p in players.values():
                while p.n < mover.n:
                    p.recv()
            for _ in range(400):
                if players[0].state["stage"] != "hand":
                    break
                mover = players[players[0].state["tables"][0]["to_act"]]
                assert mover.act(first_choice(mover.state["view"]))["type"] == "ack"
                for p in players.values():
                    while p.n < mover.n:
                        p.recv()
            state = players[0].state
            assert state["stage"] == "over" and state["end_reason"] == "time_limit"
            assert state["settlement"]["final"] is True


def test_hand_break_waits_for_both_friends(sqlite_db: str) -> None:
    with running(sqlite_db, seed=12) as client:
        game = create(client, opponent="friend")
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0:
            me = Player(ws0)
            assert me.state["stage"] == "waiting" and me.n == 0 and me.state["view"] is None
            reply = me.act("stock")
            assert reply["code"] == "not_started" and "not joined" in reply["message"]
            assert me.ready()["code"] == "not_started"
            with client.websocket_connect(f"/ws/{gid}?token={game['invite_token']}") as ws1:
                friend = Player(ws1)  # opening the socket takes the seat and sends its seed
                assert friend.state["stage"] == "waiting" and friend.n == 1
                me.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "deal")
                until_dealt(friend)
                players = {0: me, 1: friend}
                while me.state["stage"] == "hand":
                    mover = players[me.state["tables"][0]["to_act"]]
                    mover.act(first_choice(mover.state["view"]))
                    for p in players.values():
                        while p.n < mover.n:
                            p.recv()
                assert me.act("stock")["code"] == "no_hand"
                assert me.ready()["type"] == "ack"
                again = me.ready()
                assert again["code"] == "already_ready"
                assert me.state["stage"] == "between_hands"
                # a ready from before the hand ended is stale
                stale = friend.answer({"type": "ready", "expect": 1})
                assert stale["code"] == "stale" and "ended at event" in stale["message"]
                assert friend.recv()["type"] == "snapshot"
                assert friend.ready()["type"] == "ack"
                for p in players.values():
                    while p.state["stage"] != "hand":
                        p.recv()
                assert me.state["hand_number"] == 2 and me.state["seats"][0]["ready"] is False


def _presence(messages: list[dict[str, Any]]) -> list[list[bool]]:
    return [[s["connected"] for s in m["seats"]] for m in messages if m["type"] == "presence"]


def test_presence_tells_who_is_connected(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="friend")
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0:
            me = Player(ws0)
            assert [s["connected"] for s in me.state["seats"]] == [True, False]
            with client.websocket_connect(f"/ws/{gid}?token={game['invite_token']}") as ws1:
                Player(ws1)
                me.until(lambda m: m["type"] == "presence" and m["seats"][1]["connected"])
            me.until(lambda m: m["type"] == "presence" and not m["seats"][1]["connected"])
            assert _presence(me.messages)[-1] == [True, False]
