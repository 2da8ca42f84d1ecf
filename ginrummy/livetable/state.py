"""A live table's whole state as one immutable value (:class:`Table`), and what it says.

What a table is made with and never changes is its :class:`Setup`; who sits where is its
:class:`Seat` tuple; the rest follows from its stored log (:class:`Position`: the game from
the core, the places ready, the stand-ins, the deals; and the clocks, fed the log's moments)
and from what the server tells it while it runs (who is connected, rematch offers).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType
from typing import Literal, TypeVar

from ginrummy.core.game import Game
from ginrummy.core.table import TableRules
from ginrummy.core.views import PlayerView, view_of
from ginrummy.livetable.clocks import ClockRules, Clocks
from ginrummy.livetable.fairness import FairRow
from ginrummy.livetable.position import Position, stage

SeatKind = Literal["human", "computer"]
K = TypeVar("K")
V = TypeVar("V")


def frozen(mapping: Mapping[K, V]) -> Mapping[K, V]:
    """A read-only copy of ``mapping``."""
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True)
class Setup:
    """What a table is created with; nothing changes it."""

    game_id: str
    rules: TableRules
    cut: tuple[tuple[int, ...], ...]
    created_at: datetime
    """When the game was created: its time limit (R31) counts from here."""
    kind: str = "friend"
    """``computer``, ``friend`` or ``table`` (what its record says)."""
    level: int | None = None
    """The computer's level, at a game against the computer."""
    deal_key: str | None = None
    """A duplicate round's game: its decks come from the round's seeds alone (no player's
    seed), stored by deal number, and their server seeds are revealed by the round."""
    clock: ClockRules | None = None
    forfeits_on_time: bool = False
    """The second timeout loses the game (rated games, tournaments)."""
    idle_seconds: float | None = None
    """How long a person may keep a connected player waiting before the computer plays for
    them (None: never)."""
    idle_alone: bool = False
    """A tournament's table: the person waited for is idle whoever else is connected."""

    @property
    def fair_id(self) -> str:
        """The id its decks are derived under (:mod:`ginrummy.format.provably_fair`)."""
        return self.deal_key or self.game_id


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table and who holds it."""

    place: int
    kind: SeatKind
    name: str
    joined: bool
    """Someone holds it (a computer's seat always)."""


@dataclass(frozen=True, slots=True)
class IdleTimer:
    """The idle timer running for ``place`` since ``since``, armed after log entry ``n``."""

    place: int
    since: datetime
    n: int


@dataclass(frozen=True, slots=True)
class Table:
    """A live table: everything :func:`~ginrummy.livetable.machine.apply` needs and changes."""

    setup: Setup
    seats: tuple[Seat, ...]
    position: Position
    n: int = 0
    """Log entries so far (the stored log's length)."""
    version: int = 0
    """Events so far (:class:`~ginrummy.livetable.events.Event`)."""
    decks: Mapping[int, tuple[int, ...]] = field(default_factory=lambda: frozen({}))
    """Each deal's deck by deal number."""
    fair: Mapping[int, FairRow] = field(default_factory=lambda: frozen({}))
    """Each deal's seeds by deal number, and each table's next deal's in its slot
    (:func:`~ginrummy.livetable.fairness.slot_of`)."""
    clocks: Clocks | None = None
    acted: tuple[int, ...] = ()
    """Each place's latest own log entry (``play``, ``ready``, ``back``, ``choose``); 0: none."""
    connected: frozenset[int] = frozenset()
    """Places with a player connected (not stored: the server says so as sockets come)."""
    idle: IdleTimer | None = None
    rematch_offers: frozenset[int] = frozenset()
    """Places asking for a rematch of this finished game (not stored)."""
    rematch_id: str | None = None

    @property
    def game(self) -> Game:
        return self.position.game

    @property
    def stage(self) -> str:
        """``waiting``, ``hand``, ``between_hands`` or ``over``."""
        return stage(self.position.game)

    @property
    def humans(self) -> frozenset[int]:
        return frozenset(s.place for s in self.seats if s.kind == "human")

    @property
    def everyone_joined(self) -> bool:
        return all(s.joined for s in self.seats)

    def acted_at(self, place: int) -> int:
        return self.acted[place] if place < len(self.acted) else 0


def computer_places(table: Table) -> frozenset[int]:
    """The places the computer plays now: its own, idle players', and those whose clock ran
    out in the turn they are playing."""
    position = table.position
    own = frozenset(s.place for s in table.seats if s.kind == "computer")
    return own | position.stand_in | position.timed_out


@dataclass(frozen=True, slots=True)
class ComputerMove:
    """A place the computer plays that is to act now, and what it sees."""

    place: int
    table: int
    view: PlayerView


def computer_moves(table: Table) -> tuple[ComputerMove, ...]:
    """The places the computer plays that are to act now; the tables take turns (the first
    one moves with the log's length)."""
    game = table.game
    computer = computer_places(table)
    moves = []
    for at, hand in enumerate(game.hands):
        if hand is not None and game.players_at(at)[hand.turn] in computer:
            moves.append(ComputerMove(game.players_at(at)[hand.turn], at,
                                      view_of(hand, hand.turn)))
    if len(moves) > 1:
        first = table.n % len(moves)
        moves = moves[first:] + moves[:first]
    return tuple(moves)


def idle_place(table: Table) -> int | None:
    """The first person the game waits for (to move, or to say ready for their table's next
    deal) while a connected person is held up by it: one not waited for at the same table.
    At a tournament's table (``idle_alone``) the person waited for is idle whoever else is
    connected."""
    position = table.position
    humans = table.humans - position.stand_in
    game = table.game
    current = table.stage
    alone = table.setup.idle_alone
    if (len(humans) < 2 and not alone) or not humans or current == "over" or (
        current == "waiting" and not table.everyone_joined
    ):
        return None
    waited: dict[int, int] = {}
    for at, hand in enumerate(game.hands):
        if hand is not None and game.players_at(at)[hand.turn] in humans:
            waited[game.players_at(at)[hand.turn]] = at
    for at in game.tables_to_deal():
        for place in set(game.players_at(at)) & humans - position.ready:
            waited[place] = at
    for place in sorted(waited):
        held_up = {other for other in table.connected & humans - {place}
                   if waited.get(other) != waited[place]}
        if held_up or alone:
            return place
    return None

