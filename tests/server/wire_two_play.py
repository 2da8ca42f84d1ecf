"""Games played over sockets of wire 2 (``?wire=2``): two people and a watcher, or the people
of a table of three or four with the computer at its other places, each socket folding what
it is sent with the browser's reducer (:mod:`tests.livetable.reader_fold`).

A :class:`WireTwoReader` keeps every message it received with the log entry ``n`` its reader
held then, for :func:`leaks_of` to scan against what that reader may see at that ``n``
(:func:`tests.server.leaks.wire_two_leaks`, and the card names of wire 1's scanner).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from starlette.testclient import TestClient

from ginrummy.core.actions import DISCARD_BASE, DRAW_STOCK, KNOCK_BASE, LAYOFF_BASE
from ginrummy.core.melds import min_deadwood
from ginrummy.livetable.position import Position
from ginrummy.server.storage.game_rules import table_rules_of
from ginrummy.server.storage.replay import replay
from ginrummy.server.storage.store import Store
from tests.livetable.reader_fold import from_snapshot, gap, reduce, stale
from tests.server.kit import create, invites_of, other_browser, receive
from tests.server.leaks import leaks_in, scrub, table_leaks_in, wire_two_leaks


@dataclass
class WireTwoReader:
    """A socket of wire 2 that folds its events into its reader's state."""

    client: TestClient
    game_id: str
    token: str
    received: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    """Every message, with the log entry ``n`` its reader held when it came."""
    gaps: int = 0
    stale: int = 0
    counter: int = 0

    def __post_init__(self) -> None:
        self.context = self.client.websocket_connect(
            f"/ws/{self.game_id}?token={self.token}&wire=2")
        self.ws = self.context.__enter__()
        self.state: dict[str, Any] = {}
        hello = self.recv()
        assert hello["type"] == "hello" and hello["wire"] == 2, hello
        self.seat: int | None = hello["seat"]
        self.new_token: str | None = hello.get("token")
        assert self.recv()["type"] == "snapshot"
        self.until(lambda m: m["type"] == "chat_history")

    def recv(self) -> dict[str, Any]:
        message = receive(self.ws)
        assert message["type"] != "closed", message
        if message["type"] == "snapshot":
            self.state = from_snapshot(message["state"])
        elif message["type"] == "event":
            if stale(self.state, message):
                self.stale += 1
            else:
                self.gaps += gap(self.state, message)
                self.state = reduce(self.state, message)
        self.received.append((self.state.get("n", 0), message))
        return message

    def until(self, predicate: Any) -> dict[str, Any]:
        for _ in range(5000):
            message = self.recv()
            if predicate(message):
                return message
        raise AssertionError("message not received")

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message``; its answer (an ack, an error, a pong or synced)."""
        self.counter += 1
        ident = message.setdefault("id", f"w2-{self.counter}")
        self.ws.send_text(json.dumps(message))
        return self.until(lambda m: m["type"] in ("ack", "error", "pong", "synced")
                          and m.get("id") == ident)

    def settle(self) -> None:
        """Read all that was sent before now (a ping's answer comes after it)."""
        self.request({"type": "ping"})

    def close(self) -> None:
        self.context.__exit__(None, None, None)


def choose(actions: list[int], hand: list[int], rng: random.Random) -> int:
    """A knock when there is one, else the discard that leaves the least deadwood, else any
    legal action (the hands end by knocks rather than by the stock running out)."""
    knocks = [a for a in actions if KNOCK_BASE <= a < LAYOFF_BASE]
    if knocks:
        return knocks[0]
    held = sum(1 << card for card in hand)
    discards = [a for a in actions if DISCARD_BASE <= a < KNOCK_BASE]
    if discards:
        return min(discards, key=lambda a: min_deadwood(held & ~(1 << (a - DISCARD_BASE))))
    return DRAW_STOCK if DRAW_STOCK in actions else rng.choice(actions)


def play_wire_two_game(client: TestClient, target: int, seed: int,
                       resync_every: int = 0) -> tuple[str, dict[int | None, WireTwoReader]]:
    """A friends' game to ``target`` played to its end by two people reading wire 2, watched
    on wire 2; the watcher asks for a ``resync`` every ``resync_every`` steps (0: never)."""
    rng = random.Random(seed)
    with other_browser(client):
        created = create(client, opponent="friend", preset="standard",
                         options={"target": target})
    gid = str(created["game_id"])
    readers: dict[int | None, WireTwoReader] = {0: WireTwoReader(client, gid, created["token"])}
    readers[1] = WireTwoReader(client, gid, invites_of(created)[1])
    readers[None] = WireTwoReader(client, gid, created["watch_token"])
    players = [readers[0], readers[1]]
    for step in range(3000):
        for reader in readers.values():
            reader.settle()
        if resync_every and step % resync_every == resync_every - 1:
            readers[None].request({"type": "resync", "since": 0})
        state = players[0].state
        if state["stage"] == "over":
            return gid, readers
        mover = next((p for p in players if p.state["legal"] is not None), None)
        if mover is not None:
            legal = mover.state["legal"]
            hand = mover.state["tables"][legal["table"]]["hand"]
            answer = mover.request({"type": "action", "expect": mover.state["n"],
                                    "action": choose(legal["actions"], hand, rng)})
        elif state["chooser"] is not None:
            chooser = players[state["chooser"]]
            answer = chooser.request({"type": "cut_choice", "deal": True,
                                      "expect": chooser.state["n"]})
        else:
            waiting = next(p for p in players if p.seat not in p.state["ready"])
            message: dict[str, Any] = {"type": "ready", "expect": waiting.state["n"]}
            commitment = waiting.state["commitments"][0]
            if commitment is not None:
                message.update(seed=f"seed of {waiting.seat}", commitment=commitment)
            answer = waiting.request(message)
        assert answer["type"] == "ack", answer
    raise AssertionError("the game did not end")


def positions_of(store: Store, game_id: str) -> list[Position]:
    """Every position of a stored game (index ``n``: after ``n`` log entries)."""
    stored = store.load(game_id)
    assert stored is not None
    return replay(table_rules_of(stored.row.rules), stored.row.cut, stored.decks, stored.log)


def leaks_of(store: Store, game_id: str, readers: dict[int | None, WireTwoReader]
             ) -> list[str]:
    """What each reader was sent that it may not know, at the log entry it held then."""
    stored = store.load(game_id)
    assert stored is not None
    positions = positions_of(store, game_id)
    tables = stored.row.kind == "table"
    found = []
    for recipient, reader in readers.items():
        for n, message in reader.received:
            at = message.get("n", n) if message["type"] != "snapshot" else n
            game = positions[min(at, len(positions) - 1)].game
            text = scrub(message, [reader.token])
            leaked = wire_two_leaks(message, game, recipient, tables)
            leaked += (table_leaks_in(text, game, recipient) if tables
                       else leaks_in(text, game, recipient))
            found += [f"n={at} to {recipient}: {leak} in {json.dumps(message)[:300]}"
                      for leak in leaked]
    return found


def play_wire_two_table(client: TestClient, body: dict[str, Any], seed: int
                        ) -> tuple[str, dict[int | None, WireTwoReader]]:
    """A table of three or four (``body``: the creation's) played to its end by its people
    on wire 2, the computer at the other places, watched on wire 2."""
    rng = random.Random(seed)
    with other_browser(client):
        created = create(client, preset="classic", level=1, **body)
    gid = str(created["game_id"])
    readers: dict[int | None, WireTwoReader] = {0: WireTwoReader(client, gid, created["token"])}
    for place, invite in invites_of(created).items():
        readers[place] = WireTwoReader(client, gid, invite)
    readers[None] = WireTwoReader(client, gid, created["watch_token"])
    people = [reader for place, reader in readers.items() if place is not None]
    refused = 0
    table = client.app.state.lobby.tables[gid]  # type: ignore[attr-defined]
    for _ in range(20_000):
        for reader in readers.values():
            reader.settle()
            if reader.state["n"] < table.n:  # the computer moved meanwhile: its events
                reader.until(lambda m: m.get("n") == table.n)  # and the rest of them
                reader.settle()
        state = people[0].state
        if state["stage"] == "over":
            return gid, readers
        mover = next((p for p in people if p.state["legal"] is not None), None)
        if mover is not None:
            legal = mover.state["legal"]
            hand = mover.state["tables"][legal["table"]]["hand"]
            answer = mover.request({"type": "action", "expect": mover.state["n"],
                                    "action": choose(legal["actions"], hand, rng)})
            assert answer["type"] == "ack", answer
            continue
        idle = [p for p in people if p.seat not in p.state["ready"] and not any(
            view is not None and p.seat in view["players"] for view in p.state["tables"])]
        answers = [p.request({"type": "ready", "expect": p.state["n"]}) for p in idle]
        if not any(a["type"] == "ack" for a in answers):
            refused += len(answers)  # a computer is to move: the next round reads it
    raise AssertionError(f"the table did not end ({refused} readies refused)")
