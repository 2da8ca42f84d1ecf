"""Make the golden fixtures with today's code: ``python -m tests.golden.make_golden``.

Plays games through the real server (Starlette's TestClient and WebSockets, as the server
tests do) into one SQLite file, writes record files and ``gin play`` saves, then writes
what today's code makes of all of them to ``expected/`` (:mod:`tests.golden.observe`).
The fixtures are data: regenerate them only on purpose (see README.md).

Seeds are fixed: each game's server deals from ``random.Random(seed)``, and the tokens and
game ids, which the server draws from :mod:`secrets`, come from a seeded generator too
(only here), so that two runs make the same games. The timestamps are the real ones.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import random
import secrets
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

from starlette.testclient import TestClient

from tests.golden import observe
from tests.server.kit import (
    Player,
    create,
    first_choice,
    join_seat,
    other_browser,
    running,
    step_two_people,
    until_dealt,
)
from tests.server.table_kit import my_move, step, wants_ready

ISSUED: list[str] = []
"""Every token and game id made while generating (to find the watch token that no answer
shows: a friends' rematch's)."""
QUIET = 0.5
"""Seconds without a message after which a game with computers is taken to be waiting."""


@contextlib.contextmanager
def seeded_secrets(seed: int) -> Iterator[None]:
    """Tokens and game ids from ``random.Random(seed)`` instead of the OS (generation only)."""
    rng = random.Random(seed)

    def token_urlsafe(nbytes: int | None = None) -> str:
        raw = rng.randbytes(nbytes or 32)
        token = base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
        ISSUED.append(token)
        return token

    with mock.patch.object(secrets, "token_urlsafe", token_urlsafe):
        yield


class Games:
    """The manifest being built: each game's label, id, kind and every token to look with."""

    def __init__(self) -> None:
        self.games: list[dict[str, Any]] = []

    def add(self, label: str, created: dict[str, Any], tokens: dict[str, str],
            over: bool, note: str) -> None:
        kind = "table" if created.get("players", 2) != 2 else created["state"]["kind"]
        watch = created.get("watch_token") or watch_token(created["game_id"])
        self.games.append({"label": label, "game_id": created["game_id"], "kind": kind,
                           "over": over, "note": note,
                           "tokens": {**tokens, "watcher": watch}})


def drain(*players: Player) -> None:
    """Read until nothing more comes (the computers have stopped: a person is to act)."""
    for p in players:
        with contextlib.suppress(TimeoutError):
            while True:
                p.recv(timeout=QUIET)


def connect(stack: contextlib.ExitStack, client: TestClient, game_id: str,
            token: str) -> Player:
    return Player(stack.enter_context(client.websocket_connect(f"/ws/{game_id}?token={token}")))


# ---------------------------------------------------------------- two players


def vs_computer(client: TestClient, stop: Callable[[Player, int], bool] | None,
                **body: Any) -> dict[str, Any]:
    """A game against the computer played to its end (``stop`` None), or until
    ``stop(player, moves made)`` holds at the person's turn or between hands."""
    game = create(client, opponent="computer", **body)
    play_vs_computer(client, game, stop)
    return game


def play_vs_computer(client: TestClient, game: dict[str, Any],
                     stop: Callable[[Player, int], bool] | None) -> None:
    with contextlib.ExitStack() as stack:
        me = connect(stack, client, game["game_id"], game["token"])
        made = 0
        for _ in range(5000):
            stage = me.state["stage"]
            between = stage == "between_hands" and not me.state["seats"][0]["ready"]
            if stage == "over" or (stop is not None and (me.my_turn or between)
                                   and stop(me, made)):
                break
            if me.my_turn:
                assert me.act(first_choice(me.state["view"]))["type"] == "ack"
                made += 1
            elif between:
                assert me.ready()["type"] == "ack"
            else:
                me.recv()
        drain(me)


def moves(count: int) -> Callable[[Player, int], bool]:
    return lambda _player, made: made >= count


def between_hands(player: Player, _made: int) -> bool:
    return bool(player.state["stage"] == "between_hands")


def two_people(a: Player, b: Player, moves: int | None, settle: bool = True) -> None:
    """Two people play each other to the end, or for ``moves`` moves in all (then, with
    ``settle``, read what else comes)."""
    until_dealt(a, b)
    made = 0
    for _ in range(5000):
        if all(p.state["stage"] == "over" for p in (a, b)) or (
                moves is not None and made >= moves):
            break
        made += step_two_people(a, b)
    if settle:
        drain(a, b)


def friend_game(client: TestClient, games: Games, label: str, moves: int | None,
                **options: Any) -> tuple[dict[str, Any], str]:
    game = create(client, opponent="friend", name="Ann", options=options)
    gid = game["game_id"]
    bea = join_seat(client, gid, game["invite_token"], name="Bea")
    with contextlib.ExitStack() as stack:
        two_people(connect(stack, client, gid, game["token"]),
                   connect(stack, client, gid, bea), moves)
    games.add(label, game, {"seat 0": game["token"], "seat 1": bea,
                            "spent invite": game["invite_token"]}, moves is None,
              f"Ann and Bea, {options}")
    return game, bea


def rematch_of_friends(client: TestClient, games: Games) -> None:
    """Ann and Bea finish a game, both ask for a rematch, and play part of its first hand."""
    game, bea = friend_game(client, games, "friends before their rematch", None, target=1)
    gid = game["game_id"]
    tokens = {}
    for seat, token in ((0, game["token"]), (1, bea)):
        with other_browser(client) as browser:
            answer = browser.post(f"/api/games/{gid}/rematch?token={token}")
        assert answer.status_code in (200, 201), answer.text
        if answer.status_code == 201:
            tokens[seat] = answer.json()["token"]
    with other_browser(client) as browser:  # Ann's request again gives her new seat token
        answer = browser.post(f"/api/games/{gid}/rematch?token={game['token']}")
    assert answer.status_code == 201, answer.text
    tokens[0] = answer.json()["token"]
    rematch_id = answer.json()["rematch_id"]
    with contextlib.ExitStack() as stack:
        two_people(connect(stack, client, rematch_id, tokens[0]),
                   connect(stack, client, rematch_id, tokens[1]), 9)
    watch = client.get(f"/api/games/{rematch_id}?token={tokens[0]}").json()
    assert watch["state"]["stage"] == "hand"
    games.add("the friends' rematch, mid-hand", {"game_id": rematch_id, "state": watch["state"]},
              {"seat 0": tokens[0], "seat 1": tokens[1]}, False,
              "made by POST /rematch from both seats (no answer shows its watch token: it was "
              "found among the tokens made, by its hash)")


# ---------------------------------------------------------------- tables


def table_game(client: TestClient, games: Games, label: str, done: Callable[[Any], bool],
               **body: Any) -> None:
    """A table of 3 or 4 with computers and invited people, played until ``done``
    (of place 0's state) and then until a person is to act."""
    game = create(client, **body)
    gid = game["game_id"]
    tokens = {"seat 0": game["token"]}
    for invite in game["invites"]:
        tokens[f"seat {invite['seat']}"] = join_seat(client, gid, invite["token"],
                                                     name=f"Friend {invite['seat']}")
    with contextlib.ExitStack() as stack:
        people = [connect(stack, client, gid, token) for token in tokens.values()]
        until_dealt(*people)
        for _ in range(20_000):
            latest = max(p.n for p in people)
            behind = next((p for p in people if p.n < latest), None)
            if behind is not None:
                behind.recv()
                continue
            mover = next((p for p in people if my_move(p.state) or wants_ready(p.state)),
                         None)
            if people[0].state["stage"] == "over" or (done(people[0].state) and mover):
                break
            if mover is not None:
                step(mover)
            else:
                people[0].recv()
        drain(*people)
    over = people[0].state["stage"] == "over"
    games.add(label, game, tokens, over, f"{body}")


def against_the_computer(client: TestClient, games: Games) -> None:
    stops: list[tuple[str, Callable[[Player, int], bool] | None, dict[str, Any]]] = [
        ("computer, standard, finished", None,
         {"level": 1, "options": {"target": 40}, "name": "Ann"}),
        ("computer, oklahoma, mid-hand", moves(6), {"level": 2, "preset": "oklahoma"}),
        ("computer, classic, two-hand limit, finished", None,
         {"level": 3, "preset": "classic", "options": {"max_hands": 2}}),
        ("computer, classic, between hands", between_hands,
         {"level": 1, "preset": "classic", "options": {"target": 200}}),
        ("computer, openspiel, time limit, mid-hand", moves(3),
         {"level": 1, "preset": "openspiel", "options": {"time_limit_minutes": 30}}),
    ]
    for label, stop, body in stops:
        game = vs_computer(client, stop, **body)
        games.add(label, game, {"seat 0": game["token"]}, stop is None, f"{body}")
    first = next(g for g in games.games if g["label"].endswith("standard, finished"))
    answer = client.post(f"/api/games/{first['game_id']}/rematch?token="
                         f"{first['tokens']['seat 0']}")
    assert answer.status_code == 201, answer.text
    rematch = answer.json()
    play_vs_computer(client, rematch, moves(0))
    games.add("computer rematch, dealt", rematch, {"seat 0": rematch["token"]}, False,
              "POST /rematch of the first game")


def between_friends(client: TestClient, games: Games) -> None:
    friend_game(client, games, "friends, standard, finished", None, target=15)
    friend_game(client, games, "friends, modern, mid-hand", 7)
    waiting = create(client, opponent="friend", name="Ann", preset="gra")
    games.add("friends, waiting for the friend", waiting,
              {"seat 0": waiting["token"], "invite": waiting["invite_token"]}, False,
              "the invite is not taken")
    rematch_of_friends(client, games)


def tables_of_three(client: TestClient, games: Games) -> None:
    table_game(client, games, "three, computers, finished", lambda s: False, players=3,
               seats=["computer", "computer"], preset="classic", options={"target": 40},
               level=1)
    table_game(client, games, "three, a friend, mid-game", lambda s: bool(s["scores"]),
               players=3, seats=["friend", "computer"], preset="classic",
               options={"target": 200}, level=2)


def team_tables(client: TestClient, games: Games) -> None:
    """Two tables play at once: their computers' seeds and the next deals' server seeds are
    drawn from the one ``Settings.rng`` in the order the tables get there, which the threads
    decide; so these games differ from run to run (the committed ones are what one run made)."""
    table_game(client, games, "teams, computers, finished", lambda s: False, players=4,
               seats=["computer"] * 3, preset="classic", team_target=40, level=1)
    table_game(client, games, "teams, friends, mid-round", lambda s: bool(s["rounds"]),
               players=4, seats=["friend", "computer", "friend"], preset="classic",
               team_target=400, level=1)


CLOCK = [0.0]
"""The generating servers' wall clock (R31): 0 is "before" every game's creation (the real
clock); the scene against the clock moves it past the time limit."""


def against_the_clock(client: TestClient, games: Games) -> None:
    """Friends under lotoflaughs (the higher cut chooses to deal, R4) with a time limit (R31)
    that passes during hand 1: a ``choose`` and a ``time_up`` entry, and the game ends."""
    game = create(client, opponent="friend", name="Ann", preset="lotoflaughs",
                  options={"time_limit_minutes": 5})
    gid = game["game_id"]
    bea = join_seat(client, gid, game["invite_token"], name="Bea")
    with contextlib.ExitStack() as stack:
        players = [connect(stack, client, gid, game["token"]), connect(stack, client, gid, bea)]
        drain(*players)
        chooser = players[0].state["cut"]["chooser"]
        assert chooser is not None, players[0].state["cut"]
        reply = players[chooser].answer({"type": "cut_choice", "deal": True,
                                         "expect": players[chooser].n})
        assert reply["type"] == "ack", reply
        until_dealt(*players)
        two_people(*players, moves=3)
        CLOCK[0] = 4_000_000_000.0  # long past the limit
        two_people(*players, moves=None)
        assert players[0].state["end_reason"] == "time_limit", players[0].state["end_reason"]
    CLOCK[0] = 0.0
    games.add("friends, lotoflaughs, cut choice and time up, finished", game,
              {"seat 0": game["token"], "seat 1": bea}, True, "time_limit_minutes 5")


IDLE_SECONDS = 1.0
"""The idle rule of the scene with an idle player (its server only; more than ``QUIET``)."""


def an_idle_friend(client: TestClient, games: Games) -> None:
    """The seat to act does nothing for ``IDLE_SECONDS``: an ``idle`` entry, the computer
    plays for it until the other is to move, then its player is ``back``; a few moves more."""
    game = create(client, opponent="friend", name="Ann", options={"target": 50})
    gid = game["game_id"]
    bea = join_seat(client, gid, game["invite_token"], name="Bea")
    with contextlib.ExitStack() as stack:
        players = [connect(stack, client, gid, game["token"]), connect(stack, client, gid, bea)]
        until_dealt(*players)
        state = players[0].state  # the old server's two-player state names the mover itself
        idler = players[state["tables"][0]["to_act"] if "tables" in state else state["to_act"]]
        other = players[1 - idler.seat]  # type: ignore[operator]
        idler.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "idle")
        while not other.my_turn:
            other.recv()
        reply = idler.answer({"type": "back"})
        assert reply["type"] == "ack" and reply["kind"] == "back", reply
        while idler.n < reply["n"]:
            idler.recv()
        while other.n < idler.n:
            other.recv()
        two_people(*players, moves=4, settle=False)  # no wait: it would make another idle
    games.add("friends, one idle then back, mid-hand", game,
              {"seat 0": game["token"], "seat 1": bea}, False,
              f"idle_seconds {IDLE_SECONDS} while it was made")


SCENES: list[tuple[int, Callable[[TestClient, Games], None]]] = [
    (101, against_the_computer), (102, between_friends), (103, tables_of_three),
    (105, against_the_clock), (106, an_idle_friend), (104, team_tables),
]
"""Each scene on a server of its own (same database) dealing from ``Random(seed)``, with its
own token generator: one scene's games do not change another's."""


def make_database(path: Path) -> list[dict[str, Any]]:
    games = Games()
    DATABASE_PATH[:] = [path]
    for seed, scene in SCENES:
        idle = IDLE_SECONDS if scene is an_idle_friend else None
        with seeded_secrets(seed), running(f"sqlite:///{path}", seed=seed, idle_seconds=idle,
                                           clock=lambda: CLOCK[0]) as client:
            scene(client, games)
    return games.games


DATABASE_PATH: list[Path] = []


def watch_token(game_id: str) -> str:
    """The watch token of ``game_id``: the token made here whose hash the game stores."""
    with contextlib.closing(sqlite3.connect(DATABASE_PATH[0])) as conn:
        (stored,) = conn.execute("SELECT watch_hash FROM games WHERE id = ?",
                                 (game_id,)).fetchone()
    return next(t for t in ISSUED if hashlib.sha256(t.encode()).hexdigest() == stored)


def compact(source: Path, target: Path) -> None:
    """``source`` as one small file (WAL folded in, free pages dropped) at ``target``."""
    with contextlib.closing(sqlite3.connect(source)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("VACUUM")
    shutil.copyfile(source, target)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "games.sqlite3"
        games = make_database(work)
        compact(work, observe.DATABASE)
    observe.MANIFEST.write_text(json.dumps(games, indent=1) + "\n", encoding="utf-8")
    from tests.golden.files import make_files

    make_files()
    write_expected()


def write_expected() -> None:
    games = json.loads(observe.MANIFEST.read_text(encoding="utf-8"))
    observe.EXPECTED.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        copy = observe.working_copy(observe.DATABASE, Path(tmp))
        seen = observe.observe_games(copy, games)
        with tempfile.TemporaryDirectory() as tmp2:  # a second look must see the same
            again = observe.observe_games(observe.working_copy(observe.DATABASE, Path(tmp2)),
                                          games)
        assert observe.canonical(seen) == observe.canonical(again), "games not at rest"
    write_json("games", seen)
    write_json("files", observe.observe_files())
    write_old_expected()


def write_json(name: str, value: Any) -> None:
    path = observe.EXPECTED / f"{name}.json"
    path.write_text(json.dumps(value, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                    encoding="utf-8")


def take_old_revision(folder: Path) -> None:
    """Copy the database made by :mod:`tests.golden.make_old_revision` (with the old code)
    and its games' list, and write what today's code shows of them."""
    shutil.copyfile(folder / "games_rev0003.sqlite3", observe.OLD_DATABASE)
    shutil.copyfile(folder / "old_games.json", observe.OLD_MANIFEST)
    write_old_expected()


def write_old_expected() -> None:
    games = json.loads(observe.OLD_MANIFEST.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        seen = observe.observe_games(observe.working_copy(observe.OLD_DATABASE, Path(tmp)),
                                     games)
    write_json("old_revision", seen)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--old"]:
        take_old_revision(Path(sys.argv[2]))
    elif sys.argv[1:2] == ["--expected"]:
        write_expected()
    else:
        main()
