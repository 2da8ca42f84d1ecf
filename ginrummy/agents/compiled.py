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
    _warm_up(kernel_playout)
    return kernel_playout


def _warm_up(kernel: ModuleType) -> None:
    """Call every kernel once: their machine code is compiled (the first time after an
    install, about 15 s) or read from Numba's cache now, not in a player's move."""
    from ginrummy.core.hand import deal_hand, shuffled_deck
    from ginrummy.core.rules import Rules

    state = deal_hand(Rules.preset("standard"), 0, shuffled_deck(random.Random(0)))
    kernel.play_moves(kernel.pack(state, 4, 2, 12, ()), [1, 2], 0, 400)
    deadwood = kernel.kernel_deadwood
    deadwood.first_least_discard(state.hands[0], state.hands[0])
    deadwood.lookahead(state.hands[0], *deadwood.weighted_cards([(51, 0.5)]))
