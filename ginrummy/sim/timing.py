"""Decision times: a log-scale histogram that merges across processes.

Times are bucketed on a 1% geometric grid from 0.1 µs up, so a percentile
is exact to within 1% while memory stays fixed however many decisions are
timed; the count, the sum (for the mean) and the maximum are exact.

>>> times = DecisionTimes()
>>> for t in (0.001, 0.002, 0.003):
...     times.add(t)
>>> times.count, round(times.mean * 1000, 6)
(3, 2.0)
>>> 0.00299 <= times.percentile(99) <= 0.00303
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

_FLOOR = 1e-7
"""The smallest time told apart (0.1 µs); anything faster lands in bucket 0."""
_RATIO = 1.01
_LOG_RATIO = math.log(_RATIO)
_BUCKETS = int(math.log(1e4 / _FLOOR) / _LOG_RATIO) + 2
"""Up to 10,000 s per decision; slower ones land in the last bucket."""


@dataclass(slots=True)
class DecisionTimes:
    """How long one agent took over its decisions (seconds)."""

    count: int = 0
    total: float = 0.0
    longest: float = 0.0
    buckets: dict[int, int] = field(default_factory=dict)
    """Bucket index -> decisions: bucket i holds times in [FLOOR·1.01^(i-1), FLOOR·1.01^i)."""

    def add(self, seconds: float) -> None:
        self.count += 1
        self.total += seconds
        if seconds > self.longest:
            self.longest = seconds
        index = 0 if seconds < _FLOOR else min(
            int(math.log(seconds / _FLOOR) / _LOG_RATIO) + 1, _BUCKETS - 1
        )
        buckets = self.buckets
        buckets[index] = buckets.get(index, 0) + 1

    def add_many(self, seconds: list[float]) -> None:
        """:meth:`add` each of ``seconds`` (faster for many)."""
        if not seconds:
            return
        self.count += len(seconds)
        self.total += sum(seconds)
        self.longest = max(self.longest, max(seconds))
        buckets = self.buckets
        log = math.log
        floor = _FLOOR
        scale = 1 / _LOG_RATIO
        last = _BUCKETS - 1
        for value in seconds:
            index = 0 if value < floor else min(int(log(value / floor) * scale) + 1, last)
            buckets[index] = buckets.get(index, 0) + 1

    def merge(self, other: DecisionTimes) -> None:
        self.count += other.count
        self.total += other.total
        self.longest = max(self.longest, other.longest)
        for index, n in other.buckets.items():
            self.buckets[index] = self.buckets.get(index, 0) + n

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    def percentile(self, q: float) -> float:
        """The ``q``-th percentile (0-100) in seconds, to within 1% (the bucket's upper edge,
        capped by the slowest decision)."""
        if not 0 <= q <= 100:
            raise ValueError(f"percentile must be within 0..100, got {q}")
        if not self.count:
            return 0.0
        rank = max(1, math.ceil(q / 100 * self.count))
        seen = 0
        for index in sorted(self.buckets):
            seen += self.buckets[index]
            if seen >= rank:
                upper = _FLOOR * _RATIO ** index
                return min(upper, self.longest)
        return self.longest
