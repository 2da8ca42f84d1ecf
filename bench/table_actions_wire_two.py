"""The clients of ``bench_table_actions --wire 2``: a player and a watcher reading wire 2 of
the table socket (``?wire=2``: a snapshot, then the table's events), each folding what it
receives with the browser's reducer (its Python port, :mod:`tests.livetable.reader_fold`).

A player moves as the wire 1 client does (:func:`bench.bench_server_load.choose`, given the
view it would have had: its legal actions by name, its hand, the pile and its unmatched
cards), so that both wires play the same games from the same seeds.
"""

from __future__ import annotations

import time
from typing import Any

from websockets.asyncio.client import ClientConnection

from bench.bench_server_load import choose
from bench.seat_figures import SeatFigures
from ginrummy.core import melds as meld_search
from ginrummy.core.actions import action_name
from ginrummy.core.cards import card_name, cards_of
from tests.livetable.reader_fold import from_snapshot, reduce, stale

MAX_MESSAGES = 20_000


class Reader:
    """A socket's reader state, folded from its snapshot and events."""

    def __init__(self) -> None:
        self.state: dict[str, Any] = {}

    def take(self, message: dict[str, Any]) -> None:
        if message.get("type") == "snapshot":
            self.state = from_snapshot(message["state"])
        elif message.get("type") == "event" and self.state and not stale(self.state, message):
            self.state = reduce(self.state, message)

    @property
    def over(self) -> bool:
        return self.state.get("stage") == "over"


def view_of(state: dict[str, Any]) -> dict[str, Any]:
    """What :func:`choose` reads of a wire 1 view, from a wire 2 state."""
    legal = state["legal"]
    table = state["tables"][legal["table"]]
    hand = table["hand"] or []
    free = sum(1 << card for card in hand)
    unmatched = meld_search.best_arrangement(free).unmatched
    return {"legal": [action_name(a) for a in legal["actions"]],
            "hand": [card_name(c) for c in hand], "pile": [card_name(c) for c in table["pile"]],
            "arrangement": {"unmatched": [card_name(c) for c in cards_of(unmatched)]}}


class SeatClientTwo(SeatFigures):
    """One player's client on wire 2, with :class:`bench.bench_table_actions.SeatClient`'s
    figures."""

    def __init__(self, ws: ClientConnection, seed: str, socket: Any, read: Any) -> None:
        super().__init__(ws, seed)
        self.socket, self.read = socket, read
        self.reader = Reader()
        self.finished = 0
        """Hands finished (the wire 1 client's ``hand_number`` between hands: the same
        seeds)."""

    async def play(self) -> None:
        for _ in range(MAX_MESSAGES):
            message = await self.read(self.ws, self.socket)
            kind = self.take_reply(message, time.perf_counter(), -1)
            if kind == "event" and message.get("kind") == "hand_over":
                self.finished += 1
            self.reader.take(message)
            if self.reader.over:
                return
            await self.maybe_move()
        raise RuntimeError("the game did not end")

    async def maybe_move(self) -> None:
        state = self.reader.state
        if self.pending is not None or not state or state["n"] < self.wait_n:
            return
        stage = state["stage"]
        if state["legal"] is not None:
            action = choose(view_of(state))
            await self.send({"type": "action", "action": action, "expect": state["n"]}, action)
        elif self.seat not in state["ready"] and (
                stage == "between_hands" or (stage == "waiting" and all(
                    s["joined"] for s in state["seats"]))):
            if self.ready_for == (stage, self.finished):
                return
            self.ready_for = (stage, self.finished)
            message: dict[str, Any] = {"type": "ready", "expect": state["n"]}
            commitment = state["commitments"][0]
            if commitment is not None:
                message |= {"seed": f"{self.seed}-{stage}-{self.finished}",
                            "commitment": commitment}
            await self.send(message, "ready")



async def watch_two(ws: ClientConnection, socket: Any, read: Any) -> None:
    """The watcher on wire 2: reads until its state is over."""
    reader = Reader()
    for _ in range(MAX_MESSAGES):
        reader.take(await read(ws, socket))
        if reader.over:
            return
    raise RuntimeError("the watched game did not end")
