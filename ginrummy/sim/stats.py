"""Confidence intervals for win rates and means.

>>> low, high = wilson_interval(50, 100)
>>> round(low, 4), round(high, 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / trials``.

    ``successes`` may be fractional (a drawn game counts half). With no
    trials the interval is the whole of [0, 1].
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)
