"""Make ``games_rev0003.sqlite3``: games written by the server as it was at schema revision
0003 (commit d3466ad, before spent invites and rematches). Run with THAT commit's code:

    git worktree add /tmp/gin-0003 d3466ad
    (cd /tmp/gin-0003 && python /path/to/tests/golden/make_old_revision.py OUT_FOLDER)

It writes ``OUT_FOLDER/games_rev0003.sqlite3`` and ``OUT_FOLDER/old_games.json`` (the
games' ids and tokens); ``python -m tests.golden.make_golden --old OUT_FOLDER`` then
copies them here (``games_rev0003.*``) and writes what today's code shows of them
(``expected/old_revision.json``).
Self-contained: it imports only what the old tree has.
"""

from __future__ import annotations

import base64
import contextlib
import json
import random
import secrets
import sqlite3
import sys
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path.cwd()))  # the old tree's ginrummy and tests/server/kit.py

from tests.server.kit import Player, create, first_choice, running  # noqa: E402


def person(me: Player, stop_after: int | None) -> None:
    """Play ``me`` (the other seat a computer or already played for) to the end, or until
    ``stop_after`` moves were made and it is ``me``'s turn again."""
    made = 0
    for _ in range(5000):
        stage = me.state["stage"]
        if stage == "over" or (stop_after is not None and made >= stop_after and me.my_turn):
            return
        if me.my_turn:
            assert me.act(first_choice(me.state["view"]))["type"] == "ack"
            made += 1
        elif stage in ("between_hands", "waiting") and not me.state["seats"][me.seat]["ready"]:
            assert me.ready()["type"] == "ack"
        else:
            me.recv()


def two_people(a: Player, b: Player, moves: int) -> None:
    for _ in range(moves):
        mover = a if a.my_turn else b
        assert mover.act(first_choice(mover.state["view"]))["type"] == "ack"
        other = b if mover is a else a
        while other.n < mover.n:
            other.recv()


def main(folder: Path) -> None:
    rng = random.Random(3)

    def token_urlsafe(nbytes: int | None = None) -> str:
        return base64.urlsafe_b64encode(rng.randbytes(nbytes or 32)).rstrip(b"=").decode()

    database = folder / "games_rev0003.sqlite3"
    games: list[dict[str, Any]] = []
    with mock.patch.object(secrets, "token_urlsafe", token_urlsafe), running(
            f"sqlite:///{database}", seed=17, idle_seconds=None) as client:
        over = create(client, opponent="computer", level=1, options={"target": 30})
        with client.websocket_connect(f"/ws/{over['game_id']}?token={over['token']}") as ws:
            person(Player(ws), None)
        games.append({"label": "old: computer, finished", "game_id": over["game_id"],
                      "kind": "computer", "over": True,
                      "tokens": {"seat 0": over["token"], "watcher": over["watch_token"]}})
        mid = create(client, opponent="friend", name="Ann", preset="classic")
        gid = mid["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={mid['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={mid['invite_token']}") as ws1:
            ann, bea = Player(ws0), Player(ws1)
            for _ in range(50):
                if ann.state["stage"] == "hand" and bea.n == ann.n:
                    break
                (ann if ann.n <= bea.n else bea).recv()
            two_people(ann, bea, 8)
        games.append({"label": "old: friends, mid-hand", "game_id": gid, "kind": "friend",
                      "over": False,
                      "tokens": {"seat 0": mid["token"], "invite as seat 1": mid["invite_token"],
                                 "watcher": mid["watch_token"]}})
    with contextlib.closing(sqlite3.connect(database)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("VACUUM")
        (revision,) = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    assert revision == "0003", revision
    (folder / "old_games.json").write_text(json.dumps(games, indent=1) + "\n",
                                           encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]).absolute())
