"""Server test helpers: apps on a test database, a WebSocket player that keeps the state."""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import anyio
from starlette.testclient import TestClient, WebSocketTestSession

from ginrummy.server import Settings, create_app
from ginrummy.server.storage.replay import replay
from ginrummy.server.storage.store import Store

TIMEOUT = 15.0
NO_CLIENT_LIMITS = ("requests_per_minute", "create_per_minute", "hints_per_minute",
                    "event_pages_per_minute", "max_sockets_per_game", "max_sockets_per_address",
                    "open_tables_per_client")
NO_LIMIT_OPTIONS = ("--request-limit", "0", "--create-limit", "0", "--hint-limit", "0",
                    "--events-limit", "0", "--sockets-per-game", "0", "--sockets-per-address", "0",
                    "--connections-per-address", "0", "--rated-shared-address",
                    "--open-tables", "0")
"""``gin serve`` options that lift the per-client limits (tests on loopback, where every
player is at one address)."""


@contextlib.contextmanager
def running(database: str, seed: int = 7, **options: Any) -> Iterator[TestClient]:
    """A started app (migrations run) on ``database``, dealing from ``random.Random(seed)``."""
    options.setdefault("computer_delay", 0.0)
    options.setdefault("rate_per_second", 10_000.0)
    options.setdefault("rate_burst", 10_000)
    options.setdefault("allowed_hosts", ("testserver", "localhost"))
    options.setdefault("refusal_delay", 0.0)
    options.setdefault("rated_any_rules", True)  # the suites' rated games are to 1 point
    for limit in NO_CLIENT_LIMITS:  # the suites make many games from one address
        options.setdefault(limit, 0)
    options.setdefault("rated_shared_address", True)  # every player is at one address
    settings = Settings(database=database, rng=random.Random(seed), **options)
    with TestClient(create_app(settings)) as client:
        yield client


@contextlib.contextmanager
def other_browser(client: TestClient) -> Iterator[TestClient]:
    """The same app seen from another browser: an empty cookie jar for the duration."""
    saved = client.cookies
    client.cookies = type(saved)()
    try:
        yield client
    finally:
        client.cookies = saved


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def invites_of(created: dict[str, Any]) -> dict[int, str]:
    """The invite of each invited seat of a game's creation answer."""
    if "invites" in created:
        return {invite["seat"]: invite["token"] for invite in created["invites"]}
    invite = created.get("invite_token")
    return {} if invite is None else {1: invite}


def join_seat(client: TestClient, game_id: str, invite: str, name: str | None = None) -> str:
    """Take an invited seat from another browser: the seat's new token (the invite is spent)."""
    body = {"token": invite} if name is None else {"token": invite, "name": name}
    with other_browser(client):
        response = client.post(f"/api/games/{game_id}/join", json=body)
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def receive(session: WebSocketTestSession, timeout: float = TIMEOUT) -> dict[str, Any]:
    """The next server message, or ``{"type": "closed", "code": ...}``; fails after ``timeout``."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await session._send_rx.receive()

    message = session.portal.call(get)
    if message["type"] == "websocket.close":
        return {"type": "closed", "code": message.get("code"), "reason": message.get("reason")}
    if "text" in message and message["text"] is not None:
        data: dict[str, Any] = json.loads(message["text"])
        return data
    raise AssertionError(f"unexpected frame {message!r}")


def first_choice(view: dict[str, Any]) -> str:
    """A simple legal policy: pass the upcard, draw from the stock, knock when possible."""
    legal: list[str] = view["legal"]
    for wanted in ("pass", "stock"):
        if wanted in legal:
            return wanted
    knocks = [a for a in legal if a.startswith("knock ")]
    if knocks:
        return knocks[0]
    discards = [a for a in legal if a.startswith("discard ")]
    if discards:
        return discards[-1]
    return legal[0]


def next_commitment(state: dict[str, Any]) -> str | None:
    """The commitment of the next deal the player of ``state`` plays (None: none shown)."""
    fair = state.get("fair") or {}
    for entry in fair.get("next") or []:
        if state.get("you") in entry["players"]:
            return str(entry["commitment"])
    return None


def mover(state: dict[str, Any]) -> int | None:
    """The place to move at the reader's table (None: nobody, or no table)."""
    table, tables = state.get("my_table"), state.get("tables") or []
    return tables[table]["to_act"] if table is not None and table < len(tables) else None


def first_deal_wanted(state: dict[str, Any]) -> bool:
    """The server says the first deal at this player's table waits for its ``ready``: its
    client sends its seed now (the first deal waits for the seeds of its players)."""
    return bool(state.get("first_deal_awaits_you")) and next_commitment(state) is not None


class Player:
    """A WebSocket at a table that remembers the latest state and event number.

    Like the shipped clients it sends a seed with every ``ready``, and says ready for the
    first deal by itself as soon as every seat is taken (``auto_first=False``: not)."""

    def __init__(self, session: WebSocketTestSession, since: int | None = None,
                 auto_first: bool = True) -> None:
        """Read the greeting: a snapshot, or with ``since`` (the socket was opened with
        ``&since=``) the events after it up to ``synced``."""
        self.auto_first = auto_first
        self.first_sent = False
        self.ws = session
        self.messages: list[dict[str, Any]] = []
        self.n = -1 if since is None else since
        self.state: dict[str, Any] = {}
        self.seat: int | None = None
        self.counter = 0
        hello = self.recv()
        assert hello["type"] == "hello", hello
        self.seat = hello["seat"]
        self.token: str | None = hello.get("token")
        """The seat's new token, when this connection took the seat by its invite."""
        if since is not None:
            self.until(lambda m: m["type"] == "synced")
            self.until(lambda m: m["type"] == "chat_history")
            return
        first = self.recv()
        assert first["type"] == "snapshot", first
        self.until(lambda m: m["type"] == "chat_history")  # the greeting's last message
        if self.first_sent:  # its ack: against the computer, the deal follows in it
            reply = self.until(lambda m: m["type"] in ("ack", "error") and m.get("id") == "first")
            assert reply["type"] == "ack", reply
            while self.n < reply["n"] or (self.state["stage"] == "waiting" and all(
                    s["ready"] for s in self.state["seats"] if s["seat"] != self.seat)
                    and self.state.get("cut", {}).get("chooser") is None):
                self.recv()  # against the computer the deal follows (unless a cut choice
                # is pending: then after the choice)

    @property
    def client_seed(self) -> str:
        return f"kit seed of seat {self.seat}"

    def _first_deal(self) -> None:
        if self.auto_first and not self.first_sent and first_deal_wanted(self.state):
            self.first_sent = True
            self.send({"type": "ready", "id": "first", "expect": self.n,
                       "seed": self.client_seed, "commitment": next_commitment(self.state)})

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        message = receive(self.ws, timeout)
        self.messages.append(message)
        if message["type"] == "snapshot" or (
            message["type"] == "event" and message["n"] > self.n
        ):
            if message["type"] == "event":  # events come in order, none missing
                assert message["n"] == self.n + 1, (self.n, message["n"])
            self.n = message["n"]
            self.state = message["state"]
            self._first_deal()
        return message

    def send(self, message: dict[str, Any] | str) -> None:
        if isinstance(message, str):
            self.ws.send_text(message)
        else:
            self.ws.send_text(json.dumps(message))

    def until(
        self, predicate: Callable[[dict[str, Any]], bool], limit: int = 2000
    ) -> dict[str, Any]:
        for _ in range(limit):
            message = self.recv()
            if predicate(message):
                return message
            if message["type"] == "closed":
                raise AssertionError(f"closed while waiting: {message}")
        raise AssertionError("message not received")

    def next_id(self) -> str:
        self.counter += 1
        return f"m{self.counter}"

    def answer(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message`` (given an id) and return the server's ack or error for it."""
        ident = message.setdefault("id", self.next_id())
        self.send(message)
        return self.until(lambda m: m["type"] in ("ack", "error") and m.get("id") == ident)

    def act(self, action: str | int, expect: int | None = None) -> dict[str, Any]:
        """Play ``action``; after an ack, wait for its event."""
        reply = self.answer({"type": "action", "action": action,
                             "expect": self.n if expect is None else expect})
        if reply["type"] == "ack":
            while self.n < reply["n"]:
                self.recv()
        return reply

    def ready(self, seed: bool = True) -> dict[str, Any]:
        message: dict[str, Any] = {"type": "ready", "expect": self.n}
        commitment = next_commitment(self.state)
        if seed and commitment is not None:
            message.update(seed=self.client_seed, commitment=commitment)
        reply = self.answer(message)
        if reply["type"] == "ack":
            while self.n < reply["n"]:
                self.recv()
        return reply

    def ping(self) -> dict[str, Any]:
        """A round trip: every message sent before it has been handled."""
        ident = self.next_id()
        self.send({"type": "ping", "id": ident})
        return self.until(lambda m: m["type"] == "pong" and m.get("id") == ident)

    @property
    def my_turn(self) -> bool:
        return self.state.get("stage") == "hand" and mover(self.state) == self.seat

    def play_hand_vs_computer(
        self, policy: Callable[[dict[str, Any]], str] = first_choice, max_moves: int = 400
    ) -> None:
        """Play until the hand in progress, or the one this seat said it is ready for, ends
        (the computer's moves, its own 'ready' and the deal arrive as events)."""
        for _ in range(max_moves):
            stage = self.state["stage"]
            if stage == "between_hands" and self.state["seats"][self.seat]["ready"]:
                self.recv()
                continue
            if stage != "hand":
                return
            if self.my_turn:
                reply = self.act(policy(self.state["view"]))
                assert reply["type"] == "ack", reply
            else:
                self.recv()
        raise AssertionError("the hand did not end")


def until_dealt(*players: Player) -> None:
    """Read until the first deal has reached every one of ``players`` (each sends its seed
    by itself as soon as every seat is taken)."""
    for _ in range(200):
        waiting = [p for p in players if p.state.get("stage") == "waiting"]
        if not waiting:
            return
        unsent = [p for p in waiting if not p.first_sent]  # the others wait for its seed
        for p in unsent[:1] or waiting:
            p.recv()
    raise AssertionError("the first deal did not come")


def step_two_people(a: Player, b: Player) -> bool:
    """One step of two people playing their first choices: whoever is to act acts (True);
    else one says it is ready for the next hand, or the one behind reads on (False)."""
    players = (a, b)
    mover = next((p for p in players if p.my_turn), None)
    acted = mover is not None
    if mover is None:
        mover = next((p for p in players if p.state["stage"] == "between_hands"
                      and not p.state["seats"][p.seat]["ready"]), None)
        if mover is None:  # both ready after a void hand: the next deal is coming
            behind = [p for p in players if p.n < max(q.n for q in players)]
            (behind or [a])[0].recv()
            return False
        assert mover.ready()["type"] == "ack"
    else:
        assert mover.act(first_choice(mover.state["view"]))["type"] == "ack"
    for p in players:
        while p.n < mover.n:
            p.recv()
    return acted


def deal_first(client: TestClient, game: dict[str, Any], *tokens: str) -> None:
    """Have hand 1 dealt as the players' clients do: each seat's socket (``tokens``, default
    the creator's) sends its seed; for a friend, join first."""
    with contextlib.ExitStack() as stack:
        players = [Player(stack.enter_context(client.websocket_connect(
            f"/ws/{game['game_id']}?token={token}"))) for token in tokens or [game["token"]]]
        until_dealt(*players)


CARD = re.compile(r"\b[A2-9TJQK][CDHS]\b")


def cards_named(data: Any) -> set[str]:
    """Every card name that occurs anywhere in ``data`` (as JSON text)."""
    return set(CARD.findall(json.dumps(data)))


def secret_cards(owner: dict[str, Any]) -> set[str]:
    """Cards in a seat's hand that nobody else may know: not taken from the pile, not laid out.

    ``owner`` is the seat's own state payload.
    """
    view = owner["view"]
    seat = view["seat"]
    laid = {card for meld in view["melds"][seat] for card in meld}
    return set(view["hand"]) - laid


def assert_no_leak(message: dict[str, Any], owner: dict[str, Any], known: list[str]) -> None:
    """``message`` (sent to someone else) names none of ``owner``'s secret cards.

    ``known`` lists the owner's cards that the receiver knows (taken from the pile). The cut
    for the deal (R4) names cards of a deck of its own, so it is left out.
    """
    shown = dict(message)
    if isinstance(shown.get("state"), dict):
        shown["state"] = {k: v for k, v in shown["state"].items() if k != "cut"}
    leaked = (secret_cards(owner) - set(known)) & cards_named(shown)
    assert not leaked, f"seat {owner['you']}'s hidden cards {sorted(leaked)} were sent"


def strip_presence(state: dict[str, Any]) -> dict[str, Any]:
    out = dict(state)
    out["seats"] = [{k: v for k, v in s.items() if k != "connected"} for s in state["seats"]]
    return out


def replayed_from_store(client: TestClient, game_id: str) -> tuple[list[Any], Any]:
    """A fresh replay of what the store holds of ``game_id`` (its positions), and the live
    table's position read while the table stood still, to compare the two."""
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    store: Store = lobby.store
    table = lobby.tables[game_id]
    for _ in range(200):  # the computer may commit a move between the two reads: read again
        before, live = table.n, table.position
        stored = store.load(game_id)
        assert stored is not None
        positions = replay(table.rules, stored.row.cut, stored.decks, stored.log)
        if len(stored.log) == before == table.n:
            return positions, live
        time.sleep(0.02)
    raise AssertionError(f"the table of {game_id} never stood still long enough to compare")
