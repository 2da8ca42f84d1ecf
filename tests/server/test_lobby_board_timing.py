"""When the board tells the lobby: a change after a quiet time goes out at once (well
before the coalescing tick, ``FLUSH_SECONDS``), the changes of a burst after it are gathered
into one update sent a tick after the last one."""

from __future__ import annotations

import asyncio
import json
from typing import Any, cast

from ginrummy.server.live.board import FLUSH_SECONDS, Board


class Listener:
    def __init__(self) -> None:
        self.account_id = None
        self.got: list[tuple[float, list[str]]] = []

    def send(self, text: str) -> None:
        changed = [entry["game_id"] for entry in json.loads(text)["changed"]]
        self.got.append((asyncio.get_running_loop().time(), changed))

    def send_frame(self, text: str, frame: bytes) -> None:
        self.send(text)


def game(game_id: str) -> dict[str, Any]:
    return {"game_id": game_id, "open": [1], "stage": "waiting", "created_at": game_id,
            "adjourned": False}


def test_a_change_after_a_quiet_time_reaches_the_lobby_at_once_and_a_burst_is_gathered() -> None:
    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        board = Board(cast(Any, None), cast(Any, None))
        listener = Listener()
        board.listeners.add(listener)
        changed_at = loop.time()
        board.put("quiet", game("quiet"))
        await asyncio.sleep(3 * FLUSH_SECONDS)
        assert [changed for _, changed in listener.got] == [["quiet"]]
        assert listener.got[0][0] - changed_at < FLUSH_SECONDS / 5
        listener.got.clear()
        burst_at = loop.time()
        for game_id in ("b1", "b2", "b3", "b4"):
            board.put(game_id, game(game_id))
            await asyncio.sleep(FLUSH_SECONDS / 10)
        await asyncio.sleep(3 * FLUSH_SECONDS)
        assert [changed for _, changed in listener.got] == [["b1"], ["b2", "b3", "b4"]]
        (first, _), (second, _) = listener.got
        assert first - burst_at < FLUSH_SECONDS / 5
        assert second - first >= FLUSH_SECONDS * 0.95

    asyncio.run(scenario())
