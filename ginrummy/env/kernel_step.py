"""The play of a two-player hand, compiled: one call per environment step.

A hand's state lives in one byte buffer (:func:`new_buffer`): the fields of
:class:`~ginrummy.core.hand.HandState` as int64 words, the public log of the moves made
here, both seats' observation vectors (:func:`ginrummy.env.encoding.encode`, entry for
entry) and the action mask of the seat to act. :func:`step` applies a legal action of the
phases ``FIRST_UPCARD``, ``DRAW``, ``DISCARD`` and ``WALL`` as
:mod:`ginrummy.core.moves` does, and writes the next legal actions, mask and
observations. An action that would leave those phases (a knock, big gin, a void hand) is
not applied: it returns :data:`LEAVE`, and the caller plays it on the core's
:class:`~ginrummy.core.hand.HandState` (:mod:`ginrummy.env.compiled_hand`). The legal
actions are :mod:`ginrummy.core.legal_actions`' with the deadwood of
:mod:`ginrummy.agents.kernel_deadwood`. ``tests/env/test_env_compiled_hand.py`` checks
every step against the core.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba.core import types
from numba.extending import intrinsic
from numba.np.numpy_support import carray

from ginrummy.agents.kernel_deadwood import (
    MAX_WAYS,
    each_discard,
    least_after_discards,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.agents.kernel_knock import _popcount
from ginrummy.agents.kernel_playout import (
    HAND,
    IDLE,
    KNOWN,
    LIMIT,
    PASSES,
    PHASE,
    PILE_DRAWS,
    PILE_SIZE,
    RETURNED,
    RULE_BIG_GIN,
    RULE_MAX_IDLE,
    RULE_PILE_CAP,
    RULE_RETURNED,
    RULE_WALL,
    STOCK_ONLY,
    STOCK_POS,
    TAKEN,
    TURN,
    WALL_TAKE,
    _barred,
)
from ginrummy.agents.kernel_random import compiled
from ginrummy.core.actions import (
    BIG_GIN,
    DISCARD_BASE,
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK_BASE,
    NUM_ACTIONS,
    PASS,
)
from ginrummy.core.hand import STOCK_FLOOR, Phase
from ginrummy.env.encoding import (
    COUNTS_OFFSET,
    FLAGS_OFFSET,
    PHASE_OFFSET,
    observation_size,
    plane_offset,
)

FIRST, DRAW, DISCARD, WALL = (int(Phase.FIRST_UPCARD), int(Phase.DRAW), int(Phase.DISCARD),
                              int(Phase.WALL))
OVER = int(Phase.OVER)
LEAVE = -1
""":func:`step`: the action leaves the phases played here; nothing was changed."""
ILLEGAL = -2
""":func:`step`: the action is not legal; nothing was changed."""

# The state's words: the fields of play and the rules where the play-out's packed state
# has them (so that its _barred serves both), then this hand's own.
DEALER, UPCARD = 16, 17
LEGAL_COUNT, LOG_SIZE, PILE_CARDS = 18, 19, 26
SEEN = 27
"""Per seat, four words: the hand, opponent-known, pile-top and unseen masks its
observation holds (:func:`_update`)."""
LEGAL, DECK, PILE, EACH, WAYS, LOG = 40, 104, 156, 208, 264, 264 + 4 * MAX_WAYS
LOG_CAPACITY = 2048
"""Moves a hand may make here; one more leaves (the core plays on). The log holds the
seat of each move, then (from ``LOG + LOG_CAPACITY``) the moves."""
WORDS = LOG + 2 * LOG_CAPACITY
WALL_RULES = {"off": 0, "same_card": 1, "different_card": 2}

OBS_SIZE = observation_size(2)
OBS_STRIDE = (OBS_SIZE + 1) // 2 * 2
"""Floats from one seat's observation to the other's (8-byte aligned)."""
OBS_AT = 8 * WORDS
MASK_AT = OBS_AT + 4 * 2 * OBS_STRIDE
BYTES = MASK_AT + NUM_ACTIONS

_OWN_TABLE, _OPP_KNOWN, _OPP_TABLE = (plane_offset(name)
                                      for name in ("own_table", "opp_known", "opp_table"))
_PILE_TOP, _PILE_ORDER, _UNSEEN = (plane_offset(name)
                                   for name in ("pile_top", "pile_order", "unseen"))
_GONE, _UPCARD = plane_offset("gone"), plane_offset("upcard")
_PHASES = len(Phase)
_ALL_CARDS = (1 << 52) - 1


def new_buffer() -> Any:
    """A zeroed buffer for one hand."""
    return np.zeros(BYTES, dtype=np.uint8)


def words(buffer: Any) -> Any:
    """The state's int64 words in ``buffer``."""
    return buffer[:OBS_AT].view(np.int64)


def observations(buffer: Any) -> tuple[Any, Any]:
    """Seat 0's and seat 1's observation vectors in ``buffer``."""
    floats = buffer[OBS_AT:MASK_AT].view(np.float32)
    return floats[:OBS_SIZE], floats[OBS_STRIDE:OBS_STRIDE + OBS_SIZE]


def mask_of(buffer: Any) -> Any:
    """The action mask of the seat to act in ``buffer``."""
    return buffer[MASK_AT:].view(np.int8)


@compiled
def _bit_index(low: int) -> int:
    """The place of the one bit of ``low``."""
    index = 0
    for width in (32, 16, 8, 4, 2, 1):
        if low >> width:
            low >>= width
            index += width
    return index


@compiled
def _masks(s: Any, seat: int) -> tuple[int, int, int, int]:
    """The card planes of ``seat`` that change in play: its hand, the cards it knows the
    opponent holds, the pile's top and the unseen cards (nothing is laid out yet)."""
    hand = s[HAND + seat]
    known = s[KNOWN + 1 - seat]
    size = s[PILE_SIZE]
    top = 1 << s[PILE + size - 1] if size else 0
    return hand, known, top, _ALL_CARDS & ~(hand | known | s[PILE_CARDS])


@compiled
def _write_plane(obs: Any, at: int, cards: int, before: int) -> None:
    changed = cards ^ before
    while changed:
        low = changed & -changed
        card = _bit_index(low)
        obs[at + card] = 1.0 if cards & low else 0.0
        changed ^= low


@compiled
def _write_numbers(s: Any, obs: Any, base: int, seat: int) -> None:
    """The phase, flags and counts of ``seat``'s observation (but the board's flag)."""
    phase = s[PHASE]
    for p in range(_PHASES):
        obs[base + PHASE_OFFSET + p] = 1.0 if p == phase else 0.0
    flags = base + FLAGS_OFFSET
    obs[flags] = 1.0 if s[TURN] == seat else 0.0
    obs[flags + 1] = 1.0 if s[DEALER] == seat else 0.0
    obs[flags + 2] = 0.0  # no knock, no big gin here
    obs[flags + 3] = 0.0
    obs[flags + 4] = 0.0
    obs[flags + 5] = s[STOCK_ONLY]
    obs[flags + 6] = s[WALL_TAKE]
    obs[flags + 7] = 1.0
    counts = base + COUNTS_OFFSET
    obs[counts] = (52 - s[STOCK_POS]) / 52.0
    obs[counts + 1] = s[LIMIT] / 10.0
    obs[counts + 2] = min(_popcount(s[HAND + 1 - seat]) / 11.0, 1.0)
    obs[counts + 3] = s[PASSES] / 2.0


@compiled
def _observe(s: Any, obs: Any, base: int, seat: int) -> None:
    """``encode(view_of(state, seat), board)`` in ``obs[base:]`` but the board's entries
    (written when the hand is loaded), for a hand in the phases played here."""
    for i in range(PHASE_OFFSET):
        obs[base + i] = 0.0
    size = s[PILE_SIZE]
    pile = 0
    for i in range(size):
        card = s[PILE + i]
        pile |= 1 << card
        obs[base + _PILE_ORDER + card] = (i + 1) / 52.0
    s[PILE_CARDS] = pile
    upcard = s[UPCARD]
    if upcard >= 0:
        obs[base + _UPCARD + upcard] = 1.0
    seen = SEEN + 4 * seat
    for i in range(4):
        s[seen + i] = 0
    _update(s, obs, base, seat)


@compiled
def _update(s: Any, obs: Any, base: int, seat: int) -> None:
    """Bring ``seat``'s observation up to date but the pile order (written by the moves)."""
    hand, known, top, unseen = _masks(s, seat)
    seen = SEEN + 4 * seat
    _write_plane(obs, base, hand, s[seen])
    _write_plane(obs, base + _OPP_KNOWN, known, s[seen + 1])
    _write_plane(obs, base + _PILE_TOP, top, s[seen + 2])
    _write_plane(obs, base + _UNSEEN, unseen, s[seen + 3])
    s[seen], s[seen + 1], s[seen + 2], s[seen + 3] = hand, known, top, unseen
    _write_numbers(s, obs, base, seat)


@compiled
def _add(s: Any, count: int, action: int) -> int:
    s[LEGAL + count] = action
    return count + 1


@compiled
def _discard_actions(s: Any, ways: Any, each: Any) -> int:
    hand = s[HAND + s[TURN]]
    wall_take = s[WALL_TAKE]
    barred = _barred(s)
    limit = s[LIMIT]
    count = 0
    may_knock = min_deadwood_after_discard(hand, ways) <= limit
    if may_knock and s[RULE_BIG_GIN] and not wall_take and min_deadwood(hand, ways) == 0:
        count = _add(s, count, BIG_GIN)
    if not wall_take:
        for card in range(52):
            if hand >> card & 1 and card != barred:
                count = _add(s, count, DISCARD_BASE + card)
    if may_knock:
        each_discard(hand, ways, each)
        for card in range(52):
            if hand >> card & 1 and each[card] <= limit and card != barred:
                count = _add(s, count, KNOCK_BASE + card)
    return count


@compiled
def _wall_actions(s: Any, ways: Any) -> int:
    top = s[PILE + s[PILE_SIZE] - 1]
    hand = s[HAND + s[TURN]] | 1 << top
    if s[RULE_WALL] == 2:
        least = least_after_discards(hand, hand & ~(1 << top), ways)
    else:
        least = min_deadwood_after_discard(hand, ways)
    count = 0
    if least <= s[LIMIT]:
        count = _add(s, count, DRAW_DISCARD)
    return _add(s, count, PASS)


@compiled
def _legal(s: Any, mask: Any, ways: Any, each: Any) -> None:
    """The legal actions of the seat to act, in increasing order, and its mask."""
    for i in range(s[LEGAL_COUNT]):
        mask[s[LEGAL + i]] = 0
    phase = s[PHASE]
    if phase == FIRST:
        count = _add(s, _add(s, 0, DRAW_DISCARD), PASS)
    elif phase == DRAW:
        count = _add(s, 0, DRAW_STOCK)
        if not s[STOCK_ONLY]:
            count = _add(s, count, DRAW_DISCARD)
    elif phase == DISCARD:
        count = _discard_actions(s, ways, each)
    else:
        count = _wall_actions(s, ways)
    s[LEGAL_COUNT] = count
    for i in range(count):
        mask[s[LEGAL + i]] = 1


@compiled
def _take_top(s: Any, obs: Any) -> None:
    size = s[PILE_SIZE] - 1
    card = s[PILE + size]
    s[PILE_SIZE] = size
    s[PILE_CARDS] &= ~(1 << card)
    obs[_PILE_ORDER + card] = 0.0
    obs[OBS_STRIDE + _PILE_ORDER + card] = 0.0
    seat = s[TURN]
    s[TAKEN] = card
    s[HAND + seat] |= 1 << card
    s[KNOWN + seat] |= 1 << card


@compiled
def _throw(s: Any, obs: Any, card: int) -> None:
    """The seat to act discards ``card`` face up (and both observations' pile order)."""
    keep = ~(1 << card)
    s[HAND + s[TURN]] &= keep
    s[KNOWN + s[TURN]] &= keep
    size = s[PILE_SIZE] + 1
    s[PILE + size - 1] = card
    s[PILE_SIZE] = size
    s[PILE_CARDS] |= 1 << card
    obs[_PILE_ORDER + card] = size / 52.0
    obs[OBS_STRIDE + _PILE_ORDER + card] = size / 52.0


@compiled
def _leaves(s: Any, action: int) -> bool:
    """Whether ``action`` (legal) ends the phases played here: a knock, big gin, or a move
    that voids the hand (R21, R22, R36 and the OpenSpiel options)."""
    phase = s[PHASE]
    if phase == DRAW:
        return action == DRAW_DISCARD and 0 <= s[RULE_PILE_CAP] <= s[PILE_DRAWS]
    if phase == WALL:
        return action == PASS
    if phase != DISCARD:
        return False
    if action == BIG_GIN or action >= KNOCK_BASE:
        return True
    card = action - DISCARD_BASE
    if s[RULE_RETURNED] and card == s[TAKEN] and s[RETURNED]:
        return True
    if 52 - s[STOCK_POS] <= STOCK_FLOOR:
        return bool(s[RULE_WALL] == 0)
    return bool(s[IDLE] >= s[RULE_MAX_IDLE])


@compiled
def _move(s: Any, obs: Any, action: int) -> None:
    """What :mod:`ginrummy.core.moves` does for an action that stays in these phases (and
    the pile order of both observations)."""
    phase = s[PHASE]
    turn = s[TURN]
    if phase == FIRST:
        if action == DRAW_DISCARD:
            s[IDLE] += 1
            _take_top(s, obs)
            s[PHASE] = DISCARD
        else:
            s[PASSES] += 1
            s[TURN] = 1 - turn
            if s[PASSES] == 2:
                s[STOCK_ONLY] = 1
                s[PHASE] = DRAW
    elif phase == DRAW:
        if action == DRAW_STOCK:
            s[HAND + turn] |= 1 << s[DECK + s[STOCK_POS]]
            s[STOCK_POS] += 1
            s[TAKEN] = -1
            s[IDLE] = 0
            s[STOCK_ONLY] = 0
        else:
            s[PILE_DRAWS] += 1
            s[IDLE] += 1
            _take_top(s, obs)
        s[PHASE] = DISCARD
    elif phase == DISCARD:
        card = action - DISCARD_BASE
        _throw(s, obs, card)
        if s[RULE_RETURNED]:
            s[RETURNED] = 1 if card == s[TAKEN] else 0
        s[TAKEN] = -1
        s[TURN] = 1 - turn
        s[PHASE] = WALL if 52 - s[STOCK_POS] <= STOCK_FLOOR else DRAW
    else:
        _take_top(s, obs)
        s[WALL_TAKE] = 1
        s[PHASE] = DISCARD


@compiled
def _parts(buffer: Any) -> tuple[Any, Any, Any, Any, Any]:
    s = buffer[:OBS_AT].view(np.int64)
    obs = buffer[OBS_AT:MASK_AT].view(np.float32)
    mask = buffer[MASK_AT:].view(np.int8)
    ways = s[WAYS:WAYS + 4 * MAX_WAYS].reshape((MAX_WAYS, 4))
    return s, obs, mask, ways, s[EACH:EACH + 52]


@compiled
def load(buffer: Any) -> None:
    """Make the legal actions, the mask and both observations of the state written in
    ``buffer``'s words (the board's entries of the observations are the caller's)."""
    s, obs, mask, ways, each = _parts(buffer)
    for action in range(NUM_ACTIONS):
        mask[action] = 0
    s[LEGAL_COUNT] = 0
    _legal(s, mask, ways, each)
    _observe(s, obs, 0, 0)
    _observe(s, obs, OBS_STRIDE, 1)


@compiled
def step(buffer: Any, action: int) -> int:
    """Apply ``action`` by the seat to act; the seat to act next, or :data:`LEAVE` or
    :data:`ILLEGAL` (then nothing changed)."""
    s, obs, mask, ways, each = _parts(buffer)
    if action < 0 or action >= NUM_ACTIONS or not mask[action]:
        return ILLEGAL
    if _leaves(s, action) or s[LOG_SIZE] == LOG_CAPACITY:
        return LEAVE
    s[LOG + s[LOG_SIZE]] = s[TURN]
    s[LOG + LOG_CAPACITY + s[LOG_SIZE]] = action
    s[LOG_SIZE] += 1
    _move(s, obs, action)
    _legal(s, mask, ways, each)
    _update(s, obs, 0, 0)
    _update(s, obs, OBS_STRIDE, 1)
    turn: int = s[TURN]
    return turn


@compiled
def finish_void(buffer: Any, action: int) -> None:
    """Apply ``action``, a legal action that voids the hand (:func:`step` left it), as
    :mod:`ginrummy.core.moves` does; write both observations of the void hand and an empty
    mask."""
    s, obs, mask, ways, each = _parts(buffer)
    if s[PHASE] == DISCARD:
        card = action - DISCARD_BASE
        twice = s[RULE_RETURNED] and card == s[TAKEN] and s[RETURNED]
        _throw(s, obs, card)
        if not twice:
            if s[RULE_RETURNED]:
                s[RETURNED] = 1 if card == s[TAKEN] else 0
            s[TAKEN] = -1
    s[PHASE] = OVER
    s[TURN] = -1
    for i in range(s[LEGAL_COUNT]):
        mask[s[LEGAL + i]] = 0
    s[LEGAL_COUNT] = 0
    _update(s, obs, 0, 0)
    _update(s, obs, OBS_STRIDE, 1)


@intrinsic
def _bytes_at(typingctx: Any, address: Any) -> Any:
    """The memory at ``address`` as a pointer to bytes."""
    pointer = types.CPointer(types.uint8)  # type: ignore[no-untyped-call]

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.inttoptr(args[0], context.get_value_type(pointer))

    return pointer(types.intp), codegen


@compiled
def step_at(address: int, action: int) -> int:
    """:func:`step` on the buffer at ``address`` (``buffer.ctypes.data``; the caller keeps the
    buffer alive): called with two integers, so without the array's conversion."""
    pointer: Any = _bytes_at(address)  # type: ignore[call-arg]  # Numba gives the typing context
    return step(carray(pointer, BYTES), action)
