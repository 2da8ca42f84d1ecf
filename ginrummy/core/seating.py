"""Who plays whom, who deals, and who scores: the seatings of a game (R4, R5, R33-R35).

A game is a table of 2 to 10 players playing rounds of two-player hands. The
seating is all that differs between its kinds:

* **two** (heads-up, R4, R5): players 0 and 1 at one hand table, as the hand's seats
  0 and 1; the dealer follows ``dealer_rule``.
* **three** (R33): the dealer sits out and deals to the other two, first to the
  player on its left (player ``dealer + 1``), who is the hand's seat 0 and has
  the non-dealer's part in R13; the other is seat 1 and has the dealer's part.
  The loser of a hand deals the next.
* **teams** (R34, R35): partners alternate (even players are team 0), and a round
  is one hand at each of ``players / 2`` hand tables, table ``i`` seating team 0's
  ``i``-th player (seat 0) against a team 1 player that rotates from round to
  round (:func:`~ginrummy.core.table.pairings`); one team deals at every hand table.

A *side* is what scores: a player (two, three) or a team. The game's
``dealer`` is a side too: the player dealing (two, three) or the dealing team.
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.core.cut import Cut
from ginrummy.core.result import HandResult
from ginrummy.core.rules import Rules
from ginrummy.core.scoring import (
    RoundScore,
    next_dealer,
    next_dealing_team,
    score_hand_round,
    score_round,
)
from ginrummy.core.table import TableKind, pairings, team_of

THREE_DEALER_SEAT = 1
"""At three players, the hand seat with the dealer's part in R13: the dealer's right."""


@dataclass(frozen=True, slots=True)
class Seating:
    kind: TableKind
    players: int

    @property
    def sides(self) -> int:
        return 3 if self.kind == "three" else 2

    @property
    def one_table(self) -> bool:
        return self.kind != "teams"

    def side_of(self, player: int) -> int:
        return team_of(player) if self.kind == "teams" else player

    def first_dealer(self, cut: Cut) -> int:
        """The dealing side of the first round: the lowest cut, or its team (R4, R33, R34)."""
        return team_of(cut.low) if self.kind == "teams" else cut.low

    def tables(self, round_index: int, dealer: int) -> tuple[tuple[int, int], ...]:
        """The players in seats 0 and 1 at each hand table of round ``round_index`` (from 0)."""
        if self.kind == "two":
            return ((0, 1),)
        if self.kind == "three":
            return (((dealer + 1) % 3, (dealer + 2) % 3),)
        return pairings(self.players, round_index)

    def hand_dealer_seat(self, dealer: int) -> int:
        """The seat (0 or 1) with the dealer's part in each hand."""
        return THREE_DEALER_SEAT if self.kind == "three" else dealer

    def dealer_at(self, players: tuple[int, int], dealer: int) -> int:
        """The player who deals a table's hand: the one sitting out at three players."""
        if self.kind == "teams":
            return players[dealer]
        return dealer

    def score(self, hands: tuple[tuple[tuple[int, int], HandResult], ...]) -> RoundScore:
        """A round's score from each table's players and the result of its decided hand."""
        if self.kind != "teams":
            (players, result), = hands
            side = None if result.winner is None else players[result.winner]
            return score_hand_round(self.sides, side, result)
        wins: list[tuple[int, int]] = []
        extra: list[tuple[int, int]] = []
        for players, result in hands:
            if result.winner is not None:
                team = team_of(players[result.winner])
                wins.append((team, result.points))
                extra.append((team, result.extra_boxes))
        return score_round(wins, extra)

    def next_dealer(self, rules: Rules, dealer: int, players: tuple[int, int],
                    result: HandResult, score: RoundScore) -> int:
        """The dealing side of the next round (R5; R33: the loser; R34: by team)."""
        if self.kind == "two":
            return next_dealer(rules, dealer, result)
        if self.kind == "three":
            return dealer if result.winner is None else players[1 - result.winner]
        return next_dealing_team(rules.dealer_rule, dealer, score.winner)
