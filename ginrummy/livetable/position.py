"""The game part of a table's state as a replay of its log: pure functions, no I/O.

The state after ``n`` log entries is a :class:`Position`: the
:class:`~ginrummy.core.game.Game`, the places that said they are ready for their
table's next deal, and the places the computer plays for while their player is
away. Replaying the same cut, decks and log always gives the same positions, so a
restarted server resumes every game exactly.

The log's entries, for a game of any number of players (a place is a player: at
two players, a seat):

* ``deal``: deal number ``action`` (1, 2, 3, ... across all tables, void hands
  included) at table ``seat`` (a game of one table may leave it empty: table 0);
* ``play``: place ``seat``'s ``action`` at the table it plays at;
* ``ready``: place ``seat`` is ready for the next deal at its table (two players:
  also while the first dealer is still to be chosen);
* ``choose``: two players under ``high_cut_chooses`` (R4), the higher cut ``seat``
  deals (``action`` 1) or not (0);
* ``time_up``: the driver reported the time limit (R31);
* ``idle`` / ``back``: the computer starts or stops playing for place ``seat``.
* ``timeout``: place ``seat``'s clock ran out during its turn: the computer plays the rest
  of that turn for it (:mod:`ginrummy.livetable.clocks`);
* ``forfeit``: place ``seat`` loses the game by forfeit (its second timeout in a game that
  forfeits on time): :meth:`~ginrummy.core.game.Game.forfeit`.
* ``resign``: place ``seat``'s player resigned: :meth:`~ginrummy.core.game.Game.resign`.

A table is dealt when both its players are ready (a computer always is), so in a
team game each table of a new round, and a table whose hand was void, is dealt as
soon as its own players are ready.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from ginrummy.core.cut import Cut
from ginrummy.core.game import Game
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.livetable.log import LogEntry

P = TypeVar("P")


class ReplayError(RuntimeError):
    """A stored log that does not replay (a corrupt database)."""


@dataclass(frozen=True, slots=True)
class Position:
    game: Game
    ready: frozenset[int] = frozenset()
    """Places ready for the next deal at their table."""
    stand_in: frozenset[int] = frozenset()
    """Places whose idle player the computer plays for."""
    deals: tuple[tuple[int, int], ...] = ()
    """(deal number, table) of every deal so far, in order."""
    changed: tuple[int, ...] = ()
    """The number of the last event that dealt or played at each table (0: none yet)."""
    timed_out: frozenset[int] = frozenset()
    """Places whose clock ran out in the turn they are playing: the computer finishes it."""

    def changed_at(self, table: int) -> int:
        return self.changed[table] if table < len(self.changed) else 0

    def _touch(self, table: int, seq: int) -> tuple[int, ...]:
        changed = list(self.changed) + [0] * (table + 1 - len(self.changed))
        changed[table] = seq
        return tuple(changed)

    def current_deal(self, table: int) -> int | None:
        """The deal number of the hand in progress at ``table``."""
        if self.game.hands[table] is None:
            return None
        return next(number for number, at in reversed(self.deals) if at == table)


def start(rules: Rules | TableRules, cut: Sequence[Sequence[int]]) -> Position:
    return Position(Game.start(rules, Cut(tuple(tuple(r) for r in cut))))


def to_act(game: Game) -> frozenset[int]:
    """The places whose move a hand in progress waits for (one per table)."""
    return frozenset(game.players_at(table)[hand.turn]
                     for table, hand in enumerate(game.hands) if hand is not None)


def _turns_over(position: Position) -> Position:
    """``position`` with the places whose timed-out turn has ended no longer timed out."""
    if not position.timed_out:
        return position
    return replace(position, timed_out=position.timed_out & to_act(position.game))


def table_of(game: Game, place: int) -> int | None:
    """The table ``place`` plays at in the round in progress (None: it sits out)."""
    for table in range(game.tables):
        if place in game.players_at(table):
            return table
    return None


def waiting_for_deal(game: Game) -> frozenset[int]:
    """The places playing at a table that waits for its next deal."""
    return frozenset(place for table in game.tables_to_deal()
                     for place in game.players_at(table))


def may_say_ready(game: Game, place: int | None) -> bool:
    """Whether ``place`` may say it is ready now: its table waits for a deal, or (two players)
    the first dealer is still to be chosen (R4)."""
    if place is None:
        return False
    if game.chooser is not None:
        return place in range(game.players)
    return place in waiting_for_deal(game)


def first_deal_awaits(position: Position, place: int | None, everyone_joined: bool) -> bool:
    """Whether the first deal at ``place``'s table waits for its ``ready`` (and seed): every
    seat is taken, its table (or, two players, the cut's choice) waits, it has not said ready,
    and it has played no hand yet. At three players only before hand 1: a player who sat out
    a hand is shown its result before saying ready (R33)."""
    game = position.game
    if place is None or game.is_over or not everyone_joined or place in position.ready:
        return False
    if not may_say_ready(game, place) or any(place in h.players for h in game.played):
        return False
    return stage(game) == "waiting" or game.table_rules.kind == "teams"


def step(position: Position, entry: LogEntry, decks: Mapping[int, Sequence[int]]) -> Position:
    """The position after ``entry``; raises ``ValueError`` (or a subclass) if it does not apply."""
    game = position.game
    if entry.kind == "deal":
        number = entry.action
        table = 0 if entry.seat is None and game.tables == 1 else entry.seat
        if number != len(position.deals) + 1 or table is None:
            raise ReplayError(f"entry {entry.seq}: deal {number} at table {table}, but deal "
                              f"{len(position.deals) + 1} is next")
        deck = decks.get(number)
        if deck is None:
            raise ReplayError(f"entry {entry.seq}: no deck stored for deal {number}")
        dealt = game.deal(deck, table=table)
        return _turns_over(replace(position, game=dealt,
                                   ready=position.ready - set(game.players_at(table)),
                                   deals=(*position.deals, (number, table)),
                                   changed=position._touch(table, entry.seq)))
    if entry.kind == "play":
        table = None if entry.seat is None else table_of(game, entry.seat)
        hand = None if table is None else game.hands[table]
        if entry.action is None or table is None or hand is None or (
            game.players_at(table)[hand.turn] != entry.seat
        ):
            raise ReplayError(f"entry {entry.seq}: place {entry.seat} plays out of turn")
        return _turns_over(replace(position, game=game.apply(entry.action, table=table),
                                   changed=position._touch(table, entry.seq)))
    if entry.kind == "ready":
        if not may_say_ready(game, entry.seat):
            raise ReplayError(f"entry {entry.seq}: place {entry.seat} ready with no deal due")
        assert entry.seat is not None
        return replace(position, ready=position.ready | {entry.seat})
    if entry.kind == "time_up":
        return replace(position, game=game.time_up())
    if entry.kind == "timeout":
        if entry.seat not in to_act(game) - position.timed_out:
            raise ReplayError(f"entry {entry.seq}: place {entry.seat}'s clock ran out while it "
                              "was not to move")
        assert entry.seat is not None
        return replace(position, timed_out=position.timed_out | {entry.seat})
    if entry.kind == "forfeit":
        if entry.seat is None:
            raise ReplayError(f"entry {entry.seq}: a forfeit needs the place that loses")
        return replace(position, game=game.forfeit(entry.seat), timed_out=frozenset())
    if entry.kind == "resign":
        if entry.seat is None:
            raise ReplayError(f"entry {entry.seq}: a resignation needs the place that resigns")
        return replace(position, game=game.resign(entry.seat), timed_out=frozenset())
    if entry.kind == "choose":
        if entry.seat is None or entry.action not in (0, 1):
            raise ReplayError(f"entry {entry.seq}: a choice of the first dealer needs a seat "
                              "and action 0 or 1")
        return replace(position, game=game.choose_to_deal(entry.seat, entry.action == 1))
    if entry.kind in ("idle", "back"):
        if entry.seat is None or entry.seat not in range(game.players) or (
            (entry.seat in position.stand_in) != (entry.kind == "back")
        ):
            raise ReplayError(f"entry {entry.seq}: place {entry.seat} {entry.kind} twice")
        return replace(position, stand_in=position.stand_in ^ {entry.seat})
    raise ReplayError(f"entry {entry.seq}: unknown kind {entry.kind!r}")


def replay(rules: Rules | TableRules, cut: Sequence[Sequence[int]],
           decks: Mapping[int, Sequence[int]], entries: Sequence[LogEntry]) -> list[Position]:
    """Every position: index ``n`` is the position after the first ``n`` entries."""
    return replay_with(step, start(rules, cut), decks, entries)


def replay_with(
    advance: Callable[[P, LogEntry, Mapping[int, Sequence[int]]], P],
    first: P,
    decks: Mapping[int, Sequence[int]],
    entries: Sequence[LogEntry],
) -> list[P]:
    """``first`` and the position after each entry, each made by ``advance``; a numbering
    gap or an entry that does not apply is a :class:`ReplayError` naming the entry."""
    positions = [first]
    for expected, entry in enumerate(entries, 1):
        if entry.seq != expected:
            raise ReplayError(f"log entry {expected} is numbered {entry.seq}")
        try:
            positions.append(advance(positions[-1], entry, decks))
        except ReplayError:
            raise
        except ValueError as error:
            raise ReplayError(f"entry {entry.seq} ({entry.kind}): {error}") from error
    return positions


def stage(game: Game) -> str:
    """``waiting`` (before the first deal), ``hand`` (a hand is being played at some table),
    ``between_hands`` or ``over``."""
    if game.is_over:
        return "over"
    if any(hand is not None for hand in game.hands):
        return "hand"
    return "between_hands" if game.played else "waiting"
