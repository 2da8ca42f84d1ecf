"""The computer at a live table: the seats it plays (its own, and idle players'), its move
loop, and where it thinks (a thread, or the server's work pool for the expensive levels).
At a table of several tables, the tables whose computer is to act take turns."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from ginrummy.agents.base import Agent
from ginrummy.agents.random_agent import RandomAgent
from ginrummy.core.actions import Action
from ginrummy.core.hand import IllegalActionError
from ginrummy.core.views import PlayerView, view_of
from ginrummy.server.live.computer import computer_agent
from ginrummy.server.live.dealing import Dealing
from ginrummy.server.live.table_core import Planned
from ginrummy.server.storage.store import LogEntry
from ginrummy.server.wire.protocol import ClientError, error

log = logging.getLogger(__name__)

STAND_IN_LEVEL = 2
"""The computer level that plays for an idle player."""
STORAGE_RETRY_SECONDS = 1.0
EXPENSIVE_LEVELS = (5,)
"""Computer levels whose moves run on the server's :class:`WorkPool`."""


@dataclass(frozen=True, slots=True)
class ComputerMove:
    """A seat the computer plays that is to act now: its view and where the move goes."""

    seat: int
    view: PlayerView


class ComputerPlay(Dealing):

    def _computer_moves(self) -> list[ComputerMove]:
        """The seats the computer plays that are to act now, the tables taking turns."""
        game = self.game
        computer = self.computer_seats()
        moves = []
        for table, hand in enumerate(game.hands):
            if hand is None:
                continue
            place = game.players_at(table)[hand.turn]
            if place in computer:
                moves.append(ComputerMove(place, view_of(hand, hand.turn)))
        if len(moves) > 1:
            first = self.n % len(moves)
            moves = moves[first:] + moves[:first]
        return moves

    def _computer_entries(self, move: ComputerMove, action: Action) -> Planned:
        """The log entries of the computer's ``action`` for ``move.seat``, and the deals they
        make due."""
        entries = self._time_entries(self.n + 1)
        entries.append(LogEntry(self.n + len(entries) + 1, "play", move.seat, int(action)))
        return self._then_deals(entries)

    def computer_seats(self) -> frozenset[int]:
        """The seats the computer plays: its own, those of idle players, and those whose clock
        ran out in the turn they are playing."""
        own = frozenset(s.seat for s in self.seats if s.kind == "computer")
        return own | self.position.stand_in | self.position.timed_out

    def kick(self) -> None:
        """Start the computer's move loop if the computer is to act somewhere."""
        if self.abandoned or not self._computer_moves():
            return
        task = self.computer_task
        if task is None or task.done():
            self.computer_task = asyncio.create_task(self._computer_loop(),
                                                     name=f"computer {self.id}")

    async def _computer_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.computer_delay + self.storage_retry)
            try:
                again = await self._computer_move()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("game %s: the computer could not move", self.id)
                return
            if not again:
                return

    def _ensure_agent(self, seat: int) -> Agent:
        agent = self.agents.get(seat)
        if agent is None:
            seed = self.settings.rng.getrandbits(63)
            if self.seats[seat].kind == "computer":
                agent, self.agent_name = computer_agent(self.level or 1, seed)
            else:
                agent = computer_agent(STAND_IN_LEVEL, seed)[0]
            self.agents[seat] = agent
        return agent

    async def _computer_move(self) -> bool:
        """Make one computer move; True if the computer is to act again."""
        async with self.lock:
            moves = self._computer_moves()
            if not moves:
                return False
            move = moves[0]
            self.staged_fair = {}
            agent = self._ensure_agent(move.seat)
            view = move.view
            try:
                action = await self._think(move.seat, agent, view)
                if action not in view.legal:
                    raise IllegalActionError(f"{agent.name} chose {action!r}, not legal")
            except Exception:
                log.exception("game %s: agent %s failed; playing at random", self.id, agent.name)
                action = RandomAgent(self.settings.rng.getrandbits(63)).choose(view)
            entries, decks = self._computer_entries(move, action)
            try:
                await self._commit(entries, decks)
            except ClientError as refused:
                log.error("game %s: computer move not stored: %s", self.id, refused.message)
                if not self.storage_retry:
                    self._broadcast_error(refused)
                if refused.code != "storage":
                    return False
                self.storage_retry = STORAGE_RETRY_SECONDS  # the storage may come back
                return True
            self.storage_retry = 0.0
            self._broadcast(entries)
            return bool(self._computer_moves())

    async def _think(self, seat: int, agent: Agent, view: PlayerView) -> Action:
        expensive = self.seats[seat].kind == "computer" and (self.level or 1) in EXPENSIVE_LEVELS
        if expensive and self.work is not None:
            return await self.work.run(lambda: agent.choose(view), refusable=False)
        return await asyncio.to_thread(agent.choose, view)

    # ------------------------------------------------------------ idle players

    def _broadcast_error(self, refused: ClientError) -> None:
        for listener in list(self.listeners):
            listener.push(error("computer_error", refused.message, n=self.n))
