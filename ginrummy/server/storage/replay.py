"""A game's state as a replay of its log: pure functions, no I/O.

The state after ``n`` log entries is a :class:`Position`: the
:class:`~ginrummy.core.game.Game`, the seats that said they are ready for the
next hand, and the seats the computer plays for while their player is away
(``idle`` and ``back`` entries, see :meth:`~ginrummy.server.live.table.Table.idle_seat`).
Replaying the same cut, decks and log always gives the same positions, so a
restarted server resumes every game exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ginrummy.core.game import Cut, Game, GamePhase
from ginrummy.core.rules import Rules
from ginrummy.server.storage.store import LogEntry

P = TypeVar("P")


class ReplayError(RuntimeError):
    """A stored log that does not replay (a corrupt database)."""


@dataclass(frozen=True, slots=True)
class Position:
    game: Game
    ready: frozenset[int] = frozenset()
    stand_in: frozenset[int] = frozenset()
    """Seats whose idle player the computer plays for."""


def start(rules: Rules, cut: Sequence[tuple[int, int]]) -> Position:
    return Position(Game.start(rules, Cut(tuple((a, b) for a, b in cut))))


def step(position: Position, entry: LogEntry, decks: Mapping[int, Sequence[int]]) -> Position:
    """The position after ``entry``; raises ``ValueError`` (or a subclass) if it does not apply."""
    game = position.game
    if entry.kind == "deal":
        if entry.action != game.hand_number:
            raise ReplayError(f"entry {entry.seq}: deals hand {entry.action}, "
                              f"but hand {game.hand_number} is next")
        deck = decks.get(game.hand_number)
        if deck is None:
            raise ReplayError(f"entry {entry.seq}: no deck stored for hand {game.hand_number}")
        return Position(game.deal(deck), stand_in=position.stand_in)
    if entry.kind == "play":
        if entry.action is None or entry.seat != game.to_act:
            raise ReplayError(f"entry {entry.seq}: seat {entry.seat} plays out of turn")
        return Position(game.apply(entry.action), stand_in=position.stand_in)
    if entry.kind == "ready":
        if game.phase is not GamePhase.DEALING or entry.seat not in (0, 1):
            raise ReplayError(f"entry {entry.seq}: seat {entry.seat} ready outside a hand break")
        return Position(game, position.ready | {entry.seat}, position.stand_in)
    if entry.kind == "time_up":
        return Position(game.time_up(), position.ready, position.stand_in)
    if entry.kind == "choose":
        if entry.seat is None or entry.action not in (0, 1):
            raise ReplayError(f"entry {entry.seq}: a choice of the first dealer needs a seat "
                              "and action 0 or 1")
        return Position(game.choose_to_deal(entry.seat, entry.action == 1), position.ready,
                        position.stand_in)
    if entry.kind in ("idle", "back"):
        if entry.seat not in (0, 1) or (entry.seat in position.stand_in) != (entry.kind == "back"):
            raise ReplayError(f"entry {entry.seq}: seat {entry.seat} {entry.kind} twice")
        stand_in = position.stand_in ^ {entry.seat}
        return Position(game, position.ready, stand_in)
    raise ReplayError(f"entry {entry.seq}: unknown kind {entry.kind!r}")


def replay(
    rules: Rules,
    cut: Sequence[tuple[int, int]],
    decks: Mapping[int, Sequence[int]],
    entries: Sequence[LogEntry],
) -> list[Position]:
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
    """``waiting`` (before the first deal), ``hand``, ``between_hands`` or ``over``."""
    if game.phase is GamePhase.DEALING and not game.finished:
        return "waiting"
    if game.phase is GamePhase.IN_HAND:
        return "hand"
    if game.phase is GamePhase.OVER:
        return "over"
    return "between_hands"
