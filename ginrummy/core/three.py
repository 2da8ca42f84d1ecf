"""Three-player Gin Rummy (R33): the dealer sits out, the loser deals the next hand.

Players sit at places 0, 1, 2. The dealer deals to the other two, first to
the player on its left (place ``dealer + 1``), who is the hand's seat 0
and has the non-dealer's part in R13 (first offer of the upcard, first
turn); the other (place ``dealer + 2``) is seat 1 and has the dealer's
part. Every hand is a two-player :class:`~ginrummy.core.hand.HandState` with
``dealer=1``; nothing of a hand's rules is written again here.

>>> from ginrummy.core.rules import Rules
>>> from ginrummy.core.table import TableRules, TableCut
>>> game = ThreePlayerGame.start(TableRules(3, Rules.preset("classic")),
...                              TableCut.parse("9H 3C KD"))
>>> game.dealer, game.players_at(0)
(1, (2, 0))

Choices where RULES.md is silent (tests pin each one):

* **Next dealer.** The loser of a hand deals the next (R33), so the next
  hand is between the winner and the player who just dealt. After a void
  hand (R21) or a tie (``undercut_on_tie`` off) nobody lost: the same
  dealer deals again to the same two players.
* **Totals, boxes, limits** are kept per player exactly as
  :class:`~ginrummy.core.game.Game` keeps them for two: the first player to
  reach the target wins (only the two playing can score, so at most one
  player reaches it on a hand); at a limit (R31) the only highest total
  wins, and a shared highest total means no winner.
* **Shutout (R29)**: both other players scored no points.
* **Settlement**: :func:`~ginrummy.core.table_score.settle_three`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ginrummy.core.actions import Action
from ginrummy.core.game import EndReason, GameError
from ginrummy.core.hand import HandState, deal_hand, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.core.table import (
    TableCut,
    TableError,
    TableHand,
    TableRules,
    cut_for_table,
)
from ginrummy.core.table_score import TableSettlement, leader, settle_three

PLAYERS = 3
HAND_DEALER_SEAT = 1
"""The hand seat with the dealer's part in R13: the player on the sitting-out dealer's right."""


@dataclass(frozen=True, slots=True)
class ThreePlayerGame:
    """A three-player game: pure, immutable, replayable from its cut, decks and actions.

    It has one table (number 0); the methods take the table number so that
    drivers treat it like a :class:`~ginrummy.core.teams.TeamGame`.
    """

    table_rules: TableRules
    cut: TableCut
    dealer: int
    """The player dealing (and sitting out) the hand in progress or the next one."""
    hand: HandState | None = None
    finished: tuple[TableHand, ...] = ()
    """Every hand played, void hands included."""
    points: tuple[int, ...] = (0, 0, 0)
    hands_won: tuple[int, ...] = (0, 0, 0)
    extra_boxes: tuple[int, ...] = (0, 0, 0)
    time_is_up: bool = False
    winner: int | None = None
    end_reason: EndReason | None = None

    @classmethod
    def start(cls, table_rules: TableRules, cut: TableCut) -> ThreePlayerGame:
        """A game ready for its first deal; the lowest cut deals (R33)."""
        if table_rules.players != PLAYERS:
            raise TableError(f"players: a three-player game needs 3, got {table_rules.players}")
        if cut.players != PLAYERS:
            raise TableError(f"the cut has {cut.players} cards per round; three players need 3")
        return cls(table_rules, cut, cut.low)

    # ------------------------------------------------------------ queries

    @property
    def rules(self) -> Rules:
        """The two-player rules of every hand."""
        return self.table_rules.rules

    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    @property
    def tables(self) -> int:
        return 1

    @property
    def hands(self) -> tuple[HandState | None, ...]:
        """The hand in progress at each table (one table)."""
        return (self.hand,)

    @property
    def totals(self) -> tuple[int, ...]:
        """What the target counts: each player's game total."""
        return self.points

    @property
    def round_number(self) -> int:
        """1-based number of the hand in progress or about to be dealt (the last hand, once
        over), void hands included."""
        return len(self.finished) + (0 if self.is_over else 1)

    @property
    def hands_played(self) -> int:
        """Hands that count for ``max_hands`` (R31): all but void ones."""
        return sum(1 for h in self.finished if not _void(h.state))

    def players_at(self, table: int) -> tuple[int, int]:
        """The players in hand seats 0 and 1: the dealer's left, then its right."""
        self._check_table(table)
        return ((self.dealer + 1) % PLAYERS, (self.dealer + 2) % PLAYERS)

    def dealer_at(self, table: int) -> int:
        self._check_table(table)
        return self.dealer

    def sitting_out(self) -> int:
        return self.dealer

    def tables_to_deal(self) -> tuple[int, ...]:
        return () if self.is_over or self.hand is not None else (0,)

    def settlement(self) -> TableSettlement:
        rules = self.table_rules.rules
        return settle_three(rules, self.points, self.hands_won, self.extra_boxes, self.winner,
                            self.end_reason)

    def _check_table(self, table: int) -> None:
        if table != 0:
            raise TableError(f"table {table!r}: a three-player game has only table 0")

    # ------------------------------------------------------------ moves

    def deal(self, table: int, deck: Sequence[int], *,
             elapsed_minutes: float | None = None) -> ThreePlayerGame:
        """Deal the next hand from ``deck`` (index 0 on top); past the time limit (R31) the game
        ends instead."""
        self._check_can_deal(table)
        limit = self.table_rules.rules.time_limit_minutes
        if elapsed_minutes is not None and limit is not None and elapsed_minutes >= limit:
            return self.time_up()
        hand = deal_hand(self.table_rules.rules, HAND_DEALER_SEAT, deck)
        return replace(self, hand=hand)

    def deal_from(self, table: int, rng: random.Random | int) -> ThreePlayerGame:
        self._check_can_deal(table)
        return self.deal(table, shuffled_deck(rng))

    def _check_can_deal(self, table: int) -> None:
        self._check_table(table)
        if self.is_over:
            raise GameError(f"the game is over ({self.end_reason}); no more deals")
        if self.hand is not None:
            raise GameError(f"hand {self.round_number} is still being played; cannot deal")

    def apply(self, table: int, action: Action) -> ThreePlayerGame:
        """The game after ``action`` in the hand in progress; raises if it is illegal."""
        return self._after(self._hand_in_progress(table, action).apply(action))

    def apply_unchecked(self, table: int, action: Action) -> ThreePlayerGame:
        return self._after(self._hand_in_progress(table, action).apply_unchecked(action))

    def _hand_in_progress(self, table: int, action: Action) -> HandState:
        self._check_table(table)
        if self.hand is None:
            if self.is_over:
                raise GameError(f"action {action!r}: the game is over")
            raise GameError(f"action {action!r}: no hand in progress; deal first")
        return self.hand

    def time_up(self) -> ThreePlayerGame:
        """The driver says the time limit has passed (R31): the game ends now between hands,
        else when the hand in progress ends."""
        if self.table_rules.rules.time_limit_minutes is None:
            raise GameError("these rules have no time limit (time_limit_minutes is not set)")
        if self.is_over:
            return self
        game = replace(self, time_is_up=True)
        return game._end("time_limit") if self.hand is None else game

    def _after(self, hand: HandState) -> ThreePlayerGame:
        if not hand.is_over:
            return replace(self, hand=hand)
        result = hand.result
        assert result is not None
        players = self.players_at(0)
        played = TableHand(self.round_number, 0, players, self.dealer, hand)
        points, won, extra = list(self.points), list(self.hands_won), list(self.extra_boxes)
        dealer = self.dealer
        if result.winner is not None:
            winner = players[result.winner]
            points[winner] += result.points
            won[winner] += 1
            extra[winner] += result.extra_boxes
            dealer = players[1 - result.winner]  # R33: the loser deals the next hand
        game = replace(self, hand=None, finished=(*self.finished, played), points=tuple(points),
                       hands_won=tuple(won), extra_boxes=tuple(extra), dealer=dealer)
        rules = self.table_rules.rules
        if max(points) >= rules.target:
            return game._end("target")
        if rules.max_hands is not None and game.hands_played >= rules.max_hands:
            return game._end("max_hands")
        if game.time_is_up:
            return game._end("time_limit")
        return game

    def _end(self, reason: EndReason) -> ThreePlayerGame:
        return replace(self, hand=None, winner=leader(self.points), end_reason=reason)


def _void(state: HandState) -> bool:
    return state.result is not None and state.result.is_void


def new_three_player_game(table_rules: TableRules, rng: random.Random | int) -> ThreePlayerGame:
    """Cut for the deal with ``rng`` (R4, R33) and return a game ready for its first deal."""
    return ThreePlayerGame.start(table_rules, cut_for_table(PLAYERS, rng))
