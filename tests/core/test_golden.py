"""The golden fixtures (tests/golden, made with the code of issue 13's start) still give the
same states, events, records, scores and chain hashes: the database after the Alembic
migrations, the version-1 record files, the ``gin play`` saves."""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory

from ginrummy.server.storage.db import alembic_config, make_engine, migrate
from tests.golden import observe


def expected(name: str) -> Any:
    return json.loads((observe.EXPECTED / f"{name}.json").read_text(encoding="utf-8"))


def manifest() -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(observe.MANIFEST.read_text(encoding="utf-8"))
    return games


def differences(got: Any, want: Any, where: str = "") -> list[str]:
    """Where ``got`` and ``want`` differ (JSON paths), the first few."""
    if isinstance(want, dict) and isinstance(got, dict):
        out = [f"{where}/{k}: missing or extra" for k in sorted(set(want) ^ set(got))]
        for key in sorted(set(want) & set(got)):
            out += differences(got[key], want[key], f"{where}/{key}")
        return out[:20]
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        out = []
        for i, (a, b) in enumerate(zip(got, want, strict=True)):
            out += differences(a, b, f"{where}[{i}]")
        return out[:20]
    return [] if got == want else [f"{where}: {str(got)[:200]} != {str(want)[:200]}"]


@pytest.fixture(scope="module")
def looked_at(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    """The committed database, copied, migrated by the server at start, and looked at."""
    copy = observe.working_copy(observe.DATABASE, tmp_path_factory.mktemp("golden"))
    return observe.observe_games(copy, manifest()), copy


@pytest.fixture(scope="module")
def observed_games(looked_at: tuple[dict[str, Any], Path]) -> dict[str, Any]:
    return looked_at[0]


def log_lengths(database: Path) -> dict[str, int]:
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as conn:
        return dict(conn.execute("SELECT game_id, COUNT(*) FROM log GROUP BY game_id"))


def test_golden_games_are_at_rest_and_looking_at_them_adds_nothing(
        looked_at: tuple[dict[str, Any], Path]) -> None:
    """No game of the fixtures has a computer to move: the server, started on them, logs
    nothing while every seat and a watcher look (else the snapshots would depend on timing)."""
    assert log_lengths(looked_at[1]) == log_lengths(observe.DATABASE)


@pytest.mark.parametrize("label", [g["label"] for g in manifest()])
def test_golden_games_replay_to_the_same_states(observed_games: dict[str, Any],
                                                label: str) -> None:
    """Every seat's and the watcher's snapshot and event pages, and the record of a finished
    game, are what they were."""
    assert differences(observed_games[label], expected("games")[label]) == []


def test_golden_chain_head_and_verify_records_are_unchanged(
        observed_games: dict[str, Any]) -> None:
    want = expected("games")
    assert observed_games["chain head"] == want["chain head"]
    assert observed_games["verify records"] == want["verify records"]
    assert observed_games["verify records"][0] == "exit 0"


def test_golden_published_chain_head_is_still_the_newest_record(tmp_path: Path) -> None:
    """``gin serve --verify-records --head H`` with the head published when the fixtures
    were made: the chain still holds it, as its last record."""
    head = expected("games")["chain head"]["body"]
    copy = observe.working_copy(observe.DATABASE, tmp_path)
    lines = observe.verify_records_output(copy, head["head"])
    assert lines[0] == "exit 0", lines
    assert lines[-1] == (f"the published hash {head['head'][:12]}… is record "
                         f"{head['records']} of {head['records']}")


def test_golden_finished_games_keep_their_chained_records(tmp_path: Path) -> None:
    """Each finished game's record is still in the chain at its place, with its hash."""
    copy = observe.working_copy(observe.DATABASE, tmp_path)
    engine = make_engine(f"sqlite:///{copy}")
    try:
        migrate(engine)
    finally:
        engine.dispose()
    want = expected("games")
    with sqlite3.connect(copy) as conn:
        rows = {r[0]: (r[1], r[2]) for r in conn.execute(
            "SELECT game_id, seq, hash FROM records ORDER BY seq")}
    for game in manifest():
        if game["over"]:
            record = want[game["label"]]["record"]["body"]
            assert rows[game["game_id"]] == (record["seq"], record["hash"]), game["label"]
    assert len(rows) == want["chain head"]["body"]["records"]


@pytest.fixture(scope="module")
def observed_files() -> dict[str, Any]:
    return observe.observe_files()


@pytest.mark.parametrize("name", sorted(p.name for p in observe.RECORDS.iterdir()))
def test_golden_record_files_load_replay_and_verify_the_same(observed_files: dict[str, Any],
                                                             name: str) -> None:
    """Version-1 records (two-player and table, JSON and notation): the game their loader
    gives, and what ``gin replay`` and ``gin verify`` print."""
    got = observed_files["records"][name]
    assert differences(got, expected("files")["records"][name]) == []


@pytest.mark.parametrize("name", sorted(p.name for p in observe.SAVES.iterdir()))
def test_golden_gin_play_saves_load_to_the_same_game(observed_files: dict[str, Any],
                                                    name: str) -> None:
    got = observed_files["saves"][name]
    assert differences(got, expected("files")["saves"][name]) == []


def test_golden_database_at_revision_0003_migrates_with_its_game_intact(
        tmp_path: Path) -> None:
    """A database written at schema revision 0003 (before spent invites and rematches) is
    migrated to the newest schema at start, and its games show as they did then. (Its
    finished game's chained record no longer matches the record today's code rebuilds, so
    ``verify records`` in the expected file says exit 1: see tests/golden/README.md.)"""
    games = json.loads(observe.OLD_MANIFEST.read_text(encoding="utf-8"))
    copy = tmp_path / "old.sqlite3"
    shutil.copyfile(observe.OLD_DATABASE, copy)
    seen = observe.observe_games(copy, games)
    assert differences(seen, expected("old_revision")) == []
    with sqlite3.connect(copy) as conn:
        (revision,) = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    assert revision == ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert revision != "0003"
