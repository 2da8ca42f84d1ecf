"""Whole flows over HTTP and the table WebSocket, on SQLite and (when set up) PostgreSQL."""

from __future__ import annotations

from tests.server.kit import (
    Player,
    assert_no_leak,
    create,
    first_choice,
    join_seat,
    other_browser,
    receive,
    running,
    strip_presence,
    until_dealt,
)


def test_vs_computer_hand_to_the_end_then_next_hand(database: str) -> None:
    with running(database, seed=11) as client:
        # a gin against a computer holding much deadwood can pass 100 in one hand: the
        # game's deals depend on its random id, so its target is out of one hand's reach
        game = create(client, opponent="computer", level=1, preset="standard",
                      options={"target": 1000})
        assert game["state"]["stage"] == "waiting" and game["state"]["you"] == 0  # for my seed
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            me = Player(ws)
            assert me.seat == 0 and me.state["stage"] == "hand"
            me.play_hand_vs_computer()
            state = me.state
            assert state["stage"] == "between_hands"
            assert state["last_result"] is not None
            assert state["view"]["result"] == state["last_result"]
            assert state["settlement"]["final"] is False
            assert sum(state["totals"]) == state["last_result"]["points"]
            if state["last_result"]["outcome"] != "void":
                assert state["view"]["opponent_hand"] is not None  # both hands shown at the end
            assert state["seats"][1]["kind"] == "computer"
            assert state["seats"][1]["ready"] is True  # the computer is always ready
            assert state["seats"][0]["ready"] is False
            # The next hand is dealt as soon as the human is ready (the computer always is).
            reply = me.ready()
            assert reply["type"] == "ack" and reply["kind"] == "ready"
            while me.state["stage"] != "hand":
                me.recv()
            assert me.state["hands_finished"] == 1 and me.state["hand_number"] == 2
            events = {m["n"]: m["event"] for m in me.messages if m["type"] == "event"}
            assert events[reply["n"]]["kind"] == "ready" and events[reply["n"]]["seat"] == 0
            assert events[reply["n"] + 1]["kind"] == "deal"
            assert events[reply["n"] + 1]["hand_number"] == 2


def test_vs_friend_two_clients_by_invite(database: str) -> None:
    with running(database, seed=5) as client:
        game = create(client, opponent="friend", name="Ann")
        assert game["state"]["stage"] == "waiting"
        assert game["invite_token"] and game["links"]["invite"].endswith(game["invite_token"])
        gid = game["game_id"]
        with other_browser(client):
            joined = client.post(f"/api/games/{gid}/join",
                                 json={"token": game["invite_token"], "name": "Bob"})
            assert joined.status_code == 200, joined.text
            assert joined.json()["seat"] == 1
            bob = joined.json()["token"]  # the seat's own token: the invite is spent
            assert client.cookies.get(f"gin_{gid}") == bob != game["invite_token"]
            mine = client.get("/api/games/mine").json()["games"]
            assert [(g["game_id"], g["seat"]) for g in mine] == [(gid, 1)]
        assert joined.json()["state"]["stage"] == "waiting"  # for both players' seeds
        assert [s["name"] for s in joined.json()["state"]["seats"]] == ["Ann", "Bob"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={bob}") as ws1:
            players = {0: Player(ws0), 1: Player(ws1)}
            until_dealt(*players.values())
            assert players[1].seat == 1
            for _ in range(400):
                state = players[0].state
                if state["stage"] != "hand":
                    break
                mover = players[state["tables"][0]["to_act"]]
                other = players[1 - state["tables"][0]["to_act"]]
                if mover.state["view"]["opponent_hand"] is None:
                    assert_no_leak(mover.messages[-1], other.state,
                                   mover.state["view"]["opponent_known"])
                reply = mover.act(first_choice(mover.state["view"]))
                assert reply["type"] == "ack", reply
                while other.n < mover.n:
                    other.recv()
                assert other.state["n"] == mover.state["n"]
            assert players[0].state["stage"] == "between_hands"
            # both must confirm before the next deal
            assert players[0].ready()["type"] == "ack"
            while players[1].n < players[0].n:
                players[1].recv()
            assert players[1].state["stage"] == "between_hands"
            assert players[1].state["seats"][0]["ready"] is True
            assert players[1].ready()["type"] == "ack"
            while players[0].state["stage"] != "hand":
                players[0].recv()
            assert players[0].state["hand_number"] == 2


def test_watch_link_never_shows_hidden_cards(database: str) -> None:
    with running(database, seed=3) as client:
        game = create(client, opponent="friend")
        gid = game["game_id"]
        friend = join_seat(client, gid, game["invite_token"])
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={friend}") as ws1, \
                client.websocket_connect(f"/ws/{gid}?token={game['watch_token']}") as wsw:
            players = {0: Player(ws0), 1: Player(ws1)}
            watcher = Player(wsw)
            assert watcher.seat is None
            assert watcher.messages[0]["role"] == "watcher"
            until_dealt(*players.values())
            for _ in range(400):
                state = players[0].state
                if state["stage"] != "hand":
                    break
                mover = players[state["tables"][0]["to_act"]]
                mover.act(first_choice(mover.state["view"]))
                for p in (players[0], players[1], watcher):
                    while p.n < mover.n:
                        p.recv()
                view = watcher.state["view"]
                assert watcher.state["you"] is None and view["hand"] is None and view["legal"] == []
                for seat in (0, 1):
                    if players[1 - seat].state["view"]["opponent_hand"] is not None:
                        continue  # the rules show this hand now (a knocker's layout)
                    assert view["hands"][seat] is None
                    assert_no_leak(watcher.messages[-1], players[seat].state, view["known"][seat])
            assert watcher.state["stage"] == "between_hands"
            result = watcher.state["last_result"]
            if result["outcome"] != "void":
                assert watcher.state["view"]["hands"][0] == players[0].state["view"]["hand"]
            # a watcher cannot act
            reply = watcher.answer({"type": "ready"})
            assert reply["code"] == "read_only"


def test_my_games_lists_the_games_of_this_browser(database: str) -> None:
    with running(database) as client:
        first = create(client, opponent="computer", level=2)
        second = create(client, opponent="friend", preset="oklahoma")
        with other_browser(client):
            theirs = client.post("/api/games", json={"opponent": "computer"}).json()
            their_games = client.get("/api/games/mine").json()["games"]
        assert [g["game_id"] for g in their_games] == [theirs["game_id"]]
        mine = client.get("/api/games/mine").json()["games"]
        ids = [g["game_id"] for g in mine]
        assert set(ids) == {first["game_id"], second["game_id"]}
        assert theirs["game_id"] not in ids
        by_id = {g["game_id"]: g for g in mine}
        assert by_id[second["game_id"]]["status"] == "waiting"
        assert by_id[second["game_id"]]["rules"] == "oklahoma"
        assert by_id[first["game_id"]]["status"] == "waiting"  # until my client sends my seed
        assert by_id[first["game_id"]]["kind"] == "computer"
        assert by_id[first["game_id"]]["level"] == 2
        assert by_id[first["game_id"]]["seat"] == 0
        assert all("token" not in g for g in mine)


def test_restart_mid_hand_resumes_exactly(database: str) -> None:
    with running(database, seed=21) as client:
        game = create(client, opponent="computer", level=1)
        gid, token = game["game_id"], game["token"]
        with client.websocket_connect(f"/ws/{gid}?token={token}") as ws:
            me = Player(ws)
            for _ in range(6):  # moves that never end the hand: it is mid-hand at the restart
                while not me.my_turn:
                    me.recv()
                legal = me.state["view"]["legal"]
                discards = [a for a in legal if a.startswith("discard ")]
                move = next((a for a in legal if a in ("pass", "stock")), None)
                move = move or (discards[-1] if discards else None)
                if move is None:  # the computer knocked: the hand is still on, restart now
                    break
                assert me.act(move)["type"] == "ack"
            while not me.my_turn:
                me.recv()
            before = strip_presence(me.state)
            before_n = me.n
    # A new app instance on the same database: the game is rebuilt from its log.
    with running(database, seed=99) as client:
        client.cookies.set(f"gin_{gid}", token)
        snapshot = client.get(f"/api/games/{gid}").json()
        assert snapshot["n"] == before_n
        assert strip_presence(snapshot["state"]) == before
        with client.websocket_connect(f"/ws/{gid}?token={token}") as ws:
            me = Player(ws)
            assert me.n == before_n and strip_presence(me.state) == before
            me.play_hand_vs_computer()
            # A strong computer can reach the target in this one hand.
            assert me.state["stage"] in ("between_hands", "over")
            assert me.state["n"] == me.n > before_n


def test_resync_sends_missed_events_or_a_snapshot(database: str) -> None:
    with running(database, seed=4, replay_buffer=8) as client:
        game = create(client, opponent="friend")
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={game['invite_token']}") as ws1:
            players = {0: Player(ws0), 1: Player(ws1)}
            until_dealt(players[0])
            for _ in range(12):
                state = players[0].state
                while players[1].n < players[0].n:
                    players[1].recv()
                to_act = state["tables"][0]["to_act"]
                if state["stage"] != "hand" or to_act is None:
                    break  # the hand ended (under load the idle rule may have played too)
                mover = players[to_act]
                mover.act(first_choice(mover.state["view"]))
                while players[0].n < mover.n:
                    players[0].recv()
            n = players[0].n
            assert n > 9
            # missed events: exactly the ones after `since`, then synced
            players[0].send({"type": "resync", "since": n - 3, "id": "r1"})
            got = [players[0].recv() for _ in range(4)]
            assert [m["type"] for m in got] == ["event", "event", "event", "synced"]
            assert [m["n"] for m in got[:3]] == [n - 2, n - 1, n]
            assert got[3] == {"type": "synced", "n": n, "id": "r1"}
            # too old for the buffer, or from the future: a snapshot
            for since in (0, n + 5):
                players[0].send({"type": "resync", "since": since})
                got = [players[0].recv() for _ in range(2)]
                assert [m["type"] for m in got] == ["snapshot", "synced"]
                assert got[0]["n"] == n
            players[0].send({"type": "resync", "since": n})
            assert players[0].recv() == {"type": "synced", "n": n}
        # reconnecting with ?since= gets what was missed instead of a snapshot
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}&since={n - 2}") as ws:
            first = receive(ws)
            assert first["type"] == "hello" and first["n"] == n
            got = [receive(ws) for _ in range(3)]
            assert [m["type"] for m in got] == ["event", "event", "synced"]


def test_past_events_over_http_match_the_websocket(database: str) -> None:
    with running(database, seed=17) as client:
        game = create(client, opponent="computer", level=1)
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            me = Player(ws)
            me.play_hand_vs_computer()
        live = {m["n"]: m for m in me.messages if m["type"] == "event"}
        got = client.get(f"/api/games/{gid}/events", params={"since": 0, "limit": 500}).json()
        assert got["n"] == me.n and got["seat"] == 0
        assert [e["n"] for e in got["events"]] == list(range(1, me.n + 1))
        for event in got["events"]:
            if event["n"] in live:
                assert strip_presence(event["state"]) == strip_presence(live[event["n"]]["state"])
                assert event["event"] == live[event["n"]]["event"]
        page = client.get(f"/api/games/{gid}/events", params={"since": 2, "limit": 3}).json()
        assert [e["n"] for e in page["events"]] == [3, 4, 5]
        watch = client.get(f"/api/games/{gid}/events",
                           params={"token": game["watch_token"], "limit": 5}).json()
        assert watch["seat"] is None and all(e["state"]["view"]["hand"] is None
                                             for e in watch["events"][1:])
        bad = client.get(f"/api/games/{gid}/events", params={"limit": "lots"})
        assert bad.status_code == 400 and "limit must be a whole number" in bad.text
