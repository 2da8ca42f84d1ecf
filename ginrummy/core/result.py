"""The score of one finished hand (R23-R26, R32)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from ginrummy.core.rules import Rules

Outcome = Literal["knock", "gin", "big_gin", "undercut", "tie", "void"]


@dataclass(frozen=True, slots=True)
class HandResult:
    """Who won a hand and every number of its score.

    ``points`` is what the winner scores: ``(difference + bonus) * multiplier``.
    """

    outcome: Outcome
    winner: int | None
    points: int
    knocker: int | None
    knocker_deadwood: int
    defender_deadwood: int
    difference: int
    bonus: int
    multiplier: int
    extra_boxes: int
    knock_limit: int
    void_reason: str | None = None

    @property
    def is_void(self) -> bool:
        return self.outcome == "void"

    def points_for(self, seat: int) -> int:
        return self.points if seat == self.winner else 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandResult:
        return cls(**data)


def void_result(reason: str, limit: int) -> HandResult:
    """R21, R22, R36: nobody scores and the same dealer deals again."""
    return HandResult("void", None, 0, None, 0, 0, 0, 0, 1, 0, limit, reason)


def score_hand(
    rules: Rules,
    *,
    knocker: int,
    knocker_deadwood: int,
    defender_deadwood: int,
    big_gin: bool,
    limit: int,
    upcard: int | None,
) -> HandResult:
    """Score a knock: R23 knock, R24 undercut, R25 gin, R26 big gin, R32 Oklahoma."""
    defender = 1 - knocker
    multiplier = rules.hand_multiplier(upcard)
    outcome: Outcome
    if big_gin:
        outcome, winner = "big_gin", knocker
        difference, bonus = defender_deadwood, rules.big_gin_bonus
    elif knocker_deadwood == 0:
        outcome, winner = "gin", knocker
        difference, bonus = defender_deadwood, rules.gin_bonus
    elif knocker_deadwood < defender_deadwood:
        outcome, winner = "knock", knocker
        difference, bonus = defender_deadwood - knocker_deadwood, 0
    elif knocker_deadwood > defender_deadwood or rules.undercut_on_tie:
        outcome, winner = "undercut", defender
        difference, bonus = knocker_deadwood - defender_deadwood, rules.undercut_bonus
    else:
        return HandResult(
            "tie", None, 0, knocker, knocker_deadwood, defender_deadwood, 0, 0, multiplier, 0, limit
        )
    extra = 0
    if rules.extra_boxes and outcome != "knock":
        extra = (1 if outcome == "undercut" else 2) * multiplier
    return HandResult(
        outcome, winner, (difference + bonus) * multiplier, knocker, knocker_deadwood,
        defender_deadwood, difference, bonus, multiplier, extra, limit,
    )
