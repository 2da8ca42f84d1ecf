"""The heart of a live table, for any number of players: the game in memory, its numbered
events, its listeners and the command queue.

A table is rebuilt from the database by replaying the game's log and then kept in
memory. Every command that changes the game (an action, ``ready``, a seat joining, a
computer move) runs under the table's lock, one at a time, in this order:

1. check the command (a :class:`ClientError` changes nothing);
2. compute the new position with the engine;
3. append the log entries to the database and commit (the appends of all tables
   share transactions: :mod:`ginrummy.server.storage.writer`);
4. only then update the memory, acknowledge the sender and broadcast the events.

If step 3 fails nothing changes in memory either, and the sender gets an error.
What a command may do is checked in :mod:`~ginrummy.server.live.commands`, the deals it
makes due in :mod:`~ginrummy.server.live.dealing`; the computer's moves and idle players
are :mod:`~ginrummy.server.live.computer_play` and :mod:`~ginrummy.server.live.idle`, and
:class:`~ginrummy.server.live.table.Table` puts them together.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Protocol

from ginrummy.agents.base import Agent
from ginrummy.core.actions import action_name
from ginrummy.core.game import Game
from ginrummy.livetable.clocks import start_clocks
from ginrummy.livetable.fairness import FairRow, draw
from ginrummy.livetable.position import Position, replay, stage, step
from ginrummy.server.live.chat import ChatRoom
from ginrummy.server.live.clock_feed import clock_rules_of, clocks_after
from ginrummy.server.live.computer import computer_name
from ginrummy.server.live.work import WorkPool
from ginrummy.server.settings import Settings
from ginrummy.server.storage.chat_store import ChatStore
from ginrummy.server.storage.db import StorageGone
from ginrummy.server.storage.game_rules import table_rules_of
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.rating_changes import rating_changes
from ginrummy.server.storage.store import (
    AppendRequest,
    ConflictError,
    LogEntry,
    SeatRow,
    Store,
    StoredGame,
)
from ginrummy.server.storage.tokens import new_token, same_hash, token_hash
from ginrummy.server.storage.writer import GroupWriter
from ginrummy.server.wire import payload
from ginrummy.server.wire.protocol import ClientError, Message, error

log = logging.getLogger(__name__)

WATCHER = -1
"""What :meth:`TableCore.authenticate` returns for the watch token."""
MAX_REMEMBERED_IDS = 512
ENTRY_OF = {"action": "play", "ready": "ready", "back": "back", "cut_choice": "choose"}
"""The log entry a client message makes."""
ABANDONED = ("nobody played this game for too long: it ended without a result "
             "(PROTOCOL.md, Adjourned games)")
RETRYABLE = frozenset({"storage"})
"""Errors not kept as the answer to a message id: nothing was decided, the same id may be
sent again and be applied."""


@dataclass(frozen=True, slots=True)
class EventRef:
    """A numbered event to render for each listener's seat when it is sent."""

    entry: LogEntry
    position: Any


Planned = tuple[list[LogEntry], dict[int, Sequence[int]]]
"""A command's log entries, and the decks of the deals among them."""


class Listener(Protocol):
    """A connection to a table: the seat it plays (None: a watcher), the chat channel it
    reads and its outbox."""

    seat: int | None
    chat_channel: str | None

    @property
    def account_id(self) -> str | None: ...

    def push(self, item: dict[str, Any] | EventRef) -> None: ...


class TableCore:
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
        self.rated = row.rated
        """Between accounts: its end updates their ratings (:mod:`.ratings`)."""
        self.deal_key = row.deal_key
        """A duplicate tournament's game: its decks are the round's (:attr:`GameRow.deal_key`)."""
        self.fair_id = row.fair_id
        self.reveals_held = False
        """A duplicate round still being played elsewhere: no server seed is shown yet."""
        self.tournament_id: str | None = None
        """The tournament whose game this is, if any (its page links back there)."""
        """In the lobby: anyone may take an open place or watch (:mod:`.open_seats`)."""
        self.sitters: dict[int, str] = {}
        self.sitter_keys: dict[int, set[str]] = {}
        """Open places taken while the server runs: place → the taker's guest id."""
        self.sent_away: set[str] = set()
        """Guest ids, ``address:…`` and ``account:…`` keys of those the creator sent away
        from this game (none of them may sit again)."""
        self.player_addresses: set[str] = set()
        """Addresses its players took or opened their seats from while the server runs (a
        watch socket from one of them is a player's: it reads no watchers' chat)."""
        self.on_change: Callable[[TableCore], None] | None = None
        """Told after every change the lobby lists (moves, seats, presence)."""
        self.idle_alone = False
        """A tournament's game: the idle rule holds even with nobody else connected."""
        self.rematch_id = stored.rematch
        self.rematch_offers: set[int] = set()
        self.rematch_lock = asyncio.Lock()
        """The seats whose players ask for a rematch of this finished game (not stored: an
        offer lapses when the server restarts)."""
        self.seats = list(stored.seats)
        self.decks: dict[int, tuple[int, ...]] = dict(stored.decks)
        self.fair: dict[int, FairRow] = dict(stored.fair)
        """Each hand's seeds (:mod:`ginrummy.server.storage.fairness`)."""
        self.staged_fair: dict[int, FairRow] = {}
        """Seeds drawn or given by the command being checked, written with its entries."""
        self.store = store
        self.writer = writer
        """Appends go through the server's group commit; without one, one thread each."""
        self.settings = settings
        self.work = work
        """Where the expensive computer levels think (without one: a thread each)."""
        positions = self._replay_stored(stored)
        self.position: Position = positions[-1]
        self.n = len(stored.log)
        self.recent: deque[tuple[LogEntry, Position]] = deque(
            zip(stored.log, positions[1:], strict=True), maxlen=settings.replay_buffer
        )
        self.answers: dict[int, OrderedDict[str, dict[str, Any]]] = {
            s.seat: OrderedDict() for s in self.seats}
        for entry in stored.log:
            if entry.client_id is not None and entry.seat is not None:
                self._remember(entry.seat, entry.client_id, ack_of(entry))
        self.listeners: set[Listener] = set()
        self.chat = ChatRoom(self.id, ChatStore(store.engine), store.mutes,
                             lambda: self.listeners, lambda: self.n)
        """The players' and the watchers' chat (:mod:`.chat`)."""
        self.lock = asyncio.Lock()
        self.computer_seat = next((s.seat for s in self.seats if s.kind == "computer"), None)
        self.agents: dict[int, Agent] = {}
        self.agent_name: str | None = None
        self.computer_task: asyncio.Task[None] | None = None
        self.storage_retry = 0.0
        """Seconds the computer waits before trying again a move the database refused."""
        self.idle_task: asyncio.Task[None] | None = None
        self.idle_armed: tuple[int, int] | None = None
        """(seat, event number) the running idle timer started at."""
        self.idle_since = 0.0
        """When (the event loop's clock) the running idle timer started."""
        self.stand_in_task: asyncio.Task[None] | None = None
        self.clock_rules = clock_rules_of(row.clock)
        """The players' clock, if the game has one (:mod:`.clock_timer`)."""
        self.clocks = None if self.clock_rules is None else clocks_after(
            start_clocks(self.clock_rules, self.game.players), self.clock_rules, stored.log,
            positions[1:], self.seats)
        self.clock_task: asyncio.Task[None] | None = None
        self.run_out_task: asyncio.Task[None] | None = None
        self.updated_at = row.updated_at
        """When the game last changed (a move, a seat taken), as ``games.updated_at``."""
        self.abandoned = row.status == "abandoned"
        """Nobody played it for too long: it ended without a result (:mod:`.adjourn`)."""
        self.left_at: dict[int, datetime | None] = {
            s.seat: s.left_at for s in self.seats if s.kind == "human"}
        """When each person's last connection to the game closed (None: connected, or never
        was); kept in ``seats.left_at`` too."""
        self.presence_writes: set[asyncio.Task[None]] = set()
        self.rating_changes: list[dict[str, Any]] | None = None
        """A finished rated game: how it moved each player's rating (read once it ended)."""
        self.rating_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------ what the game says

    def _replay_stored(self, stored: StoredGame) -> list[Position]:
        """Every position of the stored log (index ``n``: after ``n`` entries)."""
        self.table_rules = table_rules_of(stored.row.rules)
        self.rules = self.table_rules.rules
        return replay(self.table_rules, stored.row.cut, stored.decks, stored.log)

    @property
    def game(self) -> Game:
        return self.position.game

    def rematch_said(self, declined_by: int | None = None) -> dict[str, Any]:
        """What a finished game between people says about its rematch (state and message)."""
        said: dict[str, Any] = {"offers": sorted(self.rematch_offers), "game_id": self.rematch_id}
        if declined_by is not None:
            said["declined_by"] = declined_by
        return said

    def stage(self) -> str:
        return stage(self.position.game)

    # ------------------------------------------------------------ what the other parts do

    def state(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a watcher) sees now."""
        raise NotImplementedError

    def render_event(self, ref: EventRef, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def _check_action(self, seat: int, message: Message, offset: int = 0) -> Planned:
        raise NotImplementedError

    def _check_ready(self, seat: int, message: Message, offset: int = 0) -> Planned:
        raise NotImplementedError

    def _check_cut_choice(self, seat: int, message: Message, offset: int = 0) -> Planned:
        raise NotImplementedError

    def _deals_on_join(self, seq: int) -> Planned:
        """The deals due once every seat is taken: those whose players need not say ready."""
        raise NotImplementedError

    def _after_commit_checks(self, final: Position, staged: dict[int, FairRow],
                             seats: Sequence[SeatRow]) -> tuple[str, dict[str, Any], str | None]:
        """(status, summary, record or None) of the game at ``final``; ``staged`` may get the
        seeds of an upcoming hand, drawn now so that they are stored before anyone sees it."""
        raise NotImplementedError

    def kick(self) -> None:
        """Start the computer's move loop if the computer is to act somewhere."""
        raise NotImplementedError

    def arm_idle(self) -> None:
        """(Re)start the idle timer of the seat the game now waits for, if any."""
        raise NotImplementedError

    def arm_clock(self) -> None:
        """(Re)start the timer of the running clock that runs out first, if any."""
        raise NotImplementedError

    # ------------------------------------------------------------ facts

    def info(self) -> payload.TableInfo:
        connected = {listener.seat for listener in self.listeners}
        return payload.TableInfo(
            game_id=self.id,
            kind=self.kind,
            level=self.level,
            computer=self.agent_name if self.agent_name is not None else (
                None if self.computer_seat is None else computer_name(self.level or 1)
            ),
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

    def stored_events(self, stored: StoredGame, since: int, limit: int,
                      seat: int | None) -> list[dict[str, Any]]:
        """Events ``since + 1`` to ``since + limit`` of ``stored`` (this game, read from the
        database: it reaches back past :attr:`recent`) as ``seat`` receives them."""
        positions = self._replay_stored(stored)
        return [self.render_event(EventRef(entry, positions[entry.seq]), seat)
                for entry in stored.log[since:since + limit]]

    # ------------------------------------------------------------ listeners

    def attach(self, listener: Listener) -> None:
        self.listeners.add(listener)
        self._note_left(listener.seat)
        self.arm_idle()
        self.arm_clock()
        self._presence()

    def detach(self, listener: Listener) -> None:
        self.listeners.discard(listener)
        self._note_left(listener.seat)
        self.arm_idle()
        self._presence()

    def _note_left(self, seat: int | None) -> None:
        """Keep when a person's last connection closed (None again once one is open), in
        memory and in the database (in order: the group writer's one thread)."""
        if seat is None or seat not in self.left_at:
            return
        here = any(listener.seat == seat for listener in self.listeners)
        if here == (self.left_at[seat] is None):
            return
        at = None if here else now()
        self.left_at[seat] = at
        write = (self.writer.run(self.store.note_left, self.id, seat, at)
                 if self.writer is not None
                 else asyncio.to_thread(self.store.note_left, self.id, seat, at))
        try:
            task = asyncio.ensure_future(self._kept(write))
        except RuntimeError:  # no event loop (a table used outside the server)
            return
        self.presence_writes.add(task)
        task.add_done_callback(self.presence_writes.discard)

    async def _kept(self, write: Awaitable[None]) -> None:
        try:
            await write
        except Exception:  # the memory still knows; only a restart would forget it
            log.exception("game %s: could not note who left", self.id)

    def idle_countdown(self) -> dict[str, Any] | None:
        """The running idle timer as ``{seat, seconds}`` (seconds left before the computer
        plays for that seat), or None."""
        armed, task = self.idle_armed, self.idle_task
        limit = self.settings.idle_seconds
        if armed is None or task is None or task.done() or not limit:
            return None
        left = max(0.0, self.idle_since + limit - asyncio.get_running_loop().time())
        return {"seat": armed[0], "seconds": round(left, 1)}

    def changed_fair(self) -> None:
        """What the states show of the deals changed (a duplicate round's seeds may be
        shown): everyone connected gets a snapshot."""
        for listener in list(self.listeners):
            listener.push(self.snapshot(listener.seat))

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    def _presence(self) -> None:
        self.changed()
        seats = [{"seat": s.seat, "connected": s.connected} for s in self.info().seats]
        watchers = sum(1 for listener in self.listeners if listener.seat is None)
        message = {"type": "presence", "n": self.n, "seats": seats, "idle": self.idle_countdown(),
                   "watchers": watchers}
        for listener in list(self.listeners):
            listener.push(message)

    @property
    def busy(self) -> bool:
        """Someone is connected, a command runs, or the computer is thinking."""
        task = self.computer_task
        return bool(self.listeners) or self.lock.locked() or (task is not None and not task.done())

    # ------------------------------------------------------------ commands

    async def submit(self, listener: Listener, message: Message) -> None:
        """Run an ``action``, ``ready`` or ``back`` message from ``listener``; answer it on its
        outbox."""
        seat = listener.seat
        async with self.lock:
            if seat is None:
                listener.push(error("read_only", "this is a watch link: it cannot act", n=self.n,
                                    ident=message.id))
                return
            if message.id is not None and message.id in self.answers[seat]:
                listener.push({**self.answers[seat][message.id], "duplicate": True})
                return
            if self.abandoned:
                listener.push(error("game_abandoned", ABANDONED, n=self.n, ident=message.id))
                return
            self.staged_fair = {}
            try:
                back = self._back_entries(seat, message)
                if message.type == "action":
                    entries, decks = self._check_action(seat, message, len(back))
                elif message.type == "ready":
                    entries, decks = self._check_ready(seat, message, len(back))
                elif message.type == "cut_choice":
                    entries, decks = self._check_cut_choice(seat, message, len(back))
                else:
                    entries, decks = [], {}
                entries = back + entries
                await self._commit(entries, decks)
            except ClientError as refused:
                answer = error(refused.code, refused.message, n=self.n, ident=message.id)
                if message.id is not None and refused.code not in RETRYABLE:
                    self._remember(seat, message.id, answer)
                listener.push(answer)
                if refused.code in ("stale", "conflict", "stale_commitment"):
                    listener.push(self.snapshot(seat))
                return
            kind = ENTRY_OF[message.type]
            own = next(e for e in entries if e.seat == seat and e.kind == kind)
            answer = ack_of(own)
            if message.id is not None:
                self._remember(seat, message.id, answer)
            listener.push(answer)
            self._broadcast(entries)
        self.kick()

    def _remember(self, seat: int, ident: str, answer: dict[str, Any]) -> None:
        answers = self.answers[seat]
        answers[ident] = {k: v for k, v in answer.items() if k != "duplicate"}
        while len(answers) > MAX_REMEMBERED_IDS:
            answers.popitem(last=False)

    def _back_entries(self, seat: int, message: Message) -> list[LogEntry]:
        """A ``back`` entry if the computer plays for ``seat``: any message of it takes over."""
        if seat not in self.position.stand_in:
            if message.type == "back":
                raise ClientError("not_away", f"seat {seat} is playing: the computer is not "
                                              "playing for it")
            return []
        ident = message.id if message.type == "back" else None
        return [LogEntry(self.n + 1, "back", seat, None, ident)]

    def _fair_row(self, number: int) -> FairRow:
        """Hand ``number``'s seeds: as staged, as stored, or a server seed drawn now."""
        row = self.staged_fair.get(number) or self.fair.get(number)
        if row is None:
            row = draw(self.settings.rng, number)
            self.staged_fair[number] = row
        return row

    def _preview(self, entries: Sequence[LogEntry],
                 decks: dict[int, Sequence[int]]) -> list[Position]:
        all_decks: dict[int, Sequence[int]] = {**self.decks, **decks}
        positions = []
        position = self.position
        for entry in entries:
            position = step(position, entry, all_decks)
            positions.append(position)
        return positions

    async def _commit(
        self,
        entries: Sequence[LogEntry],
        decks: dict[int, Sequence[int]],
        joined: Sequence[tuple[int, str, str]] = (),
    ) -> None:
        """Write ``entries`` to the log, then apply them in memory. Call under the lock."""
        positions = self._preview(entries, decks)
        final = positions[-1] if positions else self.position
        taken = {seat: (name, digest) for seat, name, digest in joined}
        seats = [replace(s, joined=True, name=taken[s.seat][0], token_hash=taken[s.seat][1],
                         invite_hash=s.token_hash) if s.seat in taken else s
                 for s in self.seats]
        staged, self.staged_fair = self.staged_fair, {}
        status, summary, record = self._after_commit_checks(final, staged, seats)
        fair = self.fair | staged
        request = AppendRequest(self.id, self.n, list(entries), dict(decks), status, summary,
                                list(joined), record, list(staged.values()))
        try:
            if self.writer is not None:
                await self.writer.append(request)
            else:
                await asyncio.to_thread(self.store.append, *request.arguments())
        except ConflictError:
            log.warning("game %s: log conflict; reloading", self.id)
            await self.reload()
            raise ClientError("conflict", "the game changed meanwhile; see the snapshot") from None
        except StorageGone as gone:
            log.error("game %s: %d entries not stored: %s", self.id, len(entries), gone)
            raise ClientError("storage", f"{gone.public}: nothing was saved; send the same "
                                         "message again later") from None
        except Exception as failure:
            log.exception("game %s: could not store %d entries", self.id, len(entries))
            raise ClientError("storage", f"the database refused the action: "
                                         f"{type(failure).__name__}") from None
        self.decks.update({k: tuple(v) for k, v in decks.items()})
        self.fair = fair
        self.seats = seats
        self.recent.extend(zip(entries, positions, strict=True))
        self.position = final
        self.n += len(entries)
        self.updated_at = now()
        if self.clocks is not None and self.clock_rules is not None:
            self.clocks = clocks_after(self.clocks, self.clock_rules, entries, positions,
                                       seats)
        self.arm_idle()
        self.arm_clock()
        self.changed()
        if record is not None and self.rated:
            self.rating_task = asyncio.create_task(self.read_rating_changes(),
                                                   name=f"ratings {self.id}")

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
        stored = await asyncio.to_thread(self.store.load, self.id)
        if stored is None:
            return
        fresh = type(self)(stored, self.store, self.settings)
        self.seats, self.decks, self.fair = fresh.seats, fresh.decks, fresh.fair
        self.position, self.n, self.recent = fresh.position, fresh.n, fresh.recent
        self.clocks = fresh.clocks

    def _broadcast(self, entries: Sequence[LogEntry]) -> None:
        refs = [EventRef(entry, position) for entry, position in self.recent
                if entry.seq > self.n - len(entries)]
        for listener in list(self.listeners):
            for ref in refs:
                listener.push(ref)

    async def start(self) -> None:
        """Deal what is due at a game whose seats are all taken (a table of computers)."""
        async with self.lock:
            if self.stage() != "waiting" or not all(s.joined for s in self.seats) or (
                    self.abandoned):
                return
            self.staged_fair = {}
            entries, decks = self._deals_on_join(self.n + 1)
            if not entries:
                return
            await self._commit(entries, decks)
            self._broadcast(entries)
        self.kick()

    async def join(self, seat: int, name: str, invite: str) -> str:
        """Take ``seat`` by its ``invite`` (once) and return the seat's new token, which only
        the joiner learns: the invite is spent. The first deal comes when every player of it
        has said ready (hand 1 too, so that their seeds go into its deck).
        """
        async with self.lock:
            if self.abandoned:
                raise ClientError("game_abandoned", ABANDONED)
            row = self.seats[seat]
            if row.joined or row.kind != "human" or not same_hash(row.token_hash,
                                                                  token_hash(invite)):
                raise ClientError("invite_spent", f"seat {seat} is taken: this invite has "
                                  "been used and no longer opens it")
            token = await self._take(seat, name)
        self.kick()
        return token

    async def claim(self, seat: int) -> str | None:
        """Take ``seat`` of a rematch for the player who held it in the game before (the
        caller has checked their token there) and return its new token; None once taken."""
        async with self.lock:
            row = self.seats[seat]
            if self.rematch_of is None or row.joined or row.kind != "human" or self.abandoned:
                return None
            token = await self._take(seat, row.name)
        self.kick()
        return token

    async def _take(self, seat: int, name: str) -> str:
        """Mark ``seat`` taken by ``name`` with a new token (under the lock); deal what is due."""
        self.staged_fair = {}
        entries: list[LogEntry] = []
        decks: dict[int, Sequence[int]] = {}
        humans_joined = all(s.joined or s.seat == seat for s in self.seats)
        if humans_joined and self.stage() == "waiting":
            entries, decks = self._deals_on_join(self.n + 1)
        token = new_token()
        await self._commit(entries, decks, [(seat, name, token_hash(token))])
        self._broadcast(entries)
        self._presence()
        if self.stage() == "waiting":  # who sits where; once every seat is taken, each
            for listener in list(self.listeners):  # client sends its seed
                listener.push(self.snapshot(listener.seat))
        return token

    # ------------------------------------------------------------ the computer

def ack_of(entry: LogEntry) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "ack", "n": entry.seq, "kind": entry.kind}
    if entry.kind == "play" and entry.action is not None:
        out["action"] = action_name(entry.action)
    if entry.client_id is not None:
        out["id"] = entry.client_id
    return out
