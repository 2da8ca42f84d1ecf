"""Open tables in the lobby that nobody joined yet: how many one client may hold, and when
they leave the lobby.

An open table is unjoined while it waits for its first deal with no person but its creator
seated. One address, and one account, may hold :attr:`Settings.open_tables_per_client` of
them at once (who opened which is known while the server runs); each leaves the lobby
:attr:`Settings.open_table_minutes` after it was made (its creation time is stored, so a
restart changes nothing): it is no longer listed, and nobody may take its places.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from ginrummy.server.live.board import Board
from ginrummy.server.live.table import Table
from ginrummy.server.settings import Settings
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.store import Store


def unjoined(shown: dict[str, Any]) -> bool:
    """A board entry of a table waiting for its first deal with nobody seated but place 0."""
    return shown["stage"] == "waiting" and bool(shown["open"]) and all(
        seat["seat"] == 0 or seat["kind"] != "human" or seat["name"] is None
        for seat in shown["seats"])


class TooManyOpenTables(Exception):
    """The client already holds as many unjoined open tables as it may."""


class OpenTables:
    def __init__(self, board: Board, store: Store, tables: Mapping[str, Table],
                 settings: Settings, clock: Callable[[], datetime] = now) -> None:
        self.board, self.store, self.tables = board, store, tables
        self.settings = settings
        self.clock = clock
        self.openers: dict[str, tuple[str, str | None]] = {}
        """Each open table made while the server runs: its creator's address and account."""

    def check(self, address: str, account: str | None) -> None:
        """Refuse a new open table to a client that holds its share of unjoined ones."""
        limit = self.settings.open_tables_per_client
        if not limit:
            return
        held_by_address = held_by_account = 0
        for game_id, (by, of) in list(self.openers.items()):
            shown = self.board.entries.get(game_id)
            if shown is None or not unjoined(shown):
                if shown is None or shown["stage"] != "waiting":
                    del self.openers[game_id]
                continue
            held_by_address += by == address
            held_by_account += account is not None and of == account
        if held_by_address >= limit or held_by_account >= limit:
            raise TooManyOpenTables(
                f"this {'address' if held_by_address >= limit else 'account'} already has "
                f"{limit} open tables that nobody joined yet: wait for a player, or close one")

    def opened(self, game_id: str, address: str, account: str | None) -> None:
        self.openers[game_id] = (address, account)

    async def expire(self) -> None:
        """Take off the lobby every unjoined open table older than the stated time."""
        minutes = self.settings.open_table_minutes
        if not minutes:
            return
        await self.board.load()  # the tables listed before a restart too
        oldest = self.clock() - timedelta(minutes=minutes)
        stale = [game_id for game_id, shown in list(self.board.entries.items())
                 if unjoined(shown) and datetime.fromisoformat(shown["created_at"]) < oldest]
        if not stale:
            return
        await asyncio.to_thread(self.store.unlist, stale)
        for game_id in stale:
            table = self.tables.get(game_id)
            if table is not None:
                table.listed = False
            self.openers.pop(game_id, None)
            self.board.put(game_id, None)
