"""Storage: the migrations match the schema, SQLite runs in WAL with synchronous=FULL."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory

from ginrummy.server.settings import Settings, database_url
from ginrummy.server.storage.db import alembic_config, make_engine, metadata, migrate


def test_migrations_build_exactly_the_schema_the_code_uses(database: str) -> None:
    engine = make_engine(database)
    try:
        migrate(engine)
        migrate(engine)  # a second start changes nothing
        with engine.connect() as conn:
            context = MigrationContext.configure(conn)
            head = ScriptDirectory.from_config(alembic_config()).get_current_head()
            assert context.get_current_revision() == head is not None
            assert compare_metadata(context, metadata) == []
    finally:
        engine.dispose()


def test_sqlite_connections_use_wal_and_full_sync(sqlite_db: str) -> None:
    engine = make_engine(sqlite_db)
    try:
        with engine.connect() as conn:
            assert conn.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(sa.text("PRAGMA synchronous")).scalar() == 2  # FULL
            assert conn.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1
    finally:
        engine.dispose()


def test_sqlite_folder_is_created(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path)) / "nested" / "data"
    engine = make_engine(f"sqlite:///{folder / 'g.sqlite3'}")
    try:
        migrate(engine)
        assert (folder / "g.sqlite3").is_file()
    finally:
        engine.dispose()


def test_database_url_defaults_and_postgres_driver(monkeypatch: object) -> None:
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert database_url() == "sqlite:///data/ginrummy.sqlite3"
    assert Settings().sqlite_path() is not None
    monkeypatch.setenv("DATABASE_URL", "postgresql://u:p@h/db")
    assert database_url() == "postgresql+psycopg://u:p@h/db"
    assert Settings().sqlite_path() is None
    assert database_url("sqlite:///other.db") == "sqlite:///other.db"
