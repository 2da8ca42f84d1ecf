"""What a scripted player's client of :mod:`bench.bench_table_actions` counts, whichever wire
it reads: the replies to its own messages (round trips, errors) and how it sends them."""

from __future__ import annotations

import json
import time
from typing import Any

from websockets.asyncio.client import ClientConnection


class SeatFigures:
    """A player's socket, its pending message and its figures (``rtts``, ``actions``,
    ``errors``)."""

    def __init__(self, ws: ClientConnection, seed: str) -> None:
        self.ws, self.seed = ws, seed
        self.seat: int | None = None
        self.pending: tuple[str, float, str] | None = None
        self.wait_n = -1
        """The event number of the last ack: the next move waits for that event's state."""
        self.ready_for: object = None
        self.sent = 0
        self.rtts: list[float] = []
        self.actions: list[str] = []
        self.errors: dict[str, int] = {}

    def take_reply(self, message: dict[str, Any], now: float, n: int) -> str | None:
        """Count ``message`` if it answers this client (``n``: its latest event number, for
        an ack without one); its type."""
        kind = message.get("type")
        if kind == "hello":
            self.seat = message.get("seat")
        elif kind == "ack" and self.pending and message.get("id") == self.pending[0]:
            _, sent, what = self.pending
            self.pending = None
            self.wait_n = message.get("n", n)
            if what != "ready":
                self.rtts.append(now - sent)
                self.actions.append(what)
        elif kind == "error":
            code = str(message.get("code"))
            self.errors[code] = self.errors.get(code, 0) + 1
            if self.pending and message.get("id") == self.pending[0]:
                self.pending = None
        return None if kind is None else str(kind)

    async def send(self, message: dict[str, Any], what: str) -> None:
        self.sent += 1
        message["id"] = ident = f"m{self.sent}"
        self.pending = (ident, time.perf_counter(), what)
        await self.ws.send(json.dumps(message))
