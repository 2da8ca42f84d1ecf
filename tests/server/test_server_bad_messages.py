"""Every kind of bad WebSocket message gets a precise error, changes nothing, keeps the connection.

Flooding and oversized messages are the exception: they close the connection
with a clear code (1008, 1009) after the error event.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ginrummy.server.storage.store import LogEntry, Store
from tests.server.kit import (
    Player,
    create,
    other_browser,
    receive,
    running,
    strip_presence,
    until_dealt,
)


@dataclass
class Table:
    client: TestClient
    game: dict[str, Any]
    players: dict[int, Player]

    @property
    def gid(self) -> str:
        return str(self.game["game_id"])

    @property
    def mover(self) -> Player:
        return self.players[self.players[0].state["tables"][0]["to_act"]]

    @property
    def waiter(self) -> Player:
        return self.players[1 - self.players[0].state["tables"][0]["to_act"]]

    def picture(self) -> tuple[int, dict[str, Any], int]:
        """The event number, seat 0's state and the stored log length: all must not change."""
        snapshot = self.client.get(f"/api/games/{self.gid}",
                                   params={"token": self.game["token"]}).json()
        store: Store = self.client.app.state.lobby.store  # type: ignore[attr-defined]
        stored = store.load(self.gid)
        assert stored is not None
        return snapshot["n"], strip_presence(snapshot["state"]), len(stored.log)


@contextlib.contextmanager
def friend_table(database: str, **options: Any) -> Iterator[Table]:
    """Two players on two addresses (the test client stands for a proxy that says which)."""
    options.setdefault("forwarded_allow_ips", ("testclient",))
    with running(database, seed=8, **options) as client:
        game = create(client, opponent="friend")
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}",
                                      headers={"x-forwarded-for": "192.0.2.10"}) as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={game['invite_token']}",
                                         headers={"x-forwarded-for": "192.0.2.11"}) as ws1:
            players = {0: Player(ws0), 1: Player(ws1)}
            game["tokens"] = {0: game["token"], 1: players[1].token}  # the invite is spent
            until_dealt(*players.values())
            yield Table(client, game, players)


@pytest.fixture
def table(sqlite_db: str) -> Iterator[Table]:
    with friend_table(sqlite_db) as t:
        yield t


def _still_open(player: Player) -> None:
    assert player.ping()["type"] == "pong"


MALFORMED: list[tuple[str, str, str]] = [
    ("{not json", "bad_json", "not JSON"),
    ("", "bad_json", "not JSON"),
    ("[1, 2]", "bad_message", "got list"),
    ('"hello"', "bad_message", "got str"),
    ("42", "bad_message", "got int"),
    ("null", "bad_message", "got NoneType"),
    ("{}", "bad_message", "type must be a string"),
    ('{"type": 5}', "bad_message", "type must be a string"),
    ('{"type": "dance"}', "unknown_type", "unknown message type 'dance'"),
    ('{"type": "action", "action": "stock"}', "bad_message", "needs 'expect'"),
    ('{"type": "action", "expect": N}', "bad_message", "needs 'action'"),
    ('{"type": "action", "action": "stock", "expect": N, "card": "7H"}', "bad_message",
     "unknown field 'card'"),
    ('{"type": "action", "action": "stock", "expect": "N"}', "bad_message",
     "expect must be a whole number"),
    ('{"type": "action", "action": "stock", "expect": -1}', "bad_message",
     "expect must be a whole number >= 0, got -1"),
    ('{"type": "action", "action": "stock", "expect": true}', "bad_message",
     "expect must be a whole number >= 0, got True"),
    ('{"type": "action", "action": "stock", "expect": 1.5}', "bad_message",
     "expect must be a whole number"),
    ('{"type": "action", "action": true, "expect": N}', "bad_message",
     "action must be a string or an action number, got True"),
    ('{"type": "action", "action": null, "expect": N}', "bad_message",
     "action must be a string or an action number, got None"),
    ('{"type": "action", "action": ["stock"], "expect": N}', "bad_message",
     "action must be a string or an action number"),
    ('{"type": "action", "action": 2.0, "expect": N}', "bad_message",
     "action must be a string or an action number, got 2.0"),
    ('{"type": "action", "action": "stock", "expect": N, "id": 5}', "bad_message",
     "id must be a string of 1 to 64 characters, got 5"),
    ('{"type": "action", "action": "stock", "expect": N, "id": ""}', "bad_message",
     "id must be a string"),
    ('{"type": "action", "action": "stock", "expect": N, "id": "' + "x" * 65 + '"}',
     "bad_message", "id must be a string of 1 to 64"),
    ('{"type": "action", "action": "fly", "expect": N}', "bad_action", "'fly' is not an action"),
    ('{"type": "action", "action": "discard 1Z", "expect": N}', "bad_action", "discard 1Z"),
    ('{"type": "action", "action": "meld 7H 9C 2D", "expect": N}', "bad_action", "not a meld"),
    ('{"type": "action", "action": 9999, "expect": N}', "bad_action",
     "9999 is not an action number"),
    ('{"type": "action", "action": -1, "expect": N}', "bad_action",
     "-1 is not an action number"),
    ('{"type": "action", "action": "' + "s" * 101 + '", "expect": N}', "bad_action",
     "longer than 100"),
    ('{"type": "resync", "since": "a"}', "bad_message", "since must be a whole number"),
    ('{"type": "resync"}', "bad_message", "needs 'since'"),
    ('{"type": "ready", "expect": "x"}', "bad_message", "expect must be a whole number"),
    ('{"type": "ping", "extra": 1}', "bad_message", "unknown field 'extra' in a ping"),
]


@pytest.mark.parametrize(("text", "code", "words"), MALFORMED,
                         ids=[f"{c}:{t[:30]}" for t, c, _ in MALFORMED])
def test_malformed_message_gets_an_error_and_changes_nothing(
    table: Table, text: str, code: str, words: str
) -> None:
    mover = table.mover
    before = table.picture()
    mover.send(text.replace("N", str(mover.n)))
    reply = mover.until(lambda m: m["type"] == "error")
    assert reply["code"] == code, reply
    assert words in reply["message"], reply
    assert reply["n"] == before[0]
    _still_open(mover)
    assert table.picture() == before


def test_error_carries_the_message_id_when_readable(table: Table) -> None:
    mover = table.mover
    mover.send({"type": "action", "action": "fly", "expect": mover.n, "id": "a-1"})
    reply = mover.until(lambda m: m["type"] == "error")
    assert reply["id"] == "a-1" and reply["code"] == "bad_action"


def test_binary_frame_is_refused(table: Table) -> None:
    mover = table.mover
    before = table.picture()
    mover.ws.send_bytes(b'{"type": "ping"}')
    reply = mover.until(lambda m: m["type"] == "error")
    assert reply["code"] == "bad_message" and "text frames" in reply["message"]
    _still_open(mover)
    assert table.picture() == before


def test_illegal_action_names_the_action_and_phase(table: Table) -> None:
    mover = table.mover
    before = table.picture()
    view = mover.state["view"]
    assert view["phase"] == "first_upcard"
    card = next(c for c in ("AS", "2S", "3S", "4S") if c not in view["hand"])
    reply = mover.act(f"discard {card}")
    assert reply["type"] == "error" and reply["code"] == "illegal_action"
    assert f"discard {card}" in reply["message"] and "FIRST_UPCARD" in reply["message"]
    reply = mover.act(0)  # stock: not allowed while the upcard is offered (R13)
    assert reply["code"] == "illegal_action" and "stock" in reply["message"]
    _still_open(mover)
    assert table.picture() == before


def test_out_of_turn_is_refused(table: Table) -> None:
    waiter = table.waiter
    before = table.picture()
    reply = waiter.act("pass")
    assert reply["code"] == "not_your_turn"
    assert f"seat {1 - waiter.seat} is to act, not seat {waiter.seat}" in reply["message"]
    _still_open(waiter)
    assert table.picture() == before


def test_stale_expect_gets_an_error_and_a_fresh_snapshot(table: Table) -> None:
    mover = table.mover
    before = table.picture()
    mover.send({"type": "action", "action": "pass", "expect": mover.n - 1, "id": "s1"})
    reply = mover.until(lambda m: m["type"] == "error")
    assert reply["code"] == "stale" and reply["id"] == "s1"
    assert f"expect is {mover.n - 1} but the latest event is {mover.n}" in reply["message"]
    snapshot = mover.recv()
    assert snapshot["type"] == "snapshot" and snapshot["n"] == before[0]
    mover.send({"type": "action", "action": "pass", "expect": mover.n + 3})
    assert mover.until(lambda m: m["type"] == "error")["code"] == "stale"
    _still_open(mover)
    assert table.picture() == before


def test_repeated_message_id_is_applied_once_with_the_original_answer(table: Table) -> None:
    mover = table.mover
    n = mover.n
    message = {"type": "action", "action": "pass", "expect": n, "id": "once"}
    first = mover.answer(dict(message))
    assert first["type"] == "ack" and first["n"] == n + 1 and first["action"] == "pass"
    while mover.n < n + 1:
        mover.recv()
    after = table.picture()
    again = mover.answer(dict(message))
    assert again == {**first, "duplicate": True}
    _still_open(mover)
    assert table.picture() == after and after[0] == n + 1 and after[2] == n + 1
    # an error is answered the same way, even though the message would now be fine
    waiter = table.waiter  # seat to act now
    wrong = {"type": "action", "action": "pass", "expect": n, "id": "err"}
    refused = waiter.answer(dict(wrong))
    assert refused["code"] == "stale"
    waiter.recv()  # its snapshot
    repeated = waiter.answer({**wrong, "expect": waiter.n})
    assert repeated == {**refused, "duplicate": True}
    assert table.picture() == after


def test_ready_during_a_hand_is_refused(table: Table) -> None:
    before = table.picture()
    for player in table.players.values():
        reply = player.ready()
        assert reply["code"] == "in_hand" and "hand 1 is being played" in reply["message"]
        _still_open(player)
    assert table.picture() == before


def test_token_of_another_game_or_none_is_refused(table: Table) -> None:
    other = create(table.client, opponent="friend")
    with other_browser(table.client):  # no seat cookie for this game
        for query in (f"?token={other['token']}", "", "?token=nonsense"):
            with table.client.websocket_connect(f"/ws/{table.gid}{query}") as ws:
                refusal = receive(ws)
                assert refusal["type"] == "error" and refusal["code"] == "bad_token"
                assert receive(ws) == {"type": "closed", "code": 4401, "reason": "bad_token"}
    with table.client.websocket_connect(f"/ws/nosuchgame12?token={other['token']}") as ws:
        assert receive(ws)["code"] == "not_found"
        assert receive(ws)["code"] == 4404


def test_other_seats_token_plays_only_that_seat(table: Table) -> None:
    """Seat 1's token acting while seat 0 is to act is out of turn, whatever it claims."""
    waiter = table.waiter
    before = table.picture()
    reply = waiter.act("take")
    assert reply["code"] == "not_your_turn"
    assert table.picture() == before


def test_oversized_message_closes_with_1009(table: Table) -> None:
    mover = table.mover
    before = table.picture()
    mover.send('{"type": "ping", "id": "' + "x" * 5000 + '"}')
    reply = mover.until(lambda m: m["type"] == "error")
    assert reply["code"] == "too_large" and "at most 4096 bytes" in reply["message"]
    assert mover.recv() == {"type": "closed", "code": 1009, "reason": "message too big"}
    assert table.picture() == before
    _still_open(table.waiter)


def test_flood_closes_with_1008(sqlite_db: str) -> None:
    with friend_table(sqlite_db, rate_per_second=20.0, rate_burst=20) as t:
        mover = t.mover
        before = t.picture()
        for i in range(60):
            mover.send({"type": "action", "action": "fly", "expect": mover.n, "id": f"f{i}"})
        reply = mover.until(lambda m: m["type"] == "error" and m["code"] == "rate_limited")
        assert "more than 20 messages per second" in reply["message"]
        assert mover.recv() == {"type": "closed", "code": 1008,
                                   "reason": "too many messages; retry in 1 s"}
        assert t.picture() == before
        _still_open(t.waiter)


def test_websocket_checks_its_origin(table: Table) -> None:
    token = table.game["token"]
    with pytest.raises(WebSocketDisconnect) as refused, table.client.websocket_connect(
        f"/ws/{table.gid}?token={token}", headers={"origin": "http://evil.example"}
    ):
        pass
    assert refused.value.code == 1008
    with table.client.websocket_connect(
        f"/ws/{table.gid}?token={token}", headers={"origin": "http://testserver"}
    ) as ws:
        assert receive(ws)["type"] == "hello"


def test_storage_failure_is_an_error_and_changes_nothing(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    store: Store = table.client.app.state.lobby.store  # type: ignore[attr-defined]
    before = table.picture()

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(store, "append", broken)
    reply = table.mover.act("pass")
    assert reply["code"] == "storage" and "OSError" in reply["message"]
    monkeypatch.undo()
    assert table.picture() == before
    assert table.mover.act("pass")["type"] == "ack"


def test_another_writer_is_detected_as_a_conflict(table: Table) -> None:
    store: Store = table.client.app.state.lobby.store  # type: ignore[attr-defined]
    mover = table.mover
    n = mover.n
    state = mover.state
    summary = {"stage": "hand"}
    # Someone else (another server process) appends a pass by the seat to act.
    mover_place = state["tables"][0]["to_act"]
    store.append(table.gid, n, [LogEntry(n + 1, "play", mover_place, 2)], {}, "active", summary)
    reply = mover.act("pass")
    assert reply["code"] == "conflict"
    snapshot = mover.recv()
    assert snapshot["type"] == "snapshot" and snapshot["n"] == n + 1
    stored = store.load(table.gid)
    assert stored is not None and len(stored.log) == n + 1


def test_json_nesting_bomb_is_refused(table: Table) -> None:
    mover = table.mover
    before = table.picture()
    mover.send("[" * 2000 + "]" * 2000)
    reply = mover.until(lambda m: m["type"] == "error")
    assert reply["code"] in ("bad_json", "bad_message")
    _still_open(mover)
    assert table.picture() == before
    assert json.loads(json.dumps(reply))


def test_a_server_bug_costs_one_message_not_the_connection(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    live = table.client.app.state.lobby.tables[table.gid]  # type: ignore[attr-defined]
    before = table.picture()

    async def broken(*args: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(live, "submit", broken)
    mover = table.mover
    reply = mover.answer({"type": "action", "action": "pass", "expect": mover.n})
    assert reply["code"] == "internal"
    monkeypatch.undo()
    _still_open(mover)
    assert table.picture() == before
    assert mover.act("pass")["type"] == "ack"


def test_join_when_the_database_fails_is_a_503(
    sqlite_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="friend")
        store: Store = client.app.state.lobby.store  # type: ignore[attr-defined]

        def broken(*args: Any, **kwargs: Any) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(store, "append", broken)
        with other_browser(client):
            response = client.post(f"/api/games/{game['game_id']}/join",
                                   json={"token": game["invite_token"]})
            assert response.status_code == 503
            assert response.json()["error"]["code"] == "storage"
            with client.websocket_connect(
                f"/ws/{game['game_id']}?token={game['invite_token']}"
            ) as ws:
                assert receive(ws)["code"] == "storage"
                assert receive(ws)["code"] == 1011
        monkeypatch.undo()
        state = client.get(f"/api/games/{game['game_id']}").json()["state"]
        assert state["stage"] == "waiting" and state["seats"][1]["joined"] is False
