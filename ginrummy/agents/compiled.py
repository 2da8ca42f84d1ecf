"""The compiled play-out kernels, loaded on first use, or None when they cannot be used.

Numba is optional (the ``fast`` extra): without it, or when its Mersenne Twister does
not draw what this Python's ``random`` draws (another CPython could change ``sample``),
every caller keeps its plain Python code, which gives the same answers more slowly.
Importing Numba takes a while, so nothing is loaded until a play-out asks.
"""

from __future__ import annotations

import random
from types import ModuleType

_LOADED: list[ModuleType | None] = []


def kernels() -> ModuleType | None:
    """:mod:`ginrummy.agents.kernel_playout` (which imports the other kernels), or None."""
    if not _LOADED:
        _LOADED.append(_load())
    return _LOADED[0]


def loaded_kernels() -> ModuleType | None:
    """:func:`kernels` if a play-out has loaded them already, else None (without loading:
    a player that never plays out does not wait for Numba)."""
    return _LOADED[0] if _LOADED else None


def use_kernels(on: bool) -> None:
    """Turn the kernels off (or back on, if they can be loaded): for tests and benchmarks."""
    _LOADED.clear()
    if not on:
        _LOADED.append(None)


def _load() -> ModuleType | None:
    try:
        from ginrummy.agents import kernel_playout, kernel_random
    except ImportError:
        return None
    twister = kernel_random.blank_state()
    kernel_random.seed_state(twister, 2026)
    rng = random.Random(2026)
    if kernel_random.words_of(twister) != rng.getstate()[1]:
        return None
    for k in (3, 12):
        if kernel_random.sample(twister, list(range(40)), k) != rng.sample(range(40), k) \
                or kernel_random.next_random(twister) != rng.random():
            return None
    return kernel_playout
