"""The table's transitions: :func:`apply` (a command at a moment), :func:`replay` (the fold of
a stored log) and :func:`next_deadline` (when the server must come back with a
:class:`~ginrummy.livetable.commands.Tick`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Literal, NamedTuple

from ginrummy.livetable import checks
from ginrummy.livetable.clocks import FORFEIT_AFTER, seconds_left, start_clocks
from ginrummy.livetable.commands import (
    Back,
    ChooseDealer,
    Command,
    ComputerPlay,
    Forfeit,
    Join,
    OfferRematch,
    Play,
    Presence,
    Ready,
    RematchStarted,
    Resign,
    SendAway,
    Tick,
    WithdrawRematch,
)
from ginrummy.livetable.draft import Draft, advance
from ginrummy.livetable.events import (
    EVERYONE,
    PLAYERS,
    Event,
    Notice,
    Said,
    entry_events,
    numbered,
)
from ginrummy.livetable.fairness import FairRow
from ginrummy.livetable.log import LogEntry
from ginrummy.livetable.position import Position, ReplayError, start
from ginrummy.livetable.refusals import Refused
from ginrummy.livetable.state import (
    IdleTimer,
    Seat,
    Setup,
    Table,
    computer_moves,
    frozen,
    idle_place,
)

RUN_OUT_SLACK = 0.05
"""Seconds a clock may still show at a :class:`Tick` and count as run out."""


@dataclass(frozen=True, slots=True)
class Stored:
    """What the server appends for one command, in one transaction, before it publishes."""

    entries: tuple[LogEntry, ...] = ()
    decks: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    """The decks of the deals among ``entries``."""
    fair: tuple[FairRow, ...] = ()
    """Seeds drawn or given (written, or replacing the row of the same number or slot)."""
    seats: tuple[Seat, ...] = ()
    """Seats taken (:class:`~ginrummy.livetable.commands.Join`) or opened again
    (:class:`~ginrummy.livetable.commands.SendAway`)."""
    positions: tuple[Position, ...] = ()
    """The position after each of ``entries`` (not stored: what a reader of that entry is
    shown of the game)."""


class Applied(NamedTuple):
    """What :func:`apply` gives: the new table, what it tells, and what to store first."""

    table: Table
    events: tuple[Event | Notice, ...]
    stored: Stored


@dataclass(frozen=True, slots=True)
class Deadline:
    """When the server must send a :class:`Tick`: a running ``clock`` runs out, or the
    ``idle`` timer hands ``place`` to the computer."""

    at: datetime
    kind: Literal["clock", "idle"]
    place: int


def new_table(setup: Setup, seats: Iterable[Seat], decks: Mapping[int, Iterable[int]] = {},
              fair: Mapping[int, FairRow] = {}) -> Table:
    """A table before its log's first entry, with the decks and seeds stored so far."""
    seated = tuple(seats)
    players = setup.rules.players
    return Table(
        setup=setup, seats=seated, position=start(setup.rules, setup.cut),
        decks=frozen({number: tuple(deck) for number, deck in decks.items()}),
        fair=frozen(fair),
        clocks=None if setup.clock is None else start_clocks(setup.clock, players),
        acted=(0,) * players)


def replay(setup: Setup, seats: Iterable[Seat], entries: Iterable[LogEntry],
           decks: Mapping[int, Iterable[int]] = {}, fair: Mapping[int, FairRow] = {}) -> Table:
    """The table a stored log folds to (every entry through :func:`advance`, its events
    counted); a numbering gap or an entry that does not apply is a :class:`ReplayError`."""
    table = new_table(setup, seats, decks, fair)
    for after in folds(table, entries):
        table = after
    return table


def folds(table: Table, entries: Iterable[LogEntry]) -> Iterator[Table]:
    """The table after each of ``entries`` in turn, from ``table`` (:func:`replay`'s steps:
    a server keeps the latest positions to show the latest events)."""
    for expected, entry in enumerate(entries, table.n + 1):
        if entry.seq != expected:
            raise ReplayError(f"log entry {expected} is numbered {entry.seq}")
        try:
            after = advance(table, entry)
        except ReplayError:
            raise
        except ValueError as error:
            raise ReplayError(f"entry {entry.seq} ({entry.kind}): {error}") from error
        table = replace(after, version=table.version + len(entry_events(table, entry, after)))
        yield table


def apply(table: Table, command: Command, now: datetime,
          rng: random.Random | None = None) -> Applied:
    """The table after ``command`` at ``now``, its events and what to store; or
    :class:`Refused`, and nothing changes. ``rng`` draws the server seeds of the deals the
    command makes due (the operating system's CSPRNG in a server; a seeded one in tests)."""
    draft = Draft(table, now, rng)
    notices: list[Said] = []
    seats: tuple[Seat, ...] = ()
    if isinstance(command, (Play, Ready, ChooseDealer, Back)):
        _person(draft, command)
    elif isinstance(command, ComputerPlay):
        if command.place not in {move.place for move in computer_moves(table)}:
            raise Refused("not_computers_turn", place=command.place)
        checks.log_play(draft, command.place, command.action)
    elif isinstance(command, Tick):
        _tick(draft)
    elif isinstance(command, Forfeit):
        _forfeit(draft, command.place)
    elif isinstance(command, Resign):
        _resign(draft, command)
    elif isinstance(command, Join):
        seats = _join(draft, command)
        notices.append(("joined", EVERYONE, {"place": command.place, "name": command.name}))
    elif isinstance(command, SendAway):
        seats = _send_away(draft, command.place)
        notices.append(("sent_away", EVERYONE, {"place": command.place}))
    elif isinstance(command, Presence):
        draft.table = replace(table, connected=command.connected)
        notices.append(("presence", EVERYONE, {"connected": sorted(command.connected)}))
    else:
        draft.table, said = _rematch(table, command)
        notices.append(("rematch", PLAYERS, said))
    events = numbered(draft.said, table.version)
    after = _rearm_idle(replace(draft.table, version=table.version + len(events)), now)
    stored = Stored(tuple(draft.entries), dict(draft.decks), tuple(draft.fair.values()), seats,
                    tuple(draft.positions))
    told = tuple(Notice(after.version, kind, audience, fields)
                 for kind, audience, fields in notices)
    return Applied(after, (*events, *told), stored)


def _person(draft: Draft, command: Play | Ready | ChooseDealer | Back) -> None:
    """A person's command: any of them takes over from the computer (a ``back`` first)."""
    table = draft.table
    place = command.place
    if place not in range(table.game.players) or table.seats[place].kind != "human":
        raise Refused("no_such_place", place=place)
    if place in table.position.stand_in:
        draft.log("back", place, None, command.client_id if isinstance(command, Back) else None)
    elif isinstance(command, Back):
        raise Refused("not_away", place=place)
    if isinstance(command, Play):
        checks.play(draft, command)
    elif isinstance(command, Ready):
        checks.ready(draft, command)
    elif isinstance(command, ChooseDealer):
        checks.choose_dealer(draft, command)


def _tick(draft: Draft) -> None:
    """Log what is due at ``draft.now``: a clock that ran out (and, the second time in a game
    that forfeits on time, the forfeit), else an idle player handed to the computer, else the
    first deals of a table made with every seat taken whose people need not say ready."""
    table, now = draft.table, draft.now
    clocks = table.clocks
    if clocks is not None and not table.game.is_over:
        out = sorted((seconds_left(clocks, place, now), place) for place in clocks.running)
        if out and out[0][0] <= RUN_OUT_SLACK:
            place = out[0][1]
            draft.log("timeout", place)
            if table.setup.forfeits_on_time and clocks.timeouts[place] + 1 >= FORFEIT_AFTER:
                draft.log("forfeit", place)
            return
    timer, limit = table.idle, table.setup.idle_seconds
    if (timer is not None and limit and now >= timer.since + timedelta(seconds=limit)
            and idle_place(table) == timer.place and table.acted_at(timer.place) <= timer.n):
        draft.log("idle", timer.place)
        draft.deals_due()
        return
    if table.stage == "waiting" and table.everyone_joined:
        draft.deals_due()
        if draft.entries:
            return
    raise Refused("nothing_due")


def _forfeit(draft: Draft, place: int) -> None:
    table = draft.table
    if place not in table.humans:
        raise Refused("no_such_place", place=place)
    if table.game.is_over:
        raise Refused("game_over", end_reason=table.game.end_reason)
    draft.log("forfeit", place)


def _resign(draft: Draft, command: Resign) -> None:
    """A player resigns, whoever's turn it is; not before every place is taken (there is no
    game yet) nor after the game ended."""
    table = draft.table
    place = command.place
    if place not in table.humans or not table.seats[place].joined:
        raise Refused("no_such_place", place=place)
    if table.game.is_over:
        raise Refused("game_over", end_reason=table.game.end_reason)
    if table.stage == "waiting" and not table.everyone_joined:
        raise Refused("not_started", waiting_for="players",
                      missing=sum(1 for s in table.seats if not s.joined))
    draft.log("resign", place, None, command.client_id)


def _join(draft: Draft, command: Join) -> tuple[Seat, ...]:
    table = draft.table
    place = command.place
    if place not in range(len(table.seats)):
        raise Refused("no_such_place", place=place)
    taken = table.seats[place]
    if taken.joined or taken.kind != "human":
        raise Refused("seat_taken", place=place)
    seat = replace(taken, name=command.name, joined=True)
    draft.table = replace(table, seats=tuple(seat if s.place == place else s
                                             for s in table.seats))
    if draft.table.everyone_joined and draft.table.stage == "waiting":
        draft.deals_due()
    return (seat,)


def _send_away(draft: Draft, place: int) -> tuple[Seat, ...]:
    """``place`` open again (no name, no one joined) before its first deal."""
    table = draft.table
    if place not in range(1, len(table.seats)):
        raise Refused("no_player_there", place=place)
    taken = table.seats[place]
    if taken.kind != "human" or not taken.joined:
        raise Refused("no_player_there", place=place)
    if table.stage != "waiting" or place in table.position.ready:
        raise Refused("already_started", place=place)
    seat = replace(taken, name="", joined=False)
    draft.table = replace(table, seats=tuple(seat if s.place == place else s
                                             for s in table.seats))
    return (seat,)


def _rematch(table: Table, command: Command) -> tuple[Table, dict[str, object]]:
    """An offer of a rematch, its withdrawal, or the rematch started (two players, over)."""
    if table.game.players != 2:
        raise Refused("no_rematch", why="players")
    if table.stage != "over":
        raise Refused("not_over")
    if isinstance(command, RematchStarted):
        return (replace(table, rematch_id=command.game_id, rematch_offers=frozenset()),
                {"offers": [], "game_id": command.game_id})
    if table.rematch_id is not None:
        raise Refused("rematch_started", game_id=table.rematch_id)
    if isinstance(command, OfferRematch):
        offers = table.rematch_offers | {command.place}
        return replace(table, rematch_offers=offers), {"offers": sorted(offers)}
    assert isinstance(command, WithdrawRematch)
    said: dict[str, object] = {"offers": []}
    if table.rematch_offers - {command.place}:
        said["declined_by"] = command.place
    return replace(table, rematch_offers=frozenset()), said


def _rearm_idle(table: Table, now: datetime) -> Table:
    """The idle timer of the place the game now waits for: kept while the same place is
    waited for and has not acted, started now for another, gone when nobody holds anyone up."""
    place = idle_place(table)
    if not table.setup.idle_seconds or place is None:
        return replace(table, idle=None) if table.idle is not None else table
    timer = table.idle
    if timer is not None and timer.place == place and table.acted_at(place) <= timer.n:
        return table
    return replace(table, idle=IdleTimer(place, now, table.n))


def next_deadline(table: Table) -> Deadline | None:
    """The first moment the table must be woken (a :class:`Tick`), or None: a running clock
    runs out, or the idle timer ends."""
    due: list[Deadline] = []
    clocks = table.clocks
    if clocks is not None and not table.game.is_over:
        for place in sorted(clocks.running):
            since = clocks.since[place]
            assert since is not None
            due.append(Deadline(since + timedelta(seconds=clocks.left[place]), "clock", place))
    timer, limit = table.idle, table.setup.idle_seconds
    if timer is not None and limit:
        due.append(Deadline(timer.since + timedelta(seconds=limit), "idle", timer.place))
    return min(due, key=lambda d: (d.at, d.kind != "clock", d.place)) if due else None
