"""Challenges between accounts (``/api/challenges``): a challenge names the rules and the
clock; the challenged accepts (both are seated at one game, each at their own seat, rated if
asked), declines, or lets it lapse; the challenger withdraws. Each change reaches both
accounts' lobby pages live. Refused precisely and changing nothing: yourself, an unknown or
offline player, a block either way (said as "not taking challenges"), friends only, too many
open, a stranger's or a spent challenge; two accepts racing make one game."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from ginrummy.server.api import client_limits
from ginrummy.server.api.rates import Rate
from ginrummy.server.live import presence
from ginrummy.server.storage.challenges import MAX_OPEN
from tests.server import kit
from tests.server.account_kit import Browser, accounts_app, error_of
from tests.server.test_lobby_chat import opened
from tests.server.test_online import accounts

Socket = Any
BANK = {"kind": "bank", "seconds": 300, "increment": 5}


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each request reads who is online again (the server reuses a reading for seconds)."""
    monkeypatch.setattr(presence, "FRESH_SECONDS", 0.0)
    yield


@contextlib.contextmanager
def in_lobby(client: TestClient, *people: Browser) -> Iterator[list[Socket]]:
    """Each of ``people`` online with a lobby page open: their sockets."""
    with contextlib.ExitStack() as stack:
        sockets = []
        for person in people:
            with person.use():
                ws = stack.enter_context(client.websocket_connect("/ws/lobby"))
            opened(ws)
            sockets.append(ws)
        yield sockets


def told(ws: Socket) -> dict[str, Any]:
    """The next challenge the lobby socket is told of."""
    while True:
        message = kit.receive(ws)
        if message["type"] == "challenge":
            found: dict[str, Any] = message["challenge"]
            return found


def challenge(client: TestClient, who: Browser, username: str, **body: Any) -> Any:
    with who.use():
        return client.post("/api/challenges", json={"username": username, **body})


def sent(client: TestClient, who: Browser, username: str, **body: Any) -> dict[str, Any]:
    response = challenge(client, who, username, **body)
    assert response.status_code == 201, response.text
    found: dict[str, Any] = response.json()["challenge"]
    return found


def accept(client: TestClient, who: Browser, ident: str) -> Any:
    with who.use():
        return client.post(f"/api/challenges/{ident}/accept", json={})


def answer(client: TestClient, who: Browser, ident: str) -> Any:
    with who.use():
        return client.request("DELETE", f"/api/challenges/{ident}", json={})


def refused(response: Any) -> tuple[int, str]:
    return response.status_code, error_of(response)["code"]


def mine(client: TestClient, who: Browser) -> dict[str, Any]:
    with who.use():
        response = client.get("/api/challenges")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def snapshot(client: TestClient, who: Browser, game_id: str) -> dict[str, Any]:
    with who.use():
        response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def test_an_accepted_challenge_seats_both_in_one_game_with_the_rules_and_clock_asked(
        database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea")
        annie, bea = people["annie"], people["bea"]
        with in_lobby(client, annie, bea) as (annie_ws, bea_ws):
            asked = sent(client, annie, "BEA", preset="oklahoma",
                         options={"target": 50}, rated=True, clock=BANK)
            assert (asked["from"], asked["to"], asked["status"]) == ("annie", "bea", "open")
            assert told(bea_ws) == told(annie_ws) == asked
            assert [c["id"] for c in mine(client, bea)["received"]] == [asked["id"]]
            assert [c["id"] for c in mine(client, annie)["sent"]] == [asked["id"]]
            response = accept(client, bea, asked["id"])
            assert response.status_code == 201, response.text
            game = response.json()["game"]
            assert (game["seat"], game["opponent"]) == (1, "annie")
            for ws in (annie_ws, bea_ws):
                news = told(ws)
                assert (news["status"], news["game"]) == ("accepted",
                                                          f"/play/{game['game_id']}")
        for person, seat in ((annie, 0), (bea, 1)):  # each by their account alone
            seen = snapshot(client, person, game["game_id"])
            assert (seen["seat"], seen["role"]) == (seat, "player")
        state = seen["state"]
        text = json.dumps(state)
        assert state["rules"]["oklahoma"] is True and state["rules"]["target"] == 50, text
        assert state["rated"] is True and state["listed"] is True, text
        clock = state["clock"]
        assert (clock["kind"], clock["seconds"], clock["increment"]) == ("bank", 300, 5), text
        assert [s["name"] for s in state["seats"]] == ["annie", "bea"], text
        assert refused(accept(client, bea, asked["id"])) == (409, "challenge_over")


def test_declining_and_withdrawing_end_a_challenge_and_tell_both(database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea")
        annie, bea = people["annie"], people["bea"]
        with in_lobby(client, annie, bea) as (annie_ws, bea_ws):
            first = sent(client, annie, "bea")
            told(annie_ws), told(bea_ws)
            assert answer(client, bea, first["id"]).json()["challenge"]["status"] == "declined"
            assert told(annie_ws)["status"] == told(bea_ws)["status"] == "declined"
            second = sent(client, annie, "bea")
            told(annie_ws), told(bea_ws)
            assert answer(client, annie, second["id"]).json()["challenge"]["status"] == \
                "withdrawn"
            assert told(bea_ws)["status"] == "withdrawn"
            for spent in (first, second):
                assert refused(accept(client, bea, spent["id"])) == (409, "challenge_over")
                assert refused(answer(client, annie, spent["id"])) == (409, "challenge_over")


def test_an_unanswered_challenge_lapses_and_cannot_be_accepted(database: str) -> None:
    with accounts_app(database, challenge_seconds=0.3) as client:
        people = accounts(client, "annie", "bea")
        annie, bea = people["annie"], people["bea"]
        with in_lobby(client, annie, bea) as (annie_ws, bea_ws):
            asked = sent(client, annie, "bea")
            told(annie_ws), told(bea_ws)
            # its time up, the server tells both it lapsed
            assert told(annie_ws)["status"] == told(bea_ws)["status"] == "lapsed"
            assert refused(accept(client, bea, asked["id"])) == (409, "challenge_over")
            assert [c["status"] for c in mine(client, bea)["received"]] == ["lapsed"]


def test_a_challenge_is_refused_to_yourself_an_unknown_or_an_offline_player(
        database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea", "cleo")
        annie = people["annie"]
        with in_lobby(client, annie):
            assert refused(challenge(client, annie, "annie")) == (400,
                                                                  "cannot_challenge_yourself")
            assert refused(challenge(client, annie, "nobody")) == (404, "no_player")
            assert refused(challenge(client, annie, "bea")) == (409, "player_offline")
            with kit.other_browser(client):
                gone = client.post("/api/challenges", json={"username": "annie"})
                assert refused(gone) == (401, "signed_out")
            bad = challenge(client, annie, "bea", options={"knock_limit": 11})
            form = client.post("/api/games", json={"options": {"knock_limit": 11}})
            assert refused(bad) == refused(form)  # the new-game form's own refusal
            assert error_of(bad) == error_of(form)
        assert mine(client, annie)["sent"] == []


def test_a_block_either_way_is_refused_in_the_words_of_not_taking_challenges(
        database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea", "cleo")
        annie, bea, cleo = people["annie"], people["bea"], people["cleo"]
        with bea.use():
            assert client.put("/api/accounts/me/blocks/annie", json={}).status_code == 200
        with cleo.use():
            assert client.put("/api/accounts/me/challenges",
                              json={"from": "no_one"}).json() == {"from": "no_one"}
        with in_lobby(client, annie, bea, cleo):
            blocked = challenge(client, annie, "bea")  # bea blocked annie
            blocking = challenge(client, bea, "annie")  # and bea challenges whom she blocked
            nobody = challenge(client, annie, "cleo")
            assert refused(blocked) == refused(blocking) == refused(nobody) == (
                409, "not_accepting_challenges")
            assert error_of(blocked)["message"] == error_of(nobody)["message"]


def test_a_player_who_takes_challenges_from_friends_only_refuses_others(
        database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea", "cleo")
        annie, bea, cleo = people["annie"], people["bea"], people["cleo"]
        with bea.use():
            client.put("/api/accounts/me/challenges", json={"from": "friends"})
            assert client.get("/api/accounts/me/challenges").json() == {"from": "friends"}
            client.put("/api/accounts/me/friends/annie", json={})
            bad = client.put("/api/accounts/me/challenges", json={"from": "strangers"})
            assert refused(bad) == (400, "bad_request")
        with annie.use():
            client.put("/api/accounts/me/friends/bea", json={})
        with cleo.use():
            client.put("/api/accounts/me/friends/bea", json={})  # one way: not a friend
        with in_lobby(client, annie, bea, cleo):
            assert refused(challenge(client, cleo, "bea")) == (409, "challenges_from_friends")
            assert sent(client, annie, "bea")["status"] == "open"


def test_an_account_has_at_most_a_few_open_challenges(database: str) -> None:
    with accounts_app(database) as client:
        names = [f"p{i}x" for i in range(MAX_OPEN + 1)]
        people = accounts(client, "annie", *names)
        annie = people["annie"]
        with in_lobby(client, *people.values()):
            for name in names[:MAX_OPEN]:
                sent(client, annie, name)
            assert refused(challenge(client, annie, names[-1])) == (409,
                                                                    "too_many_challenges")
            first = mine(client, annie)["sent"][-1]
            answer(client, annie, first["id"])  # withdrawn: room for one more
            assert sent(client, annie, names[-1])["status"] == "open"


def test_only_the_challenged_accepts_and_a_stranger_does_not_see_the_challenge(
        database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea", "cleo")
        annie, bea, cleo = people["annie"], people["bea"], people["cleo"]
        with in_lobby(client, annie, bea):
            asked = sent(client, annie, "bea")
            assert refused(accept(client, cleo, asked["id"])) == (404, "no_such_challenge")
            assert refused(answer(client, cleo, asked["id"])) == (404, "no_such_challenge")
            assert refused(accept(client, annie, asked["id"])) == (403, "not_challenged")
            assert refused(accept(client, bea, "no-such-id")) == (404, "no_such_challenge")
            assert mine(client, bea)["received"][0]["status"] == "open"


def test_blocking_a_player_ends_the_open_challenges_between_the_two(database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea", "cleo")
        annie, bea, cleo = people["annie"], people["bea"], people["cleo"]
        with in_lobby(client, annie, bea, cleo) as (annie_ws, bea_ws, _):
            to_bea = sent(client, annie, "bea")
            from_bea = sent(client, bea, "annie")
            to_cleo = sent(client, annie, "cleo")
            assert [told(annie_ws)["id"] for _ in range(3)] == [
                to_bea["id"], from_bea["id"], to_cleo["id"]]
            assert [told(bea_ws)["id"] for _ in range(2)] == [to_bea["id"], from_bea["id"]]
            with annie.use():
                assert client.put("/api/accounts/me/blocks/bea", json={}).status_code == 200
            for ws in (annie_ws, bea_ws):
                ended = (told(ws), told(ws))
                assert {c["id"]: c["status"] for c in ended} == {
                    to_bea["id"]: "withdrawn", from_bea["id"]: "declined"}
            statuses = {c["id"]: c["status"] for c in mine(client, annie)["sent"]
                        + mine(client, annie)["received"]}
            assert statuses == {to_bea["id"]: "withdrawn", from_bea["id"]: "declined",
                                to_cleo["id"]: "open"}
            assert refused(accept(client, bea, to_bea["id"])) == (409, "challenge_over")


def test_two_accepts_racing_make_one_game(database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea")
        annie, bea = people["annie"], people["bea"]
        with in_lobby(client, annie, bea):
            asked = sent(client, annie, "bea")
            url = f"/api/challenges/{asked['id']}/accept"
            cookies = dict(bea.jar.items())

            async def two_at_once() -> list[Any]:
                transport = httpx.ASGITransport(app=client.app)
                async with httpx.AsyncClient(transport=transport, base_url="http://testserver",
                                             cookies=cookies) as bea_twice:
                    return list(await asyncio.gather(bea_twice.post(url, json={}),
                                                     bea_twice.post(url, json={})))

            assert client.portal is not None
            answers = client.portal.call(two_at_once)
            statuses = sorted(a.status_code for a in answers)
            assert statuses == [201, 409], [a.text for a in answers]
            with bea.use():
                games = client.get("/api/games/mine").json()["games"]
            assert len(games) == 1


def test_challenges_are_limited_per_client(database: str) -> None:
    with accounts_app(database, create_per_minute=6) as client:  # one at once, then 1 in 10s
        people = accounts(client, "annie", "bea", "cleo")
        annie = people["annie"]
        with in_lobby(client, *people.values()):
            sent(client, annie, "bea")
            over = challenge(client, annie, "cleo")
            assert refused(over) == (429, "rate_limited")
            assert over.headers["retry-after"]
            assert len(mine(client, annie)["sent"]) == 1


def test_a_deleted_account_takes_its_challenges_with_it(database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea")
        annie, bea = people["annie"], people["bea"]
        with in_lobby(client, annie, bea):
            sent(client, annie, "bea")
        with bea.use():
            gone = client.request("DELETE", "/api/accounts/me",
                                  json={"password": "correct horse battery"})
            assert gone.status_code == 200, gone.text
        assert mine(client, annie)["sent"] == []


def test_challenges_sent_and_answered_are_limited_per_account(
        database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_limits, "CHALLENGE_RATE", Rate(per_second=1 / 600, burst=2))
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea")
        annie = people["annie"]
        with in_lobby(client, *people.values()):
            asked = sent(client, annie, "bea")
            assert answer(client, annie, asked["id"]).status_code == 200
            assert refused(challenge(client, annie, "bea")) == (429, "rate_limited")
            assert mine(client, people["bea"])["received"][0]["status"] == "withdrawn"
