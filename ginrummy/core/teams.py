"""Partnership Gin Rummy: two teams of n players, n simultaneous two-player games (R34, R35).

Players sit at places 0..2n-1, partners alternating (even places are team
0, odd places team 1). A round is n two-player hands played at the same
time, table ``i`` seating team 0's ``i``-th player against a player of team
1 chosen so that opponents rotate from round to round
(:func:`~ginrummy.core.table.pairings`). At every table the team 0
player is the hand's seat 0. When every table has a result, the round is
scored (:func:`~ginrummy.core.table_score.score_round`) and the next
round begins.

Choices where RULES.md is silent (tests pin each one):

* **Dealers.** The lowest cut (R4) makes its team deal at every table in
  the first round. Later the dealing team follows ``dealer_rule`` applied
  to the teams, the round's scoring team taking the part of a hand's
  winner (:func:`~ginrummy.core.table_score.next_dealing_team`); a round
  that scores nothing keeps the same dealing team (except ``alternate``).
* **A void hand inside a round** (R21, R22, R36) is dealt again at that
  table by the same dealer, the other tables unaffected; the round is
  scored when every table has a hand that was not void. A tie at a table
  (``undercut_on_tie`` off) is a result: that table won nothing.
* **Boxes (R28)**: one per round scored by the team. **Extra boxes (R32)**:
  those of every sub-game won by a team's player go to the team.
* **Limits (R31)**: ``max_hands`` counts rounds; a time limit ends the game
  at the end of the round in progress. The target is ``team_target``.
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
    pairings,
    team_of,
)
from ginrummy.core.table_score import (
    RoundScore,
    TableSettlement,
    leader,
    next_dealing_team,
    score_round,
    settle_teams,
)


@dataclass(frozen=True, slots=True)
class TableSlot:
    """One table of the round in progress: its two players, the hand being played, and the
    hands already finished there this round (void ones, then the one that decided it)."""

    players: tuple[int, int]
    hand: HandState | None = None
    played: tuple[HandState, ...] = ()

    @property
    def decided(self) -> bool:
        return bool(self.played) and not _void(self.played[-1])

    @property
    def needs_deal(self) -> bool:
        return self.hand is None and not self.decided


@dataclass(frozen=True, slots=True)
class Round:
    """A finished round: every hand of it (table by table) and what it scored."""

    number: int
    dealing_team: int
    hands: tuple[TableHand, ...]
    score: RoundScore


@dataclass(frozen=True, slots=True)
class TeamGame:
    """A team game: pure, immutable, replayable from its cut, decks and actions."""

    table_rules: TableRules
    cut: TableCut
    dealing_team: int
    slots: tuple[TableSlot, ...]
    rounds: tuple[Round, ...] = ()
    points: tuple[int, ...] = (0, 0)
    """Team totals (R34): what the target counts."""
    rounds_won: tuple[int, ...] = (0, 0)
    extra_boxes: tuple[int, ...] = (0, 0)
    time_is_up: bool = False
    winner: int | None = None
    """The winning team."""
    end_reason: EndReason | None = None

    @classmethod
    def start(cls, table_rules: TableRules, cut: TableCut) -> TeamGame:
        """A game ready for its first round; the lowest cut's team deals (R4)."""
        if table_rules.kind != "teams":
            raise TableError(f"players: a team game needs an even number from 4, "
                             f"got {table_rules.players}")
        if cut.players != table_rules.players:
            raise TableError(f"the cut has {cut.players} cards per round; "
                             f"{table_rules.players} players need {table_rules.players}")
        return cls(table_rules, cut, team_of(cut.low), _slots(table_rules.players, 0))

    # ------------------------------------------------------------ queries

    @property
    def rules(self) -> Rules:
        """The two-player rules of every sub-game."""
        return self.table_rules.rules

    @property
    def players(self) -> int:
        return self.table_rules.players

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    @property
    def tables(self) -> int:
        return len(self.slots)

    @property
    def hands(self) -> tuple[HandState | None, ...]:
        return tuple(slot.hand for slot in self.slots)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.points

    @property
    def round_number(self) -> int:
        """1-based number of the round in progress (or the last one, once over)."""
        return len(self.rounds) + (0 if self.is_over else 1)

    @property
    def finished(self) -> tuple[TableHand, ...]:
        """Every finished hand: the past rounds', then the round in progress' (table order)."""
        done = tuple(hand for past in self.rounds for hand in past.hands)
        return done + self._round_hands(only_finished=True)

    def _round_hands(self, only_finished: bool) -> tuple[TableHand, ...]:
        out = []
        number = len(self.rounds) + 1
        for table, slot in enumerate(self.slots):
            dealer = slot.players[self.dealing_team]
            states = slot.played if only_finished or slot.hand is None else (
                *slot.played, slot.hand)
            out += [TableHand(number, table, slot.players, dealer, s) for s in states]
        return tuple(out)

    def players_at(self, table: int) -> tuple[int, int]:
        return self._slot(table).players

    def dealer_at(self, table: int) -> int:
        return self._slot(table).players[self.dealing_team]

    def tables_to_deal(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return tuple(t for t, slot in enumerate(self.slots) if slot.needs_deal)

    def settlement(self) -> TableSettlement:
        return settle_teams(self.rules, self.points, self.rounds_won, self.extra_boxes,
                            self.winner, self.end_reason)

    def _slot(self, table: int) -> TableSlot:
        if isinstance(table, bool) or not isinstance(table, int) or not (
            0 <= table < len(self.slots)
        ):
            raise TableError(f"table {table!r}: this game has tables 0 to {len(self.slots) - 1}")
        return self.slots[table]

    # ------------------------------------------------------------ moves

    def deal(self, table: int, deck: Sequence[int], *,
             elapsed_minutes: float | None = None) -> TeamGame:
        """Deal the next hand at ``table`` from ``deck`` (index 0 on top). Past the time limit
        (R31) the game ends instead if no table of the round has been dealt yet."""
        slot = self._check_can_deal(table)
        limit = self.rules.time_limit_minutes
        game = self
        if elapsed_minutes is not None and limit is not None and elapsed_minutes >= limit:
            game = self.time_up()
            if game.is_over:
                return game
        hand = deal_hand(self.rules, self.dealing_team, deck)
        return game._with_slot(table, replace(slot, hand=hand))

    def deal_from(self, table: int, rng: random.Random | int) -> TeamGame:
        self._check_can_deal(table)
        return self.deal(table, shuffled_deck(rng))

    def _check_can_deal(self, table: int) -> TableSlot:
        slot = self._slot(table)
        if self.is_over:
            raise GameError(f"the game is over ({self.end_reason}); no more deals")
        if slot.hand is not None:
            raise GameError(f"table {table}: a hand is still being played; cannot deal")
        if slot.decided:
            raise GameError(f"table {table}: its hand of round {self.round_number} is over; "
                            "the other tables are still playing")
        return slot

    def apply(self, table: int, action: Action) -> TeamGame:
        hand = self._hand_in_progress(table, action)
        return self._after(table, hand.apply(action))

    def apply_unchecked(self, table: int, action: Action) -> TeamGame:
        hand = self._hand_in_progress(table, action)
        return self._after(table, hand.apply_unchecked(action))

    def _hand_in_progress(self, table: int, action: Action) -> HandState:
        slot = self._slot(table)
        if slot.hand is None:
            if self.is_over:
                raise GameError(f"action {action!r}: the game is over")
            raise GameError(f"action {action!r}: no hand in progress at table {table}")
        return slot.hand

    def time_up(self) -> TeamGame:
        """The driver says the time limit has passed (R31): the game ends now between rounds,
        else when the round in progress ends."""
        if self.rules.time_limit_minutes is None:
            raise GameError("these rules have no time limit (time_limit_minutes is not set)")
        if self.is_over:
            return self
        game = replace(self, time_is_up=True)
        fresh = all(slot.hand is None and not slot.played for slot in self.slots)
        return game._end("time_limit") if fresh else game

    def _with_slot(self, table: int, slot: TableSlot) -> TeamGame:
        slots = list(self.slots)
        slots[table] = slot
        return replace(self, slots=tuple(slots))

    def _after(self, table: int, hand: HandState) -> TeamGame:
        slot = self.slots[table]
        if not hand.is_over:
            return self._with_slot(table, replace(slot, hand=hand))
        game = self._with_slot(table, replace(slot, hand=None, played=(*slot.played, hand)))
        if all(s.decided for s in game.slots):
            return game._close_round()
        return game

    def _close_round(self) -> TeamGame:
        wins: list[tuple[int, int]] = []
        extra: list[tuple[int, int]] = []
        for slot in self.slots:
            result = slot.played[-1].result
            assert result is not None
            if result.winner is not None:
                team = team_of(slot.players[result.winner])
                wins.append((team, result.points))
                extra.append((team, result.extra_boxes))
        score = score_round(wins, extra)
        finished = Round(len(self.rounds) + 1, self.dealing_team,
                         self._round_hands(only_finished=True), score)
        points, won = list(self.points), list(self.rounds_won)
        if score.winner is not None:
            points[score.winner] += score.points
            won[score.winner] += 1
        extra_boxes = tuple(a + b for a, b in zip(self.extra_boxes, score.extra_boxes,
                                                  strict=True))
        rounds = (*self.rounds, finished)
        game = replace(
            self, rounds=rounds, points=tuple(points), rounds_won=tuple(won),
            extra_boxes=extra_boxes, slots=_slots(self.players, len(rounds)),
            dealing_team=next_dealing_team(self.rules.dealer_rule, self.dealing_team,
                                           score.winner),
        )
        rules = self.rules
        if max(points) >= self.table_rules.target:
            return game._end("target")
        if rules.max_hands is not None and len(rounds) >= rules.max_hands:
            return game._end("max_hands")
        if game.time_is_up:
            return game._end("time_limit")
        return game

    def _end(self, reason: EndReason) -> TeamGame:
        empty = tuple(TableSlot(slot.players) for slot in self.slots)
        return replace(self, slots=empty, winner=leader(self.points), end_reason=reason)


def _slots(players: int, round_index: int) -> tuple[TableSlot, ...]:
    return tuple(TableSlot(pair) for pair in pairings(players, round_index))


def _void(state: HandState) -> bool:
    return state.result is not None and state.result.is_void


def new_team_game(table_rules: TableRules, rng: random.Random | int) -> TeamGame:
    """Cut for the deal with ``rng`` (R4) and return a team game ready for its first round."""
    return TeamGame.start(table_rules, cut_for_table(table_rules.players, rng))
