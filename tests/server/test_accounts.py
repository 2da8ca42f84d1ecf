"""Accounts (issue 14): sign up, sign in and out, who am I, passwords, sessions, throttling.

Hostile cases too: a planted session cookie does not survive a sign-in (no session fixation),
a copied session dies with sign-out and with a new password, an unknown username gets the
wrong password's answer, guessing is throttled per address and per username.
"""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa

from ginrummy.server.storage.tokens import token_hash
from tests.server.account_kit import (
    PASSWORD,
    SESSION,
    Browser,
    accounts_app,
    browser,
    error_of,
    sign_in,
    sign_up,
    signed_in_elsewhere,
    who,
)


def test_sign_up_signs_the_browser_in_with_a_guarded_cookie(database: str) -> None:
    with accounts_app(database, cookie_secure=True) as client:
        assert client.get("/api/session").json() == {"account": None}
        response = client.post("/api/accounts", json={"username": "Anna_B", "password": PASSWORD})
        assert response.status_code == 201, response.text
        assert response.json()["account"]["username"] == "Anna_B"
        cookie = next(c for c in response.headers.get_list("set-cookie")
                      if c.startswith(f"{SESSION}="))
        for flag in ("HttpOnly", "SameSite=lax", "Secure", "Path=/", "Max-Age=2592000"):
            assert flag in cookie, cookie
        token = cookie.split(";")[0].split("=", 1)[1]
        assert who(client, token) == "Anna_B"


def test_the_database_keeps_only_the_hashes_of_passwords_and_sessions(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        token = client.cookies[SESSION]
        engine = sa.create_engine(client.app.state.settings.database)  # type: ignore[attr-defined]
        with engine.connect() as conn:
            stored = conn.execute(sa.text("SELECT password_hash FROM accounts")).scalar_one()
            sessions = conn.execute(sa.text("SELECT token_hash FROM account_sessions")).all()
        engine.dispose()
        assert stored.startswith("$argon2id$") and PASSWORD not in stored
        assert [row[0] for row in sessions] == [token_hash(token)]


@pytest.mark.parametrize(("username", "reason"), [
    ("ab", "too_short"), ("a" * 21, "too_long"), ("anna b", "characters"),
    ("niccolò", "characters"), ("4nna", "start"), ("_anna", "start"), ("Admin", "reserved"),
    ("Computer5", "reserved"), ("guest", "reserved"), (17, "type"),
])
def test_a_bad_username_is_refused_with_its_reason(database: str, username: Any,
                                                   reason: str) -> None:
    with accounts_app(database) as client:
        response = client.post("/api/accounts", json={"username": username,
                                                      "password": PASSWORD})
        assert response.status_code == 400, response.text
        assert error_of(response)["code"] == "bad_username"
        assert error_of(response)["reason"] == reason
        assert "gin-session" not in client.cookies


def test_a_username_is_taken_in_any_case(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "Anna")
        with browser(client):
            response = client.post("/api/accounts", json={"username": "aNNA",
                                                          "password": "another good one"})
            assert response.status_code == 409, response.text
            assert error_of(response)["code"] == "username_taken"
            assert who(client) is None


@pytest.mark.parametrize(("password", "code", "reason"), [
    ("short1!", "weak_password", "too_short"), ("password123", "weak_password", "common"),
    ("xxxxxxxxxxxx", "weak_password", "repeated"), ("my name is anna", "weak_password",
                                                    "username"),
    ("p" * 60 + "q" * 69, "password_too_long", None),
])
def test_a_weak_or_too_long_password_is_refused(database: str, password: str, code: str,
                                                reason: str | None) -> None:
    with accounts_app(database) as client:
        response = client.post("/api/accounts", json={"username": "anna", "password": password})
        assert response.status_code == 400, response.text
        assert error_of(response)["code"] == code
        assert error_of(response).get("reason") == reason
        response = client.post("/api/accounts", json={"username": "anna", "password": PASSWORD})
        assert response.status_code == 201, "the refused sign-up kept nothing"


@pytest.mark.parametrize("body", [
    {"username": "anna"}, {"password": PASSWORD}, {"username": "anna", "password": 5},
    {"username": "anna", "password": PASSWORD, "admin": True},
])
def test_a_malformed_sign_up_or_sign_in_says_what_is_wrong(database: str,
                                                           body: dict[str, Any]) -> None:
    with accounts_app(database) as client:
        for path in ("/api/accounts", "/api/session"):
            response = client.post(path, json=body)
            assert response.status_code == 400, response.text
            assert error_of(response)["code"] in ("bad_request", "weak_password")


def test_an_unknown_username_gets_the_wrong_password_answer(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        with browser(client):
            wrong = client.post("/api/session", json={"username": "anna",
                                                      "password": "not her password"})
            unknown = client.post("/api/session", json={"username": "nobody_here",
                                                        "password": "not her password"})
            assert wrong.status_code == unknown.status_code == 401
            assert error_of(wrong) == error_of(unknown)
            assert error_of(wrong)["code"] == "wrong_password"
            assert who(client) is None
            assert sign_in(client, "ANNA")["account"]["username"] == "anna"


def test_sign_in_starts_a_new_session_so_a_planted_one_is_worthless(database: str) -> None:
    """Session fixation: a cookie an attacker put in the browser (here the attacker's own
    valid session) is not the victim's session once the victim signs in."""
    with accounts_app(database) as client:
        attacker = Browser(client)
        with attacker.use():
            sign_up(client, "mallory")
        planted = attacker.cookie(SESSION)
        assert planted is not None
        with browser(client, {SESSION: planted}):
            sign_up(client, "victim")
            fresh = client.cookies[SESSION]
            assert fresh != planted
            assert who(client) == "victim"
        assert who(client, planted) is None, "the planted session ended at the sign-in"
        with browser(client, {SESSION: planted}):
            sign_in(client, "victim")
            again = client.cookies[SESSION]
        assert again not in (planted, fresh)
        assert who(client, again) == "victim"


def test_a_copied_session_dies_when_its_browser_signs_out(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        stolen = client.cookies[SESSION]
        other = signed_in_elsewhere(client, "anna")
        response = client.request("DELETE", "/api/session")
        assert response.status_code == 200 and response.json() == {"account": None}
        assert who(client) is None
        assert who(client, stolen) is None
        with other.use():
            assert who(client) == "anna", "signing out one browser leaves the others"


def test_sign_out_everywhere_ends_every_browser(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        other = signed_in_elsewhere(client, "anna")
        assert client.request("DELETE", "/api/session?everywhere=1").status_code == 200
        with other.use():
            assert who(client) is None


def test_a_new_password_ends_the_other_sessions_and_renews_this_one(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        before = client.cookies[SESSION]
        thief = signed_in_elsewhere(client, "anna")
        response = client.post("/api/accounts/me/password",
                               json={"password": PASSWORD, "new_password": "a brand new one"})
        assert response.status_code == 200, response.text
        assert client.cookies[SESSION] != before
        assert who(client) == "anna"
        assert who(client, before) is None
        with thief.use():
            assert who(client) is None
            refused = client.post("/api/session", json={"username": "anna",
                                                        "password": PASSWORD})
            assert error_of(refused)["code"] == "wrong_password"
            sign_in(client, "anna", "a brand new one")


def test_changing_the_password_wants_the_current_one_and_a_good_new_one(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        session = client.cookies[SESSION]
        wrong = client.post("/api/accounts/me/password",
                            json={"password": "not the password", "new_password": "fine and long"})
        assert wrong.status_code == 401 and error_of(wrong)["code"] == "wrong_password"
        weak = client.post("/api/accounts/me/password",
                           json={"password": PASSWORD, "new_password": "short"})
        assert weak.status_code == 400 and error_of(weak)["reason"] == "too_short"
        assert who(client, session) == "anna", "a refused change ends no session"
        sign_in(client, "anna")


def test_a_signed_out_browser_cannot_change_or_delete_an_account(database: str) -> None:
    with accounts_app(database) as client:
        for method, path, body in (
            ("POST", "/api/accounts/me/password", {"password": PASSWORD,
                                                   "new_password": "fine and long"}),
            ("DELETE", "/api/accounts/me", {"password": PASSWORD}),
        ):
            response = client.request(method, path, json=body)
            assert response.status_code == 401, response.text
            assert error_of(response)["code"] == "signed_out"


def test_sign_in_attempts_are_throttled_per_username(database: str) -> None:
    with accounts_app(database, sign_ins_per_hour_per_account=3) as client:
        sign_up(client, "anna")
        with sa.create_engine(database).begin() as conn:  # from where anna never signed in
            conn.execute(sa.text("DELETE FROM account_traces"))
        for address in range(3):  # a guesser spreading over addresses is still held back
            with browser(client):
                response = client.post("/api/session", json={"username": "anna",
                                                              "password": f"guess {address}xx"})
                assert error_of(response)["code"] == "wrong_password"
        with browser(client):
            response = client.post("/api/session", json={"username": "ANNA",
                                                          "password": PASSWORD})
        assert response.status_code == 429, response.text
        assert error_of(response)["code"] == "throttled"
        assert int(response.headers["Retry-After"]) == error_of(response)["retry_after"] >= 1
        with browser(client):
            sign_up(client, "bruno")  # another name is not held back


def test_sign_in_attempts_are_throttled_per_address(database: str) -> None:
    with accounts_app(database, sign_ins_per_hour=3) as client:
        for name in ("anna", "bruno", "carla"):
            response = client.post("/api/session", json={"username": name,
                                                          "password": "some guess here"})
            assert error_of(response)["code"] == "wrong_password"
        response = client.post("/api/session", json={"username": "dario",
                                                      "password": "some guess here"})
        assert response.status_code == 429 and error_of(response)["code"] == "throttled"


def test_sign_ups_are_throttled_per_address(database: str) -> None:
    with accounts_app(database, sign_ups_per_hour=2) as client:
        sign_up(client, "anna")
        sign_up(client, "bruno")
        response = client.post("/api/accounts", json={"username": "carla", "password": PASSWORD})
        assert response.status_code == 429 and error_of(response)["code"] == "throttled"


def test_a_session_ends_after_its_lifetime(database: str) -> None:
    moment = [1_800_000_000.0]
    with accounts_app(database, clock=lambda: moment[0], session_days=1) as client:
        sign_up(client, "anna")
        moment[0] += 23 * 3600
        assert who(client) == "anna"
        moment[0] += 2 * 3600
        response = client.get("/api/session")
        assert response.json() == {"account": None}
        assert any(c.startswith(f'{SESSION}=""') or c.startswith(f"{SESSION}=;")
                   for c in response.headers.get_list("set-cookie")), "the dead cookie is cleared"


@pytest.mark.parametrize(("method", "path"), [
    ("POST", "/api/accounts"), ("POST", "/api/session"), ("DELETE", "/api/session"),
    ("POST", "/api/accounts/me/password"), ("DELETE", "/api/accounts/me"),
])
def test_account_changes_from_another_site_are_refused(database: str, method: str,
                                                       path: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        body = {"username": "anna", "password": PASSWORD} if "password" not in path else (
            {"password": PASSWORD, "new_password": "fine and long"})
        if path == "/api/accounts/me":
            body = {"password": PASSWORD}
        response = client.request(method, path, json=body,
                                  headers={"Origin": "https://evil.example"})
        assert response.status_code == 403, response.text
        assert error_of(response)["code"] == "bad_origin"
        assert who(client) == "anna"


def test_gin_serve_takes_the_account_limits_and_refuses_a_bad_session_length(
        capsys: pytest.CaptureFixture[str]) -> None:
    from ginrummy.cli import build_parser, main

    args = build_parser().parse_args(["serve", "--sign-in-limit", "5", "--account-sign-in-limit",
                                      "2", "--sign-up-limit", "1", "--session-days", "7"])
    assert (args.sign_in_limit, args.account_sign_in_limit, args.sign_up_limit,
            args.session_days) == (5, 2, 1, 7)
    assert main(["serve", "--session-days", "0"]) == 2
    assert "--session-days" in capsys.readouterr().out
    assert main(["serve", "--sign-in-limit", "-1"]) == 2
    assert "--sign-in-limit cannot be negative" in capsys.readouterr().out


def test_the_api_index_names_the_account_endpoints(database: str) -> None:
    with accounts_app(database) as client:
        endpoints = client.get("/api").json()["endpoints"]
        for name in ("POST /api/accounts", "POST /api/session", "GET /api/session",
                     "DELETE /api/accounts/me"):
            assert name in endpoints


def test_migration_0008_adds_the_account_tables_to_a_database_with_games(
        database: str) -> None:
    from alembic import command

    from ginrummy.server.storage.db import alembic_config, make_engine, migrate

    engine = make_engine(database)
    try:
        config = alembic_config(engine)
        command.upgrade(config, "0007")
        with engine.begin() as conn:
            conn.execute(sa.text(
                "INSERT INTO games (id, created_at, updated_at, kind, rules, cut, watch_hash, "
                "status, log_length, summary) VALUES ('oldgame01', CURRENT_TIMESTAMP, "
                "CURRENT_TIMESTAMP, 'computer', '{}', '[]', 'w', 'active', 0, '{}')"))
        migrate(engine)
        tables = set(sa.inspect(engine).get_table_names())
        assert {"accounts", "account_sessions", "account_seats"} <= tables
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT id FROM games")).scalars().all() == ["oldgame01"]
        command.downgrade(config, "0007")
        assert "accounts" not in set(sa.inspect(engine).get_table_names())
        migrate(engine)
    finally:
        engine.dispose()
