"""What an account may start: at most two tournaments of its own not finished, and the
computers of every unfinished tournament within the server's budget (a level-5 place weighs
eight); each refusal has its code, in English and Italian, and creates nothing. The organiser
may call a tournament off before it starts, which frees both."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.server import Settings
from ginrummy.server.live.quick_match import SEEKS_PER_ADDRESS
from ginrummy.server.live.tournament_room import (
    COMPUTER_BUDGET,
    LEVEL_5_WEIGHT,
    TOURNAMENTS_PER_ACCOUNT,
)
from tests.server.account_kit import accounts_app, browser, error_of, sign_up
from tests.server.tournament_kit import created

SMALL = {"format": "swiss", "size": 4, "level": 1, "fill": False}


def listed(client: TestClient) -> list[str]:
    return [t["id"] for t in client.get("/api/tournaments").json()["tournaments"]]


def refused(client: TestClient, status: int, code: str, **body: Any) -> dict[str, Any]:
    """A refused creation: its error, the tournaments listed being the same as before."""
    before = listed(client)
    response = client.post("/api/tournaments", json=body)
    assert response.status_code == status, response.text
    assert listed(client) == before
    found = error_of(response)
    assert found["code"] == code, found
    return found


def test_a_third_unfinished_tournament_of_one_account_is_refused_until_one_is_called_off(
        database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "annie")
        first, _ = created(client, **SMALL), created(client, **SMALL)
        refused(client, 409, "too_many_tournaments", **SMALL)
        with browser(client):  # another account has its own two
            sign_up(client, "bruno")
            created(client, **SMALL)
            off = client.delete(f"/api/tournaments/{first['id']}")
            assert off.status_code == 403 and error_of(off)["code"] == "not_organiser"
        off = client.delete(f"/api/tournaments/{first['id']}")
        assert off.status_code == 200 and off.json()["status"] == "called_off"
        assert first["id"] not in listed(client)
        again = client.delete(f"/api/tournaments/{first['id']}")
        assert again.status_code == 409 and error_of(again)["code"] == "tournament_started"
        created(client, **SMALL)


def test_computers_past_the_server_s_budget_are_refused_and_a_level_5_place_weighs_more(
        database: str) -> None:
    with accounts_app(database, tournament_computers=64) as client:
        sign_up(client, "annie")
        busy = refused(client, 503, "computers_busy", format="swiss", size=64, level=5)
        assert busy["retry_after"] >= 1
        assert f"{64 // LEVEL_5_WEIGHT} place(s) of level 5" in busy["message"]
        created(client, format="swiss", size=64, level=5, fill=False)  # no computer: fine
        big = created(client, format="swiss", size=64, level=1)  # 63 places of level 1
        with browser(client):
            sign_up(client, "bruno")
            refused(client, 503, "computers_busy", format="swiss", size=4, level=1)
            created(client, format="swiss", size=4, level=1, fill=False)
        assert client.delete(f"/api/tournaments/{big['id']}").status_code == 200
        with browser(client):
            sign_up(client, "cyd")
            small = created(client, format="swiss", size=8, level=5)  # 7 x 8 = 56: fits
            assert small["status"] == "entering"


def test_the_limits_are_off_at_zero(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, tournaments_per_account=0, tournament_computers=0) as client:
        sign_up(client, "annie")
        for _ in range(3):
            created(client, format="swiss", size=64, level=5)


def test_both_refusals_are_worded_in_english_and_italian(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        for lang in ("en", "it"):
            strings = client.get(f"/api/i18n/{lang}").json()["strings"]
            for code in ("too_many_tournaments", "computers_busy", "too_many_seeks"):
                assert strings.get(f"error.{code}"), (lang, code)


def test_gin_serve_takes_the_seek_and_tournament_limits_and_refuses_negative_ones(
        capsys: pytest.CaptureFixture[str]) -> None:
    from ginrummy.cli import build_parser, main

    args = build_parser().parse_args(["serve", "--seeks-per-address", "9",
                                      "--tournaments-per-account", "0",
                                      "--tournament-computers", "128"])
    assert (args.seeks_per_address, args.tournaments_per_account,
            args.tournament_computers) == (9, 0, 128)
    defaults, settings = build_parser().parse_args(["serve"]), Settings()
    for found in (defaults, settings):
        assert (found.seeks_per_address, found.tournaments_per_account,
                found.tournament_computers) == (SEEKS_PER_ADDRESS, TOURNAMENTS_PER_ACCOUNT,
                                                COMPUTER_BUDGET)
    for option in ("--seeks-per-address", "--tournaments-per-account",
                   "--tournament-computers"):
        assert main(["serve", option, "-1"]) == 2
        assert f"{option} cannot be negative" in capsys.readouterr().out
