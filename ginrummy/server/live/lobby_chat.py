"""Chat in the lobby: one channel that everyone looking at the lobby reads, where only
signed-in accounts speak (a guest reads it). Lines are checked as at a table
(:func:`ginrummy.server.live.chat.chat_line`), stored before they are sent, and a reader may
report one for the operator (``gin admin --reports``)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ginrummy.server.live.chat import HISTORY, chat_line, report_of
from ginrummy.server.storage.chat_store import LobbyChatStore
from ginrummy.server.wire.protocol import ClientError


class LobbyReader(Protocol):
    def send(self, text: str) -> None: ...


class LobbyChat:
    def __init__(self, store: LobbyChatStore,
                 readers: Callable[[], Iterable[LobbyReader]]) -> None:
        self.store = store
        self.readers = readers

    async def say(self, account_id: str, name: str, text: object, phrase: object
                  ) -> dict[str, Any]:
        """Store and send a line of the account ``name``; the line as sent. The caller has
        charged the speaker's rate limit."""
        said, code = chat_line(text, phrase)
        line = await asyncio.to_thread(self.store.say, account_id, name, said, code)
        message = {"type": "chat", **line.to_json()}
        out = json.dumps(message)
        for reader in list(self.readers()):
            reader.send(out)
        return message

    async def history(self) -> dict[str, Any]:
        lines = await asyncio.to_thread(self.store.recent, HISTORY)
        return {"type": "chat_history", "channel": "lobby",
                "lines": [line.to_json() for line in lines]}

    async def report(self, reporter: str, chat_id: object, reason: object) -> None:
        chat_id, words = report_of(chat_id, reason)
        if await asyncio.to_thread(self.store.line, chat_id) is None:
            raise ClientError("no_such_chat", f"no line {chat_id} was said in the lobby")
        await asyncio.to_thread(self.store.report, chat_id, reporter, words)
