"""Wire 2 of the table socket (issue 33): the table's events, each to the readers its audience
admits, folded by the browser's reducer into exactly the reader's snapshot; no card of a hand
reaches a socket that may not see it (:mod:`tests.server.wire_two_play`)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.livetable.reader import snapshot
from ginrummy.server.api import ws
from ginrummy.server.live.listeners import Told
from ginrummy.server.live.wire_two import SNAPSHOT
from ginrummy.server.wire import facts
from tests.livetable.reader_fold import comparable
from tests.server.kit import create, receive, running
from tests.server.wire_two_play import (
    WireTwoReader,
    leaks_of,
    play_wire_two_game,
    play_wire_two_table,
    positions_of,
)


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with running(database, seed=33, idle_seconds=0) as client:
        yield client


@pytest.mark.parametrize(("target", "seed"), [(1, 1), (25, 2), (100, 4)])
def test_each_reader_folds_its_events_into_its_snapshot_and_sees_no_hidden_card(
        client: TestClient, target: int, seed: int) -> None:
    gid, readers = play_wire_two_game(client, target, seed, resync_every=9)
    try:
        table = client.app.state.lobby.tables[gid]  # type: ignore[attr-defined]
        for reader in readers.values():
            reader.settle()
            assert reader.gaps == 0
            assert comparable(reader.state) == comparable(snapshot(table.table, reader.seat))
        resyncs = [m for _, m in readers[None].received if m["type"] == "snapshot"]
        assert len(resyncs) > 1
        assert leaks_of(table.store, gid, readers) == []
        facts_checked(table, readers)
        kinds = {r: {m.get("kind") for _, m in readers[r].received} for r in readers}
        assert {"hand", "drew", "legal"} <= kinds[0] & kinds[1]
        assert not {"hand", "drew", "legal", "own_action"} & kinds[None]
    finally:
        for reader in readers.values():
            reader.close()


TABLES = [{"players": 3, "seats": ["friend", "computer"], "options": {"target": 1}},
          {"players": 4, "seats": ["friend", "computer", "friend"], "team_target": 1}]


@pytest.mark.parametrize("body", TABLES, ids=["three", "teams"])
def test_at_tables_of_three_and_four_each_reader_folds_into_its_snapshot_unleaked(
        client: TestClient, body: dict[str, Any]) -> None:
    gid, readers = play_wire_two_table(client, body, 5)
    try:
        table = client.app.state.lobby.tables[gid]  # type: ignore[attr-defined]
        for reader in readers.values():
            reader.settle()
            assert reader.gaps == 0
            assert comparable(reader.state) == comparable(snapshot(table.table, reader.seat))
        assert leaks_of(table.store, gid, readers) == []
        facts_checked(table, readers)
    finally:
        for reader in readers.values():
            reader.close()


def facts_checked(table: Any, readers: dict[int | None, WireTwoReader]) -> None:
    """Each reader holds the table's facts as they are now, and a player its own; every
    ``seat_facts`` a socket was sent are its own place's at the log entry it held then (a
    watcher is sent none): another place's would arrange cards that reader does not hold."""
    public = facts.public_facts(table.info(), table.position, table.fair)
    positions = positions_of(table.store, table.id)
    for seat, reader in readers.items():
        assert reader.state["facts"] is not None
        assert {k: v for k, v in reader.state["facts"].items() if k != "after"} == public
        own = [(n, m) for n, m in reader.received if m.get("kind") == "seat_facts"]
        if seat is None:
            assert own == [] and reader.state["seat_facts"] is None
            continue
        assert own, seat
        for n, message in own:
            expected = facts.seat_facts(positions[n], seat) or facts.NO_SEAT_FACTS
            sent = {k: v for k, v in message.items() if k not in ("type", "kind", "after")}
            assert sent == expected, (seat, n)
        assert reader.state["seat_facts"] == {k: v for k, v in own[-1][1].items()
                                              if k not in ("type", "kind")}


def test_a_hand_sent_to_the_other_player_is_a_leak_the_scanner_finds(
        client: TestClient) -> None:
    gid, readers = play_wire_two_game(client, 1, 3)
    try:
        table = client.app.state.lobby.tables[gid]  # type: ignore[attr-defined]
        own = next((n, m) for n, m in readers[1].received if m.get("kind") == "hand")
        readers[0].received.append(own)
        readers[None].received.append(own)
        found = leaks_of(table.store, gid, {0: readers[0], None: readers[None]})
        assert any(" to 0:" in leak for leak in found), found
        assert any(" to None:" in leak for leak in found), found
    finally:
        for reader in readers.values():
            reader.close()


def test_a_wire_two_socket_that_falls_behind_is_sent_a_snapshot_instead_of_its_events(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ws, "MAX_OUTBOX", 3)
    connection = object.__new__(ws.Connection)
    connection.closing, connection.outbox = None, asyncio.Queue()
    connection.wire_two = object()  # type: ignore[assignment]
    ack = {"type": "ack", "n": 4}
    for item in (ack, Told(()), Told(()), Told(())):
        connection.push(item)
    queued = [connection.outbox.get_nowait() for _ in range(connection.outbox.qsize())]
    assert queued == [ack, SNAPSHOT, Told(())]
    assert connection.closing is None


def test_a_socket_asking_for_an_unknown_wire_is_refused(client: TestClient) -> None:
    created = create(client, opponent="computer", level=1)
    with client.websocket_connect(f"/ws/{created['game_id']}?token={created['token']}"
                                  "&wire=3") as ws:
        refusal, closed = receive(ws), receive(ws)
    assert refusal["type"] == "error" and refusal["code"] == "bad_request", refusal
    assert closed["code"] == 4400


def test_a_wire_one_socket_is_sent_no_event_of_wire_two(client: TestClient) -> None:
    created = create(client, opponent="computer", level=1)
    with client.websocket_connect(f"/ws/{created['game_id']}?token={created['token']}") as ws:
        hello = receive(ws)
        assert "wire" not in hello
        first = receive(ws)
        assert first["type"] == "snapshot" and "version" not in first


def test_rematch_offers_reach_the_players_as_the_tables_notice_and_its_snapshot(
        client: TestClient) -> None:
    gid, readers = play_wire_two_game(client, 1, 5)
    tokens = {0: readers[0].token, 1: readers[1].new_token or readers[1].token}
    try:
        offered = client.post(f"/api/games/{gid}/rematch", params={"token": tokens[1]})
        assert offered.status_code == 200 and offered.json()["offers"] == [1], offered.text
        for reader in readers.values():
            reader.settle()
        notices = {seat: [m for _, m in reader.received if m.get("kind") == "rematch"]
                   for seat, reader in readers.items()}
        assert [m["offers"] for m in notices[0]] == [[1]], notices[0]
        assert notices[None] == []  # the watchers are not told of offers
        assert readers[0].state["rematch_offers"] == [1]
        readers[0].request({"type": "resync", "since": 0})
        assert readers[0].state["rematch_offers"] == [1]  # the snapshot holds it too
        accepted = client.post(f"/api/games/{gid}/rematch", params={"token": tokens[0]})
        assert accepted.status_code == 201, accepted.text
        readers[1].settle()
        assert readers[1].state["rematch_id"] == accepted.json()["rematch_id"]
        assert readers[1].state["rematch_offers"] == []
        table = client.app.state.lobby.tables[gid]  # type: ignore[attr-defined]
        assert table.table.rematch_id == accepted.json()["rematch_id"]
    finally:
        for reader in readers.values():
            reader.close()
