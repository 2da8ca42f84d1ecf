"""A live game in memory: one command queue, numbered events, the computer's moves.

A :class:`Table` is rebuilt from the database by replaying the game's log
(:mod:`ginrummy.server.replay`) and then kept in memory. Every command that
changes the game (an action, ``ready``, a seat joining, a computer move) runs
under the table's lock, one at a time, in this order:

1. check the command (a :class:`ClientError` changes nothing);
2. compute the new position with the engine;
3. append the log entries to the database and commit (the appends of all tables
   share transactions: :mod:`ginrummy.server.writer`);
4. only then update the memory, acknowledge the sender and broadcast the events.

If step 3 fails nothing changes in memory either, and the sender gets an error.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ginrummy.actions import ActionError, action_name, parse_action
from ginrummy.agents.base import Agent
from ginrummy.agents.random_agent import RandomAgent
from ginrummy.game import Game, GameError, GamePhase
from ginrummy.hand import IllegalActionError
from ginrummy.rules import Rules
from ginrummy.server import payload
from ginrummy.server.computer import computer_agent, computer_name
from ginrummy.server.fairness import FairRow, deck_of, draw
from ginrummy.server.protocol import ClientError, Message, error
from ginrummy.server.records import canonical_record
from ginrummy.server.replay import Position, ReplayError, replay, stage, step
from ginrummy.server.settings import Settings
from ginrummy.server.store import (
    AppendRequest,
    ConflictError,
    LogEntry,
    SeatRow,
    Store,
    StoredGame,
)
from ginrummy.server.tokens import same_hash, token_hash
from ginrummy.server.writer import GroupWriter
from ginrummy.views import view_of

log = logging.getLogger(__name__)

WATCHER = -1
"""What :meth:`Table.authenticate` returns for the watch token."""
MAX_REMEMBERED_IDS = 512
STAND_IN_LEVEL = 2
"""The computer level that plays for an idle player."""
ENTRY_OF = {"action": "play", "ready": "ready", "back": "back"}
"""The log entry a client message makes."""


@dataclass(frozen=True, slots=True)
class EventRef:
    """A numbered event to render for each listener's seat when it is sent."""

    entry: LogEntry
    position: Position


class Listener(Protocol):
    """A connection to a table: the seat it plays (None: a watcher) and its outbox."""

    seat: int | None

    def push(self, item: dict[str, Any] | EventRef) -> None: ...


def summary(position: Position, seats: Sequence[SeatRow]) -> dict[str, Any]:
    """The facts of a game shown in a list of games (kept in ``games.summary``)."""
    game = position.game
    return {
        "stage": stage(game),
        "hand_number": game.hand_number if game.hand is not None else len(game.finished),
        "totals": list(game.points),
        "to_act": game.to_act,
        "ready": sorted(position.ready),
        "winner": game.winner,
        "end_reason": game.end_reason,
        "names": [s.name for s in seats],
    }


def status_of(position: Position) -> str:
    st = stage(position.game)
    return "waiting" if st == "waiting" else "over" if st == "over" else "active"


class Table:
    def __init__(self, stored: StoredGame, store: Store, settings: Settings,
                 writer: GroupWriter | None = None) -> None:
        row = stored.row
        self.id = row.id
        self.kind = row.kind
        self.level = row.level
        self.created_at = row.created_at
        self.watch_hash = row.watch_hash
        self.rules = Rules.from_dict(row.rules)
        self.seats = list(stored.seats)
        self.decks: dict[int, tuple[int, ...]] = dict(stored.decks)
        self.fair: dict[int, FairRow] = dict(stored.fair)
        """Each hand's seeds (:mod:`ginrummy.server.fairness`)."""
        self.staged_fair: dict[int, FairRow] = {}
        """Seeds drawn or given by the command being checked, written with its entries."""
        self.store = store
        self.writer = writer
        """Appends go through the server's group commit; without one, one thread each."""
        self.settings = settings
        positions = replay(self.rules, row.cut, stored.decks, stored.log)
        self.position = positions[-1]
        self.n = len(stored.log)
        self.recent: deque[tuple[LogEntry, Position]] = deque(
            zip(stored.log, positions[1:], strict=True), maxlen=settings.replay_buffer
        )
        self.break_n = self._break_start(stored.log, positions)
        self.answers: dict[int, OrderedDict[str, dict[str, Any]]] = {0: OrderedDict(),
                                                                      1: OrderedDict()}
        for entry in stored.log:
            if entry.client_id is not None and entry.seat is not None:
                self._remember(entry.seat, entry.client_id, _ack(entry))
        self.listeners: set[Listener] = set()
        self.lock = asyncio.Lock()
        self.computer_seat = next((s.seat for s in self.seats if s.kind == "computer"), None)
        self.agent: Agent | None = None
        self.agent_name: str | None = None
        self.computer_task: asyncio.Task[None] | None = None
        self.idle_task: asyncio.Task[None] | None = None
        self.stand_in_task: asyncio.Task[None] | None = None
        self.stand_in_agents: dict[int, Agent] = {}

    @staticmethod
    def _break_start(entries: Sequence[LogEntry], positions: Sequence[Position]) -> int:
        """The event number at which the current break between hands began (0 if none)."""
        for index in range(len(positions) - 1, 0, -1):
            if positions[index - 1].game.phase is GamePhase.IN_HAND:
                return entries[index - 1].seq
        return 0

    # ------------------------------------------------------------ facts

    @property
    def game(self) -> Game:
        return self.position.game

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
        )

    def snapshot(self, seat: int | None) -> dict[str, Any]:
        position = self.position
        return {
            "type": "snapshot",
            "n": self.n,
            "state": payload.state_payload(self.info(), position.game, position.ready, self.n,
                                           seat, position.stand_in, self.fair),
        }

    def state(self, seat: int | None) -> dict[str, Any]:
        return payload.state_payload(self.info(), self.position.game, self.position.ready,
                                     self.n, seat, self.position.stand_in, self.fair)

    def authenticate(self, token: str | None) -> int | None:
        """The seat (0, 1) that ``token`` holds, :data:`WATCHER`, or None."""
        if not token:
            return None
        digest = token_hash(token)
        for seat in self.seats:
            if same_hash(seat.token_hash, digest):
                return seat.seat
        return WATCHER if same_hash(self.watch_hash, digest) else None

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

    # ------------------------------------------------------------ listeners

    def attach(self, listener: Listener) -> None:
        self.listeners.add(listener)
        self._presence()
        self.arm_idle()

    def detach(self, listener: Listener) -> None:
        self.listeners.discard(listener)
        self._presence()
        self.arm_idle()

    def _presence(self) -> None:
        seats = [{"seat": s.seat, "connected": s.connected} for s in self.info().seats]
        message = {"type": "presence", "n": self.n, "seats": seats}
        for listener in list(self.listeners):
            listener.push(message)

    @property
    def busy(self) -> bool:
        """Someone is connected, a command runs, or the computer is thinking."""
        task = self.computer_task
        return bool(self.listeners) or self.lock.locked() or (task is not None and not task.done())

    # ------------------------------------------------------------ commands

    async def submit(self, listener: Listener, message: Message) -> None:
        """Run an ``action`` or ``ready`` message from ``listener``; answer it on its outbox."""
        seat = listener.seat
        async with self.lock:
            if seat is None:
                listener.push(error("read_only", "this is a watch link: it cannot act", n=self.n,
                                    ident=message.id))
                return
            if message.id is not None and message.id in self.answers[seat]:
                listener.push({**self.answers[seat][message.id], "duplicate": True})
                return
            self.staged_fair = {}
            try:
                back = self._back_entries(seat, message)
                if message.type == "action":
                    entries, decks = self._check_action(seat, message, len(back))
                elif message.type == "ready":
                    entries, decks = self._check_ready(seat, message, len(back))
                else:
                    entries, decks = [], {}
                entries = back + entries
                await self._commit(entries, decks)
            except ClientError as refused:
                answer = error(refused.code, refused.message, n=self.n, ident=message.id)
                if message.id is not None:
                    self._remember(seat, message.id, answer)
                listener.push(answer)
                if refused.code in ("stale", "conflict"):
                    listener.push(self.snapshot(seat))
                return
            kind = ENTRY_OF[message.type]
            own = next(e for e in entries if e.seat == seat and e.kind == kind)
            answer = _ack(own)
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

    def _refuse_stage(self, game: Game, wanted: str) -> None:
        st = stage(game)
        if st == wanted:
            return
        if st == "over":
            raise ClientError("game_over", f"the game is over ({game.end_reason})")
        if st == "waiting":
            raise ClientError("not_started", "the game has not started: the invited player "
                                             "has not joined yet")
        if st == "between_hands":
            raise ClientError("no_hand", f"hand {len(game.finished)} is over; send ready for "
                                         "the next one")
        raise ClientError("in_hand", f"hand {game.hand_number} is being played")

    def _back_entries(self, seat: int, message: Message) -> list[LogEntry]:
        """A ``back`` entry if the computer plays for ``seat``: any message of it takes over."""
        if seat not in self.position.stand_in:
            if message.type == "back":
                raise ClientError("not_away", f"seat {seat} is playing: the computer is not "
                                              "playing for it")
            return []
        ident = message.id if message.type == "back" else None
        return [LogEntry(self.n + 1, "back", seat, None, ident)]

    def _check_action(
        self, seat: int, message: Message, offset: int = 0
    ) -> tuple[list[LogEntry], dict[int, Sequence[int]]]:
        game = self.position.game
        if message.expect != self.n:
            raise ClientError(
                "stale", f"expect is {message.expect} but the latest event is {self.n}"
            )
        self._refuse_stage(game, "hand")
        raw = message.action
        if isinstance(raw, str):
            try:
                action = parse_action(raw)
            except ActionError as refused:
                raise ClientError("bad_action", str(refused)) from None
        else:
            assert isinstance(raw, int)
            action = raw
            try:
                action_name(action)
            except ActionError as refused:
                raise ClientError("bad_action", str(refused)) from None
        if game.to_act != seat:
            raise ClientError(
                "not_your_turn",
                f"seat {game.to_act} is to act, not seat {seat} ({action_name(action)})",
            )
        entries = self._time_entries(self.n + offset + 1)
        entries.append(LogEntry(self.n + offset + len(entries) + 1, "play", seat, action,
                                message.id))
        try:
            self._preview(entries, {})
        except (IllegalActionError, GameError) as refused:
            raise ClientError("illegal_action", str(refused)) from None
        return entries, {}

    def _check_ready(
        self, seat: int, message: Message, offset: int = 0
    ) -> tuple[list[LogEntry], dict[int, Sequence[int]]]:
        game = self.position.game
        self._refuse_stage(game, "between_hands")
        if message.expect is not None and message.expect < self.break_n:
            raise ClientError(
                "stale", f"expect is {message.expect} but hand {len(game.finished)} ended "
                f"at event {self.break_n}"
            )
        if seat in self.position.ready:
            raise ClientError("already_ready", f"seat {seat} is already ready for hand "
                                               f"{game.hand_number}")
        entries = [LogEntry(self.n + offset + 1, "ready", seat, None, message.id)]
        if message.seed is not None:
            row = self._fair_row(game.hand_number).with_seed(seat, message.seed)
            self.staged_fair[row.hand_number] = row
        more, decks = self._deal_if_ready(self.position.ready | {seat},
                                          self.position.stand_in - {seat},
                                          self.n + offset + 2)
        return entries + more, decks

    def _deal_if_ready(
        self, ready: frozenset[int], stand_in: frozenset[int], seq: int
    ) -> tuple[list[LogEntry], dict[int, Sequence[int]]]:
        """The next deal if every human seat the computer does not play for is ready."""
        humans = {s.seat for s in self.seats if s.kind == "human"} - stand_in
        if humans <= ready:
            return self._deal_entries(seq)
        return [], {}

    def _time_entries(self, seq: int) -> list[LogEntry]:
        """A ``time_up`` entry if the time limit (R31) has passed and was not logged yet."""
        game = self.position.game
        limit = self.rules.time_limit_minutes
        if limit is None or game.time_is_up or game.is_over:
            return []
        elapsed = (self.settings.clock() - self.created_at.timestamp()) / 60
        return [LogEntry(seq, "time_up")] if elapsed >= limit else []

    def _deal_entries(self, seq: int) -> tuple[list[LogEntry], dict[int, Sequence[int]]]:
        """Deal the next hand from a fresh deck (or end the game if the time is up)."""
        entries = self._time_entries(seq)
        if entries:
            return entries, {}
        number = self.position.game.hand_number
        deck = deck_of(self._fair_row(number), self.id)
        return [LogEntry(seq, "deal", None, number)], {number: deck}

    def _fair_row(self, number: int) -> FairRow:
        """Hand ``number``'s seeds: as staged, as stored, or a server seed drawn now."""
        row = self.staged_fair.get(number) or self.fair.get(number)
        if row is None:
            row = draw(self.settings.rng, number)
            self.staged_fair[number] = row
        return row

    def _preview(
        self, entries: Sequence[LogEntry], decks: dict[int, Sequence[int]]
    ) -> list[Position]:
        all_decks = {**self.decks, **decks}
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
        joined: Sequence[tuple[int, str]] = (),
    ) -> None:
        """Write ``entries`` to the log, then apply them in memory. Call under the lock."""
        positions = self._preview(entries, decks)
        final = positions[-1] if positions else self.position
        names = dict(joined)
        seats = [replace(s, joined=True, name=names[s.seat]) if s.seat in names else s
                 for s in self.seats]
        staged, self.staged_fair = self.staged_fair, {}
        upcoming = final.game.hand_number
        if stage(final.game) == "between_hands" and upcoming not in self.fair | staged:
            staged[upcoming] = draw(self.settings.rng, upcoming)  # committed before any ready
        fair = self.fair | staged
        record = None
        if final.game.is_over and not self.position.game.is_over:
            record = canonical_record(self.id, self.kind, self.level,
                                      [(s.kind, s.name) for s in seats], final.game, fair)
        request = AppendRequest(self.id, self.n, list(entries), dict(decks), status_of(final),
                                summary(final, seats), list(joined), record,
                                list(staged.values()))
        try:
            if self.writer is not None:
                await self.writer.append(request)
            else:
                await asyncio.to_thread(self.store.append, *request.arguments())
        except ConflictError:
            log.warning("game %s: log conflict; reloading", self.id)
            await self.reload()
            raise ClientError("conflict", "the game changed meanwhile; see the snapshot") from None
        except Exception as failure:
            log.exception("game %s: could not store %d entries", self.id, len(entries))
            raise ClientError("storage", f"the database refused the action: "
                                         f"{type(failure).__name__}") from None
        self.decks.update({k: tuple(v) for k, v in decks.items()})
        self.fair = fair
        self.seats = seats
        previous = self.position
        for entry, position in zip(entries, positions, strict=True):
            if previous.game.phase is GamePhase.IN_HAND and position.game.phase is not (
                GamePhase.IN_HAND
            ):
                self.break_n = entry.seq
            self.recent.append((entry, position))
            previous = position
        self.position = final
        self.n += len(entries)
        self.arm_idle()

    async def reload(self) -> None:
        stored = await asyncio.to_thread(self.store.load, self.id)
        if stored is None:
            return
        fresh = Table(stored, self.store, self.settings)
        self.seats, self.decks, self.fair = fresh.seats, fresh.decks, fresh.fair
        self.position, self.n, self.recent = fresh.position, fresh.n, fresh.recent
        self.break_n = fresh.break_n

    def _broadcast(self, entries: Sequence[LogEntry]) -> None:
        refs = [EventRef(entry, position) for entry, position in self.recent
                if entry.seq > self.n - len(entries)]
        for listener in list(self.listeners):
            for ref in refs:
                listener.push(ref)

    async def join(self, seat: int, name: str) -> None:
        """Take ``seat`` for a player (once); the first hand is dealt when both seats are taken."""
        async with self.lock:
            self.staged_fair = {}
            row = self.seats[seat]
            if row.joined or row.kind != "human":
                return
            entries: list[LogEntry] = []
            decks: dict[int, Sequence[int]] = {}
            humans_joined = all(s.joined or s.seat == seat for s in self.seats)
            if humans_joined and stage(self.position.game) == "waiting":
                entries, decks = self._deal_entries(self.n + 1)
            await self._commit(entries, decks, [(seat, name)])
            self._broadcast(entries)
            self._presence()
        self.kick()

    # ------------------------------------------------------------ the computer

    def computer_seats(self) -> frozenset[int]:
        """The seats the computer plays: its own, and those of idle players."""
        own = frozenset() if self.computer_seat is None else frozenset({self.computer_seat})
        return own | self.position.stand_in

    def kick(self) -> None:
        """Start the computer's move loop if it is the computer's turn."""
        if self.position.game.to_act not in self.computer_seats():
            return
        task = self.computer_task
        if task is None or task.done():
            self.computer_task = asyncio.create_task(self._computer_loop(),
                                                     name=f"computer {self.id}")

    async def _computer_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.computer_delay)
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
        if seat != self.computer_seat:
            if seat not in self.stand_in_agents:
                seed = self.settings.rng.getrandbits(63)
                self.stand_in_agents[seat] = computer_agent(STAND_IN_LEVEL, seed)[0]
            return self.stand_in_agents[seat]
        if self.agent is None:
            seed = self.settings.rng.getrandbits(63)
            self.agent, self.agent_name = computer_agent(self.level or 1, seed)
        return self.agent

    async def _computer_move(self) -> bool:
        """Make one computer move; True if the computer is to act again."""
        async with self.lock:
            game = self.position.game
            seat = game.to_act
            if seat is None or seat not in self.computer_seats() or game.hand is None:
                return False
            self.staged_fair = {}
            view = view_of(game.hand, seat)
            agent = self._ensure_agent(seat)
            try:
                action = await asyncio.to_thread(agent.choose, view)
                if action not in view.legal:
                    raise IllegalActionError(f"{agent.name} chose {action!r}, not legal")
            except Exception:
                log.exception("game %s: agent %s failed; playing at random", self.id, agent.name)
                action = RandomAgent(self.settings.rng.getrandbits(63)).choose(view)
            entries = self._time_entries(self.n + 1)
            entries.append(LogEntry(self.n + len(entries) + 1, "play", seat, int(action)))
            try:
                await self._commit(entries, {})
            except ClientError as refused:
                log.error("game %s: computer move not stored: %s", self.id, refused.message)
                self._broadcast_error(refused)
                return False
            self._broadcast(entries)
            return self.position.game.to_act in self.computer_seats()

    # ------------------------------------------------------------ idle players

    def idle_seat(self) -> int | None:
        """The seat whose player the game waits for while the other player is connected.

        Only between two people: against the computer nobody waits.
        """
        if self.kind != "friend":
            return None
        game = self.position.game
        humans = {s.seat for s in self.seats if s.kind == "human"} - self.position.stand_in
        current = stage(game)
        waited: set[int]
        if current == "hand":
            waited = {seat for seat in humans if seat == game.to_act}
        elif current == "between_hands":
            waited = humans - self.position.ready
        else:
            return None
        connected = {listener.seat for listener in self.listeners}
        if len(waited) != 1 or not (humans - waited) & connected:
            return None
        return next(iter(waited))

    def arm_idle(self) -> None:
        """(Re)start the idle timer of the seat the game now waits for, if any."""
        limit = self.settings.idle_seconds
        task = self.idle_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        self.idle_task = None
        seat = self.idle_seat()
        if not limit or seat is None:
            return
        self.idle_task = asyncio.create_task(self._idle_after(limit, self.n, seat),
                                             name=f"idle {self.id}")

    async def _idle_after(self, limit: float, n: int, seat: int) -> None:
        await asyncio.sleep(limit)
        self.stand_in_task = asyncio.create_task(self._stand_in(n, seat),  # not cancelled by
                                                 name=f"stand in {self.id}")  # arm_idle

    async def come_back(self, seat: int) -> None:
        """``seat``'s player connected again: it plays again if the computer played for it."""
        async with self.lock:
            if seat not in self.position.stand_in:
                return
            self.staged_fair = {}
            entries = [LogEntry(self.n + 1, "back", seat)]
            await self._commit(entries, {})
            self._broadcast(entries)

    async def _stand_in(self, n: int, seat: int) -> None:
        """The computer plays for ``seat`` from now on (logged, and told to everyone)."""
        async with self.lock:
            if self.n != n or self.idle_seat() != seat:
                return
            self.staged_fair = {}
            entries = [LogEntry(self.n + 1, "idle", seat)]
            decks: dict[int, Sequence[int]] = {}
            if stage(self.position.game) == "between_hands":
                more, decks = self._deal_if_ready(self.position.ready,
                                                  self.position.stand_in | {seat}, self.n + 2)
                entries.extend(more)
            try:
                await self._commit(entries, decks)
            except ClientError as refused:
                log.warning("game %s: could not note seat %d idle: %s", self.id, seat,
                            refused.message)
                return
            self._broadcast(entries)
        self.kick()

    def _broadcast_error(self, refused: ClientError) -> None:
        for listener in list(self.listeners):
            listener.push(error("computer_error", refused.message, n=self.n))


def _ack(entry: LogEntry) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "ack", "n": entry.seq, "kind": entry.kind}
    if entry.kind == "play" and entry.action is not None:
        out["action"] = action_name(entry.action)
    if entry.client_id is not None:
        out["id"] = entry.client_id
    return out


__all__ = ["WATCHER", "EventRef", "Listener", "ReplayError", "Table", "summary", "status_of"]
