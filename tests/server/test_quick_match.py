"""Quick match over HTTP: two people who want the same game meet and each learns only their
own seat; a ticket is scoped to its browser; rated needs an account; the computer is offered
after the stated wait; bad input is refused precisely."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.server.storage import db
from ginrummy.server.storage.db import make_engine
from tests.server import kit
from tests.server.account_kit import accounts_app, browser, sign_in, sign_up
from tests.server.kit import Player, other_browser, running


def account_id(database: str, username: str) -> str:
    with make_engine(database).connect() as conn:
        return str(conn.execute(sa.select(db.accounts.c.id)
                                .where(db.accounts.c.username == username)).scalar_one())


def seek(client: TestClient, **body: Any) -> Any:
    return client.post("/api/quickmatch", json=body)


def poll(client: TestClient, ticket: str, wait: float = 0) -> Any:
    return client.get(f"/api/quickmatch/{ticket}?wait={wait}")


def started(client: TestClient, **body: Any) -> dict[str, Any]:
    response = seek(client, **body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def test_two_guests_wanting_the_same_game_meet_and_each_learns_only_their_seat(
        database: str) -> None:
    with running(database) as client:
        ann = started(client, name="Ann")
        assert ann["status"] == "waiting" and "game" not in ann
        assert ann["computer"]["level"] == 3 and ann["rating"] == 1500
        with other_browser(client):
            bea = started(client, name="Bea")
            assert bea["status"] == "matched" and bea["game"]["seat"] == 1
            assert bea["game"]["opponent"] == "Ann"
            gid = bea["game"]["game_id"]
            assert client.cookies.get(f"gin_{gid}") == bea["game"]["token"]
        matched = poll(client, ann["ticket"]).json()
        assert matched["status"] == "matched" and matched["game"]["game_id"] == gid
        assert matched["game"]["seat"] == 0 and matched["game"]["opponent"] == "Bea"
        assert bea["game"]["token"] not in json.dumps(matched)
        assert matched["game"]["token"] not in json.dumps(bea)
        with client.websocket_connect(f"/ws/{gid}?token={matched['game']['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={bea['game']['token']}") as ws1:
            first, second = Player(ws0), Player(ws1)
            kit.until_dealt(first, second)
            assert [s["name"] for s in first.state["seats"]] == ["Ann", "Bea"]
            listed = client.get("/api/lobby").json()
            assert any(e["game_id"] == gid for e in listed["playing"])  # anyone may watch it


def test_people_wanting_other_rules_or_rated_and_casual_never_meet(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        with browser(client):
            sign_up(client, "annie")
            rated = started(client, rated=True)
            assert rated["status"] == "waiting" and rated["rated"] is True
        with browser(client):
            sign_up(client, "bruno")
            casual = started(client, rated=False)
            assert casual["status"] == "waiting"
        with browser(client):
            oklahoma = started(client, preset="oklahoma", name="Cy")
            assert oklahoma["status"] == "waiting" and oklahoma["rules"]["name"] == "oklahoma"


def test_a_ticket_opens_nothing_in_another_browser(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        ann = started(client, name="Ann")
        with other_browser(client):
            stolen = poll(client, ann["ticket"])
            assert stolen.status_code == 404
            assert stolen.json()["error"]["code"] == "no_such_seek"
            assert client.delete(f"/api/quickmatch/{ann['ticket']}").status_code == 404
        assert poll(client, ann["ticket"]).json()["status"] == "waiting"


def test_rated_quick_match_needs_an_account_and_plays_under_the_username(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        with browser(client):
            refused = seek(client, rated=True, name="Guest")
            assert refused.status_code == 403
            assert refused.json()["error"]["code"] == "sign_in_for_rated"
        with browser(client):
            sign_up(client, "annie")
            started(client, rated=True, name="Someone else")
        with browser(client):
            sign_up(client, "bruno")
            bruno = started(client, rated=True)
            assert bruno["status"] == "matched" and bruno["game"]["opponent"] == "annie"
            mine = client.get("/api/games/mine").json()["games"]  # the account owns the seat
            assert [g["game_id"] for g in mine] == [bruno["game"]["game_id"]]
            state = client.get(f"/api/games/{bruno['game']['game_id']}").json()["state"]
            assert state["rated"] is True
            assert [s["name"] for s in state["seats"]] == ["annie", "bruno"]
        with browser(client):  # annie owns her seat before her browser even asks
            sign_in(client, "annie")
            mine = client.get("/api/games/mine").json()["games"]
            assert [g["game_id"] for g in mine] == [bruno["game"]["game_id"]]


def test_a_seeker_waits_at_their_own_rating_in_the_family_wanted(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        with browser(client):
            annie = sign_up(client, "annie")["account"]
        engine = client.app.state.engine  # type: ignore[attr-defined]
        with engine.begin() as conn:
            conn.execute(db.ratings.insert().values(
                account_id=account_id(sqlite_db, "annie"), family="standard", mu=2000.0,
                sigma=80.0, games=40, updated_at=datetime.now(UTC)))
        assert annie["username"] == "annie"
        with browser(client):
            sign_in(client, "annie")
            strong = started(client, rated=True)
            assert strong["rating"] == 2000 and strong["computer"]["level"] == 5
            oklahoma = started(client, rated=True, preset="oklahoma")  # another family
            assert oklahoma["rating"] == 1500
        with browser(client):
            sign_up(client, "bruno")
            new = started(client, rated=True)
            assert new["status"] == "waiting" and new["rating"] == 1500  # 500 apart: not yet


def test_one_account_in_two_browsers_never_meets_itself(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        sign_up(client, "annie")
        session = client.cookies.get("gin-session")
        first = started(client)
        with browser(client, {"gin-session": session or ""}):
            second = started(client)
            assert second["status"] == "waiting"
        replaced = poll(client, first["ticket"]).json()
        assert replaced["status"] == "replaced"  # one seek per person: the newer stands


def test_a_cancelled_seek_meets_nobody(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        ann = started(client, name="Ann")
        cancelled = client.delete(f"/api/quickmatch/{ann['ticket']}")
        assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
        with other_browser(client):
            assert started(client, name="Bea")["status"] == "waiting"


def test_the_computer_is_offered_only_after_the_stated_wait(sqlite_db: str) -> None:
    with running(sqlite_db, quick_match_computer_seconds=3600) as client:
        ann = started(client, name="Ann")
        assert ann["computer"]["in_seconds"] > 3500
        early = client.post(f"/api/quickmatch/{ann['ticket']}/computer")
        assert early.status_code == 409 and early.json()["error"]["code"] == "computer_not_yet"
        assert poll(client, ann["ticket"]).json()["status"] == "waiting"
    with running(sqlite_db, quick_match_computer_seconds=0) as client:
        ann = started(client, name="Ann")
        taken = client.post(f"/api/quickmatch/{ann['ticket']}/computer")
        assert taken.status_code == 201, taken.text
        game = taken.json()["game"]
        assert game["level"] == 3 and game["seat"] == 0
        state = client.get(f"/api/games/{game['game_id']}?token={game['token']}").json()
        assert state["state"]["seats"][1]["kind"] == "computer"
        again = client.post(f"/api/quickmatch/{ann['ticket']}/computer")
        assert again.status_code == 409 and again.json()["error"]["code"] == "seek_over"


def test_bad_quick_match_requests_are_refused_with_what_was_wrong(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        for body, code, words in [({"rated": "yes"}, "bad_request", "rated must be"),
                                  ({"preset": "nope"}, "bad_rules", "nope"),
                                  ({"colour": "red"}, "bad_request", "colour")]:
            refused = seek(client, **body)
            assert refused.status_code == 400 and refused.json()["error"]["code"] == code, body
            assert words in refused.json()["error"]["message"], refused.json()
        ann = started(client, name="Ann")
        for wait in ("99", "-1", "soon"):
            refused = poll(client, ann["ticket"], wait)  # type: ignore[arg-type]
            assert refused.status_code == 400 and "wait must be" in refused.text
        assert poll(client, "not-a-ticket").status_code == 400
        assert poll(client, ann["ticket"]).json()["status"] == "waiting"  # nothing changed


def test_people_wanting_other_clocks_never_meet_and_the_same_clock_is_the_games(
        sqlite_db: str) -> None:
    bank = {"kind": "bank", "seconds": 180, "increment": 5}
    with running(sqlite_db) as client:
        ann = started(client, name="Ann", clock=bank)
        assert ann["clock"] == bank
        with other_browser(client):
            assert started(client, name="Bea")["status"] == "waiting"  # no clock
        with other_browser(client):
            other = started(client, name="Cy", clock={"kind": "move", "seconds": 30})
            assert other["status"] == "waiting"
        with other_browser(client):
            dee = started(client, name="Dee", clock=bank)
            assert dee["status"] == "matched" and dee["game"]["opponent"] == "Ann"
            state = client.get(f"/api/games/{dee['game']['game_id']}").json()["state"]
            assert {k: state["clock"][k] for k in bank} == bank
        refused = seek(client, clock={"kind": "bank", "seconds": -5, "increment": 5})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_clock"
