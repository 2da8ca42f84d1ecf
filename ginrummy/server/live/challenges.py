"""Challenges told live: each change of a challenge (sent, accepted, declined, withdrawn,
lapsed) goes to every socket of its two accounts, to the lobby or to a table
(:mod:`.account_news`), as ``{"type": "challenge", "challenge": {...}}``, and nobody
else's. A challenge's lapse is told when its time is up, unless it was answered before
(:mod:`ginrummy.server.storage.challenges`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection
from datetime import datetime
from typing import Any

from ginrummy.server.live.tasks import cancelled
from ginrummy.server.storage.challenges import Challenge

log = logging.getLogger(__name__)

Reread = Callable[[str], Awaitable[Challenge | None]]
"""The challenge of that id as the database holds it now."""


class ChallengeFeed:
    def __init__(self, tell: Callable[[Collection[str], dict[str, Any]], None],
                 clock: Callable[[], datetime]) -> None:
        self.tell_accounts = tell
        self.clock = clock
        self.lapses: set[asyncio.Task[None]] = set()

    def tell(self, challenge: Challenge) -> None:
        """Send ``challenge`` as it is now to its two accounts' sockets."""
        self.tell_accounts({challenge.challenger_id, challenge.challenged_id},
                           {"type": "challenge", "challenge": challenge.to_json(self.clock())})

    def lapse_later(self, challenge: Challenge, reread: Reread) -> None:
        """Tell the lapse of ``challenge`` when its time is up, if it is still unanswered."""
        seconds = max(0.0, (challenge.expires_at - self.clock()).total_seconds())
        task = asyncio.create_task(self._lapse(challenge.id, seconds, reread),
                                   name="challenge lapse")
        self.lapses.add(task)
        task.add_done_callback(self.lapses.discard)

    async def _lapse(self, ident: str, seconds: float, reread: Reread) -> None:
        await asyncio.sleep(seconds)
        try:
            now = await reread(ident)
        except Exception:  # noqa: BLE001 - the players see it lapsed when they next ask
            log.exception("could not read a challenge to tell its lapse")
            return
        if now is not None and now.shown_status(self.clock()) == "lapsed":
            self.tell(now)

    async def close(self) -> None:
        for task in list(self.lapses):
            await cancelled(task)
