"""Nothing a player asks for waits for the compiled play-outs to compile.

The first hint and level 5's first move answer at once with the Python play-outs while the
kernels load (or compile, 15-30 s the first time after an install) in a background thread,
and give the same answers as the compiled ones once those are loaded. The loading is held
back here by an event, as a slow compilation would be: no clock is read.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from ginrummy.agents import compiled
from ginrummy.agents import playout as playout_module
from ginrummy.agents.levels import make_level
from ginrummy.coach.hints import hint_for
from ginrummy.core.hand import new_hand
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView, view_of

pytest.importorskip("numba")


class Compiling:
    """A fresh process's kernels, still compiling until :meth:`finish`.

    A move that would wait for the compilation (loading the kernels in its own thread) is
    noted in :attr:`waited`, and not made to wait, so that the test fails instead of hanging.
    """

    def __init__(self, load: Callable[[], ModuleType | None]) -> None:
        self.done = threading.Event()
        self.load = load
        self.waited: list[str] = []
        self.finishing = False

    def compile(self) -> ModuleType | None:
        if threading.current_thread() is threading.main_thread() and not self.finishing:
            self.waited.append("a move waited for the compilation")
        else:
            self.done.wait()
        return self.load()

    def finish(self) -> None:
        """The compilation ends; the kernels are loaded (waiting for them)."""
        self.finishing = True
        self.done.set()
        compiled.use_kernels(True)


@pytest.fixture
def still_compiling(monkeypatch: pytest.MonkeyPatch) -> Iterator[Compiling]:
    compiling = Compiling(compiled._load)
    monkeypatch.setattr(compiled, "_load", compiling.compile)
    compiled.use_kernels(None)
    try:
        yield compiling
    finally:
        compiling.finish()


def _first_turn() -> PlayerView:
    return view_of(new_hand(Rules.preset("standard"), dealer=1, rng=5), 0)


@pytest.fixture
def python_play_outs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the play-outs made in Python."""
    made: list[int] = []
    python_playout = playout_module.python_playout

    def counted(*args: Any, **kwargs: Any) -> float:
        made.append(1)
        return python_playout(*args, **kwargs)

    monkeypatch.setattr(playout_module, "python_playout", counted)
    return made


def test_the_first_hint_answers_with_the_python_play_outs_while_they_compile(
        still_compiling: Compiling, python_play_outs: list[int]) -> None:
    view = _first_turn()
    hint = hint_for(view)
    assert hint.source == "evaluate"
    assert not still_compiling.waited and compiled.is_loading()  # the hint did not wait,
    assert compiled.loaded_kernels() is None
    assert python_play_outs  # searching with the Python play-outs
    still_compiling.finish()
    python_play_outs.clear()
    assert hint_for(view) == hint  # the compiled play-outs give the same hint
    assert not python_play_outs


def test_level_5s_first_move_does_not_wait_for_the_compiled_play_outs(
        still_compiling: Compiling, python_play_outs: list[int]) -> None:
    view = _first_turn()
    move = make_level(5, seed=3, samples=12).choose(view)
    assert not still_compiling.waited and compiled.is_loading()
    assert compiled.loaded_kernels() is None and python_play_outs
    still_compiling.finish()
    python_play_outs.clear()
    assert make_level(5, seed=3, samples=12).choose(view) == move
    assert not python_play_outs


def test_kernels_loaded_in_the_background_are_used_once_ready() -> None:
    compiled.use_kernels(None)
    try:
        first = compiled.kernels()  # None, or the kernels if the thread was quick
        loaded = compiled.wait_for_kernels()
        assert loaded is not None and first in (None, loaded)
        assert compiled.kernels() is loaded
    finally:
        compiled.use_kernels(True)


def test_a_load_that_fails_leaves_the_python_play_outs_for_good(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def broken() -> ModuleType | None:
        calls.append(1)
        raise RuntimeError("the compiler failed")

    monkeypatch.setattr(compiled, "_load", broken)
    compiled.use_kernels(None)
    try:
        assert compiled.wait_for_kernels() is None
        assert compiled.kernels() is None and compiled.kernels() is None
        assert calls == [1]  # decided once: no move starts it again
    finally:
        monkeypatch.undo()
        compiled.use_kernels(True)
