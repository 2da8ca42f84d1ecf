"""The table chat's rate limit follows a signed-in account across its games and addresses: a
script looping over two tables from two addresses gets one account's budget, refused precisely
past it, and nothing past it is stored or heard; the lobby's lines draw on the same budget.
Guests keep their per-address and per-seat budgets."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from starlette.testclient import TestClient

from ginrummy.server.api.client_limits import CHAT_RATE
from ginrummy.server.storage.chat_store import ChatStore
from tests.server.account_kit import accounts_app, sign_up
from tests.server.kit import Player, create, join_seat, other_browser
from tests.server.test_chat import chat_lines, said
from tests.server.test_lobby_chat import opened
from tests.server.test_lobby_chat import said as said_in_lobby

TABLES = 2
TRIES = 12


@contextlib.contextmanager
def two_tables(client: TestClient) -> Iterator[tuple[list[str], list[Player], list[Player]]]:
    """Two games between friends, this browser at seat 0 of each from an address of its own
    per table (10.0.0.1, 10.0.0.2), the friend (a guest) at seat 1: the game ids, this
    browser's players and the friends'."""
    games = [create(client, opponent="friend", name="Ann") for _ in range(TABLES)]
    ids = [game["game_id"] for game in games]
    friends = [join_seat(client, game["game_id"], game["invite_token"], "Bea") for game in games]
    with contextlib.ExitStack() as stack:
        mine = [Player(stack.enter_context(client.websocket_connect(
            f"/ws/{gid}?token={game['token']}",
            headers={"x-forwarded-for": f"10.0.0.{n + 1}"})), auto_first=False)
            for n, (gid, game) in enumerate(zip(ids, games, strict=True))]
        with other_browser(client):
            theirs = [Player(stack.enter_context(client.websocket_connect(
                f"/ws/{gid}?token={token}")), auto_first=False)
                for gid, token in zip(ids, friends, strict=True)]
        yield ids, mine, theirs


def loop_lines(mine: list[Player]) -> list[dict[str, Any]]:
    """What a script gets that says a line at each table in turn, :data:`TRIES` times."""
    return [said(mine[n % TABLES], text=f"line {n}", id=f"c{n}") for n in range(TRIES)]


def frozen(client: TestClient) -> None:
    """The chat budgets stop refilling: the loop meets the limit however slow the machine."""
    client.app.state.client_limits.chat_lines.clock = lambda: 0.0  # type: ignore[attr-defined]


def test_one_account_at_two_tables_from_two_addresses_is_refused_past_one_budget(
        database: str) -> None:
    with accounts_app(database, forwarded_allow_ips=("*",)) as client:
        sign_up(client, "annie")
        with two_tables(client) as (ids, mine, theirs):
            frozen(client)
            answers = loop_lines(mine)
            heard = [line["text"] for line in answers if line["type"] == "chat"]
            assert heard == [f"line {n}" for n in range(CHAT_RATE.burst)]
            refused = answers[CHAT_RATE.burst:]
            assert {(a["type"], a["code"]) for a in refused} == {("error", "chat_rate_limited")}
            assert [a["id"] for a in refused] == [f"c{n}" for n in range(CHAT_RATE.burst, TRIES)]
            assert all(a["retry_after"] >= 1 for a in refused)
            store = ChatStore(client.app.state.engine)  # type: ignore[attr-defined]
            for table in range(TABLES):
                theirs[table].ping()  # every line said there has reached the friend
                said_here = [f"line {n}" for n in range(table, CHAT_RATE.burst, TABLES)]
                assert [m["text"] for m in chat_lines(theirs[table])] == said_here
                assert [line.text for line in store.recent(ids[table], "players", 50)] == said_here


def test_a_guest_at_two_tables_from_two_addresses_keeps_a_budget_per_address_and_seat(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db, forwarded_allow_ips=("*",)) as client, \
            two_tables(client) as (_, mine, _theirs):
        frozen(client)
        answers = loop_lines(mine)
        assert sum(a["type"] == "chat" for a in answers) == TABLES * CHAT_RATE.burst
        assert answers[-1]["code"] == "chat_rate_limited"


def test_an_account_s_lines_at_a_table_and_in_the_lobby_share_one_budget(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db, forwarded_allow_ips=("*",)) as client:
        sign_up(client, "annie")
        with two_tables(client) as (_, mine, _theirs):
            frozen(client)
            at_table = [said(mine[0], text=f"table {n}") for n in range(3)]
            assert [line["type"] for line in at_table] == ["chat"] * 3
            with client.websocket_connect(
                    "/ws/lobby", headers={"x-forwarded-for": "10.0.0.9"}) as lobby:
                opened(lobby)
                in_lobby = [said_in_lobby(lobby, type="chat", text=f"lobby {n}")
                            for n in range(3)]
        assert [line["type"] for line in in_lobby] == ["chat", "chat", "error"]
        assert in_lobby[-1]["code"] == "chat_rate_limited"
