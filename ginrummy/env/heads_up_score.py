"""A two-player game's numbers between its hands, kept as small integers while the AEC
environment's compiled step plays the hands, so that no :class:`~ginrummy.core.game.Game`
need be made between them (:mod:`ginrummy.env.game_so_far`).

:meth:`HeadsUpScore.take` does with a hand's result what ``Game.apply`` does when a
two-player hand ends: the round's score and the next dealer are the core's
(:meth:`~ginrummy.core.seating.Seating.score`, :meth:`~ginrummy.core.seating.Seating.next_dealer`),
added up as the game adds them (R27, R28, R32), and the game ends as it ends (R27, R31;
the environment reports no time limit). ``tests/env/test_env_game_so_far.py`` checks the
numbers against the ``Game`` after every hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ginrummy.core.result import HandResult
from ginrummy.core.scoring import EndReason, Settlement, leader, settle_game
from ginrummy.core.seating import Seating
from ginrummy.core.table import TableRules

_PLAYERS = (0, 1)
"""The players in hand seats 0 and 1 at every hand of a two-player game."""


@dataclass(slots=True)
class HeadsUpScore:
    table_rules: TableRules
    dealer: int
    """The player to deal the next hand (R5)."""
    points: list[int] = field(default_factory=lambda: [0, 0])
    wins: list[int] = field(default_factory=lambda: [0, 0])
    extra_boxes: list[int] = field(default_factory=lambda: [0, 0])
    hands_scored: int = 0
    """Hands played to a knock: what ``max_hands`` counts (void hands do not)."""
    end_reason: EndReason | None = None

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    def take(self, result: HandResult) -> None:
        """Score a hand that ended with ``result``; a void hand is dealt again by the same
        dealer (R21) and counts for nothing."""
        if result.is_void:
            return
        seating = Seating("two", 2)
        rules = self.table_rules.rules
        score = seating.score(((_PLAYERS, result),))
        if score.winner is not None:
            self.points[score.winner] += score.points
            self.wins[score.winner] += 1
        for side, extra in enumerate(score.extra_boxes):
            self.extra_boxes[side] += extra
        self.dealer = seating.next_dealer(rules, self.dealer, _PLAYERS, result, score)
        self.hands_scored += 1
        if max(self.points) >= self.table_rules.target:
            self.end_reason = "target"
        elif rules.max_hands is not None and self.hands_scored >= rules.max_hands:
            self.end_reason = "max_hands"

    @property
    def winner(self) -> int | None:
        """The winner once over: the only highest total (R29, R31)."""
        return leader(self.points) if self.is_over else None

    def settlement(self) -> Settlement:
        return settle_game("two", self.table_rules.rules, self.points, self.wins,
                           self.extra_boxes, self.winner, self.end_reason)
