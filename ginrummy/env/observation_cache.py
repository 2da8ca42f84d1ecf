"""One agent's observation vector kept from step to step, so that each observation writes
only the entries that changed since the agent's last one, never the whole vector.

The cache remembers what it last wrote (the 0/1 entries as the bits of one int, the pile,
the counts and the scoreboard) and compares the new view with that alone, so it is right
whatever happened in between: several steps, a new hand, a new game. The vectors are
:func:`ginrummy.env.encoding.encode`'s, entry for entry
(tests/env/test_env_observation_cache.py checks it after every step of many games).
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
    flag_bits,
    game_entries,
    observation_size,
    pile_position,
    plane_offset,
    public_counts,
    public_planes,
)

_PILE_ORDER = plane_offset("pile_order")
assert _PILE_ORDER == 52 * 5 and len(CARD_PLANES) == 9 and FLAGS_OFFSET == PHASE_OFFSET + 7


def _switches(planes: list[int], phase: int, flags: int) -> int:
    """The entries that are 0 or 1, as bits (bit ``i`` is entry ``i``): the card planes
    but ``pile_order``, the phase and the first eight flags (the ninth is the board's)."""
    return (planes[0] | planes[1] << 52 | planes[2] << 104 | planes[3] << 156
            | planes[4] << 208 | planes[6] << 312 | planes[7] << 364 | planes[8] << 416
            | (1 << PHASE_OFFSET + phase if phase >= 0 else 0) | flags << FLAGS_OFFSET)


class ObservationCache:
    """The observation of one agent; :meth:`observe` brings it up to date and returns a
    copy (the caller may keep or change it)."""

    __slots__ = ("_out", "_cells", "_switches", "_pile", "_counts", "_board")

    def __init__(self, sides: int) -> None:
        self._out = np.zeros(observation_size(sides), dtype=np.float32)
        self._cells = self._out.data.cast("B").cast("f")
        """``_out`` itself: writing one entry here is faster than NumPy's indexing."""
        self._switches = 0
        self._pile: tuple[int, ...] = ()
        self._counts: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)
        self._board = Scoreboard(0, (0,) * sides)

    def observe(self, view: PlayerView | None, board: Scoreboard,
                watching: PlayerView | None = None) -> NDArray[np.float32]:
        """``encode(view, board, watching=watching)``, from what changed."""
        if view is not None:
            self._write(_switches(card_planes(view), int(view.phase), flag_bits(view)),
                        view.pile, counts(view))
        elif watching is not None:
            self._write(_switches(public_planes(watching), int(watching.phase), 0),
                        watching.pile, public_counts(watching))
        else:
            self._write(0, (), public_counts(None))
        if board is not self._board:
            if board != self._board:
                self._write_board(board)
            self._board = board
        return self._out.copy()

    def _write(self, switches: int, pile: tuple[int, ...], count_values: tuple[float, ...]
               ) -> None:
        cells = self._cells
        changed = switches ^ self._switches
        while changed:
            low = changed & -changed
            cells[low.bit_length() - 1] = 1.0 if switches & low else 0.0
            changed ^= low
        self._switches = switches
        if count_values != self._counts:
            for index, count in enumerate(count_values):
                cells[COUNTS_OFFSET + index] = count
            self._counts = count_values
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

    def _write_board(self, board: Scoreboard) -> None:
        full_game, target, scores = game_entries(board)
        cells = self._cells
        cells[FLAGS_OFFSET + 8] = full_game
        cells[TARGET_OFFSET] = target
        for index, score in enumerate(scores):
            cells[SCORES_OFFSET + index] = score
