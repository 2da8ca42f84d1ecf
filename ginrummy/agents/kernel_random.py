"""CPython's ``random.Random`` (Mersenne Twister) for compiled code: the same numbers.

A generator's state is an int64 array of 625 words, as ``Random.getstate()[1]`` gives
them: the 624 words of the twister and the index of the next one. :func:`seed_state`
seeds it as ``random.Random(seed)`` does for a seed below 2**32; :func:`next_random`,
:func:`randbelow` and :func:`sample_into` draw what ``random()``, ``_randbelow()`` and
``sample()`` of CPython 3.11 draw, word for word, so a play-out in compiled code uses up
a ``random.Random`` exactly as the Python play-out does. ``tests/agents/test_playout_kernel.py``
checks them against the standard library.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np

F = TypeVar("F", bound=Callable[..., Any])


def compiled(function: F) -> F:
    """``numba.njit`` with its compiled code cached beside the module (typed for mypy)."""
    return cast(F, numba.njit(cache=True, nogil=True)(function))


_N = 624
_M = 397
_MATRIX_A = 0x9908B0DF
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_WORD = 0xFFFFFFFF


@compiled
def _twist(mt: Any) -> None:
    for kk in range(_N):
        y = (mt[kk] & _UPPER) | (mt[(kk + 1) % _N] & _LOWER)
        mag = _MATRIX_A if y & 1 else 0
        mt[kk] = mt[(kk + _M) % _N] ^ (y >> 1) ^ mag
    mt[_N] = 0


@compiled
def next_word(mt: Any) -> int:
    """The next 32-bit output (CPython's ``genrand_uint32``)."""
    if mt[_N] >= _N:
        _twist(mt)
    y: int = mt[mt[_N]]
    mt[_N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _WORD


@compiled
def next_random(mt: Any) -> float:
    """``Random.random()``: 53 bits from two words."""
    a = next_word(mt) >> 5
    b = next_word(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@compiled
def randbelow(mt: Any, n: int) -> int:
    """``Random._randbelow(n)`` for 0 < n < 2**32: ``getrandbits(n.bit_length())`` until below n."""
    k = 0
    while n >> k:
        k += 1
    r = next_word(mt) >> (32 - k)
    while r >= n:
        r = next_word(mt) >> (32 - k)
    return r


@compiled
def sample_into(mt: Any, population: Any, n: int, k: int, setsize: int, out: Any,
                scratch: Any) -> None:
    """``Random.sample(population[:n], k)`` written to ``out[:k]``; ``setsize`` is
    :func:`sample_setsize` of ``k``; ``scratch`` holds at least ``n`` ints."""
    if n <= setsize:
        for i in range(n):
            scratch[i] = population[i]
        for i in range(k):
            j = randbelow(mt, n - i)
            out[i] = scratch[j]
            scratch[j] = scratch[n - i - 1]
    else:
        for i in range(n):
            scratch[i] = 0
        for i in range(k):
            j = randbelow(mt, n)
            while scratch[j]:
                j = randbelow(mt, n)
            scratch[j] = 1
            out[i] = population[j]


def sample(mt: Any, population: list[int], k: int) -> list[int]:
    """``Random.sample(population, k)`` drawn from ``mt`` (for tests and checks)."""
    n = len(population)
    out = np.empty(k, dtype=np.int64)
    sample_into(mt, np.array(population, dtype=np.int64), n, k, sample_setsize(k), out,
                np.empty(n, dtype=np.int64))
    return [int(card) for card in out.tolist()]


def sample_setsize(k: int) -> int:
    """The population size up to which CPython's ``sample`` of ``k`` draws from a list copy."""
    setsize = 21
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    return setsize


@compiled
def seed_state(mt: Any, seed: int) -> None:
    """``random.Random(seed)``'s state in ``mt``, for 0 <= seed < 2**32 (``init_by_array``
    with one key word)."""
    mt[0] = 19650218
    for i in range(1, _N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _WORD
    i = 1
    for _ in range(_N):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + seed) & _WORD
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    for _ in range(_N - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _WORD
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = _UPPER
    mt[_N] = _N


def blank_state() -> Any:
    """An array for :func:`seed_state`."""
    return np.empty(_N + 1, dtype=np.int64)


def state_of(words: tuple[int, ...]) -> Any:
    """``Random.getstate()[1]`` as the int64 array the compiled functions use."""
    return np.array(words, dtype=np.int64)


def words_of(mt: Any) -> tuple[int, ...]:
    """The array back as ``getstate()[1]`` (for ``setstate``)."""
    return tuple(int(word) for word in mt.tolist())
