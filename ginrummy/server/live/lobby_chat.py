"""Chat in the lobby: one channel that everyone looking at the lobby reads, where only
signed-in accounts speak (a guest reads it). Lines are checked as at a table
(:func:`ginrummy.server.live.chat.chat_line`), stored before they are sent, and a reader may
report one for the operator (``gin admin --reports``) or mute its speaker's account. A reader
who blocked a speaker's account is sent none of its lines."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ginrummy.server.live.chat import (
    HISTORY,
    chat_line,
    line_json,
    line_number,
    muted_json,
    report_of,
    set_mute,
    shown_json,
)
from ginrummy.server.storage.chat_store import ChatLine, LobbyChatStore
from ginrummy.server.storage.mutes import MuteStore
from ginrummy.server.wire.protocol import ClientError


class LobbyReader(Protocol):
    account_id: str | None
    """The account the lobby was opened by (None: a guest)."""

    def send(self, text: str) -> None: ...


class LobbyChat:
    def __init__(self, store: LobbyChatStore, mutes: MuteStore,
                 readers: Callable[[], Iterable[LobbyReader]]) -> None:
        self.store = store
        self.mutes = mutes
        self.readers = readers

    async def say(self, account_id: str, name: str, text: object, phrase: object
                  ) -> dict[str, Any]:
        """Store and send a line of the account ``name``; the line as sent. The caller has
        charged the speaker's rate limit."""
        said, code = chat_line(text, phrase)
        line = await asyncio.to_thread(self.store.say, account_id, name, said, code)
        message = {"type": "chat", **line_json(line, None, self.mutes)}
        out, muted = json.dumps(message), json.dumps(muted_json(message))
        for reader in list(self.readers()):
            if not self.mutes.drops(reader.account_id, account_id):
                reader.send(muted if self.mutes.hides(reader.account_id, account_id) else out)
        return message

    async def history(self, reader: str | None = None) -> dict[str, Any]:
        """The last lines, as the account ``reader`` (if signed in) gets them."""
        if reader is not None:
            await asyncio.to_thread(self.mutes.load, reader)
        lines = await asyncio.to_thread(self.store.recent, HISTORY)
        return {"type": "chat_history", "channel": "lobby",
                "lines": [line_json(line, reader, self.mutes) for line in lines
                          if not self.mutes.drops(reader, line.account_id)]}

    async def _said(self, chat_id: object, reader: str | None = None) -> ChatLine:
        """Line ``chat_id``, unless the account ``reader`` blocked its speaker."""
        line = await asyncio.to_thread(self.store.line, line_number(chat_id))
        if line is None or self.mutes.drops(reader, line.account_id):
            raise ClientError("no_such_chat", f"no line {chat_id} was said in the lobby")
        return line

    async def report(self, reporter: str, chat_id: object, reason: object,
                     charge: Callable[[], None], reader: str | None = None) -> None:
        """Store ``reporter``'s (the account ``reader``'s) report of line ``chat_id`` (once;
        ``charge``: the reporter's limit, charged once the report is good)."""
        chat_id, words = report_of(chat_id, reason)
        await self._said(chat_id, reader)
        charge()
        await asyncio.to_thread(self.store.report, chat_id, reporter, words)

    async def show(self, chat_id: object, reader: str | None = None) -> dict[str, Any]:
        """Line ``chat_id`` (every lobby reader was shown it but those who blocked its
        speaker, the account ``reader`` may be one), words and all."""
        return shown_json(await self._said(chat_id, reader))

    async def mute(self, reader: str, chat_id: object, on: object) -> dict[str, Any]:
        """Mute or unmute, for the account ``reader``, whoever said line ``chat_id``; the
        lobby's history as ``reader`` now gets it."""
        await set_mute(self.mutes, await self._said(chat_id, reader), reader, on)
        return await self.history(reader)
