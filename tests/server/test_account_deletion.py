"""Deleting an account (issue 14): its name leaves everything that stays — finished games and
their records, tournaments it played or organised, chat and reports — the chain of records
still verifies, and an account in a tournament that is not over is refused until it ends."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.server.audit.chain import verify_chain
from tests.server.account_kit import PASSWORD, accounts_app, browser, error_of, sign_in, who
from tests.server.rating_kit import finish_rated, two_accounts
from tests.server.tournament_kit import created, until_status


def every_value(client: TestClient) -> str:
    """Every table's every row, as one text (to look for a name anywhere in the database)."""
    engine = sa.create_engine(client.app.state.settings.database)  # type: ignore[attr-defined]
    try:
        with engine.connect() as conn:
            return "\n".join(
                repr(row) for table in sa.inspect(engine).get_table_names()
                if table != "alembic_version"
                for row in conn.execute(sa.text(f"SELECT * FROM {table}")).all())
    finally:
        engine.dispose()


def delete(client: TestClient) -> Any:
    return client.request("DELETE", "/api/accounts/me", json={"password": PASSWORD})


def test_a_deleted_account_leaves_no_name_in_finished_games_records_or_tournaments(
        database: str) -> None:
    with accounts_app(database) as client:
        zelda, bea = two_accounts(client, "zelda", "bea")
        game = finish_rated(client, zelda, bea)["game_id"]
    with accounts_app(database, idle_seconds=0.05) as client:  # the computer plays for zelda
        with browser(client):
            sign_in(client, "zelda")
            cup = created(client, name="Friday cup", format="knockout", size=4, level=1,
                          options={"target": 25})
            client.post(f"/api/tournaments/{cup['id']}/start")
            until_status(client, cup["id"], "over")
            assert "zelda" in every_value(client)
            response = delete(client)
            assert response.status_code == 200, response.text
            assert who(client) is None
        assert "zelda" not in every_value(client).casefold()
        assert verify_chain(client.app.state.engine) == []  # type: ignore[attr-defined]
        with browser(client):
            sign_in(client, "bea")
            record = client.get(f"/api/games/{game}/record").json()
        assert [s["name"] for s in record["record"]["seats"]] == ["Former player", "bea"]
        assert record["erased"] is True and json.loads(record["canonical"]) == record["record"]
        view = client.get(f"/api/tournaments/{cup['id']}").json()
        assert view["organiser"] == "Former player"
        assert {"name": "Former player", "computer": None} in view["entrants"]
        assert view["winner"] is not None and view["standings"]
        tampered = record["canonical"].replace('"bea"', '"someone else"')
        with client.app.state.engine.begin() as conn:  # type: ignore[attr-defined]
            conn.execute(sa.text("UPDATE records SET record = :r WHERE game_id = :g"),
                         {"r": tampered, "g": game})
        problems = verify_chain(client.app.state.engine)  # type: ignore[attr-defined]
        assert [p.params["problem"].key for p in problems] == ["chain.changed"]  # type: ignore[attr-defined]


def test_an_account_in_a_tournament_not_over_cannot_be_deleted_until_it_leaves(
        database: str) -> None:
    with accounts_app(database) as client:
        (zelda,) = two_accounts(client, "zelda", "bea")[:1]
        with zelda.use():
            cup = created(client, name="Later", format="swiss", size=4, rounds=2, level=1,
                          starts_in_minutes=60, options={"target": 25})
            refused = delete(client)
            assert refused.status_code == 409
            assert error_of(refused)["code"] == "in_tournament"
            assert "Later" in error_of(refused)["message"]
            assert who(client) == "zelda"  # nothing changed
            assert client.delete(f"/api/tournaments/{cup['id']}/entry").status_code == 200
            refused = delete(client)  # it still organises the tournament
            assert error_of(refused)["code"] == "in_tournament"
        sign_in(client, "bea")
        assert delete(client).status_code == 200  # an account with no tournament goes
