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
_ALL_CARDS = (1 << 52) - 1
_NO_COUNTS = (-1, -1, -1, -1)
"""The count key of a player in no hand (made up: no hand has these counts)."""
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

    __slots__ = ("_out", "_cells", "_switches", "_pile", "_pile_cards", "_count_key",
                 "_counts", "_board")

    def __init__(self, sides: int) -> None:
        self._out = np.zeros(observation_size(sides), dtype=np.float32)
        self._cells = self._out.data.cast("B").cast("f")
        """``_out`` itself: writing one entry here is faster than NumPy's indexing."""
        self._switches = 0
        self._pile: tuple[int, ...] = ()
        self._pile_cards = 0
        """The cards of ``_pile`` as a mask."""
        self._count_key: tuple[int, ...] = _NO_COUNTS
        self._counts: tuple[float, ...] = public_counts(None)
        self._board = Scoreboard(0, (0,) * sides)

    def __getstate__(self) -> dict[str, object]:
        """What a copy or a pickle keeps: all but ``_cells``, which cannot be pickled."""
        return {name: getattr(self, name) for name in self.__slots__ if name != "_cells"}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._cells = self._out.data.cast("B").cast("f")

    def observe(self, view: PlayerView | None, board: Scoreboard,
                watching: PlayerView | None = None) -> NDArray[np.float32]:
        """``encode(view, board, watching=watching)``, from what changed."""
        if view is not None:
            self._write_pile(view.pile)
            planes = (self._planes_before_knock(view) if view.knocker < 0
                      and view.opponent_hand is None else card_planes(view))
            self._write_switches(_switches(planes, int(view.phase), flag_bits(view)))
            key = (view.stock_size, view.knock_limit, view.opponent_count, view.passes)
            if key != self._count_key:
                self._write_counts(key, counts(view))
        elif watching is not None:
            self._write_pile(watching.pile)
            self._write_switches(_switches(public_planes(watching), int(watching.phase), 0))
            key = (watching.stock_size, watching.knock_limit, -1, -1)
            if key != self._count_key:
                self._write_counts(key, public_counts(watching))
        else:
            self._write_pile(())
            self._write_switches(0)
            if self._count_key != _NO_COUNTS:
                self._write_counts(_NO_COUNTS, public_counts(None))
        if board is not self._board:
            if board != self._board:
                self._write_board(board)
            self._board = board
        return self._out.copy()

    def _planes_before_knock(self, view: PlayerView) -> list[int]:
        """:func:`~ginrummy.env.encoding.card_planes` while nothing is laid out, no hand
        shown and no knock discard: the unseen cards from the pile's mask."""
        hand, known, pile = view.hand, view.opponent_known, view.pile
        return [hand, 0, known, 0, 1 << pile[-1] if pile else 0, 0,
                _ALL_CARDS & ~(hand | known | self._pile_cards), 0,
                1 << view.upcard if view.upcard is not None else 0]

    def _write_switches(self, switches: int) -> None:
        cells = self._cells
        changed = switches ^ self._switches
        while changed:
            low = changed & -changed
            cells[low.bit_length() - 1] = 1.0 if switches & low else 0.0
            changed ^= low
        self._switches = switches

    def _write_counts(self, key: tuple[int, ...], values: tuple[float, ...]) -> None:
        cells = self._cells
        for index, (value, before) in enumerate(zip(values, self._counts, strict=True)):
            if value != before:
                cells[COUNTS_OFFSET + index] = value
        self._count_key, self._counts = key, values

    def _write_pile(self, pile: tuple[int, ...]) -> None:
        before = self._pile
        if pile is before or pile == before:
            return
        cells = self._cells
        size, was = len(pile), len(before)
        if size == was + 1 and pile[:was] == before:  # a discard
            cells[_PILE_ORDER + pile[-1]] = pile_position(size)
            self._pile_cards |= 1 << pile[-1]
        elif size == was - 1 and before[:size] == pile:  # the top taken
            cells[_PILE_ORDER + before[-1]] = 0.0
            self._pile_cards &= ~(1 << before[-1])
        else:
            for card in before:
                cells[_PILE_ORDER + card] = 0.0
            cards = 0
            for position, card in enumerate(pile, 1):
                cells[_PILE_ORDER + card] = pile_position(position)
                cards |= 1 << card
            self._pile_cards = cards
        self._pile = pile

    def _write_board(self, board: Scoreboard) -> None:
        full_game, target, scores = game_entries(board)
        cells = self._cells
        cells[FLAGS_OFFSET + 8] = full_game
        cells[TARGET_OFFSET] = target
        for index, score in enumerate(scores):
            cells[SCORES_OFFSET + index] = score
