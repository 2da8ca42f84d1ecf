"""Operator faults (issue 11, items 7 to 9): two servers on one database, a chain checked
against a published head and every deck against its commitment, a database file that
disappears while serving."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from ginrummy.cli import main
from ginrummy.server.storage import db
from ginrummy.server.storage.records import chain, chain_hash
from tests.server.kill_play import start_server
from tests.server.kit import Player, create, deal_first, running
from tests.server.real_server import ROOT, free_port, stop_server
from tests.server.test_server_records import finish_game

# ------------------------------------------------------------------ item 7: one server


def _serve_once(database: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ginrummy.cli", "serve", "--port", str(free_port()),
         "--database", database], cwd=cwd, capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_second_server_on_one_database_is_refused(database: str, tmp_path: Path) -> None:
    first = start_server(free_port(), database, tmp_path)
    try:
        second = _serve_once(database, tmp_path)
        assert second.returncode == 1, second.stdout + second.stderr
        assert "is already served by" in second.stdout
        assert f"pid {first.pid} on {socket.gethostname()}, since 20" in second.stdout
        assert "Gin Rummy server on" not in second.stdout  # it never started serving
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    again = start_server(free_port(), database, tmp_path)  # a killed server blocks nothing
    stop_server(again)
    after_stop = start_server(free_port(), database, tmp_path)  # nor does a stopped one
    stop_server(after_stop)


# ------------------------------------------------------------------ item 8: --verify-records


def _delete_game(conn: sa.Connection, game_id: str) -> None:
    for table in (db.records, db.fair_hands, db.log, db.decks, db.seats):
        conn.execute(table.delete().where(table.c.game_id == game_id))
    conn.execute(db.games.delete().where(db.games.c.id == game_id))


def _verify(database: str, capsys: Any, *extra: str) -> tuple[int, str]:
    code = main(["serve", "--database", database, "--verify-records", *extra])
    return code, capsys.readouterr().out


def test_verify_records_reports_a_truncated_chain_against_the_published_head(
    database: str, capsys: Any,
) -> None:
    with running(database, seed=21) as client:
        games = [finish_game(client) for _ in range(3)]
        engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
        links = chain(engine)
        published, earlier = links[-1].hash, links[1].hash
        with engine.begin() as conn:  # the newest game gone without a trace
            _delete_game(conn, games[-1]["game_id"])
    assert _verify(database, capsys)[0] == 0  # nothing else shows it
    code, out = _verify(database, capsys, "--head", published)
    assert code == 1
    assert (f"the published hash {published[:12]}… is not in the chain, which holds 2 records "
            f"and ends at {earlier[:12]}…: records up to it were removed (the chain was "
            "truncated) or rewritten") in out
    code, out = _verify(database, capsys, "--head", earlier.upper())
    assert code == 0 and f"the published hash {earlier[:12]}… is record 2 of 2" in out


def test_verify_records_reports_a_rewritten_chain_against_the_published_head(
    database: str, capsys: Any,
) -> None:
    with running(database, seed=22) as client:
        games = [finish_game(client) for _ in range(2)]
        engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
        published = chain(engine)[-1].hash
        with engine.begin() as conn:  # the first game removed and the chain linked anew
            _delete_game(conn, games[0]["game_id"])
            [kept] = conn.execute(sa.select(db.records)).all()
            rewritten = chain_hash("0" * 64, kept.record)
            conn.execute(db.records.update().values(prev_hash="0" * 64, hash=rewritten))
    assert _verify(database, capsys)[0] == 0
    code, out = _verify(database, capsys, "--head", published)
    assert code == 1 and f"the published hash {published[:12]}… is not in the chain" in out


def test_verify_records_head_must_be_a_hash(sqlite_db: str, capsys: Any) -> None:
    code, out = _verify(sqlite_db, capsys, "--head", "abc")
    assert code == 2 and "--head must be a chain hash (64 hex digits), got 'abc'" in out
    assert main(["serve", "--database", sqlite_db, "--head", "0" * 64]) == 2
    assert "--head goes with --verify-records" in capsys.readouterr().out


def test_verify_records_catches_a_deck_edited_mid_hand(database: str, capsys: Any) -> None:
    with running(database, seed=23) as client:
        game = create(client, opponent="computer", level=1)
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            player = Player(ws)
            assert player.state["stage"] == "hand"
        engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
        with engine.begin() as conn:  # the bottom two cards of the stock swapped
            row = conn.execute(sa.select(db.decks).where(db.decks.c.game_id == gid)).one()
            cards = json.loads(row.cards)
            cards[-1], cards[-2] = cards[-2], cards[-1]
            conn.execute(db.decks.update().where(db.decks.c.game_id == gid)
                         .values(cards=json.dumps(cards)))
    code, out = _verify(database, capsys)
    assert code == 1
    assert (f"game {gid}, hand 1 (in play, checked with its stored server seed): the stored "
            "deck is not the one committed to (commitment ") in out
    assert "2 of its cards differ, the first at position 51" in out


def test_verify_records_checks_finished_hands_with_their_revealed_seed(
    sqlite_db: str, capsys: Any,
) -> None:
    with running(sqlite_db, seed=24) as client:
        game = finish_game(client)
        engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
        with engine.begin() as conn:  # the deck and the chained record both changed
            row = conn.execute(sa.select(db.records)).one()
            data = json.loads(row.record)
            deck = data["record"]["hands"][0]["deck"]
            deck[-1], deck[-2] = deck[-2], deck[-1]
            text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            conn.execute(db.records.update().values(record=text,
                                                    hash=chain_hash(row.prev_hash, text)))
    code, out = _verify(sqlite_db, capsys)
    assert code == 1
    assert f"game {game['game_id']} (record 1), hand 1: " in out
    assert "(checked with its revealed seed)" in out


# ------------------------------------------------------------------ item 9: storage gone


def _to_my_turn(player: Player) -> None:
    while not player.my_turn:
        player.recv()


@pytest.mark.parametrize("gone", ["file deleted", "folder removed"])
def test_moves_are_not_acknowledged_once_the_database_file_is_gone(tmp_path: Path,
                                                                   gone: str) -> None:
    folder = tmp_path / "data"
    path = folder / "games.sqlite3"
    with running(f"sqlite:///{path}", seed=25) as client:
        game = create(client, opponent="computer", level=1)
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            player = Player(ws)
            _to_my_turn(player)
            if gone == "file deleted":
                path.unlink()
            else:
                shutil.rmtree(folder)
            before = player.n
            move = player.state["view"]["legal"][0]
            reply = player.answer({"type": "action", "action": move, "expect": before})
            assert reply["type"] == "error" and reply["code"] == "storage", reply
            assert "the server's database file is missing: nothing was saved" in reply["message"]
            assert player.ping()["n"] == before
        refused = client.post("/api/games", json={"opponent": "computer"})
        assert refused.status_code == 503 and refused.json()["error"]["code"] == "storage"


def _break_storage(database: str, path: Path | None) -> None:
    if path is not None:
        path.rename(path.with_name("moved-away.sqlite3"))
        return
    engine = sa.create_engine(database)
    with engine.begin() as conn:
        conn.execute(sa.text("CREATE FUNCTION refuse_writes() RETURNS trigger AS $$ BEGIN "
                             "RAISE EXCEPTION 'no space left on device'; END $$ "
                             "LANGUAGE plpgsql"))
        conn.execute(sa.text("CREATE TRIGGER refuse BEFORE INSERT ON log FOR EACH ROW "
                             "EXECUTE FUNCTION refuse_writes()"))
    engine.dispose()


def _mend_storage(database: str, path: Path | None) -> None:
    if path is not None:
        path.with_name("moved-away.sqlite3").rename(path)
        return
    engine = sa.create_engine(database)
    with engine.begin() as conn:
        conn.execute(sa.text("DROP TRIGGER refuse ON log"))
    engine.dispose()


def test_storage_error_then_the_same_message_id_succeeds(database: str) -> None:
    url = sa.engine.make_url(database)
    path = Path(url.database) if url.get_backend_name() == "sqlite" and url.database else None
    with running(database, seed=26) as client:
        game = create(client, opponent="computer", level=1)
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            player = Player(ws)
            _to_my_turn(player)
            move = player.state["view"]["legal"][0]
            message = {"type": "action", "action": move, "expect": player.n, "id": "move-1"}
            _break_storage(database, path)
            refused = player.answer(dict(message))
            assert refused["type"] == "error" and refused["code"] == "storage", refused
            _mend_storage(database, path)
            accepted = player.answer(dict(message))
            assert accepted["type"] == "ack" and "duplicate" not in accepted, accepted
            again = player.answer(dict(message))
            assert again == {**accepted, "duplicate": True}


HOLD_THE_LOCK = """
import os, socket, sys, time, zlib
import sqlalchemy as sa
from ginrummy.server.storage.lease import LOCK_CLASS
name = f"gin serve {os.getpid()}@{socket.gethostname()}"
engine = sa.create_engine(sys.argv[1], connect_args={"application_name": name})
conn = engine.connect().execution_options(isolation_level="AUTOCOMMIT")
key = zlib.crc32(conn.execute(sa.text("SELECT current_schema()")).scalar().encode()) & 0x7FFFFFFF
conn.execute(sa.text(f"SELECT pg_advisory_lock({LOCK_CLASS}, {key})"))  # waits in line
print("held", flush=True)
time.sleep(120)
"""


def test_a_server_whose_postgresql_lock_is_taken_over_stops_storing_moves(
    postgres_db: str,
) -> None:
    admin = sa.create_engine(postgres_db)
    with running(postgres_db, seed=27, lease_check_seconds=0.1) as client:
        game = create(client, opponent="computer", level=1)
        deal_first(client, game)  # hand 1 is dealt while the lock is still this server's
        other = subprocess.Popen([sys.executable, "-c", HOLD_THE_LOCK, postgres_db],
                                 stdout=subprocess.PIPE, text=True,
                                 env={**os.environ, "PYTHONPATH": str(ROOT)})
        try:
            with admin.connect() as conn:
                for _ in range(200):  # until the other process waits for the lock
                    if conn.execute(sa.text("SELECT count(*) FROM pg_locks WHERE "
                                            "locktype = 'advisory' AND NOT granted")).scalar():
                        break
                    time.sleep(0.05)
                ended = conn.execute(sa.text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE application_name = :name"),
                    {"name": f"gin serve {os.getpid()}@{socket.gethostname()}"}).scalars().all()
            assert ended == [True]  # the server's lock connection, ended under it
            assert other.stdout is not None and other.stdout.readline() == "held\n"
            guard = client.app.state.lobby.store.guard  # type: ignore[attr-defined]
            for _ in range(200):
                if guard.refusal is not None:
                    break
                time.sleep(0.05)
            assert f"already served by pid {other.pid} on {socket.gethostname()}" in (
                guard.refusal or "")
            with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
                player = Player(ws)
                _to_my_turn(player)
                move = player.state["view"]["legal"][0]
                reply = player.answer({"type": "action", "action": move, "expect": player.n})
                assert reply["code"] == "storage", reply
                assert "another server has taken over this server's database" in reply["message"]
        finally:
            other.kill()
            other.wait(timeout=10)
    admin.dispose()


def test_the_computer_moves_again_once_the_storage_is_back(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with running(f"sqlite:///{path}", seed=28, computer_delay=1.0) as client:
        game = create(client, opponent="computer", level=1)
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            player = Player(ws)
            _to_my_turn(player)
            while player.my_turn:  # until the computer is to move (after a draw, a discard)
                assert player.act(player.state["view"]["legal"][0])["type"] == "ack"
            waiting = player.n
            _break_storage(str(path), path)
            failed = player.until(lambda m: m["type"] == "error")
            assert failed["code"] == "computer_error" and "file is missing" in failed["message"]
            _mend_storage(str(path), path)
            moved = player.until(lambda m: m["type"] == "event")
            assert moved["n"] == waiting + 1 and moved["event"]["seat"] == 1
