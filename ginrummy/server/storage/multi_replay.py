"""A three-player or team game's state as a replay of its log (pure functions, no I/O).

The log of a table game uses the two-player entry kinds with these meanings:
``deal`` deals deal number ``action`` (1, 2, 3, ... across all tables, void hands
included) at table ``seat``; ``play`` is place ``seat``'s action at the table it
plays at; ``ready`` says place ``seat`` is ready for the next deal at its table;
``time_up``, ``idle`` and ``back`` are as in :mod:`ginrummy.server.storage.replay`.

A table is dealt when both its players are ready (a computer always is), so in a
team game each table of a new round, and a table whose hand was void, is dealt
as soon as its own players are ready.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ginrummy.core.table_game import TableCut, TableGame, TableRules, start_table_game
from ginrummy.server.storage.replay import ReplayError, replay_with
from ginrummy.server.storage.store import LogEntry


@dataclass(frozen=True, slots=True)
class MultiPosition:
    game: TableGame
    ready: frozenset[int] = frozenset()
    """Places ready for the next deal at their table."""
    stand_in: frozenset[int] = frozenset()
    """Places whose idle player the computer plays for."""
    deals: tuple[tuple[int, int], ...] = ()
    """(deal number, table) of every deal so far, in order."""
    changed: tuple[int, ...] = ()
    """The number of the last event that dealt or played at each table (0: none yet)."""

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


def start(table_rules: TableRules, cut: Sequence[Sequence[int]]) -> MultiPosition:
    return MultiPosition(start_table_game(table_rules, TableCut(tuple(tuple(r) for r in cut))))


def table_of(game: TableGame, place: int) -> int | None:
    """The table ``place`` plays at in the round in progress (None: it sits out)."""
    for table in range(game.tables):
        if place in game.players_at(table):
            return table
    return None


def step(position: MultiPosition, entry: LogEntry,
         decks: Mapping[int, Sequence[int]]) -> MultiPosition:
    """The position after ``entry``; raises ``ValueError`` (or a subclass) if it does not apply."""
    game = position.game
    places = range(game.players)
    if entry.kind == "deal":
        number, table = entry.action, entry.seat
        if number != len(position.deals) + 1 or table is None:
            raise ReplayError(f"entry {entry.seq}: deal {number} at table {table}, but deal "
                              f"{len(position.deals) + 1} is next")
        deck = decks.get(number)
        if deck is None:
            raise ReplayError(f"entry {entry.seq}: no deck stored for deal {number}")
        dealt = game.deal(table, deck)
        ready = position.ready - set(game.players_at(table))
        return replace(position, game=dealt, ready=ready,
                       deals=(*position.deals, (number, table)),
                       changed=position._touch(table, entry.seq))
    if entry.kind == "play":
        table = None if entry.seat is None else table_of(game, entry.seat)
        hand = None if table is None else game.hands[table]
        if entry.action is None or table is None or hand is None or (
            game.players_at(table)[hand.turn] != entry.seat
        ):
            raise ReplayError(f"entry {entry.seq}: place {entry.seat} plays out of turn")
        return replace(position, game=game.apply(table, entry.action),
                       changed=position._touch(table, entry.seq))
    if entry.kind == "ready":
        if entry.seat is None or entry.seat not in waiting_for_deal(game):
            raise ReplayError(f"entry {entry.seq}: place {entry.seat} ready with no deal due")
        return replace(position, ready=position.ready | {entry.seat})
    if entry.kind == "time_up":
        return replace(position, game=game.time_up())
    if entry.kind in ("idle", "back"):
        if entry.seat is None or entry.seat not in places or (
            (entry.seat in position.stand_in) != (entry.kind == "back")
        ):
            raise ReplayError(f"entry {entry.seq}: place {entry.seat} {entry.kind} twice")
        return replace(position, stand_in=position.stand_in ^ {entry.seat})
    raise ReplayError(f"entry {entry.seq}: unknown kind {entry.kind!r}")


def waiting_for_deal(game: TableGame) -> frozenset[int]:
    """The places playing at a table that waits for its next deal."""
    return frozenset(place for table in game.tables_to_deal()
                     for place in game.players_at(table))


def replay(table_rules: TableRules, cut: Sequence[Sequence[int]],
           decks: Mapping[int, Sequence[int]],
           entries: Sequence[LogEntry]) -> list[MultiPosition]:
    """Every position: index ``n`` is the position after the first ``n`` entries."""
    return replay_with(step, start(table_rules, cut), decks, entries)


def stage(position: MultiPosition) -> str:
    """``waiting`` (before the first deal), ``hand`` (a hand is being played at some table),
    ``between_hands`` or ``over``."""
    game = position.game
    if game.is_over:
        return "over"
    if any(hand is not None for hand in game.hands):
        return "hand"
    return "between_hands" if position.deals else "waiting"
