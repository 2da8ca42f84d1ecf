"""A rematch between two friends (issue 12, item 9): one asks, the other accepts (or declines,
or the first takes the offer back); then the same two sit at the same seats of a new game,
the other seat dealing first, and each takes their own seat with their token of the old game:
nobody, the creator included, gets the other's credential."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from starlette.testclient import TestClient

from tests.server.kit import (
    Player,
    create,
    join_seat,
    other_browser,
    running,
    until_dealt,
)
from tests.server.rating_kit import play_to_the_end


@contextlib.contextmanager
def friends(client: TestClient) -> Iterator[tuple[dict[str, Any], str, Player, Player]]:
    """Ann's game against Bea (target 1), Bea joined, both at the table."""
    game = create(client, opponent="friend", name="Ann", options={"target": 1})
    gid = game["game_id"]
    bea = join_seat(client, gid, game["invite_token"], name="Bea")
    with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
            client.websocket_connect(f"/ws/{gid}?token={bea}") as ws1:
        yield game, bea, Player(ws0), Player(ws1)


def told(player: Player) -> dict[str, Any]:
    return player.until(lambda m: m["type"] == "rematch")


def ask(client: TestClient, gid: str, token: str) -> Any:
    with other_browser(client) as browser:
        return browser.post(f"/api/games/{gid}/rematch?token={token}")


def decline(client: TestClient, gid: str, token: str) -> Any:
    with other_browser(client) as browser:
        return browser.delete(f"/api/games/{gid}/rematch?token={token}")


def test_a_rematch_between_friends_starts_when_both_ask_and_each_takes_their_own_seat(
    sqlite_db: str
) -> None:
    with running(sqlite_db, seed=5) as client, friends(client) as (game, bea, ann_ws, bea_ws):
        gid = game["game_id"]
        play_to_the_end(ann_ws, bea_ws)
        over = ann_ws.state
        assert over["rematch"] == {"offers": [], "game_id": None}
        offered = ask(client, gid, game["token"])
        assert offered.status_code == 200, offered.text
        assert offered.json()["offers"] == [0] and offered.json()["rematch_id"] is None
        assert "token" not in offered.json()
        assert told(bea_ws)["offers"] == [0] and told(ann_ws)["offers"] == [0]
        assert client.get(f"/api/games/{gid}?token={bea}").json()["state"]["rematch"][
            "offers"] == [0]
        # a watcher, a stranger and the spent invite cannot answer for Bea
        for token, code in ((game["watch_token"], "read_only"), ("x" * 43, "bad_token"),
                            (game["invite_token"], "invite_spent")):
            for method in ("post", "delete"):
                with other_browser(client) as browser:
                    refused = getattr(browser, method)(f"/api/games/{gid}/rematch?token={token}")
                assert refused.status_code == 403, (method, refused.text)
                assert refused.json()["error"]["code"] == code
        accepted = ask(client, gid, bea)
        assert accepted.status_code == 201, accepted.text
        rematch_id, bea_new = accepted.json()["rematch_id"], accepted.json()["token"]
        assert rematch_id != gid and accepted.cookies.get(f"gin_{rematch_id}") == bea_new
        assert told(ann_ws)["game_id"] == rematch_id
        claimed = ask(client, gid, game["token"])
        assert claimed.status_code == 201 and claimed.json()["rematch_id"] == rematch_id
        ann_new = claimed.json()["token"]
        # each new seat is taken once, by its own player: asking again gives the id only
        again = ask(client, gid, game["token"])
        assert again.status_code == 200 and "token" not in again.json()
        assert again.json()["rematch_id"] == rematch_id
        with other_browser(client) as browser:
            assert browser.get(f"/api/games/{rematch_id}?token={ann_new}").json()["seat"] == 0
            assert browser.get(f"/api/games/{rematch_id}?token={bea_new}").json()["seat"] == 1
            for old in (game["token"], bea, game["invite_token"]):
                refused = browser.get(f"/api/games/{rematch_id}?token={old}")
                assert refused.status_code == 403, refused.text
        with client.websocket_connect(f"/ws/{rematch_id}?token={ann_new}") as ws0, \
                client.websocket_connect(f"/ws/{rematch_id}?token={bea_new}") as ws1:
            ann2, bea2 = Player(ws0), Player(ws1)
            until_dealt(ann2, bea2)
            state = ann2.state
        assert [s["name"] for s in state["seats"]] == ["Ann", "Bea"]
        assert state["rules"] == over["rules"] and state["rematch_of"] == gid
        assert state["stage"] == "hand"
        assert state["view"]["dealer"] == 1 - over["cut"]["dealer"]


def test_an_offer_can_be_declined_or_taken_back_and_asked_again(sqlite_db: str) -> None:
    with running(sqlite_db, seed=6) as client, friends(client) as (game, bea, ann_ws, bea_ws):
        gid = game["game_id"]
        play_to_the_end(ann_ws, bea_ws)
        assert ask(client, gid, game["token"]).json()["offers"] == [0]
        declined = decline(client, gid, bea)
        assert declined.status_code == 200 and declined.json()["offers"] == []
        said = told(ann_ws)
        while "declined_by" not in said:
            said = told(ann_ws)
        assert said == {"type": "rematch", "offers": [], "game_id": None, "declined_by": 1}
        assert ask(client, gid, bea).json()["offers"] == [1]
        taken_back = decline(client, gid, bea)
        assert taken_back.json()["offers"] == []
        assert ask(client, gid, game["token"]).status_code == 200
        started = ask(client, gid, bea)
        assert started.status_code == 201
        late = decline(client, gid, game["token"])
        assert late.status_code == 409 and late.json()["error"]["code"] == "rematch_started"


def test_a_rematch_started_outlives_a_restart_and_its_seat_waits_for_its_player(
    sqlite_db: str
) -> None:
    with running(sqlite_db, seed=8) as client, friends(client) as (game, bea, ann_ws, bea_ws):
        gid = game["game_id"]
        play_to_the_end(ann_ws, bea_ws)
        ask(client, gid, bea)
        rematch_id = ask(client, gid, game["token"]).json()["rematch_id"]
    with running(sqlite_db, seed=9) as client:
        state = client.get(f"/api/games/{gid}?token={bea}").json()["state"]
        assert state["rematch"] == {"offers": [], "game_id": rematch_id}
        taken = ask(client, gid, bea)
        assert taken.status_code == 201 and taken.json()["rematch_id"] == rematch_id
        with other_browser(client) as browser:
            seat = browser.get(f"/api/games/{rematch_id}?token={taken.json()['token']}")
        assert seat.json()["seat"] == 1

