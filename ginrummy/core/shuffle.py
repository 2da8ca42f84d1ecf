"""An unbiased Fisher–Yates shuffle over an explicit source of random bytes.

Every random choice of a deal comes from :func:`randbelow`, which reads whole
bytes from a :class:`ByteSource`, keeps the low ``k`` bits (``k`` the bit length
of ``n - 1``) and draws again when the value is ``n`` or more: rejection, never
``value % n``, so every integer below ``n`` has exactly the same chance.
:func:`shuffle` is the Fisher–Yates (Durstenfeld) shuffle over it: for ``i``
from the last position down to 1, swap position ``i`` with a position ``j``
drawn from ``0..i`` inclusive.

The sources:

* :class:`SystemSource`: the operating system's CSPRNG (``os.urandom``), for
  real games. It keeps no buffer, so a forked process never repeats a deck.
* :class:`SeededSource`: a deterministic stream from a seed (SHA-256 in counter
  mode), for tests, replays and research.
* :class:`HmacStream`: HMAC-SHA256 in counter mode, the stream of the provably
  fair deal (:mod:`ginrummy.format.provably_fair`).

Nothing here reads a clock or Python's global random state.

>>> shuffle(range(8), SeededSource("example"))
[3, 7, 1, 2, 6, 0, 4, 5]
>>> len(shuffled_deck(SystemSource()))
52
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable, Iterable
from typing import Protocol, TypeVar

T = TypeVar("T")

DECK_SIZE = 52


class ByteSource(Protocol):
    """Anything that hands out uniformly random bytes, ``count`` at a time."""

    def read(self, count: int) -> bytes: ...


class SystemSource:
    """The operating system's cryptographically secure generator."""

    def read(self, count: int) -> bytes:
        return os.urandom(count)

    def __repr__(self) -> str:
        return "SystemSource()"


class CounterStream:
    """Bytes ``block(0) || block(1) || ...`` of a 32-byte block function, read in order."""

    def __init__(self, block: Callable[[int], bytes]) -> None:
        self._block = block
        self._buffer = b""
        self._counter = 0

    def read(self, count: int) -> bytes:
        if count < 0:
            raise ValueError(f"cannot read {count} bytes")
        while len(self._buffer) < count:
            self._buffer += self._block(self._counter)
            self._counter += 1
        data, self._buffer = self._buffer[:count], self._buffer[count:]
        return data


class HmacStream(CounterStream):
    """HMAC-SHA256 in counter mode: block ``i`` is ``HMAC(key, message || i)``.

    ``i`` is written as 4 bytes, big-endian; the stream is the blocks in order.
    """

    def __init__(self, key: bytes, message: bytes) -> None:
        if not isinstance(key, bytes) or not isinstance(message, bytes):
            raise TypeError("HmacStream takes a bytes key and a bytes message")
        self._mac = hmac.new(key, message, hashlib.sha256)
        super().__init__(self.block)

    def block(self, counter: int) -> bytes:
        mac = self._mac.copy()
        mac.update(counter.to_bytes(4, "big"))
        return mac.digest()


class SeededSource(CounterStream):
    """A reproducible stream from ``seed`` (an int, text or bytes).

    Block ``i`` is ``SHA-256(seed bytes || i)``, ``i`` as 8 bytes big-endian; an
    int seed is its decimal text, text is UTF-8. Equal seeds give equal streams
    on every platform and Python version.
    """

    def __init__(self, seed: int | str | bytes) -> None:
        self.seed = seed
        if isinstance(seed, bool) or not isinstance(seed, int | str | bytes):
            raise TypeError(f"a seed is an int, text or bytes, not {type(seed).__name__}")
        if isinstance(seed, int):
            seed = str(seed)
        self._prefix = b"ginrummy-seeded-shuffle\x00" + (
            seed.encode("utf-8") if isinstance(seed, str) else seed
        )
        super().__init__(self.block)

    def block(self, counter: int) -> bytes:
        return hashlib.sha256(self._prefix + counter.to_bytes(8, "big")).digest()

    def __repr__(self) -> str:
        return f"SeededSource({self.seed!r})"


def randbelow(source: ByteSource, n: int) -> int:
    """A uniform integer in ``0..n-1`` from ``source``, by rejection.

    Reads ``ceil(k / 8)`` bytes (big-endian), keeps the low ``k`` bits where
    ``k = (n - 1).bit_length()``, and reads again while the value is ``n`` or
    more. ``n == 1`` reads nothing. Each try succeeds with probability above 1/2.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"randbelow needs a whole number n >= 1, got {n!r}")
    bits = (n - 1).bit_length()
    if bits == 0:
        return 0
    size = (bits + 7) // 8
    mask = (1 << bits) - 1
    while True:
        data = source.read(size)
        if len(data) != size:
            raise ValueError(f"the random source gave {len(data)} bytes, not {size}")
        value = int.from_bytes(data, "big") & mask
        if value < n:
            return value


def shuffle(items: Iterable[T], source: ByteSource) -> list[T]:
    """``items`` in a uniformly random order (Fisher–Yates over :func:`randbelow`)."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = randbelow(source, i + 1)
        result[i], result[j] = result[j], result[i]
    return result


def shuffled_deck(source: ByteSource) -> list[int]:
    """The 52 card numbers in a uniformly random order, index 0 the top card."""
    return shuffle(range(DECK_SIZE), source)


__all__ = [
    "DECK_SIZE",
    "ByteSource",
    "CounterStream",
    "HmacStream",
    "SeededSource",
    "SystemSource",
    "randbelow",
    "shuffle",
    "shuffled_deck",
]
