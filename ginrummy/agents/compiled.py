"""The compiled play-out kernels, loaded in the background, or None until they are ready.

Numba is optional (the ``fast`` extra): without it, or when its Mersenne Twister does
not draw what this Python's ``random`` draws (another CPython could change ``sample``),
every caller keeps its plain Python code, which gives the same answers more slowly.

Loading takes a while: importing Numba, then reading the machine code from Numba's cache
(``cache=True``: compiled once per install, beside the modules or in the user's cache when
the package's folder is read-only), or compiling it the first time, which takes 15-30 s.
So no move waits for it: the first call of :func:`kernels` starts the loading in a
background thread and answers None, the caller plays out in Python, and the calls after the
kernels are ready get them. The answers are the same either way (the kernels draw the same
random numbers and make the same moves as the Python play-out: tests/agents/test_playout_kernel.py),
so a search that switches half-way gives what either would.
"""

from __future__ import annotations

import random
import threading
from types import ModuleType

_LOADED: list[ModuleType | None] = []
"""Empty until decided; then the kernels, or None (no Numba, or turned off)."""
_LOCK = threading.Lock()
_LOADING: list[threading.Thread] = []
"""The thread loading the kernels, while it runs."""
_GENERATION = [0]
"""Bumped by :func:`use_kernels`, so a background load started before does not overwrite
what it decided."""


def kernels() -> ModuleType | None:
    """:mod:`ginrummy.agents.kernel_playout` (which imports the other kernels) when loaded;
    else None at once, the loading started in the background (play in Python meanwhile)."""
    if _LOADED:
        return _LOADED[0]
    start_loading()
    return None


def loaded_kernels() -> ModuleType | None:
    """:func:`kernels` if they are loaded already, else None (without starting to load them:
    a player that never plays out does not load Numba)."""
    return _LOADED[0] if _LOADED else None


def is_loading() -> bool:
    """Whether the kernels are loading in the background now."""
    with _LOCK:
        return bool(_LOADING) and not _LOADED


def start_loading() -> None:
    """Start loading the kernels in a background thread, unless loaded or loading already."""
    with _LOCK:
        if _LOADED or _LOADING:
            return
        thread = threading.Thread(target=_load_in_background, args=(_GENERATION[0],),
                                  name="ginrummy-kernels", daemon=True)
        _LOADING.append(thread)
    thread.start()


def wait_for_kernels() -> ModuleType | None:
    """The kernels, waiting for them to load (None without Numba): for tests, benchmarks and
    batch runs that would rather wait once than play the first moves in Python."""
    start_loading()
    with _LOCK:
        loading = list(_LOADING)
    for thread in loading:
        thread.join()
    return _LOADED[0] if _LOADED else None


def use_kernels(on: bool | None) -> None:
    """Turn the kernels off, or back on (loaded now, waiting), or (``None``) back to a fresh
    process's start, loaded in the background on first use: for tests and benchmarks."""
    with _LOCK:
        _GENERATION[0] += 1
        generation = _GENERATION[0]
        _LOADED.clear()
        _LOADING.clear()
        if on is False:
            _LOADED.append(None)
    if on:
        _decide(generation, _load_or_none())


def _load_in_background(generation: int) -> None:
    _decide(generation, _load_or_none())
    with _LOCK:
        if _GENERATION[0] == generation:
            _LOADING.clear()


def _decide(generation: int, found: ModuleType | None) -> None:
    with _LOCK:
        if _GENERATION[0] == generation and not _LOADED:
            _LOADED.append(found)


def _load_or_none() -> ModuleType | None:
    try:
        return _load()
    except Exception:  # kernels that fail to build leave the Python play-out, never a move
        return None


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
    """Call every kernel a play-out calls from Python once: their machine code is compiled
    (the first time after an install, 15-30 s) or read from Numba's cache now, in the
    loading thread, not in a player's move."""
    from ginrummy.core.hand import deal_hand, shuffled_deck
    from ginrummy.core.rules import Rules

    state = deal_hand(Rules.preset("standard"), 0, shuffled_deck(random.Random(0)))
    kernel.play_moves(kernel.pack(state, 4, 2, 12, ()), [1, 2], 0, 400)
    twister = kernel.kernel_random.state_of(random.Random(0).getstate()[1])
    kernel.play(kernel.pack(state, 4, 2, 12, ()), twister, 400)
    deadwood = kernel.kernel_deadwood
    deadwood.first_least_discard(state.hands[0], state.hands[0])
    deadwood.lookahead(state.hands[0], *deadwood.weighted_cards([(51, 0.5)]))
