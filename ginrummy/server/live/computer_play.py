"""The computer at a live table: it plays the places :func:`ginrummy.livetable.computer_moves`
names (its own seats, idle players', and those whose clock ran out in their turn) with a
:class:`~ginrummy.livetable.ComputerPlay` command, like a person's move. It thinks outside the
table's lock (in a thread, or the server's work pool for the expensive levels); a move thought
for a table that changed meanwhile is thought again."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from ginrummy.agents.base import Agent
from ginrummy.agents.random_agent import RandomAgent
from ginrummy.core.actions import Action
from ginrummy.core.views import PlayerView
from ginrummy.livetable import ComputerPlay, Refused, computer_moves
from ginrummy.server.live.computer import computer_agent, computer_name
from ginrummy.server.wire.protocol import ClientError, error

if TYPE_CHECKING:
    from ginrummy.server.live.table import Table

log = logging.getLogger(__name__)

STAND_IN_LEVEL = 2
"""The computer level that plays for an idle player."""
STORAGE_RETRY_SECONDS = 1.0
EXPENSIVE_LEVELS = (5,)
"""Computer levels whose moves run on the server's :class:`WorkPool`."""


class Changed(Exception):
    """The table changed while the computer thought: its move is thought again."""


class ComputerPlayer:
    """The computer of one table: its agents, one per place it plays, and its move loop."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.agents: dict[int, Agent] = {}
        self.agent_name: str | None = None
        self.task: asyncio.Task[None] | None = None
        self.storage_retry = 0.0
        """Seconds the computer waits before trying again a move the database refused."""

    @property
    def name(self) -> str | None:
        """The name of the computer's own seats' agent, if the game has any."""
        table = self.table
        if self.agent_name is not None:
            return self.agent_name
        if not any(s.kind == "computer" for s in table.seats):
            return None
        return computer_name(table.level or 1)

    @property
    def thinking(self) -> bool:
        return self.task is not None and not self.task.done()

    def kick(self) -> None:
        """Start the move loop if the computer is to act somewhere."""
        if self.table.abandoned or not computer_moves(self.table.table) or self.thinking:
            return
        self.task = asyncio.create_task(self._loop(), name=f"computer {self.table.id}")

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.table.settings.computer_delay + self.storage_retry)
            try:
                if not await self._move():
                    return
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("game %s: the computer could not move", self.table.id)
                return

    def _agent(self, place: int) -> Agent:
        agent = self.agents.get(place)
        if agent is None:
            table = self.table
            seed = table.settings.rng.getrandbits(63)
            if table.seats[place].kind == "computer":
                agent, self.agent_name = computer_agent(table.level or 1, seed)
            else:
                agent = computer_agent(STAND_IN_LEVEL, seed)[0]
            self.agents[place] = agent
        return agent

    async def _move(self) -> bool:
        """Make one computer move; whether the computer may be to act again."""
        table = self.table
        moves = computer_moves(table.table)
        if table.abandoned or not moves:
            return False
        move, seen = moves[0], table.n
        agent = self._agent(move.place)
        view = move.view
        try:
            action = await self._think(move.place, agent, view)
            if action not in view.legal:
                raise ValueError(f"{agent.name} chose {action!r}, not legal")
        except Exception:
            log.exception("game %s: agent %s failed; playing at random", table.id, agent.name)
            action = RandomAgent(table.settings.rng.getrandbits(63)).choose(view)

        def unchanged() -> None:
            if table.n != seen:
                raise Changed

        try:
            await table.run(ComputerPlay(move.place, int(action)), before=unchanged)
        except Changed:
            return True
        except Refused as refused:
            log.error("game %s: computer move refused: %r", table.id, refused)
            return False
        except ClientError as refused:
            log.error("game %s: computer move not stored: %s", table.id, refused.message)
            if not self.storage_retry:
                for listener in list(table.listeners):
                    listener.push(error("computer_error", refused.message, n=table.n))
            if refused.code != "storage":
                return False
            self.storage_retry = STORAGE_RETRY_SECONDS  # the storage may come back
            return True
        self.storage_retry = 0.0
        return True

    async def _think(self, place: int, agent: Agent, view: PlayerView) -> Action:
        table = self.table
        expensive = (table.seats[place].kind == "computer"
                     and (table.level or 1) in EXPENSIVE_LEVELS)
        if expensive and table.work is not None:
            return await table.work.run(lambda: agent.choose(view), refusable=False)
        return await asyncio.to_thread(agent.choose, view)
