"""Tournaments, live: the lobby's list and each tournament's page.

The lobby's list is what ``GET /api/tournaments`` lists, sent to every lobby socket when it
changes (one entered or left, one created, started, ended or cancelled). A tournament's page
may hold a socket of its own (``WS /ws/tournaments/{id}``), sent the tournament's view when
anything in it changes (an entry, a start, each result, the end).

Changes that come close together are gathered for :data:`GATHER_SECONDS` and sent once; the
lobby's list only if it differs from the one sent last, a view only if it differs from that
tournament's last.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ginrummy.server.live.board import Board, BoardListener
from ginrummy.server.live.tasks import cancelled
from ginrummy.server.live.tournament_hub import TournamentHub
from ginrummy.server.wire.text import message_text, text_frame

log = logging.getLogger(__name__)

GATHER_SECONDS = 0.1


class TournamentFeed:
    def __init__(self, hub: TournamentHub, board: Board) -> None:
        self.hub = hub
        self.board = board
        self.listing_dirty = False
        self.views_dirty: set[str] = set()
        self.task: asyncio.Task[None] | None = None
        self.first = asyncio.Lock()
        self.watchers: dict[str, set[BoardListener]] = {}
        """Each tournament's page sockets."""
        self.sent: dict[str, str] = {}
        """The text of the view each watched tournament's sockets were sent last."""
        hub.on_change = self.changed

    # ------------------------------------------------------------ changes

    def changed(self, tournament_id: str, listed: bool) -> None:
        self.listing_dirty |= listed
        if tournament_id in self.watchers:
            self.views_dirty.add(tournament_id)
        if not (self.listing_dirty or self.views_dirty):
            return
        if self.task is None or self.task.done():
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            self.task = loop.create_task(self._send(), name="tournaments live")

    async def _send(self) -> None:
        while self.listing_dirty or self.views_dirty:
            await asyncio.sleep(GATHER_SECONDS)
            views, self.views_dirty = self.views_dirty, set()
            for tournament_id in sorted(views):
                await self._send_view(tournament_id)
            if self.listing_dirty:
                self.listing_dirty = False
                try:
                    listing = await self.hub.listing()
                except Exception:  # noqa: BLE001 - the next change reads it again
                    log.exception("could not list the tournaments for the lobby")
                    continue
                self.board.show_tournaments(listing)

    async def _send_view(self, tournament_id: str) -> None:
        watchers = self.watchers.get(tournament_id)
        if not watchers:
            return
        text = await self.view_text(tournament_id)
        if text is None or self.sent.get(tournament_id) == text:
            return
        self.sent[tournament_id] = text
        frame = text_frame(text)
        for listener in list(watchers):
            listener.send_frame(text, frame)

    async def view_text(self, tournament_id: str) -> str | None:
        """The ``tournament`` message of its view now (None: it could not be read)."""
        try:
            live = await self.hub.get(tournament_id)
        except Exception:  # noqa: BLE001 - gone or unreadable: its sockets hear nothing new
            log.exception("could not read tournament %s for its page", tournament_id)
            return None
        return message_text({"type": "tournament", "tournament": self.hub.view(live)})

    # ------------------------------------------------------------ the lobby's list

    async def current(self) -> list[dict[str, Any]]:
        """The list as the lobby shows it now (read once, the first time)."""
        async with self.first:
            if self.board.tournaments is None:
                self.board.show_tournaments(await self.hub.listing())
        assert self.board.tournaments is not None
        return self.board.tournaments

    # ------------------------------------------------------------ a tournament's page

    def watch(self, tournament_id: str, listener: BoardListener, text: str) -> None:
        """``listener`` was sent ``text``, the view now: it is sent each change from here."""
        self.watchers.setdefault(tournament_id, set()).add(listener)
        self.sent.setdefault(tournament_id, text)

    def unwatch(self, tournament_id: str, listener: BoardListener) -> None:
        watchers = self.watchers.get(tournament_id)
        if watchers is None:
            return
        watchers.discard(listener)
        if not watchers:
            del self.watchers[tournament_id]
            self.sent.pop(tournament_id, None)

    async def close(self) -> None:
        await cancelled(self.task)
