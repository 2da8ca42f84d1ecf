"""Chat at a table: the players talk among themselves and the watchers among themselves, so
that nobody watching can pass a player a hint.

A line is plain text (at most :data:`MAX_CHAT` characters, checked like a name: no control,
bidirectional or invisible characters) or a quick phrase by its code (:data:`PHRASES`), which
each reader sees in their own language. Every line is stored before it is sent; a player
joining late gets the channel's last :data:`HISTORY` lines. A reader may report a line: the
report is stored for the server's operator (``gin serve --chat-reports``). A signed-in reader
may mute a signed-in speaker (:mod:`ginrummy.server.storage.mutes`): that speaker's lines
then reach the reader as a placeholder without their words (``"muted": true``, ``text`` and
``phrase`` null), at every table and in the lobby; the reader may open one on request
(``chat_show``), a line its channel showed. A signed-in reader who blocked a speaker's account
(:mod:`ginrummy.server.storage.blocks`) is sent none of its lines, not even a placeholder,
and cannot open one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ginrummy.server.live.names import NameRefused, clean_text
from ginrummy.server.storage.chat_store import ChatLine, ChatStore
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.mutes import MuteStore, TooManyMutes
from ginrummy.server.wire.protocol import ClientError

MAX_CHAT = 200
MAX_REASON = 200
HISTORY = 50
PHRASES = ("hello", "good_luck", "good_game", "well_played", "thanks", "sorry", "bye")
PLAYERS, WATCHERS = "players", "watchers"


class ChatListener(Protocol):
    seat: int | None
    chat_channel: str | None
    """The channel it reads: the players' (a seat), the watchers', or none (a player of the
    game on a watch socket: who they are decides, not the socket)."""

    @property
    def account_id(self) -> str | None: ...

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


def line_json(line: ChatLine, reader: str | None, mutes: MuteStore) -> dict[str, Any]:
    """A line as ``reader`` (an account, or None) gets it: a placeholder if they muted its
    speaker."""
    said = {**line.to_json(), "by_account": line.account_id is not None}
    return muted_json(said) if mutes.hides(reader, line.account_id) else said


def muted_json(said: dict[str, Any]) -> dict[str, Any]:
    """A line's placeholder for a reader who muted its speaker: who and when, not what."""
    return {**said, "text": None, "phrase": None, "muted": True}


def shown_json(line: ChatLine) -> dict[str, Any]:
    """The answer to a ``chat_show``: the muted line's words, for its reader alone."""
    return {"type": "chat_shown", "chat_id": line.id, "text": line.text,
            "phrase": line.phrase}


async def set_mute(mutes: MuteStore, line: ChatLine, reader: str | None, on: object
                   ) -> None:
    """Mute (``on`` true) or unmute the account behind ``line`` for the account ``reader``."""
    if not isinstance(on, bool):
        raise ClientError("bad_chat", f"mute must be true or false, got {str(on)[:40]!r}")
    if reader is None:
        raise ClientError("sign_in_to_mute", "a guest mutes in the browser only; sign in to "
                          "mute a player's account everywhere")
    if line.account_id is None:
        raise ClientError("not_an_account", f"line {line.id} was said by a guest: mute it in "
                          "the browser")
    if line.account_id == reader:
        raise ClientError("bad_chat", "you cannot mute yourself")
    if not on:
        await asyncio.to_thread(mutes.unmute, reader, muted_id=line.account_id)
        return
    try:
        await asyncio.to_thread(mutes.mute, reader, line.account_id, line.name, now())
    except TooManyMutes:
        raise ClientError("too_many_mutes", "this account has muted as many players as it "
                          "may; unmute one first") from None


def line_number(chat_id: object) -> int:
    """A message's ``chat_id``, checked."""
    if isinstance(chat_id, bool) or not isinstance(chat_id, int) or chat_id < 1:
        raise ClientError("bad_chat", f"chat_id must be a line's number, got {chat_id!r}")
    return chat_id


def report_of(chat_id: object, reason: object) -> tuple[int, str]:
    """A report message's line number and reason, checked."""
    chat_id = line_number(chat_id)
    words = "" if reason is None else reason
    try:
        return chat_id, clean_text(words, "reason", MAX_REASON) if words else ""
    except NameRefused as refused:
        raise ClientError("bad_chat", refused.message) from None


class ChatRoom:
    """The two channels of one table."""

    def __init__(self, game_id: str, store: ChatStore, mutes: MuteStore,
                 listeners: Callable[[], Iterable[ChatListener]],
                 latest: Callable[[], int]) -> None:
        self.game_id = game_id
        self.store = store
        self.mutes = mutes
        self.listeners = listeners
        self.latest = latest
        """The table's latest event number, which every server message carries (``n``)."""

    async def say(self, seat: int | None, name: str, text: object, phrase: object,
                  account_id: str | None = None) -> dict[str, Any]:
        """Store and send a line from ``seat`` (None: a watcher) as ``name``, said by the
        account ``account_id`` if signed in; the line as sent. The caller has charged the
        speaker's rate limit."""
        said, code = chat_line(text, phrase)
        channel = channel_of(seat)
        line = await asyncio.to_thread(self.store.say, self.game_id, channel, seat, name,
                                       said, code, account_id)
        message = {"type": "chat", **line_json(line, None, self.mutes), "n": self.latest()}
        muted = muted_json(message)
        for listener in list(self.listeners()):
            if listener.chat_channel == channel and not self.mutes.drops(listener.account_id,
                                                                         account_id):
                hidden = self.mutes.hides(listener.account_id, account_id)
                listener.push(muted if hidden else message)
        return message

    async def history(self, channel: str | None, reader: str | None = None) -> dict[str, Any]:
        """The last lines of ``channel`` (None: no channel, no line), as the account
        ``reader`` (if signed in) gets them."""
        if channel is None:
            return {"type": "chat_history", "channel": None, "lines": [], "n": self.latest()}
        if reader is not None:
            await asyncio.to_thread(self.mutes.load, reader)
        lines = await asyncio.to_thread(self.store.recent, self.game_id, channel, HISTORY)
        return {"type": "chat_history", "channel": channel,
                "lines": [line_json(line, reader, self.mutes) for line in lines
                          if not self.mutes.drops(reader, line.account_id)],
                "n": self.latest()}

    async def shown(self, channel: str | None, chat_id: object, reader: str | None = None
                    ) -> ChatLine:
        """Line ``chat_id``, which ``channel`` must have shown (to the account ``reader``,
        who may have blocked its speaker)."""
        line: ChatLine | None = await asyncio.to_thread(self.store.line, line_number(chat_id))
        if (line is None or line.game_id != self.game_id or line.channel != channel
                or self.mutes.drops(reader, line.account_id)):
            raise ClientError("no_such_chat", f"no chat line {chat_id} was shown to you here")
        return line

    async def report(self, channel: str | None, reporter: str, chat_id: object,
                     reason: object, charge: Callable[[], None],
                     reader: str | None = None) -> None:
        """Store a report of line ``chat_id``, which ``channel`` must have shown (to the
        account ``reader``, if signed in), once per ``reporter``; ``charge``: the reporter's
        limit, charged once the report is good."""
        chat_id, words = report_of(chat_id, reason)
        await self.shown(channel, chat_id, reader)
        charge()
        await asyncio.to_thread(self.store.report, chat_id, reporter, words)

    async def show(self, channel: str | None, chat_id: object, reader: str | None = None
                   ) -> dict[str, Any]:
        """Line ``chat_id`` of ``channel`` (one the reader, the account ``reader`` if signed
        in, was shown), words and all."""
        return shown_json(await self.shown(channel, chat_id, reader))

    async def mute(self, channel: str | None, reader: str | None, chat_id: object,
                   on: object) -> dict[str, Any]:
        """Mute or unmute, for the account ``reader``, whoever said line ``chat_id`` of
        ``channel``; the channel's history as ``reader`` now gets it."""
        await set_mute(self.mutes, await self.shown(channel, chat_id, reader), reader, on)
        return await self.history(channel, reader)
