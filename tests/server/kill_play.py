"""Nothing lost: a real ``gin serve`` killed with SIGKILL at random moments during play.

:func:`kill_and_check` plays games against the computer over real WebSockets while a
timer kills the server process at a random moment; it restarts the server on the same
database, reconnects with ``since=`` (the events missed come without a gap) and sends
again, with the same id, the message that had no answer. After every restart it checks:

- every event a client received (so every acknowledged action) is in the stored log,
  with the same kind, seat and action;
- every message id acknowledged is in the log exactly once, at the event number of its
  ack (a message sent again is applied once and answered with the original result);
- no stored deck changed;
- the state the server gives equals a fresh replay of the stored log;
- the clients carry on (they play again after each restart, up to the game's end).
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import ClientConnection, connect

from ginrummy.core.actions import action_name
from ginrummy.server.live.lobby import load_table
from ginrummy.server.storage.db import make_engine
from ginrummy.server.storage.store import Store
from tests.server.kit import NO_LIMIT_OPTIONS, first_deal_wanted, next_commitment, strip_presence
from tests.server.real_server import free_port, start_gin_serve, stop_server
from tests.server.table_kit import my_move, wants_ready


def start_server(port: int, database: str, cwd: Path, *extra: str,
                 module: str = "ginrummy.cli") -> subprocess.Popen[bytes]:
    """``gin serve`` on ``port`` without its limits per client, once it answers."""
    return start_gin_serve(port, database, cwd, "--rate-limit", "1000", *NO_LIMIT_OPTIONS,
                           *extra, module=module)


class Restartable:
    """A ``gin serve`` (:func:`start_server`) on one port and database that a test kills and
    starts again; the one running when the ``with`` ends is stopped. ``module``: what the
    first start runs (a crashing server, say); every restart runs ``gin serve``."""

    def __init__(self, database: str, cwd: Path, module: str = "ginrummy.cli") -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.database, self.cwd, self.module = database, cwd, module

    def start(self) -> subprocess.Popen[bytes]:
        self.process = start_server(self.port, self.database, self.cwd, module=self.module)
        self.module = "ginrummy.cli"
        return self.process

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def __enter__(self) -> Restartable:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        stop_server(self.process)


def http(base: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data,
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


@dataclass
class Client:
    """The player of seat 0 of one game against the computer, across server restarts."""

    game_id: str
    token: str
    n: int = 0
    state: dict[str, Any] = field(default_factory=dict)
    seen: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Every event received, by number."""
    acked: dict[str, int] = field(default_factory=dict)
    """Message id -> the event number its ack gave."""
    pending: dict[str, Any] | None = None
    """The message sent and not answered yet (sent again after a restart)."""
    counter: int = 0
    duplicates: int = 0

    def take(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "snapshot":
            self.n, self.state = message["n"], message["state"]
        elif kind == "event":
            if message["n"] <= self.n:
                return
            assert message["n"] == self.n + 1, f"gap: {self.n} then {message['n']}"
            self.n, self.state = message["n"], message["state"]
            self.seen[self.n] = message["event"]
        elif kind in ("ack", "error") and self.pending is not None and \
                message.get("id") == self.pending["id"]:
            if kind == "ack":
                ident = self.pending["id"]
                if ident in self.acked:
                    assert self.acked[ident] == message["n"], (ident, message)
                self.acked[ident] = message["n"]
                self.duplicates += bool(message.get("duplicate"))
            else:
                assert message["code"] in ("stale", "already_ready", "no_hand",
                                           "game_over", "in_hand", "nothing_to_ready"), message
            self.pending = None

    def next_message(self) -> dict[str, Any] | None:
        """What to send now, if anything (one message at a time)."""
        if self.pending is not None or not self.state:
            return None
        stage = self.state["stage"]
        if self.state.get("mode") in ("three", "teams"):
            return self._table_message()
        if stage in ("between_hands", "waiting") and not self.state["seats"][0]["ready"]:
            message: dict[str, Any] = {"type": "ready", "expect": self.n, "seed": "kill test",
                                       "commitment": next_commitment(self.state)}
        elif stage == "hand" and self.state["tables"][0]["to_act"] == 0:
            legal = self.state["view"]["legal"]
            knocks = [a for a in legal if a.startswith(("knock", "big gin"))]
            message = {"type": "action", "action": (knocks or legal)[0 if knocks else -1],
                       "expect": self.n}
        else:
            return None
        return self._numbered(message)

    def _table_message(self) -> dict[str, Any] | None:
        """Place 0 at a table of three or four: its move at its table, or ready for its deal."""
        if my_move(self.state):
            legal = self.state["view"]["legal"]
            knocks = [a for a in legal if a.startswith(("knock", "big gin"))]
            return self._numbered({"type": "action", "expect": self.n,
                                   "action": (knocks or legal)[0 if knocks else -1]})
        if wants_ready(self.state) or first_deal_wanted(self.state):
            return self._numbered({"type": "ready", "seed": "kill test",
                                   "commitment": next_commitment(self.state)})
        return None

    def _numbered(self, message: dict[str, Any]) -> dict[str, Any]:
        self.counter += 1
        message["id"] = f"{self.game_id}-{self.counter}"
        self.pending = message
        return message


def play_until_closed(ws: ClientConnection, client: Client, stop: threading.Event) -> bool:
    """Play until the connection drops (True) or the game ends (False)."""
    while not stop.is_set():
        message = client.next_message()
        if message is not None:
            ws.send(json.dumps(message))
        try:
            client.take(json.loads(ws.recv(timeout=20)))
        except (ConnectionClosed, OSError, TimeoutError):
            return True
        if client.state.get("stage") == "over" and client.pending is None:
            return False
    return True


def resume(ws: ClientConnection, client: Client) -> None:
    """After connecting with ``since``: catch up, send again the message that had no answer."""
    hello = json.loads(ws.recv(timeout=10))
    assert hello["type"] == "hello", hello
    while True:  # the missed events (no gap: Client.take checks), or a snapshot, then synced
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "synced":
            break
        client.take(message)
    if client.pending is not None:
        ws.send(json.dumps(client.pending))


def check_database(database: str, clients: list[Client],
                   decks_before: dict[str, dict[int, tuple[int, ...]]]) -> None:
    """Everything a client was told is stored; decks unchanged; state = replay of the log."""
    engine = make_engine(database)
    try:
        store = Store(engine)
        for client in clients:
            stored = store.load(client.game_id)
            assert stored is not None
            log = {e.seq: e for e in stored.log}
            for n, event in client.seen.items():
                entry = log.get(n)
                assert entry is not None, f"event {n} of {client.game_id} was lost"
                seat = event["table"] if entry.kind == "deal" and "table" in event else \
                    event["seat"]  # a table game's deal names its table
                assert entry.kind == event["kind"] and entry.seat == seat, (n, event)
                if entry.kind == "play" and event["action"] != "knock":  # knock: face down
                    assert action_name(entry.action or 0) == event["action"], (n, event)
            for ident, n in client.acked.items():
                holding = [e.seq for e in stored.log if e.client_id == ident]
                assert holding == [n], f"message {ident}: acked as {n}, stored at {holding}"
            before = decks_before.get(client.game_id, {})
            for number, deck in before.items():
                assert stored.decks.get(number) == deck, f"deck of hand {number} changed"
            decks_before[client.game_id] = dict(stored.decks)
            load_table(stored, store, _settings(database))  # replays the log; raises if it
                                                            # does not
    finally:
        engine.dispose()


def replayed_state(database: str, game_id: str, n: int) -> dict[str, Any]:
    """Seat 0's state after event ``n`` computed from the stored log alone, without a server."""
    engine = make_engine(database)
    try:
        stored = Store(engine).load(game_id)
        assert stored is not None
        stored.log = stored.log[:n]
        table = load_table(stored, Store(engine), _settings(database))
        return strip_presence(table.state(0))
    finally:
        engine.dispose()


def _settings(database: str) -> Any:
    from ginrummy.server.settings import Settings

    return Settings(database=database)


@dataclass
class KillReport:
    kills: int = 0
    games: int = 0
    events: int = 0
    acks: int = 0
    duplicates: int = 0
    seconds: float = 0.0

    def add(self, client: Client) -> None:
        self.events += len(client.seen)
        self.acks += len(client.acked)
        self.duplicates += client.duplicates


def kill_and_check(database: str, workdir: Path, kills: int, seed: int,
                   games_at_once: int = 2, window: float = 0.4,
                   bodies: list[dict[str, Any]] | None = None) -> KillReport:
    """Play ``games_at_once`` games, killing the server ``kills`` times; check after each.

    ``bodies``: what ``POST /api/games`` creates, in turn (default: against the computer,
    level 1 or 2)."""
    rng = random.Random(seed)
    report = KillReport()
    started = time.monotonic()
    clients: list[Client] = []
    decks: dict[str, dict[int, tuple[int, ...]]] = {}
    with Restartable(database, workdir) as server:
        port, base = server.port, server.base
        while report.kills < kills:
            for client in [c for c in clients if c.state.get("stage") == "over"]:
                report.add(client)
                clients.remove(client)
            while len(clients) < games_at_once:
                body = ({"opponent": "computer", "level": rng.choice([1, 2])} if bodies is None
                        else bodies[report.games % len(bodies)])
                created = http(base, "/api/games", body)
                clients.append(Client(created["game_id"], created["token"],
                                      state=created["state"]))  # n 0: nothing dealt yet
                report.games += 1
            stop = threading.Event()
            victim = server.process
            timer = threading.Timer(rng.uniform(0.0, window), victim.send_signal,
                                    (signal.SIGKILL,))
            threads = [threading.Thread(target=_play_one, args=(port, c, stop)) for c in clients]
            timer.start()
            for thread in threads:
                thread.start()
            timer.join()
            victim.wait(timeout=10)
            report.kills += 1
            for thread in threads:
                thread.join(timeout=30)
                assert not thread.is_alive(), "a client did not notice the server died"
            check_database(database, clients, decks)
            server.start()
            for client in clients:  # the computer may move meanwhile: compare at one n
                served = http(base, f"/api/games/{client.game_id}?token={client.token}")
                assert strip_presence(served["state"]) == \
                    replayed_state(database, client.game_id, served["n"])
        for client in clients:  # the clients carry on to the end of their games
            stop = threading.Event()
            _play_one(port, client, stop)
            assert client.state["stage"] == "over" or client.pending is None
        check_database(database, clients, decks)
    for client in clients:
        report.add(client)
    report.seconds = time.monotonic() - started
    return report


def _play_one(port: int, client: Client, stop: threading.Event) -> None:
    url = (f"ws://127.0.0.1:{port}/ws/{client.game_id}?token={client.token}"
           f"&since={client.n}")
    try:
        with connect(url, origin=f"http://127.0.0.1:{port}", open_timeout=10) as ws:
            resume(ws, client)
            play_until_closed(ws, client, stop)
    except (WebSocketException, OSError, TimeoutError):
        return  # killed during the handshake or the catching up
