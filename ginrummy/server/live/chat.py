"""Chat at a table: the players talk among themselves and the watchers among themselves, so
that nobody watching can pass a player a hint.

A line is plain text (at most :data:`MAX_CHAT` characters, checked like a name: no control,
bidirectional or invisible characters) or a quick phrase by its code (:data:`PHRASES`), which
each reader sees in their own language. Every line is stored before it is sent; a player
joining late gets the channel's last :data:`HISTORY` lines. A reader may report a line: the
report is stored for the server's operator (``gin serve --chat-reports``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ginrummy.server.live.names import NameRefused, clean_text
from ginrummy.server.storage.chat_store import ChatLine, ChatStore
from ginrummy.server.wire.protocol import ClientError

MAX_CHAT = 200
MAX_REASON = 200
HISTORY = 50
PHRASES = ("hello", "good_luck", "good_game", "well_played", "thanks", "sorry", "bye")
PLAYERS, WATCHERS = "players", "watchers"


class ChatListener(Protocol):
    seat: int | None

    def push(self, item: dict[str, Any]) -> None: ...


def channel_of(seat: int | None) -> str:
    return WATCHERS if seat is None else PLAYERS


def chat_line(text: object, phrase: object) -> tuple[str | None, str | None]:
    """A message's (text, phrase), checked: exactly one of them."""
    if (text is None) == (phrase is None):
        raise ClientError("bad_chat", "a chat message has either text or a phrase")
    if phrase is not None:
        if phrase not in PHRASES:
            raise ClientError("bad_chat", f"phrase must be one of {', '.join(PHRASES)}, "
                              f"got {str(phrase)[:40]!r}")
        return None, str(phrase)
    try:
        return clean_text(text, "text", MAX_CHAT), None
    except NameRefused as refused:
        raise ClientError("bad_chat", refused.message) from None


def report_of(chat_id: object, reason: object) -> tuple[int, str]:
    """A report message's line number and reason, checked."""
    if isinstance(chat_id, bool) or not isinstance(chat_id, int) or chat_id < 1:
        raise ClientError("bad_chat", f"chat_id must be a line's number, got {chat_id!r}")
    words = "" if reason is None else reason
    try:
        return chat_id, clean_text(words, "reason", MAX_REASON) if words else ""
    except NameRefused as refused:
        raise ClientError("bad_chat", refused.message) from None


class ChatRoom:
    """The two channels of one table."""

    def __init__(self, game_id: str, store: ChatStore,
                 listeners: Callable[[], Iterable[ChatListener]],
                 latest: Callable[[], int]) -> None:
        self.game_id = game_id
        self.store = store
        self.listeners = listeners
        self.latest = latest
        """The table's latest event number, which every server message carries (``n``)."""

    async def say(self, seat: int | None, name: str, text: object,
                  phrase: object) -> dict[str, Any]:
        """Store and send a line from ``seat`` (None: a watcher) as ``name``; the line as
        sent. The caller has charged the speaker's rate limit."""
        said, code = chat_line(text, phrase)
        channel = channel_of(seat)
        line = await asyncio.to_thread(self.store.say, self.game_id, channel, seat, name,
                                       said, code)
        message = {"type": "chat", **line.to_json(), "n": self.latest()}
        for listener in list(self.listeners()):
            if channel_of(listener.seat) == channel:
                listener.push(message)
        return message

    async def history(self, seat: int | None) -> dict[str, Any]:
        """The last lines of the channel ``seat`` reads."""
        channel = channel_of(seat)
        lines = await asyncio.to_thread(self.store.recent, self.game_id, channel, HISTORY)
        return {"type": "chat_history", "channel": channel,
                "lines": [line.to_json() for line in lines], "n": self.latest()}

    async def report(self, seat: int | None, reporter: str, chat_id: object,
                     reason: object) -> None:
        """Store a report of line ``chat_id``, which ``seat``'s channel must have shown."""
        chat_id, words = report_of(chat_id, reason)
        line: ChatLine | None = await asyncio.to_thread(self.store.line, chat_id)
        if line is None or line.game_id != self.game_id or line.channel != channel_of(seat):
            raise ClientError("no_such_chat", f"no chat line {chat_id} was shown to you here")
        await asyncio.to_thread(self.store.report, chat_id, reporter, words)
