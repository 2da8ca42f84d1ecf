"""Token buckets by key (a client's address, a seat) and counts of open things by key.

A bucket holds up to ``burst`` tokens and refills at ``per_second``; each request takes
one. A refused request learns how long until a token is back (the ``Retry-After``).
Buckets that have refilled are forgotten now and then, so memory follows the clients
seen in the last few seconds, not every client ever seen.

Why not the ``limits`` package from PyPI: its in-memory storage keeps a timer thread
that wakes every 10 ms while any key is held and walks every key under the interpreter
lock, counts in whole seconds of wall-clock time (no monotonic clock to inject), and
has no count of open things (sockets); a bucket here is two floats and a subtraction.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rate:
    """``burst`` requests at once, then ``per_second``; ``per_second`` 0: no limit."""

    per_second: float
    burst: int

    @classmethod
    def per_minute(cls, count: float) -> Rate:
        """``count`` a minute, ten seconds' worth at once; 0: no limit. (A whole minute's
        worth at once would let one client fill the server's work thread for seconds.)

        >>> Rate.per_minute(30)
        Rate(per_second=0.5, burst=5)
        """
        return cls(count / 60, max(1, math.ceil(count / 6)))

    @property
    def unlimited(self) -> bool:
        return self.per_second <= 0


class Buckets:
    """One token bucket per key, all with the same :class:`Rate`."""

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self._buckets: dict[Hashable, tuple[float, float]] = {}
        """key -> (tokens, when counted)."""
        self._sweep_at = 1024

    def take(self, key: Hashable) -> float:
        """Take a token for ``key``: 0.0 if given, else the seconds until one is back."""
        rate = self.rate
        if rate.unlimited:
            return 0.0
        moment = self.clock()
        tokens, last = self._buckets.get(key, (float(rate.burst), moment))
        tokens = min(float(rate.burst), tokens + (moment - last) * rate.per_second)
        if tokens < 1:
            self._buckets[key] = (tokens, moment)
            return (1 - tokens) / rate.per_second
        self._buckets[key] = (tokens - 1, moment)
        if len(self._buckets) >= self._sweep_at:
            self._sweep(moment)
        return 0.0

    def _sweep(self, moment: float) -> None:
        rate = self.rate
        self._buckets = {key: (tokens, last) for key, (tokens, last) in self._buckets.items()
                         if tokens + (moment - last) * rate.per_second < rate.burst}
        self._sweep_at = max(1024, 2 * len(self._buckets))

    def __len__(self) -> int:
        return len(self._buckets)


class Counts:
    """How many of something each key holds open (sockets of a game, of an address)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        """At most this many per key; 0: no limit."""
        self._open: dict[Hashable, int] = {}

    def open(self, key: Hashable) -> bool:
        """Count one more for ``key``, unless it already holds :attr:`limit`."""
        held = self._open.get(key, 0)
        if self.limit and held >= self.limit:
            return False
        self._open[key] = held + 1
        return True

    def close(self, key: Hashable) -> None:
        held = self._open.get(key, 0) - 1
        if held > 0:
            self._open[key] = held
        else:
            self._open.pop(key, None)

    def held(self, key: Hashable) -> int:
        return self._open.get(key, 0)
