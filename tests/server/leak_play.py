"""Many games through the in-process server, every message and page each client gets recorded.

:func:`play_games` plays games against the computer and between two people, with
watchers, reconnects (``since=``), reloads (a new snapshot), ``resync``, repeated
message ids, refused messages of every kind, database failures, HTTP snapshots,
past events, hints, "my games" and the table page. :class:`Audit` then checks,
message by message, that nothing names a card the recipient may not know
(:mod:`tests.server.leaks`), and every log line the server wrote during play too.
"""

from __future__ import annotations

import json
import logging
import random
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from starlette.testclient import TestClient

from ginrummy.core.cards import parse_card
from ginrummy.core.game import Game
from ginrummy.server.storage.game_rules import table_rules_of
from ginrummy.server.storage.replay import Position, replay
from ginrummy.server.storage.store import Store, StoredGame
from tests.server.kit import create, first_choice, invites_of, other_browser, receive
from tests.server.leaks import (
    hidden_cards,
    leaks_in,
    named,
    order_runs,
    scrub,
    stock_order,
    table_leaks_in,
)

Recipient = int | None  # a seat, or None for a watcher


@dataclass
class Sent:
    """One message or page a client received: for whom, at which event, what it named itself."""

    game_id: str
    recipient: Recipient
    n: int
    data: Any
    allowed: frozenset[int] = frozenset()
    """Cards the client itself named in the request this answers (an error may echo them)."""


@dataclass
class Audit:
    sent: list[Sent] = field(default_factory=list)
    secrets: set[str] = field(default_factory=set)
    log_leaks: list[str] = field(default_factory=list)
    log_lines: int = 0
    games: int = 0
    counts: dict[str, int] = field(default_factory=dict)

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def check(self, store: Store, game_id: str) -> list[str]:
        """Every message of ``game_id`` against the position at its event number."""
        stored = store.load(game_id)
        assert stored is not None
        found = []
        mine = [s for s in self.sent if s.game_id == game_id]
        leaks_at = _table_leaks if stored.row.kind == "table" else _two_player_leaks
        check = leaks_at(stored)
        for sent in mine:
            for n, data in _numbered(sent.data, sent.n):
                text = scrub(data, self.secrets)
                for leak in check(n, text, sent.recipient, sent.allowed):
                    found.append(f"game {game_id} n={n} to {_who(sent.recipient)}: {leak} in "
                                 f"{_around(text, leak)}")
        self.sent = [s for s in self.sent if s.game_id != game_id]
        return found


LeakCheck = Callable[[int, str, Recipient, frozenset[int]], list[str]]


def _two_player_leaks(stored: StoredGame) -> LeakCheck:
    positions = replay(table_rules_of(stored.row.rules), stored.row.cut, stored.decks,
                       stored.log)

    def check(n: int, text: str, recipient: Recipient, allowed: frozenset[int]) -> list[str]:
        game = positions[min(n, len(positions) - 1)].game
        leaks = leaks_in(text, game, recipient, allowed)
        return leaks + [f"server seed of hand {number}" for number, row in stored.fair.items()
                        if not 0 < number <= len(game.finished) and row.server_seed in text]
    return check


def _table_leaks(stored: StoredGame) -> LeakCheck:
    positions = replay(table_rules_of(stored.row.rules), stored.row.cut, stored.decks,
                       stored.log)

    def check(n: int, text: str, recipient: Recipient, allowed: frozenset[int]) -> list[str]:
        position = positions[min(n, len(positions) - 1)]
        game = position.game
        leaks = table_leaks_in(text, game, recipient, allowed)
        return leaks + [f"server seed of deal {number}" for number in
                        _secret_deals(position, stored.fair)
                        if stored.fair[number].server_seed in text]
    return check


def _secret_deals(position: Position, fair: dict[int, Any]) -> list[int]:
    """The deals whose server seed must stay secret: being played, or not dealt yet."""
    game = position.game
    dealt = max((number for number, _ in position.deals), default=0)
    playing = {position.current_deal(t) for t in range(game.tables) if game.hands[t] is not None}
    return [number for number in fair if number > dealt or number in playing]


def _around(text: str, leak: str) -> str:
    at = text.find(leak[:2])
    return f"{text[:120]} … {text[max(0, at - 300):at + 100]}"


def _who(recipient: Recipient) -> str:
    return "the watcher" if recipient is None else f"seat {recipient}"


def _numbered(data: Any, n: int) -> Iterator[tuple[int, Any]]:
    """A message with its event number; a list of past events one by one with theirs."""
    if isinstance(data, dict) and isinstance(data.get("events"), list):
        for event in data["events"]:
            yield event.get("n", n), event
        yield n, {k: v for k, v in data.items() if k != "events"}
    else:
        yield n, data


class LogWatch(logging.Handler):
    """Checks every log line, as it is written, against the hidden cards of every live game."""

    def __init__(self, client: TestClient, audit: Audit) -> None:
        super().__init__(logging.DEBUG)
        self.client = client
        self.audit = audit

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = self.format(record)
        except Exception:  # noqa: BLE001 - a bad format is the logger's problem, not a leak
            return
        for secret in self.audit.secrets:
            text = text.replace(secret, "…")
        self.audit.log_lines += 1
        lobby = self.client.app.state.lobby  # type: ignore[attr-defined]
        for table in list(lobby.tables.values()):
            if table.kind == "table":
                leaked = table_leaks_in(text, table.position.game, None)
                leaked += [f"server seed of deal {number}" for number in _secret_deals(
                    table.position, table.fair) if table.fair[number].server_seed in text]
                if leaked:
                    self.audit.log_leaks.append(f"{record.name}: {leaked} in {text[:300]}")
                continue
            game: Game = table.position.game
            leaked = named(text, hidden_cards(game, None))
            leaked += [run for run in order_runs(stock_order(game)) if run in text]
            leaked += [f"server seed of hand {number}" for number, row in table.fair.items()
                       if not 0 < number <= len(game.finished) and row.server_seed in text]
            if leaked:
                self.audit.log_leaks.append(f"{record.name}: {leaked} in {text[:300]}")


class Connection:
    """A WebSocket of a seat or watcher that records every message it receives."""

    def __init__(self, client: TestClient, audit: Audit, game_id: str, token: str,
                 recipient: Recipient, since: int | None = None,
                 state: dict[str, Any] | None = None) -> None:
        self.audit, self.game_id, self.recipient = audit, game_id, recipient
        query = f"token={token}" + ("" if since is None else f"&since={since}")
        self.context = client.websocket_connect(f"/ws/{game_id}?{query}")
        self.ws = self.context.__enter__()
        self.token: str | None = None
        """The seat's new token, if this connection took the seat by its invite."""
        self.n = -1 if since is None else since
        self.state: dict[str, Any] = state or {}
        self.counter = 0
        self.prefix = secrets.token_hex(4)  # ids are per seat: a new connection uses new ones
        hello = self.recv()
        assert hello["type"] == "hello", hello
        self.token = hello.get("token")
        if since is None:
            assert self.recv()["type"] == "snapshot"
        else:
            self.until(lambda m: m["type"] == "synced")
        self.until(lambda m: m["type"] == "chat_history")  # the greeting's last message

    def recv(self, allowed: frozenset[int] = frozenset()) -> dict[str, Any]:
        message = receive(self.ws)
        assert message["type"] != "closed", message
        self.audit.sent.append(Sent(self.game_id, self.recipient, message["n"], message, allowed))
        if message["type"] == "snapshot":
            self.n, self.state = message["n"], message["state"]
        elif message["type"] == "event" and message["n"] > self.n:
            assert message["n"] == self.n + 1, (self.n, message["n"])  # no gaps
            self.n, self.state = message["n"], message["state"]
        return message

    def until(self, predicate: Any, allowed: frozenset[int] = frozenset()) -> dict[str, Any]:
        for _ in range(5000):
            message = self.recv(allowed)
            if predicate(message):
                return message
        raise AssertionError("message not received")

    def request(self, message: dict[str, Any] | str,
                allowed: frozenset[int] = frozenset()) -> dict[str, Any]:
        """Send ``message``; its answer (ack, error, pong or synced)."""
        if isinstance(message, str):
            self.ws.send_text(message)
            return self.until(lambda m: m["type"] == "error", allowed)
        self.counter += 1
        ident = message.setdefault("id", f"{self.prefix}-{self.counter}")
        self.ws.send_text(json.dumps(message))
        reply = self.until(lambda m: m["type"] in ("ack", "error", "pong", "synced")
                           and m.get("id") == ident, allowed)
        if reply["type"] == "ack":
            self.catch_up(reply["n"])
        return reply

    def catch_up(self, n: int) -> None:
        while self.n < n:
            self.recv()

    def close(self) -> None:
        self.context.__exit__(None, None, None)


@dataclass
class LiveGame:
    """One game being played: its creation answer and the open connections by recipient."""

    client: TestClient
    audit: Audit
    rng: random.Random
    created: dict[str, Any]
    conns: dict[Recipient, Connection] = field(default_factory=dict)
    tokens: dict[Recipient, str] = field(default_factory=dict)
    """Each recipient's token: an invited seat's invite until taken, then its new token."""
    spent: dict[int, str] = field(default_factory=dict)
    """The invites of the seats taken, which the creator tries now and then."""

    def __post_init__(self) -> None:
        self.tokens = {0: self.created["token"], None: self.created["watch_token"],
                       **invites_of(self.created)}

    @property
    def gid(self) -> str:
        return str(self.created["game_id"])

    @property
    def humans(self) -> list[int]:
        return [0, *invites_of(self.created)]

    def token(self, recipient: Recipient) -> str:
        return self.tokens[recipient]

    def connect(self, recipient: Recipient, since: int | None = None,
                state: dict[str, Any] | None = None) -> None:
        """Open a connection; with ``since``, a reconnect that keeps ``state`` (at ``since``
        or later) and gets the events after ``since``. Taking an invited seat so spends its
        invite."""
        conn = Connection(self.client, self.audit, self.gid, self.token(recipient), recipient,
                          since, state)
        self.conns[recipient] = conn
        if conn.token is not None and recipient is not None:
            self.take_seat(recipient, conn.token)

    def join(self, seat: int) -> None:
        """Take an invited seat over HTTP, from the friend's browser."""
        with other_browser(self.client):
            response = self.client.post(f"/api/games/{self.gid}/join",
                                        json={"token": self.tokens[seat], "name": f"P{seat}"})
        assert response.status_code == 200, response.text
        data = response.json()
        self.audit.sent.append(Sent(self.gid, seat, data["state"]["n"], data))
        self.take_seat(seat, data["token"])

    def take_seat(self, seat: int, token: str) -> None:
        self.spent[seat] = self.tokens[seat]
        self.tokens[seat] = token
        self.audit.secrets.add(token)

    def try_spent_invites(self) -> None:
        """The creator (who was given every invite) tries each spent one: every HTTP read, the
        join and the WebSocket must refuse it, and what they answer goes to the audit as
        sent to seat 0."""
        n = self.conns[0].n if 0 in self.conns else 0
        for invite in self.spent.values():
            with other_browser(self.client):
                for path in ("", "/events", "/hint", "/record"):
                    response = self.client.get(f"/api/games/{self.gid}{path}",
                                               params={"token": invite, "since": 0})
                    self._refused(response.status_code, response.json(), n)
                response = self.client.post(f"/api/games/{self.gid}/join",
                                            json={"token": invite})
                self._refused(response.status_code, response.json(), n)
                with self.client.websocket_connect(f"/ws/{self.gid}?token={invite}") as ws:
                    refusal, closed = receive(ws), receive(ws)
            self._refused(403, {"error": refusal}, n)
            assert closed["code"] == 4401, closed
            self.audit.count("spent invite tried")

    def _refused(self, status: int, data: dict[str, Any], n: int) -> None:
        self.audit.sent.append(Sent(self.gid, 0, n, data))
        assert status == 403 and data["error"]["code"] == "invite_spent", (status, data)

    def settle(self) -> None:
        """Wait for the computer, then bring every connection to the latest event."""
        lead = self.conns[0]
        if 1 not in self.humans:
            while lead.state["stage"] == "hand" and lead.state["tables"][0]["to_act"] == 1:
                lead.recv()
        latest = max(c.n for c in self.conns.values())
        for conn in self.conns.values():
            conn.catch_up(latest)

    def http(self, recipient: Recipient, path: str, **params: Any) -> None:
        with other_browser(self.client):
            response = self.client.get(path, params={"token": self.token(recipient), **params})
        n = self.conns[0].n
        data = response.json() if "json" in response.headers.get("content-type", "") else {
            "page": response.text}
        if isinstance(data, dict) and isinstance(data.get("n"), int):
            n = data["n"]
        self.audit.sent.append(Sent(self.gid, recipient, n, data))


def play_games(client: TestClient, count: int, seed: int, audit: Audit,
               max_steps: int = 3000, tables: float = 0.0) -> None:
    """``count`` games; a ``tables`` share of them at tables of three or of two teams."""
    from tests.server.leak_tables import new_table_game, play_table

    rng = random.Random(seed)
    store: Store = client.app.state.lobby.store  # type: ignore[attr-defined]
    failing = {"next": False}
    real_append_many = store.append_many

    def append_many(requests: Any) -> Any:
        if failing["next"]:
            failing["next"] = False
            raise OSError("injected: disk full")
        return real_append_many(requests)

    store.append_many = append_many  # type: ignore[method-assign]
    try:
        for _ in range(count):
            if rng.random() < tables:
                game = new_table_game(client, audit, rng)
                play_table(game, rng, max_steps * 4)
            else:
                game = _new_game(client, audit, rng)
                _play(game, rng, failing, max_steps)
            for conn in list(game.conns.values()):
                conn.close()
            problems = audit.check(store, game.gid)
            assert not problems, "\n".join(problems[:10])
            audit.games += 1
    finally:
        store.append_many = real_append_many  # type: ignore[method-assign]


def _new_game(client: TestClient, audit: Audit, rng: random.Random) -> LiveGame:
    friend = rng.random() < 0.4
    body: dict[str, Any] = {"opponent": "friend" if friend else "computer",
                            "preset": rng.choice(["standard", "standard", "oklahoma"]),
                            "options": {"target": rng.choice([1, 1, 1, 1, 10, 25])}}
    if not friend:
        body["level"] = rng.choice([1, 2])
    if friend or body["level"] == 2:  # clocks in the states too (too long to run out here)
        body["clock"] = {"kind": "bank", "seconds": 900, "increment": 5}
    with other_browser(client):
        created = create(client, **body)
    audit.secrets.update(str(created[k]) for k in ("game_id", "token", "invite_token",
                                                    "watch_token") if created.get(k))
    game = LiveGame(client, audit, rng, created)
    audit.sent.append(Sent(game.gid, 0, created["state"]["n"], created))
    game.connect(0)
    if friend:
        if rng.random() < 0.5:
            game.join(1)  # by the invite link; else the socket takes the seat
        game.connect(1)
        game.try_spent_invites()
    if rng.random() < 0.6:
        game.connect(None)
    game.settle()
    return game


def _play(game: LiveGame, rng: random.Random, failing: dict[str, bool], max_steps: int) -> None:
    audit = game.audit
    for _ in range(max_steps):
        game.settle()
        state = game.conns[0].state
        if state["stage"] == "over":
            game.http(0, "/api/games/mine")
            game.http(None, f"/api/games/{game.gid}/events", since=0, limit=500)
            return
        _disturb(game, rng, failing)
        game.settle()
        state = game.conns[0].state
        first = state["stage"] == "waiting" and all(s["joined"] for s in state["seats"])
        if state["stage"] == "between_hands" or first:  # hand 1 too: its seeds come first
            for seat in game.humans:
                if not state["seats"][seat]["ready"]:
                    ready: dict[str, Any] = {"type": "ready", "expect": game.conns[seat].n}
                    if rng.random() < 0.7:  # a seed of the player's own for the next deck
                        ready["seed"] = f"seat {seat} says {rng.randrange(10**6)}"
                        ready["commitment"] = state["fair"]["next"][0]["commitment"]
                    reply = game.conns[seat].request(ready)
                    assert reply["type"] == "ack" or reply["code"] == "already_ready", reply
                    game.settle()
            lead = game.conns[0]
            while lead.state["stage"] in ("between_hands", "waiting"):  # the deal follows
                lead.recv()
            continue
        if state["stage"] != "hand":
            continue
        actor = game.conns[state["tables"][0]["to_act"]]
        legal = actor.state["view"]["legal"]
        choice = quick_choice(actor.state["view"]) if rng.random() < 0.85 else rng.choice(legal)
        reply = actor.request({"type": "action", "action": choice, "expect": actor.n})
        assert reply["type"] == "ack", reply
        audit.count("moves")
    raise AssertionError(f"game {game.gid} did not end in {max_steps} steps")


def quick_choice(view: dict[str, Any]) -> str:
    """Knock as soon as possible, else discard what leaves the least deadwood: short hands."""
    legal: list[str] = view["legal"]
    discards = (view.get("arrangement") or {}).get("discards") or {}
    options = [a for a in legal if a.startswith("discard ") and a[8:] in discards]
    if options and not any(a.startswith(("knock", "big gin")) for a in legal):
        return min(options, key=lambda a: (discards[a[8:]], a))
    return first_choice(view)


def _disturb(game: LiveGame, rng: random.Random, failing: dict[str, bool]) -> None:
    """Now and then: a reconnect, a reload, a refused message, an HTTP read, a watcher..."""
    audit = game.audit
    roll = rng.random()
    recipients = list(game.conns)
    who = rng.choice(recipients)
    conn = game.conns[who]
    state = conn.state
    if roll < 0.03:
        audit.count("reconnect")
        conn.close()
        game.connect(who, since=max(0, conn.n - rng.randrange(0, 4)), state=conn.state)
    elif roll < 0.05:
        audit.count("reload")
        conn.close()
        game.connect(who)
    elif roll < 0.06 and None not in game.conns:
        audit.count("watcher joins")
        game.connect(None)
    elif roll < 0.07:
        audit.count("resync")
        reply = conn.request({"type": "resync", "since": rng.randrange(0, conn.n + 2)})
        assert reply["type"] == "synced", reply
    elif roll < 0.12:
        audit.count("refused")
        _refused(game, rng)
    elif roll < 0.15:
        audit.count("http")
        path = rng.choice([f"/api/games/{game.gid}", f"/api/games/{game.gid}/events",
                           f"/play/{game.gid}", "/api/games/mine"])
        if path == "/api/games/mine" and who is not None:
            with other_browser(game.client):
                game.client.cookies.set(f"gin_{game.gid}", game.token(who))
                data = game.client.get(path).json()
            audit.sent.append(Sent(game.gid, who, conn.n, data))
        else:
            game.http(who, path, since=rng.randrange(0, conn.n + 1))
    elif roll < 0.155 and who is not None and state["stage"] == "hand" and \
            state["tables"][0]["to_act"] == who:
        audit.count("hint")
        game.http(who, f"/api/games/{game.gid}/hint", lang=rng.choice(["en", "it"]))
    elif roll < 0.16 and who is not None and state["stage"] == "hand" and \
            state["tables"][0]["to_act"] == who:
        audit.count("storage failure")
        failing["next"] = True
        legal = state["view"]["legal"]
        reply = conn.request({"type": "action", "action": rng.choice(legal), "expect": conn.n})
        assert reply["type"] == "error" and reply["code"] == "storage", reply
        failing["next"] = False
    elif roll < 0.165 and game.spent:
        game.try_spent_invites()
    elif roll < 0.175 and who is not None and state["stage"] == "hand" and \
            state["tables"][0]["to_act"] == who:
        audit.count("repeated id")
        legal = state["view"]["legal"]
        message = {"type": "action", "action": rng.choice(legal), "expect": conn.n, "id": "again"
                   + str(conn.n)}
        first = conn.request(dict(message))
        second = conn.request(dict(message))
        assert second.get("duplicate") is True and second["n"] == first["n"], (first, second)


def _refused(game: LiveGame, rng: random.Random) -> None:
    """A message the server must refuse; the state must not change."""
    who = rng.choice(list(game.conns))
    conn = game.conns[who]
    state = conn.state
    before = conn.n
    view = state.get("view") or {}
    own = [c for c in (view.get("hand") or [])]
    pile = view.get("pile") or []
    choices: list[dict[str, Any] | str] = [
        "{not json", "[1, 2]", '{"type": "dance"}',
        {"type": "action", "action": "fly", "expect": conn.n},
        {"type": "action", "action": 9999, "expect": conn.n},
        {"type": "action", "action": "stock", "expect": conn.n + 5},
        {"type": "action", "action": "stock", "expect": "x"},
        {"type": "ready", "expect": conn.n},
    ]
    if own:
        choices.append({"type": "action", "action": f"discard {rng.choice(own)}",
                        "expect": conn.n})
    if pile:
        choices.append({"type": "action", "action": f"layoff {pile[-1]}", "expect": conn.n})
    message = rng.choice(choices)
    allowed = frozenset()
    if isinstance(message, dict) and isinstance(message.get("action"), str):
        words = str(message["action"]).split()[1:]
        allowed = frozenset(parse_card(w) for w in words)
    reply = conn.request(message, allowed)
    if reply["type"] == "ack":  # a legal discard by chance: fine, it was the player's move
        return
    assert reply["type"] == "error", reply
    if reply["code"] == "stale":
        conn.until(lambda m: m["type"] == "snapshot")
    assert conn.n == before or reply["code"] == "stale"
