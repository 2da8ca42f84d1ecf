"""Reading issue 14's public pages and sockets as a stranger would, and checking each text
when it arrives against every live game's position then (a watcher's view)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from ginrummy.core.game import Game
from tests.server.kit import receive
from tests.server.leak_play import _secret_deals
from tests.server.leaks import hidden_cards, named, order_runs, scrub, stock_order, table_leaks_in


def live_leaks(client: TestClient, text: str) -> list[str]:
    """What ``text`` names that a watcher of a live game may not know now (any game)."""
    found: list[str] = []
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    for table in list(lobby.tables.values()):
        if table.kind == "table":
            here = table_leaks_in(text, table.position.game, None)
            here += [f"server seed of deal {number}" for number in _secret_deals(
                table.position, table.fair) if table.fair[number].server_seed in text]
        else:
            game: Game = table.position.game
            here = named(text, hidden_cards(game, None))
            here += [f"stock order [{run}]" for run in order_runs(stock_order(game))
                     if run in text]
            here += [f"server seed of hand {number}" for number, row in table.fair.items()
                     if not 0 < number <= len(game.finished) and row.server_seed in text]
        found += [f"{leak} (game {table.id})" for leak in here]
    return found


class PublicReader:
    """Reads every public page and socket of issue 14 and checks each text at once."""

    def __init__(self, client: TestClient, lobby: Socket, secrets: set[str],
                 others: dict[str, Socket] | None = None) -> None:
        self.client, self.lobby, self.secrets = client, lobby, secrets
        self.sockets = {"lobby": lobby, **(others or {})}
        """Every socket read: the lobby's, and others by name (a tournament's page)."""
        self.leaks: list[str] = []
        self.read: dict[str, int] = {}
        self.drained: dict[str, list[dict[str, Any]]] = {}
        """What each socket was sent and a drain read, for :meth:`wait_for` to look back at."""

    def check(self, where: str, data: Any) -> None:
        self.read[where] = self.read.get(where, 0) + 1
        text = scrub(data, self.secrets)
        self.leaks += [f"{where}: {leak} in {text[:300]}"
                       for leak in live_leaks(self.client, text)]

    def drain_lobby(self) -> None:
        """Check what every socket read was sent since (the lobby's and the others)."""
        for name, socket in self.sockets.items():
            while True:
                try:
                    message = receive(socket, timeout=0.01)
                except TimeoutError:
                    break
                self.check(f"ws {name} {message.get('type')}", message)
                self.drained.setdefault(name, []).append(message)

    def wait_for(self, name: str, done: Callable[[dict[str, Any]], bool],
                 timeout: float = 10.0) -> None:
        """Check what socket ``name`` is sent until a message satisfies ``done`` (one a drain
        read already counts)."""
        if any(done(message) for message in self.drained.pop(name, [])):
            return
        deadline = time.monotonic() + timeout
        while True:
            message = receive(self.sockets[name], timeout=max(0.01, deadline - time.monotonic()))
            self.check(f"ws {name} {message.get('type')}", message)
            if done(message):
                return

    def pages(self, paths: list[str]) -> None:
        for path in paths:
            response = self.client.get(path)
            assert response.status_code == 200, (path, response.text)
            self.check(path.split("?")[0], response.json())
        self.drain_lobby()
