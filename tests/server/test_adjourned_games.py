"""Games nobody plays (issue 31, item 3; PROTOCOL.md "Adjourned games"): a listed or rated
game none of whose people is connected is adjourned (so the lobby and My games say, and the
lobby no longer lists it as being played); after the stated time with nobody back a casual game
ends without a result and a rated one is lost by forfeit by whoever left first, through the
usual forfeit path (record, ratings); the deadline survives a restart."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.format.record import parse_record
from ginrummy.format.verify import verify_record
from ginrummy.server.audit.chain import verify_chain
from ginrummy.server.live.adjourn import left_first
from ginrummy.server.storage.moments import now
from tests.server.account_kit import accounts_app
from tests.server.kit import Player, create, other_browser, running, step_two_people, until_dealt
from tests.server.rating_kit import at_the_table, rated_game, two_accounts

NEVER = 3600.0
"""An adjournment that does not end while the test runs."""
AT_ONCE = 0.01
"""One that ends as soon as the server looks."""


def end_soon(client: TestClient) -> None:
    """From now on an adjourned game ends as soon as the server looks (the games are set up
    under :data:`NEVER`, so that none ends before its players have connected)."""
    client.app.state.lobby.adjournments.seconds = AT_ONCE  # type: ignore[attr-defined]


def lobby(client: TestClient) -> dict[str, Any]:
    response = client.get("/api/lobby")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def ids(entries: list[dict[str, Any]]) -> list[str]:
    return [entry["game_id"] for entry in entries]


@contextlib.contextmanager
def listed_game_played(client: TestClient) -> Iterator[tuple[dict[str, Any], str]]:
    """A listed game that Ann created and Bea took the open place of, a few moves played with
    both connected (Ann from the start, as the creator's page is); the game and Bea's token."""
    game = create(client, opponent="anyone", name="Ann", options={"target": 1})
    gid = game["game_id"]
    with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0:
        ann = Player(ws0)
        with other_browser(client):
            taken = client.post(f"/api/games/{gid}/sit", json={"name": "Bea"})
        assert taken.status_code == 201, taken.text
        token = str(taken.json()["token"])
        with client.websocket_connect(f"/ws/{gid}?token={token}") as ws1:
            play_a_few_moves(ann, Player(ws1))
            yield game, token


@contextlib.contextmanager
def both_at(client: TestClient, game_id: str, *tokens: str) -> Iterator[list[Player]]:
    with contextlib.ExitStack() as stack:
        yield [Player(stack.enter_context(client.websocket_connect(
            f"/ws/{game_id}?token={token}"))) for token in tokens]


def play_a_few_moves(a: Player, b: Player) -> None:
    until_dealt(a, b)
    for _ in range(4):
        step_two_people(a, b)


def look_until_ended(client: TestClient, game_id: str) -> dict[str, Any]:
    """Have the server look for adjourned games until ``game_id`` is no longer on; its row."""
    lobby_ = client.app.state.lobby  # type: ignore[attr-defined]
    for _ in range(2000):
        client.portal.call(lobby_.adjournments.look)  # type: ignore[union-attr]
        row = stored(client, game_id)
        if row["status"] in ("over", "abandoned"):
            return row
    raise AssertionError("the adjourned game did not end")


def stored(client: TestClient, game_id: str) -> dict[str, Any]:
    engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        row = conn.execute(sa.text("SELECT status, summary FROM games WHERE id = :id"),
                           {"id": game_id}).one()
    return {"status": row.status, "summary": row.summary}


def test_a_game_nobody_is_connected_to_is_adjourned_not_being_played(database: str) -> None:
    with running(database, adjourn_seconds=NEVER) as client:
        with listed_game_played(client) as (game, bea):
            gid = game["game_id"]
            assert gid in ids(lobby(client)["playing"])
            assert gid not in ids(lobby(client)["adjourned"])
        board = lobby(client)
        assert gid not in ids(board["playing"])
        entry = next(e for e in board["adjourned"] if e["game_id"] == gid)
        assert entry["adjourned"] is True and entry["ends_at"] is not None
        mine = client.get("/api/games/mine").json()["games"]
        assert next(g for g in mine if g["game_id"] == gid)["adjourned"] is True
        with both_at(client, gid, bea):  # one of them is back: the game is on again
            assert gid in ids(lobby(client)["playing"])
            assert gid not in ids(lobby(client)["adjourned"])


def test_an_adjourned_game_stays_adjourned_across_a_restart(database: str) -> None:
    with running(database, adjourn_seconds=NEVER) as client, \
            listed_game_played(client) as (game, _):
        gid = game["game_id"]
    with running(database, adjourn_seconds=NEVER) as client:
        board = lobby(client)
        assert gid not in ids(board["playing"]) and gid in ids(board["adjourned"])
    with running(database, adjourn_seconds=AT_ONCE) as client:  # a restart with a short
        assert look_until_ended(client, gid)["status"] == "abandoned"  # limit: it ends


def test_an_adjourned_casual_game_ends_without_a_result(database: str) -> None:
    with running(database, adjourn_seconds=NEVER) as client:
        with listed_game_played(client) as (game, _):
            gid = game["game_id"]
            n = client.app.state.lobby.tables[gid].n  # type: ignore[attr-defined]
            end_soon(client)
        assert look_until_ended(client, gid)["status"] == "abandoned"
        board = lobby(client)
        assert gid not in ids(board["playing"]) + ids(board["adjourned"]) + ids(board["open"])
        mine = client.get("/api/games/mine?status=abandoned").json()["games"]
        assert [g["game_id"] for g in mine] == [gid]
        with both_at(client, gid, game["token"]) as (a,):
            assert a.state["abandoned"] is True and a.n == n  # nothing was logged
            a.send({"type": "ready", "id": "late"})
            refused = a.until(lambda m: m["type"] == "error")
            assert refused["code"] == "game_abandoned"


def test_an_adjourned_rated_game_is_lost_by_forfeit_by_who_left_first(database: str) -> None:
    with accounts_app(database, adjourn_seconds=NEVER) as client:
        anna, bea = two_accounts(client)
        game = rated_game(client, anna, bea, options={"target": 500})
        gid = game["game_id"]
        table = client.app.state.lobby.tables[gid]  # type: ignore[attr-defined]
        with at_the_table(client, game, anna, bea) as (a, b):
            play_a_few_moves(a, b)
            end_soon(client)
            a.ws.close()
            b.until(lambda m: m["type"] == "presence"
                    and not m["seats"][0]["connected"])
            table.left_at[0] = now() - timedelta(minutes=1)  # anna left a minute before bea
        row = look_until_ended(client, gid)
        assert row["status"] == "over"
        engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
        with engine.connect() as conn:
            kinds = [r.kind for r in conn.execute(sa.text(
                "SELECT kind, seat FROM log WHERE game_id = :id ORDER BY seq"), {"id": gid})]
            last = conn.execute(sa.text("SELECT kind, seat FROM log WHERE game_id = :id "
                                        "ORDER BY seq DESC LIMIT 1"), {"id": gid}).one()
            moved = conn.execute(sa.text("SELECT count(*) FROM rating_history "
                                         "WHERE game_id = :id"), {"id": gid}).scalar_one()
        assert (last.kind, last.seat) == ("forfeit", 0) and "play" in kinds
        assert moved == 2  # both ratings moved, in the transaction that ended it
        record = client.get(f"/api/games/{gid}/record?token={game['watch_token']}")
        assert record.status_code == 200, record.text
        parsed = parse_record(json.dumps(record.json()["record"]["record"]))
        assert parsed.forfeit == 0
        assert verify_record(parsed).fair  # gin verify: the forfeit replays
        assert verify_chain(engine) == []
        with both_at(client, gid, game["watch_token"]) as (watcher,):
            assert watcher.state["settlement"]["forfeit"] == "left"  # not the clock's
            assert watcher.state["settlement"]["winner"] == 1


def test_a_rated_game_nobody_played_in_lapses_without_a_result(database: str) -> None:
    with accounts_app(database, adjourn_seconds=NEVER) as client:
        anna, bea = two_accounts(client)
        game = rated_game(client, anna, bea)
        gid = game["game_id"]
        with at_the_table(client, game, anna, bea) as (a, b):
            until_dealt(a, b)
            end_soon(client)
        assert look_until_ended(client, gid)["status"] == "abandoned"
        engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM rating_history")).scalar_one() == 0


def test_nobody_left_first_unless_everyone_left_and_one_clearly_before_the_others() -> None:
    moment = now()
    early = moment - timedelta(minutes=2)
    assert left_first({0: early, 1: moment}) == 0
    assert left_first({0: moment, 1: early}) == 1
    assert left_first({0: early, 1: None}) is None  # seat 1 never connected (or is back)
    assert left_first({0: moment, 1: moment + timedelta(seconds=1)}) is None  # together
    assert left_first({}) is None
