"""Tournament entrants are seeded by their rating in the family of the tournament's games (a
new player's 1500 without one), not all at 1500: a knockout's first round pairs the best seed
with the worst. (Seeded all at 1500, in entry order, annie would meet dora and bruno cyd.)"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.server.storage import db
from tests.server.account_kit import accounts_app, browser, sign_in, sign_up
from tests.server.tournament_kit import created

RATED = {  # username -> {family: rating}
    "annie": {"standard": 1800.0},
    "bruno": {"standard": 1300.0, "oklahoma": 2100.0},
    "cyd": {"oklahoma": 1900.0},
    "dora": {"oklahoma": 1700.0},
}


def rate(client: TestClient, username: str, family: str, mu: float) -> None:
    engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        account = conn.execute(sa.select(db.accounts.c.id)
                               .where(db.accounts.c.username == username)).scalar_one()
        conn.execute(db.ratings.insert().values(account_id=account, family=family, mu=mu,
                                                sigma=150.0, games=20,
                                                updated_at=datetime.now(UTC)))


def first_round(client: TestClient, preset: str) -> list[list[str]]:
    """The first round's tables of a knockout of four that annie, bruno, cyd and dora enter
    in that order (it starts when full)."""
    for name in RATED:
        with browser(client):
            sign_up(client, name)
    for name, families in RATED.items():
        for family, mu in families.items():
            rate(client, name, family, mu)
    with browser(client):
        sign_in(client, "annie")
        made = created(client, format="knockout", size=4, level=1, fill=False, preset=preset)
    for name in ("bruno", "cyd", "dora"):
        with browser(client):
            sign_in(client, name)
            entered = client.post(f"/api/tournaments/{made['id']}/entry")
            assert entered.status_code == 200, entered.text
    view = client.get(f"/api/tournaments/{made['id']}").json()
    assert view["status"] == "playing"
    return [sorted(p["name"] for p in table["seats"])
            for table in view["round_list"][0]["tables"]]


@pytest.mark.parametrize(("preset", "tables"), [
    # standard: annie 1800, cyd and dora 1500 (in entry order), bruno 1300
    ("standard", [["annie", "bruno"], ["cyd", "dora"]]),
    # Oklahoma: bruno 2100, cyd 1900, dora 1700, annie 1500
    ("oklahoma", [["annie", "bruno"], ["cyd", "dora"]]),
])
def test_a_knockout_seeds_its_entrants_by_their_rating_in_its_family(
        database: str, preset: str, tables: list[list[str]]) -> None:
    with accounts_app(database) as client:
        assert sorted(first_round(client, preset)) == sorted(tables)
