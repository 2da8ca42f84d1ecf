"""The computer levels' fixed ratings, on the players' scale, from measured games.

Each level played the level below it in duplicate games to 100 under ``standard``
(``bench/RESULTS.md``, "Computer levels"; the command of each row is there). A win rate ``p``
between two levels is the rating gap at which :func:`~ginrummy.rating.expected_score` gives
``p`` to two players of settled ratings; the middle level, 3, is anchored at a new player's
1500. The same ratings stand for every family (the levels were measured under ``standard``
only). :data:`MEASURED` holds the shares the ratings use.

>>> ratings = level_ratings()
>>> [round(ratings[level]) for level in (1, 2, 3, 4, 5)]
[1276, 1408, 1500, 1563, 1662]
>>> nearest_level(1550), nearest_level(900), nearest_level(2400)
(4, 1, 5)
"""

from __future__ import annotations

import functools

from ginrummy.rating import START_MU, Rating, expected_score

MEASURED: dict[int, tuple[float, int]] = {
    2: (0.697, 4000),
    3: (0.639, 4000),
    4: (0.597, 4000),
    5: (0.650, 400),
}
"""Level ``n``: its share of the games it won against level ``n - 1``, of so many games."""
ANCHOR = 3
SETTLED_SIGMA = 50.0
"""The deviation of a settled player, at which a win rate is turned into a gap."""


def gap_of(win_rate: float) -> float:
    """The rating gap at which the stronger of two settled players wins ``win_rate`` of
    their games (bisection: the expected score grows with the gap)."""
    low, high = 0.0, 2000.0
    for _ in range(60):
        middle = (low + high) / 2
        score = expected_score([Rating(START_MU + middle, SETTLED_SIGMA)],
                               [Rating(START_MU, SETTLED_SIGMA)])
        low, high = (middle, high) if score < win_rate else (low, middle)
    return (low + high) / 2


@functools.cache
def level_ratings() -> dict[int, float]:
    """Each computer level's rating (level 3 at 1500)."""
    ratings = {1: 0.0}
    for level in sorted(MEASURED):
        ratings[level] = ratings[level - 1] + gap_of(MEASURED[level][0])
    shift = START_MU - ratings[ANCHOR]
    return {level: rating + shift for level, rating in ratings.items()}


def nearest_level(rating: float) -> int:
    """The computer level whose rating is nearest ``rating`` (the lower on a tie)."""
    ratings = level_ratings()
    return min(ratings, key=lambda level: (abs(ratings[level] - rating), level))
