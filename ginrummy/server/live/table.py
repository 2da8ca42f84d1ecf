"""A live game in memory, for any number of players: the server's side of a
:class:`ginrummy.livetable.Table`.

What a table does (who may do what, the deals, the clocks, idle players, the computer's
turn) is :mod:`ginrummy.livetable`; this class holds the table's current value and does the
I/O around it. Every change goes through :meth:`Table.run`, one at a time under the lock:

1. :func:`ginrummy.livetable.apply` the command at this moment (a
   :class:`~ginrummy.livetable.Refused` changes nothing);
2. append what it stores (log entries, decks, seeds, seats taken) in one transaction
   (:mod:`.table_append`); if that fails nothing changes in memory either;
3. only then take the new value, answer the sender and publish the events;
4. arm the one timer, at :func:`ginrummy.livetable.next_deadline` (a clock's run-out, the
   idle timer), whose :class:`~ginrummy.livetable.Tick` is a command like the others.

A person's message, a seat taken, the computer's move (:mod:`.computer_play`), a player
coming back or connecting (:class:`~ginrummy.livetable.Presence`) and an adjourned game's
forfeit (:mod:`.adjourn`) are all commands. The parts around it are objects of their own:
what readers are shown (:mod:`.table_view`), the computer (:mod:`.computer_play`), the lobby's
open places (:mod:`.open_seats`), the chat (:mod:`.chat`).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from ginrummy.core.game import Game
from ginrummy.livetable import (
    Applied,
    Back,
    Command,
    Join,
    LogEntry,
    Notice,
    Presence,
    Refused,
    Seat,
    Setup,
    Tick,
    apply,
    folds,
    new_table,
    next_deadline,
)
from ginrummy.livetable import Table as TableValue
from ginrummy.livetable.clocks import ClockRules, Clocks
from ginrummy.livetable.fairness import FairRow
from ginrummy.livetable.position import Position, stage
from ginrummy.server.live.chat import ChatRoom
from ginrummy.server.live.clock_feed import clock_rules_of
from ginrummy.server.live.computer_play import ComputerPlayer
from ginrummy.server.live.connections import Connections
from ginrummy.server.live.listeners import WATCHER, EventRef, Listener, Told
from ginrummy.server.live.messages import PersonMessages
from ginrummy.server.live.open_seats import OpenSeats
from ginrummy.server.live.table_append import JOINED, append_applied
from ginrummy.server.live.table_view import TableView
from ginrummy.server.live.work import WorkPool
from ginrummy.server.settings import Settings
from ginrummy.server.storage.chat_store import ChatStore
from ginrummy.server.storage.game_rules import table_rules_of
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.rating_changes import rating_changes
from ginrummy.server.storage.store import (
    SeatRow,
    Store,
    StoredGame,
)
from ginrummy.server.storage.tokens import new_token, same_hash, token_hash
from ginrummy.server.storage.writer import GroupWriter
from ginrummy.server.wire import payload
from ginrummy.server.wire.protocol import ClientError, Message

log = logging.getLogger(__name__)

ABANDONED = ("nobody played this game for too long: it ended without a result "
             "(PROTOCOL.md, Adjourned games)")
RETRY_SECONDS = 1.0
"""When a deadline's tick failed (the database refused it), the seconds before it is tried
again; and the least wait between two ticks."""


class Table:
    def __init__(self, stored: StoredGame, store: Store, settings: Settings,
                 writer: GroupWriter | None = None, work: WorkPool | None = None) -> None:
        row = stored.row
        self.id = row.id
        self.kind = row.kind
        self.level = row.level
        self.created_at = row.created_at
        self.watch_hash = row.watch_hash
        self.rematch_of = row.rematch_of
        self.listed = row.listed
        """In the lobby: anyone may take an open place or watch (:mod:`.open_seats`)."""
        self._rated = row.rated
        self.min_completion = row.min_completion
        """The least completion rate (percent) of who takes an open place (None: anyone)."""
        self.deal_key = row.deal_key
        """A duplicate tournament's game: its decks are the round's (:attr:`GameRow.deal_key`)."""
        self.fair_id = row.fair_id
        self.reveals_held = False
        """A duplicate round still being played elsewhere: no server seed is shown yet."""
        self.tournament_id: str | None = None
        """The tournament whose game this is, if any (its page links back there)."""
        self.player_addresses: set[str] = set()
        """Addresses its players took or opened their seats from while the server runs (a
        watch socket from one of them is a player's: it reads no watchers' chat)."""
        self.on_change: Callable[[Table], None] | None = None
        """Told after every change the lobby lists (moves, seats, presence)."""
        self.on_turns: Callable[[Table], None] | None = None
        """Told after every change of the game (:mod:`.turn_notices`)."""
        self.rematch_lock = asyncio.Lock()
        """Held while a rematch is created, so that two players asking at once make one."""
        self.store = store
        self.writer = writer
        """Appends go through the server's group commit; without one, one thread each."""
        self.settings = settings
        self.work = work
        """Where the expensive computer levels think (without one: a thread each)."""
        self.seats = list(stored.seats)
        self.table_rules = table_rules_of(row.rules)
        self.rules = self.table_rules.rules
        self.table, self.recent = self._fold(stored, idle_alone=False)
        """The table's value (:class:`ginrummy.livetable.Table`), and the latest entries with
        the position after each (what a socket that fell behind is sent again)."""
        self.messages = PersonMessages(self, (s.seat for s in self.seats), stored.log)
        self.connections = Connections(self, self.seats)
        self.chat = ChatRoom(self.id, ChatStore(store.engine), store.mutes,
                             lambda: self.listeners, lambda: self.n)
        """The players' and the watchers' chat (:mod:`.chat`)."""
        self.lock = asyncio.Lock()
        self.computer = ComputerPlayer(self)
        self.view = TableView(self)
        self.open_seats = OpenSeats(self)
        self.deadline_task: asyncio.Task[None] | None = None
        """Sleeps until the table's next deadline, then starts :attr:`tick_task`."""
        self.tick_task: asyncio.Task[None] | None = None
        self.updated_at = row.updated_at
        """When the game last changed (a move, a seat taken), as ``games.updated_at``."""
        self.abandoned = row.status == "abandoned"
        """Nobody played it for too long: it ended without a result (:mod:`.adjourn`)."""
        self.rating_changes: list[dict[str, Any]] | None = None
        """A finished rated game: how it moved each player's rating (read once it ended)."""
        self.rating_task: asyncio.Task[None] | None = None

    def _fold(self, stored: StoredGame, idle_alone: bool
              ) -> tuple[TableValue, deque[tuple[LogEntry, Position]]]:
        """The table a stored game's log folds to, and its latest entries' positions."""
        row = stored.row
        setup = Setup(row.id, self.table_rules, row.cut, row.created_at, kind=row.kind,
                      level=row.level, deal_key=row.deal_key, clock=clock_rules_of(row.clock),
                      forfeits_on_time=row.rated or idle_alone,
                      idle_seconds=self.settings.idle_seconds, idle_alone=idle_alone)
        table = new_table(setup, [Seat(s.seat, s.kind, s.name, s.joined) for s in stored.seats],
                          stored.decks, stored.fair)
        recent: deque[tuple[LogEntry, Position]] = deque(maxlen=self.settings.replay_buffer)
        for entry, after in zip(stored.log, folds(table, stored.log), strict=True):
            recent.append((entry, after.position))
            table = after
        if stored.rematch is not None:
            table = replace(table, rematch_id=stored.rematch)
        return table, recent

    # ------------------------------------------------------------ what the game says

    @property
    def position(self) -> Position:
        return self.table.position

    @property
    def n(self) -> int:
        return self.table.n

    @property
    def rematch_offers(self) -> frozenset[int]:
        """The seats asking for a rematch of this finished game (not stored: an offer lapses
        when the server restarts)."""
        return self.table.rematch_offers

    @property
    def rematch_id(self) -> str | None:
        """This finished game's rematch, once both players asked."""
        return self.table.rematch_id

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def fair(self) -> Mapping[int, FairRow]:
        """Each hand's seeds (:mod:`ginrummy.livetable.fairness`)."""
        return self.table.fair

    @property
    def decks(self) -> Mapping[int, tuple[int, ...]]:
        return self.table.decks

    @property
    def clock_rules(self) -> ClockRules | None:
        return self.table.setup.clock

    @property
    def clocks(self) -> Clocks | None:
        return self.table.clocks

    @property
    def rated(self) -> bool:
        """Between accounts: its end updates their ratings (:mod:`.ratings`), and the second
        timeout loses it."""
        return self._rated

    @rated.setter
    def rated(self, rated: bool) -> None:
        self._rated = rated
        self.idle_alone = self.idle_alone  # forfeits on time follows

    @property
    def idle_alone(self) -> bool:
        """A tournament's game: the idle rule holds even with nobody else connected, and
        the second timeout loses it."""
        return self.table.setup.idle_alone

    @idle_alone.setter
    def idle_alone(self, alone: bool) -> None:
        setup = self.table.setup
        self.table = replace(self.table, setup=replace(
            setup, idle_alone=alone, forfeits_on_time=self.rated or alone))

    def stage(self) -> str:
        return stage(self.position.game)

    def moment(self) -> datetime:
        """Now, by the server's wall clock (:attr:`Settings.clock`, which tests replace)."""
        return datetime.fromtimestamp(self.settings.clock(), UTC)

    @property
    def agent_name(self) -> str | None:
        return self.computer.agent_name

    def info(self) -> payload.TableInfo:
        connected = {listener.seat for listener in self.listeners}
        return payload.TableInfo(
            game_id=self.id,
            kind=self.kind,
            level=self.level,
            computer=self.computer.name,
            seats=tuple(
                payload.SeatInfo(s.seat, s.kind, s.name, s.joined,
                                 s.kind == "computer" or s.seat in connected)
                for s in self.seats
            ),
            listed=self.listed,
            rated=self.rated,
            fair_id=self.fair_id,
            duplicate=self.deal_key is not None,
            reveals_held=self.reveals_held,
            tournament=self.tournament_id,
        )

    def state(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a watcher) sees now."""
        return self.view.state(seat)

    def render_event(self, ref: EventRef, seat: int | None) -> dict[str, Any]:
        return self.view.render_event(ref, seat)

    def stored_events(self, stored: StoredGame, since: int, limit: int,
                      seat: int | None) -> list[dict[str, Any]]:
        return self.view.stored_events(stored, since, limit, seat)

    def open_events(self, stored: StoredGame, since: int, limit: int,
                    seat: int) -> list[dict[str, Any]]:
        return self.view.open_events(stored, since, limit, seat)

    def clock_state(self) -> dict[str, Any] | None:
        return self.view.clock_state()

    def snapshot(self, seat: int | None) -> dict[str, Any]:
        return {"type": "snapshot", "n": self.n, "state": self.state(seat)}

    def authenticate(self, token: str | None) -> int | None:
        """The seat that ``token`` holds, :data:`WATCHER`, or None. Anyone watches a listed
        game: no token makes a watcher there."""
        if not token:
            return WATCHER if self.listed else None
        digest = token_hash(token)
        for seat in self.seats:
            if same_hash(seat.token_hash, digest):
                return seat.seat
        return WATCHER if same_hash(self.watch_hash, digest) else None

    def spent_seat(self, token: str | None) -> int | None:
        """The seat that ``token`` was the invite of, if that seat has been taken."""
        if not token:
            return None
        digest = token_hash(token)
        return next((s.seat for s in self.seats if same_hash(s.invite_hash, digest)), None)

    def events_since(self, since: int) -> list[EventRef] | None:
        """The events after ``since``, or None when they are no longer all in memory."""
        if since > self.n:
            return None
        if since == self.n:
            return []
        oldest = self.recent[0][0].seq if self.recent else self.n + 1
        if since + 1 < oldest:
            return None
        return [EventRef(entry, position) for entry, position in self.recent if entry.seq > since]

    # ------------------------------------------------------------ the one way a table changes

    async def run(self, command: Command, before: Callable[[], None] | None = None,
                  answer: Callable[[Applied], None] | None = None,
                  joined: Sequence[JOINED] = ()) -> Applied:
        """Run ``command``: under the lock, ``before`` (checks that may raise), apply it,
        append what it stores, then take the new table, ``answer`` the sender, publish the
        events and arm the next deadline. A :class:`Refused`, a :class:`ClientError` (the
        database refused: ``storage``, ``conflict``) or whatever ``before`` raises changes
        nothing."""
        async with self.lock:
            if before is not None:
                before()
            applied = apply(self.table, command, self.moment(), self.settings.rng)
            seats, record = await append_applied(self, applied, joined)
            self._take_value(applied, seats, record)
            if answer is not None:
                answer(applied)
            self._publish(applied)
        self.kick()
        return applied

    def run_now(self, command: Presence) -> bool:
        """Run a command that stores nothing at once, if no other command runs (a running
        one has read the table before it and would take its value after); whether it ran."""
        if self.lock.locked():
            return False
        applied = apply(self.table, command, self.moment(), self.settings.rng)
        assert not applied.stored.entries, command
        self._take_value(applied, self.seats, None)
        self._publish(applied)
        self.kick()
        return True

    def _take_value(self, applied: Applied, seats: list[SeatRow], record: str | None) -> None:
        stored = applied.stored
        self.table = replace(applied.table, setup=self.table.setup)  # as the hub may have
        self.seats = seats  # changed it meanwhile (a tournament's, a rated game's)
        self.recent.extend(zip(stored.entries, stored.positions, strict=True))
        if stored.entries or stored.seats:
            self.updated_at = now()
        if record is not None and self.rated:
            self.rating_task = asyncio.create_task(self.read_rating_changes(),
                                                   name=f"ratings {self.id}")

    def _publish(self, applied: Applied) -> None:
        """Send the new entries' events to every listener (wire 1: each entry's; wire 2: the
        command's events and notices), and who is connected if it changed; arm the next
        deadline."""
        stored = applied.stored
        refs = [EventRef(entry, position)
                for entry, position in zip(stored.entries, stored.positions, strict=True)]
        told = Told(applied.events)
        for listener in list(self.listeners):
            for ref in refs:
                listener.push(ref)
            if applied.events:
                listener.push(told)
        if any(isinstance(e, Notice) and e.kind == "presence" for e in applied.events):
            self.tell_presence()
        elif refs or stored.seats:
            self.changed()
        if refs and self.on_turns is not None:
            self.on_turns(self)
        self.arm()

    def kick(self) -> None:
        """Start the computer's move loop if the computer is to act somewhere."""
        self.computer.kick()

    # ------------------------------------------------------------ the one timer

    def arm(self, least: float = 0.0) -> None:
        """(Re)arm the table's one timer at its next deadline (none in an abandoned game)."""
        task = self.deadline_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        self.deadline_task = None
        due = None if self.abandoned else next_deadline(self.table)
        if due is None:
            return
        seconds = max(least, (due.at - self.moment()).total_seconds())
        try:
            self.deadline_task = asyncio.create_task(self._wake(seconds),
                                                     name=f"deadline {self.id}")
        except RuntimeError:  # no event loop (a table used outside the server)
            return

    def stop(self) -> None:
        """Stop the timer (the table leaves memory; loaded again, it starts from the log)."""
        task, self.deadline_task = self.deadline_task, None
        if task is not None and not task.done():
            task.cancel()

    async def _wake(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        # a task of its own, which arming the next deadline does not cancel
        self.tick_task = asyncio.create_task(self._tick(), name=f"tick {self.id}")

    async def _tick(self) -> None:
        try:
            await self.run(Tick(), before=self.not_abandoned)
        except Refused:  # not due after all (a clock read a moment early)
            self.arm(least=RETRY_SECONDS / 20)
        except ClientError as refused:
            log.warning("game %s: a deadline's tick was not stored: %s", self.id,
                        refused.message)
            self.arm(least=RETRY_SECONDS)

    def not_abandoned(self) -> None:
        if self.abandoned:
            raise ClientError("game_abandoned", ABANDONED)

    # ------------------------------------------------------------ listeners

    @property
    def listeners(self) -> set[Listener]:
        return self.connections.listeners

    @property
    def left_at(self) -> dict[int, datetime | None]:
        return self.connections.left_at

    def attach(self, listener: Listener) -> None:
        self.connections.attach(listener)

    def detach(self, listener: Listener) -> None:
        self.connections.detach(listener)

    def idle_countdown(self) -> dict[str, Any] | None:
        return self.connections.idle_countdown()

    async def hold_alone(self) -> None:
        """A tournament's table: a person the game waits for is idle whoever else is
        connected, and the second timeout loses the game; its idle timer starts now."""
        self.idle_alone = True
        await self.connections.tell_table()

    def changed_fair(self) -> None:
        """What the states show of the deals changed (a duplicate round's seeds may be
        shown): everyone connected gets a snapshot."""
        for listener in list(self.listeners):
            listener.push(self.snapshot(listener.seat))

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    def tell_presence(self) -> None:
        """Tell everyone connected who is, how many watch, and the idle timer."""
        self.changed()
        message = self.connections.presence()
        for listener in list(self.listeners):
            listener.push(message)

    @property
    def busy(self) -> bool:
        """Someone is connected, a command runs, or the computer is thinking."""
        return bool(self.listeners) or self.lock.locked() or self.computer.thinking

    # ------------------------------------------------------------ commands

    async def submit(self, listener: Listener, message: Message) -> None:
        """Run an ``action``, ``ready``, ``cut_choice`` or ``back`` message from
        ``listener``; answer it on its outbox (a repeated message id: the same answer)."""
        await self.messages.submit(listener, message)

    async def read_rating_changes(self) -> None:
        """Read how the end of this rated game moved its players' ratings; everyone
        connected is sent a snapshot with them."""
        try:
            changes = await asyncio.to_thread(rating_changes, self.store.engine, self.id)
        except Exception:  # the game is over all the same; a later load reads them again
            log.exception("game %s: could not read its rating changes", self.id)
            return
        self.rating_changes = changes
        self.changed_fair()

    async def reload(self) -> None:
        """Take the stored game again (another writer appended to its log)."""
        stored = await asyncio.to_thread(self.store.load, self.id)
        if stored is None:
            return
        self.seats = list(stored.seats)
        before, idle_alone = self.table, self.idle_alone
        table, self.recent = self._fold(stored, idle_alone)
        self.table = replace(table, connected=before.connected,
                             rematch_offers=before.rematch_offers)

    async def start(self) -> None:
        """Deal what is due at a game whose seats are all taken (a table of computers)."""
        if self.stage() != "waiting" or not all(s.joined for s in self.seats) or self.abandoned:
            return
        try:
            await self.run(Tick(), before=self.not_abandoned)
        except Refused:
            return

    async def come_back(self, seat: int) -> None:
        """``seat``'s player connected again: it plays again if the computer played for it."""
        if seat not in self.position.stand_in:
            return
        try:
            await self.run(Back(seat))
        except Refused:  # it came back meanwhile
            return

    async def join(self, seat: int, name: str, invite: str) -> str:
        """Take ``seat`` by its ``invite`` (once) and return the seat's new token, which only
        the joiner learns: the invite is spent. The first deal comes when every player of it
        has said ready (hand 1 too, so that their seeds go into its deck).
        """
        def unspent() -> None:
            self.not_abandoned()
            row = self.seats[seat]
            if row.joined or row.kind != "human" or not same_hash(row.token_hash,
                                                                  token_hash(invite)):
                raise ClientError("invite_spent", f"seat {seat} is taken: this invite has "
                                  "been used and no longer opens it")

        return await self.take(seat, name, unspent)

    async def claim(self, seat: int) -> str | None:
        """Take ``seat`` of a rematch for the player who held it in the game before (the
        caller has checked their token there) and return its new token; None once taken."""
        row = self.seats[seat]
        if self.rematch_of is None or row.joined or row.kind != "human" or self.abandoned:
            return None
        try:
            return await self.take(seat, row.name)
        except Refused:  # taken meanwhile
            return None

    async def take(self, seat: int, name: str, before: Callable[[], None] | None = None,
                   answer: Callable[[Applied], None] | None = None) -> str:
        """Mark ``seat`` taken by ``name`` with a new token; deal what is due."""
        token = new_token()
        await self.run(Join(seat, name), before=before, answer=answer,
                       joined=[(seat, name, token_hash(token))])
        self.tell_presence()
        if self.stage() == "waiting":  # who sits where; once every seat is taken, each
            for listener in list(self.listeners):  # client sends its seed
                listener.push(self.snapshot(listener.seat))
        return token

    def rename(self, seat: int, name: str) -> None:
        """The name ``seat`` is shown and recorded by from now on (an account deleted)."""
        self.seats[seat] = replace(self.seats[seat], name=name)
        self.table = replace(self.table, seats=tuple(
            replace(s, name=name) if s.place == seat else s for s in self.table.seats))


__all__ = ["WATCHER", "EventRef", "Listener", "Table"]
