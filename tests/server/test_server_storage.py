"""Storage: the migrations match the schema, SQLite runs in WAL with synchronous=FULL."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory

from ginrummy.server.settings import Settings, database_url
from ginrummy.server.storage.chat_store import LobbyChatStore
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


def test_a_database_with_repeated_reports_keeps_loading_with_one_report_per_reader(
        database: str) -> None:
    """Issue 32, item 10: reports stored over and over before the unique index are kept once
    (the first of each reader), and the database then loads as every other."""
    engine = make_engine(database)
    try:
        config = alembic_config()
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, "0016")
            conn.execute(sa.text("INSERT INTO lobby_chat (id, name, text, created_at) "
                                 "VALUES (1, 'eli', 'spam', CURRENT_TIMESTAMP)"))
            for reporter, reason in [("fay", "first"), ("fay", "again"), ("gus", "rude"),
                                     ("fay", "and again")]:
                conn.execute(sa.text("INSERT INTO lobby_chat_reports (line_id, reporter, "
                                     "reason, created_at) VALUES (1, :who, :why, "
                                     "CURRENT_TIMESTAMP)"), {"who": reporter, "why": reason})
        migrate(engine)
        reports = LobbyChatStore(engine).reports()
        assert sorted((r.reporter, r.reason) for r in reports) == [("fay", "first"),
                                                                   ("gus", "rude")]
        assert LobbyChatStore(engine).report(1, "fay", "once more") is False
        assert LobbyChatStore(engine).report(1, "hal", "spam") is True
    finally:
        engine.dispose()
