"""The game's score as one seat can follow it from its own views.

A view shows one hand, not the game: an agent that wants to know how far each side is
from the target keeps its own tally. :class:`ScoreTally` adds up each hand's points
when the next hand starts:

* a hand it **defended** is scored exactly: the knocker's hand is shown (R14), and the
  defender's deadwood after its best layoffs (R18) is known;
* a hand it **knocked** in is scored by the knocker's own estimate (its expected points
  over the sampled opponent hands, set by :meth:`ScoreTally.knocked`): the defender's
  cards are never shown to the knocker before the next deal;
* any other hand is void (R21) and scores nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.core.cards import CARD_VALUES, cards_of
from ginrummy.core.hand import Phase
from ginrummy.core.melds import best_defence
from ginrummy.core.result import score_hand
from ginrummy.core.views import PlayerView


def defended_points(view: PlayerView) -> int | None:
    """Our points (negative: the knocker's) of the hand we defend, or None before the
    knocker's hand is shown."""
    if view.phase is not Phase.DEFENDER or view.knocker != view.opponent:
        return None
    unmelded = view.knocker_deadwood_cards()
    if unmelded is None:
        return None
    knocker_deadwood = sum(CARD_VALUES[c] for c in cards_of(unmelded))
    defence = best_defence(view.free_cards() | view.laid_off, view.melds[view.knocker],
                           gin=unmelded == 0)
    result = score_hand(view.rules, knocker=view.knocker, knocker_deadwood=knocker_deadwood,
                        defender_deadwood=defence.deadwood, big_gin=view.big_gin,
                        limit=view.knock_limit, upcard=view.upcard)
    if result.winner is None:
        return 0
    return result.points if result.winner == view.seat else -result.points


@dataclass(slots=True)
class ScoreTally:
    """Points of this seat (``ours``) and of the opponent (``theirs``) in hands finished."""

    ours: float = 0.0
    theirs: float = 0.0
    pending: float = 0.0
    """Our points (negative: theirs) of the hand being played, as far as we know them."""
    hand_key: tuple[int, int | None] | None = None
    moves: int = 0

    def observe(self, view: PlayerView) -> None:
        """Follow the game: a new hand books the last one's points."""
        key = (view.dealer, view.upcard)
        moves = len(view.history)
        if self.hand_key is not None and (key != self.hand_key or moves < self.moves):
            self._book()
        self.hand_key, self.moves = key, moves
        points = defended_points(view)
        if points is not None:
            self.pending = float(points)

    def knocked(self, expected_points: float) -> None:
        """We knock in this hand, expecting ``expected_points`` (negative: an undercut)."""
        self.pending = expected_points

    def _book(self) -> None:
        if self.pending > 0:
            self.ours += self.pending
        else:
            self.theirs -= self.pending
        self.pending = 0.0

    def needs(self, target: int) -> tuple[float, float]:
        """Points each side still needs to reach ``target``: (ours, theirs), at least 1."""
        return max(1.0, target - self.ours), max(1.0, target - self.theirs)


__all__ = ["ScoreTally", "defended_points"]
