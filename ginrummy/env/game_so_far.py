"""The AEC environment's game, made by the core when read.

Between hands a :class:`~ginrummy.core.game.Game` kept up to date costs the environment
more than the compiled step's moves: folding the hand in, scoring the round, dealing the
next hand, and the objects the game keeps for the garbage collector to walk. The
environment keeps instead the game as last made (or the cut it starts from) and what
happened since, in order: the decks dealt and the hands that ended (the hand before its
last move, and that move). :meth:`GameSoFar.made` has the core make the game from them,
the same game the environment used to keep.
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.core.actions import Action
from ginrummy.core.cut import Cut
from ginrummy.core.game import Game
from ginrummy.core.hand import HandState
from ginrummy.core.table import TableRules
from ginrummy.env.deal import started_game


@dataclass(frozen=True, slots=True)
class Dealt:
    table: int
    deck: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandEnded:
    table: int
    hand: HandState
    """The hand before its last move."""
    move: Action


class GameSoFar:
    """A game, or the cut it starts from, and the deals and hand ends it has not taken in."""

    __slots__ = ("_game", "_start", "_since")

    def __init__(self) -> None:
        self._game: Game | None = None
        self._start: tuple[TableRules, Cut] | None = None
        self._since: list[Dealt | HandEnded] = []

    def keep(self, game: Game | None) -> None:
        """From now on the game is ``game`` as it is."""
        self._game, self._start, self._since = game, None, []

    def start(self, table_rules: TableRules, cut: Cut) -> None:
        """From now on the game is the one ``cut`` starts
        (:func:`~ginrummy.env.deal.started_game`)."""
        self._game, self._start, self._since = None, (table_rules, cut), []

    def dealt(self, deck: tuple[int, ...], table: int = 0) -> None:
        self._since.append(Dealt(table, deck))

    def hand_ended(self, hand: HandState, move: Action, table: int = 0) -> None:
        """The hand at ``table`` ended with ``move`` played from ``hand``."""
        self._since.append(HandEnded(table, hand, move))

    @property
    def is_made(self) -> bool:
        return self._start is None and not self._since

    def made(self) -> Game | None:
        """The game as it stands (None before any was kept or started)."""
        if self.is_made:
            return self._game
        game = started_game(*self._start) if self._start is not None else self._game
        assert game is not None
        for event in self._since:
            if isinstance(event, Dealt):
                game = game.deal(event.deck, table=event.table)
            else:
                game = game.with_hand(event.hand, table=event.table).apply_unchecked(
                    event.move, table=event.table)
        self.keep(game)
        return game
