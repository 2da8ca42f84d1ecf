"""One state for every game (issue 13): a two-player game's state is a table of two, with the
same fields as a table of three or four, and what each reader sees is decided by the
payload's visibility rules (``SIGHT``, ``PUBLIC_TABLE_FACTS``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from ginrummy.server.wire.payload import PUBLIC_TABLE_FACTS
from tests.server.kit import Player, create, running


def _state(client: Any, game: dict[str, Any], token: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game['game_id']}", params={"token": token})
    assert answer.status_code == 200
    state: dict[str, Any] = answer.json()["state"]
    return state


@contextlib.contextmanager
def _first_hand(client: Any, game: dict[str, Any]) -> Iterator[Player]:
    """The creator's connection to ``game`` once its first hand is dealt."""
    with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
        me = Player(ws)
        while me.state["stage"] != "hand":
            me.recv()
        yield me


def test_two_three_and_four_players_have_one_state_shape(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        two = create(client, opponent="computer", level=1)
        three = create(client, players=3, seats=["computer", "computer"], preset="classic")
        four = create(client, players=4, seats=["computer"] * 3, preset="classic")
        states = [_state(client, game, game["token"]) for game in (two, three, four)]
        assert [state["mode"] for state in states] == ["two", "three", "teams"]
        assert states[0].keys() == states[1].keys() == states[2].keys()
        for state in states:
            assert {s["seat"] for s in state["seats"]} == set(range(state["players"]))
            assert all(seat.keys() == state["seats"][0].keys() for seat in state["seats"])
            assert isinstance(state["to_act"], list)
            assert isinstance(state["fair"]["next"], list)


def test_a_two_player_state_is_a_table_of_two_whose_mover_is_named_once(
    sqlite_db: str,
) -> None:
    with running(sqlite_db, seed=5) as client:
        game = create(client, opponent="computer", level=1)
        with _first_hand(client, game) as me:
            state = me.state
            (table,) = state["tables"]
            hand = state["table_hand"]
            assert table["players"] == hand["players"] == [0, 1] and state["my_table"] == 0
            assert state["to_act"] == [table["to_act"]]
            assert hand["players"][hand["to_act"]] == table["to_act"]
            assert state["view"]["seat"] == hand["you"] == 0
            assert (hand["to_act"] == 0) == bool(state["view"]["legal"])


def test_every_table_shows_every_reader_only_its_public_facts(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        four = create(client, players=4, seats=["computer"] * 3, preset="classic")
        for token in (four["token"], four["watch_token"]):
            state = _state(client, four, token)
            for table in state["tables"]:
                assert set(table) == {"table", "players", "dealer", "status",
                                      *PUBLIC_TABLE_FACTS}


def test_a_watcher_of_two_players_sees_no_hand_but_what_both_seats_may_see(
    sqlite_db: str,
) -> None:
    with running(sqlite_db, seed=6) as client:
        game = create(client, opponent="computer", level=1)
        with _first_hand(client, game):
            watcher = _state(client, game, game["watch_token"])
            assert watcher["you"] is None and watcher["my_table"] is None
            assert watcher["table_hand"]["you"] is None
            view = watcher["view"]
            assert view["seat"] is None and view["hand"] is None and view["legal"] == []
            assert view["hands"] == [None, None]


def test_before_the_first_deal_a_player_sees_its_table_and_no_hand(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="friend")
        mine = _state(client, game, game["token"])
        assert mine["stage"] == "waiting" and mine["view"] is None
        assert mine["table_hand"] == {"table": 0, "round": 1, "you": 0, "players": [0, 1],
                                      "dealer": None, "to_act": None, "hand_number": None}
        watcher = _state(client, game, game["watch_token"])
        assert watcher["table_hand"] is None and watcher["view"] is None
