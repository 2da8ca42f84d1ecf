"""News for one account wherever it has the site open: every socket it opened, to the lobby, to
a table (a seat or watching) or for its notices alone (``WS /ws/notices``), is sent the
message, and nobody else's. A challenge's
changes, a tournament's game made for it, and a friend coming online go this way (PROTOCOL.md
"Notices"); none names a card.

A friend coming online is told to the account's friends (both follow each other; a block ends
the follows) when the account opens its first socket, at most once per
:data:`FRIEND_ONLINE_SECONDS`, so that a page reloaded, or a script reconnecting in a loop, does
not flood them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Collection, Iterable
from typing import Any, Protocol

from ginrummy.server.live.tasks import cancelled

log = logging.getLogger(__name__)

FRIEND_ONLINE_SECONDS = 600.0
"""The least time between two ``friend_online`` messages about one account."""


class LobbySocket(Protocol):
    @property
    def account_id(self) -> str | None: ...

    def send(self, text: str) -> None: ...


class TableSocket(Protocol):
    @property
    def account_id(self) -> str | None: ...

    def push(self, item: dict[str, Any]) -> None: ...


class LiveTable(Protocol):
    @property
    def listeners(self) -> Collection[Any]: ...


FriendsOf = Callable[[str], "tuple[str | None, set[str]]"]
"""An account's username (None: gone) and its friends' ids, read from the database."""


class AccountNews:
    def __init__(self, lobby_sockets: Callable[[], Iterable[LobbySocket]],
                 tables: Callable[[], Iterable[LiveTable]], friends_of: FriendsOf,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.lobby_sockets = lobby_sockets
        self.tables = tables
        self.friends_of = friends_of
        self.clock = clock
        self.sockets: set[LobbySocket] = set()
        """The notices' sockets (``WS /ws/notices``): a page's that has no other."""
        self.told_online: dict[str, float] = {}
        """When each account's coming online was last told to its friends."""
        self.background: set[asyncio.Task[None]] = set()

    def sockets_of(self, accounts: Collection[str]) -> int:
        """How many sockets the accounts have open now."""
        count = sum(1 for socket in [*self.lobby_sockets(), *self.sockets]
                    if socket.account_id in accounts)
        for table in list(self.tables()):
            count += sum(1 for listener in list(table.listeners)
                         if listener.account_id in accounts)
        return count

    def tell(self, accounts: Collection[str], message: dict[str, Any]) -> None:
        """Send ``message`` to every socket the accounts have open."""
        if not accounts:
            return
        text = json.dumps(message)
        for socket in [*self.lobby_sockets(), *self.sockets]:
            if socket.account_id in accounts:
                socket.send(text)
        for table in list(self.tables()):
            for listener in list(table.listeners):
                if listener.account_id in accounts:
                    listener.push(message)

    def arriving(self, account_id: str | None) -> None:
        """An account is opening a socket (call before it is counted among the open ones):
        if it had none open, its friends hear that it came online (in the background)."""
        if account_id is None or self.sockets_of({account_id}):
            return
        moment = self.clock()
        last = self.told_online.get(account_id)
        if last is not None and moment - last < FRIEND_ONLINE_SECONDS:
            return
        self.told_online[account_id] = moment
        if len(self.told_online) > 10_000:  # forget the oldest half
            for old in sorted(self.told_online, key=self.told_online.__getitem__)[:5_000]:
                del self.told_online[old]
        task = asyncio.create_task(self._tell_friends(account_id), name="friend online")
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def _tell_friends(self, account_id: str) -> None:
        try:
            username, friends = await asyncio.to_thread(self.friends_of, account_id)
        except Exception:  # noqa: BLE001 - the friends see it in the list of who is online
            log.exception("could not read an account's friends to tell them it came online")
            return
        if username is not None:
            self.tell(friends, {"type": "friend_online", "username": username,
                                "profile": f"/players/{username}"})

    async def close(self) -> None:
        for task in list(self.background):
            await cancelled(task)
