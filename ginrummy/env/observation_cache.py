"""One agent's observation vector kept from step to step, so that each observation writes
only the entries that changed since the agent's last one, never the whole vector.

The cache remembers what it last wrote (the card planes as masks, the pile, the phase, the
flags, the counts and the scoreboard) and compares the new view with that alone, so it is
right whatever happened in between: several steps, a new hand, a new game. The vectors are
:func:`ginrummy.env.encoding.encode`'s, entry for entry (tests/env/test_env_observation_cache.py
checks it after every step of many games).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ginrummy.core.views import PlayerView
from ginrummy.env.encoding import (
    CARD_PLANES,
    COUNTS_OFFSET,
    FLAGS_OFFSET,
    PHASE_OFFSET,
    SCORES_OFFSET,
    TARGET_OFFSET,
    Scoreboard,
    card_planes,
    counts,
    flags,
    game_entries,
    observation_size,
    pile_position,
    plane_offset,
    public_counts,
    public_planes,
)

_PILE_ORDER = plane_offset("pile_order")
_PLANES = tuple((52 * index, index) for index, name in enumerate(CARD_PLANES)
                if name != "pile_order")
_NO_FLAGS = (False,) * 8


class ObservationCache:
    """The observation of one agent; :meth:`observe` brings it up to date and returns a
    copy (the caller may keep or change it)."""

    __slots__ = ("_out", "_cells", "_planes", "_pile", "_phase", "_flags", "_counts",
                 "_board")

    def __init__(self, sides: int) -> None:
        self._out = np.zeros(observation_size(sides), dtype=np.float32)
        self._cells = self._out.data.cast("B").cast("f")
        """``_out`` itself: writing one entry here is several times faster than NumPy's
        indexing."""
        self._planes = [0] * len(CARD_PLANES)
        self._pile: tuple[int, ...] = ()
        self._phase = -1
        self._flags: tuple[bool, ...] = _NO_FLAGS
        self._counts: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)
        self._board = Scoreboard(0, (0,) * sides)

    def observe(self, view: PlayerView | None, board: Scoreboard,
                watching: PlayerView | None = None) -> NDArray[np.float32]:
        """``encode(view, board, watching=watching)``, from what changed."""
        if view is not None:
            self._cards(card_planes(view), view.pile)
            self._tail(int(view.phase), flags(view), counts(view))
        else:
            self._cards(public_planes(watching), watching.pile if watching else ())
            self._tail(int(watching.phase) if watching else -1, _NO_FLAGS,
                       public_counts(watching))
        if board is not self._board and board != self._board:
            self._write_board(board)
        return self._out.copy()

    def _cards(self, planes: list[int], pile: tuple[int, ...]) -> None:
        cells, old = self._cells, self._planes
        for base, index in _PLANES:
            mask = planes[index]
            changed = mask ^ old[index]
            while changed:
                low = changed & -changed
                cells[base + low.bit_length() - 1] = 1.0 if mask & low else 0.0
                changed ^= low
        self._planes = planes
        before = self._pile
        if pile is before or pile == before:
            return
        size, was = len(pile), len(before)
        if size == was + 1 and pile[:was] == before:  # a discard
            cells[_PILE_ORDER + pile[-1]] = pile_position(size)
        elif size == was - 1 and before[:size] == pile:  # the top taken
            cells[_PILE_ORDER + before[-1]] = 0.0
        else:
            for card in before:
                cells[_PILE_ORDER + card] = 0.0
            for position, card in enumerate(pile, 1):
                cells[_PILE_ORDER + card] = pile_position(position)
        self._pile = pile

    def _tail(self, phase: int, flag_values: tuple[bool, ...],
              count_values: tuple[float, ...]) -> None:
        cells = self._cells
        if phase != self._phase:
            if self._phase >= 0:
                cells[PHASE_OFFSET + self._phase] = 0.0
            if phase >= 0:
                cells[PHASE_OFFSET + phase] = 1.0
            self._phase = phase
        if flag_values != self._flags:
            for index, flag in enumerate(flag_values):
                cells[FLAGS_OFFSET + index] = 1.0 if flag else 0.0
            self._flags = flag_values
        if count_values != self._counts:
            for index, count in enumerate(count_values):
                cells[COUNTS_OFFSET + index] = count
            self._counts = count_values

    def _write_board(self, board: Scoreboard) -> None:
        full_game, target, scores = game_entries(board)
        cells = self._cells
        cells[FLAGS_OFFSET + 8] = full_game
        cells[TARGET_OFFSET] = target
        for index, score in enumerate(scores):
            cells[SCORES_OFFSET + index] = score
        self._board = board
