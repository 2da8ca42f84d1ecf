"""Elo-style ratings from a round robin's results: Bradley–Terry by maximum likelihood.

Agent ``i`` of strength ``p_i`` beats agent ``j`` with probability ``p_i / (p_i + p_j)``
(Bradley and Terry, 1952). The strengths that make the results most likely are found by
Hunter's MM iteration (2004): ``p_i <- W_i / sum_j N_ij / (p_i + p_j)``, where ``W_i`` is
``i``'s wins and ``N_ij`` the games between ``i`` and ``j``. An undecided game counts half a
win to each, and every pair is credited with :data:`PRIOR_GAMES` more games split evenly, so
an agent that won (or lost) every game still gets a finite rating, pulled a little toward
the others. A rating is ``1500 + 400 * log10(p_i)``, the strengths scaled so the ratings
average 1500: 200 points apart, the stronger wins about 76% of the time, 400 apart 91%.

The 95% interval of each rating is a bootstrap: the games of each pair are drawn again with
replacement (:data:`RESAMPLES` times, a generator seeded from the tournament's seed, so the
same games give the same intervals) and the ratings fitted again; the interval runs from the
2.5th to the 97.5th percentile. Like the win-rate intervals it treats games as independent,
which duplicate games are not quite; and an agent that won every game is redrawn winning
every game, so its interval cannot show how much stronger still it may be.

>>> wins = [[0, 30, 45], [20, 0, 40], [5, 10, 0]]   # wins[i][j]: games i won against j
>>> [round(r) for r in elo_ratings(wins)]
[1640, 1557, 1303]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

BASE = 1500.0
SCALE = 400.0
"""Elo points per factor of ten in strength."""
PRIOR_GAMES = 1.0
"""Games added to every pair, half won by each side."""
RESAMPLES = 1000
TOLERANCE = 1e-10
MAX_STEPS = 100_000


@dataclass(frozen=True, slots=True)
class Rating:
    elo: float
    low: float
    high: float


def bradley_terry(wins: ArrayLike) -> NDArray[np.float64]:
    """Log-strengths (natural log, mean 0) of ``wins[..., i, j]``: the games ``i`` won
    against ``j`` (fractional counts allowed); a stack of matrices is fitted all at once."""
    w = np.asarray(wins, dtype=np.float64)
    n = w.shape[-1]
    off = 1.0 - np.eye(n)
    w = w * off + PRIOR_GAMES / 2 * off
    games = w + np.swapaxes(w, -1, -2)
    won = w.sum(axis=-1)
    p = np.ones(w.shape[:-1])
    for _ in range(MAX_STEPS):
        pair = p[..., :, None] + p[..., None, :]
        new = won / (games / pair).sum(axis=-1)
        new /= np.exp(np.log(new).mean(axis=-1, keepdims=True))
        change = np.abs(np.log(new) - np.log(p)).max()
        p = new
        if change < TOLERANCE:
            break
    log_p: NDArray[np.float64] = np.log(p)
    return log_p


def elo_ratings(wins: ArrayLike) -> list[float]:
    """The ratings (average 1500) of ``wins[i][j]``, the games ``i`` won against ``j``."""
    return [float(r) for r in _elo(bradley_terry(wins))]


def _elo(log_strength: NDArray[np.float64]) -> NDArray[np.float64]:
    scaled: NDArray[np.float64] = BASE + SCALE / math.log(10) * log_strength
    return scaled


def rate(results: Sequence[tuple[int, int, int, int, int]], agents: int, seed: int,
         resamples: int = RESAMPLES) -> list[Rating]:
    """Ratings with bootstrap 95% intervals from ``(i, j, i's wins, j's wins, undecided)``
    for each pair played; ``seed`` (any integer) seeds the bootstrap."""
    wins = np.zeros((agents, agents))
    for i, j, won_i, won_j, undecided in results:
        wins[i, j] += won_i + undecided / 2
        wins[j, i] += won_j + undecided / 2
    point = _elo(bradley_terry(wins))
    rng = np.random.default_rng([abs(seed), int(seed < 0)])
    drawn = np.zeros((resamples, agents, agents))
    for i, j, won_i, won_j, undecided in results:
        total = won_i + won_j + undecided
        if not total:
            continue
        counts = rng.multinomial(total, np.array([won_i, won_j, undecided]) / total,
                                 size=resamples)
        drawn[:, i, j] += counts[:, 0] + counts[:, 2] / 2
        drawn[:, j, i] += counts[:, 1] + counts[:, 2] / 2
    spread = _elo(bradley_terry(drawn))
    low, high = np.percentile(spread, [2.5, 97.5], axis=0)
    return [Rating(float(e), float(lo), float(hi))
            for e, lo, hi in zip(point, low, high, strict=True)]
