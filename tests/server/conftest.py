"""Fixtures of the server tests: a database for each backend.

``database`` runs a test on a fresh SQLite file and, when ``DATABASE_URL``
names a PostgreSQL server, again on PostgreSQL in a schema of its own
(dropped afterwards). Without ``DATABASE_URL`` the PostgreSQL runs are skipped;
``.ci/run`` starts PostgreSQL and sets it.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from ginrummy.server.settings import database_url


def postgres_url() -> str | None:
    url = os.environ.get("DATABASE_URL")
    if not url:
        return None
    url = database_url(url)
    return url if url.startswith("postgresql") else None


@pytest.fixture
def sqlite_db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


@pytest.fixture
def postgres_db() -> Iterator[str]:
    base = postgres_url()
    if base is None:
        pytest.skip("DATABASE_URL does not name a PostgreSQL database: PostgreSQL tests skipped")
    schema = "t_" + secrets.token_hex(6)
    engine = sa.create_engine(base)
    with engine.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in base else "?"
    try:
        yield f"{base}{separator}options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest) -> str:
    """A fresh database of each backend in turn."""
    name = "sqlite_db" if request.param == "sqlite" else "postgres_db"
    url: str = request.getfixturevalue(name)
    return url
