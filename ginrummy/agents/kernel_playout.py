"""The play-out policy of :mod:`ginrummy.agents.playout`, compiled, up to the knock.

:func:`play` plays a hand from a packed state (:func:`pack`) with the policy's draws,
discards, knocks and wall choices and the moves of :mod:`ginrummy.core.moves`, until a
seat knocks (or goes big gin), the hand is void, or ``max_actions`` actions are played. It
draws its luck from a Mersenne Twister state exactly as the Python policy draws from its
``random.Random`` (:mod:`ginrummy.agents.kernel_random`), and asks the deadwood
questions of :mod:`ginrummy.agents.kernel_deadwood`, so it makes the same moves. The
knocker's layout, the defence and the score stay in Python
(:func:`ginrummy.agents.playout.finish_knock`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ginrummy.agents import kernel_deadwood, kernel_random
from ginrummy.agents.kernel_deadwood import (
    MAX_WAYS,
    NO_DISCARD,
    each_discard,
    least_after_discards,
    melds_with,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.agents.kernel_knock import knock_deadwoods
from ginrummy.agents.kernel_random import (
    compiled,
    next_random,
    sample_into,
    sample_setsize,
    seed_state,
)
from ginrummy.core.actions import BIG_GIN, DISCARD_BASE, DRAW_DISCARD, DRAW_STOCK, KNOCK_BASE, PASS
from ginrummy.core.cards import CARD_VALUES, FULL_DECK
from ginrummy.core.hand import STOCK_FLOOR, HandState, Phase
from ginrummy.core.rules import Rules

_PHASE_FIRST, _PHASE_DRAW, _PHASE_DISCARD, _PHASE_WALL = (
    int(Phase.FIRST_UPCARD), int(Phase.DRAW), int(Phase.DISCARD), int(Phase.WALL))
_PHASE_KNOCKED = int(Phase.KNOCKER_MELDS)
_PHASE_OVER = int(Phase.OVER)
_WALL_RULES = {"off": 0, "same_card": 1, "different_card": 2}

# The packed state: one int64 array, fields at these places.
PHASE, TURN, STOCK_POS, HAND, PILE_SIZE, LIMIT, KNOWN, TAKEN = 0, 1, 2, 3, 5, 6, 7, 9
PASSES, STOCK_ONLY, IDLE, PILE_DRAWS, RETURNED, WALL_TAKE, KNOCKER, KNOCK_DISCARD = range(10, 18)
IS_BIG_GIN, KNOCKER_DEADWOOD = 18, 19
RULE_BIG_GIN, RULE_KEEP_UPCARD, RULE_WALL, RULE_MAX_IDLE, RULE_PILE_CAP, RULE_RETURNED = range(
    20, 26)
TAKE_GAIN, NEAR, LOOKAHEAD, SETSIZE, KNOCK_TABLE_SIZE, DEFENDER_DEADWOOD = range(26, 32)
DECK, PILE, KNOCK_TABLE = 32, 84, 136
SIZE = KNOCK_TABLE + 64
"""Longest knock table packed: 64 entries."""

__all__ = ["kernel_deadwood", "kernel_random", "pack", "packable", "play", "play_each",
           "play_moves"]

CARD_VALUE = np.array(CARD_VALUES, dtype=np.int64)
PARTNERS = np.array([
    sum(1 << (s * 13 + card % 13) for s in range(4) if s != card // 13)
    | sum(1 << (card // 13 * 13 + r) for r in range(max(0, card % 13 - 2), min(13, card % 13 + 3))
          if r != card % 13)
    for card in range(52)], dtype=np.int64)
"""For each card, the cards that can share a meld with it (the play-out's ``_PARTNER_MASK``)."""


def packable(rules: Rules, knock_table: tuple[int, ...]) -> bool:
    """Whether :func:`pack` can hold these rules and knock table."""
    return rules.fiftieth_card_action in _WALL_RULES and len(knock_table) <= SIZE - KNOCK_TABLE


def pack(state: HandState, take_gain: int, near: int, lookahead_cards: int,
         knock_table: tuple[int, ...]) -> Any:
    """``state`` and the policy's parameters as :func:`play` reads them."""
    key = (state.rules, take_gain, near, lookahead_cards, knock_table)
    template = _TEMPLATES.get(key)
    if template is None:
        template = _TEMPLATES[key] = _template(state.rules, take_gain, near, lookahead_cards,
                                               knock_table)
    packed = template.copy()
    packed[:RULE_BIG_GIN] = (
        state.phase, state.turn, state.stock_pos, state.hands[0], state.hands[1],
        len(state.pile), state.limit, state.known[0], state.known[1], state.taken,
        state.passes, state.stock_only, state.idle_turns, state.pile_draws, state.returned,
        state.wall_take, state.knocker, state.knock_discard, state.big_gin, 0)
    packed[DECK:PILE] = state.deck
    packed[PILE:PILE + len(state.pile)] = state.pile
    return packed


_TEMPLATES: dict[tuple[Rules, int, int, int, tuple[int, ...]], Any] = {}
"""The packed rules and policy of each search, filled in once."""


def _template(rules: Rules, take_gain: int, near: int, lookahead_cards: int,
              knock_table: tuple[int, ...]) -> Any:
    if len(_TEMPLATES) > 64:
        _TEMPLATES.clear()
    cap = rules.discard_pile_draw_limit
    packed = np.zeros(SIZE, dtype=np.int64)
    packed[RULE_BIG_GIN:DECK] = (
        rules.big_gin, rules.allow_discard_of_drawn_upcard,
        _WALL_RULES[rules.fiftieth_card_action], rules.max_turns_without_stock_draw,
        -1 if cap is None else cap, rules.void_on_second_returned_discard,
        take_gain, near, lookahead_cards, sample_setsize(lookahead_cards), len(knock_table), 0)
    packed[KNOCK_TABLE:KNOCK_TABLE + len(knock_table)] = knock_table
    return packed


@compiled
def _wants_knock(deadwood: int, stock: int, s: Any, mt: Any) -> bool:
    size = s[KNOCK_TABLE_SIZE]
    if size > 0:
        most: int = s[KNOCK_TABLE + min(stock // 2, size - 1)]
        return deadwood <= most
    if deadwood <= 5:
        chance = 0.0
    elif stock >= 20:
        chance = 0.3 if deadwood <= 7 else 0.6
    elif stock >= 14:
        chance = 0.05 if deadwood <= 7 else 0.3
    else:
        chance = 0.02 if deadwood <= 7 else 0.12
    return chance > 0 and next_random(mt) < chance


@compiled
def _draw_action(s: Any, ways: Any) -> int:
    if s[STOCK_ONLY] or s[PILE_SIZE] == 0:
        return DRAW_STOCK
    hand = s[HAND + s[TURN]]
    card = s[PILE + s[PILE_SIZE] - 1]
    now = min_deadwood(hand, ways)
    bigger = hand | 1 << card
    after = least_after_discards(bigger, hand, ways)
    if after <= now - s[TAKE_GAIN] or (after < now and melds_with(bigger, card, ways)):
        return DRAW_DISCARD
    return PASS if s[PHASE] == _PHASE_FIRST else DRAW_STOCK


@compiled
def _barred(s: Any) -> int:
    if s[WALL_TAKE]:
        return s[TAKEN] if s[RULE_WALL] == 2 else -1
    return -1 if s[RULE_KEEP_UPCARD] else s[TAKEN]


@compiled
def _popcount(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@compiled
def _discard_action(s: Any, mt: Any, ways: Any, each: Any, pool: Any, picked: Any,
                    scratch: Any) -> int:
    seat = s[TURN]
    hand = s[HAND + seat]
    if s[RULE_BIG_GIN] and not s[WALL_TAKE] and min_deadwood(hand, ways) == 0:
        return BIG_GIN
    barred = _barred(s)
    each_discard(hand, ways, each)
    least = NO_DISCARD
    for card in range(52):
        if hand >> card & 1 and card != barred and each[card] < least:
            least = each[card]
    if least <= s[LIMIT]:
        stock = 52 - s[STOCK_POS]
        if least == 0 or stock <= 3 or s[WALL_TAKE] or _wants_knock(least, stock, s, mt):
            best = -1
            for card in range(52):  # least deadwood, then the highest card, then the lowest
                if hand >> card & 1 and card != barred and each[card] == least and (
                        best < 0 or CARD_VALUE[card] > CARD_VALUE[best]):
                    best = card
            return KNOCK_BASE + best
    near_count = 0
    first = -1
    for card in range(52):
        if hand >> card & 1 and card != barred and each[card] <= least + s[NEAR]:
            near_count += 1
            if first < 0:
                first = card
    if near_count == 1:
        return DISCARD_BASE + first
    other_known = s[KNOWN + 1 - seat]
    pile = 0
    for i in range(s[PILE_SIZE]):
        pile |= 1 << s[PILE + i]
    unseen = FULL_DECK & ~hand & ~pile & ~other_known
    n = 0
    for card in range(52):
        if unseen >> card & 1:
            pool[n] = card
            n += 1
    k = s[LOOKAHEAD]
    if n > k:
        sample_into(mt, pool, n, k, s[SETSIZE], picked, scratch)
    else:
        for i in range(n):
            picked[i] = pool[i]
        k = n
    count = max(k, 1)
    best_card = first
    best_score = 1e9
    for card in range(52):
        if not (hand >> card & 1 and card != barred and each[card] <= least + s[NEAR]):
            continue
        danger = 0.0
        if other_known and PARTNERS[card] & other_known:
            danger = 4.0 * _popcount(PARTNERS[card] & other_known)
        kept = hand & ~(1 << card)
        total = 0
        for i in range(k):
            total += min_deadwood_after_discard(kept | 1 << picked[i], ways)
        score = each[card] + 3.0 * total / count
        score += danger
        if score < best_score:
            best_card = card
            best_score = score
    return DISCARD_BASE + best_card


@compiled
def _take_top(s: Any) -> None:
    s[PILE_SIZE] -= 1
    card = s[PILE + s[PILE_SIZE]]
    seat = s[TURN]
    s[TAKEN] = card
    s[HAND + seat] |= 1 << card
    s[KNOWN + seat] |= 1 << card


@compiled
def _void(s: Any) -> None:
    s[PHASE] = _PHASE_OVER
    s[TURN] = -1


@compiled
def _discard(s: Any, card: int) -> None:
    seat = s[TURN]
    s[HAND + seat] &= ~(1 << card)
    s[KNOWN + seat] &= ~(1 << card)
    s[PILE + s[PILE_SIZE]] = card
    s[PILE_SIZE] += 1
    if s[RULE_RETURNED]:
        if card == s[TAKEN]:
            if s[RETURNED]:
                _void(s)
                return
            s[RETURNED] = 1
        else:
            s[RETURNED] = 0
    s[TAKEN] = -1
    s[TURN] = 1 - seat
    if 52 - s[STOCK_POS] <= STOCK_FLOOR:
        if s[RULE_WALL] != 0:
            s[PHASE] = _PHASE_WALL
        else:
            _void(s)
    elif s[IDLE] >= s[RULE_MAX_IDLE]:
        _void(s)
    else:
        s[PHASE] = _PHASE_DRAW


@compiled
def _apply(s: Any, action: int) -> None:
    """The move of :mod:`ginrummy.core.moves` for the actions the policy plays."""
    phase = s[PHASE]
    if phase == _PHASE_FIRST:
        if action == DRAW_DISCARD:
            s[IDLE] += 1
            _take_top(s)
            s[PHASE] = _PHASE_DISCARD
        elif s[PASSES] == 0:
            s[PASSES] = 1
            s[TURN] = 1 - s[TURN]
        else:
            s[PASSES] = 2
            s[TURN] = 1 - s[TURN]
            s[STOCK_ONLY] = 1
            s[PHASE] = _PHASE_DRAW
    elif phase == _PHASE_DRAW:
        if action == DRAW_STOCK:
            card = s[DECK + s[STOCK_POS]]
            s[STOCK_POS] += 1
            s[HAND + s[TURN]] |= 1 << card
            s[TAKEN] = -1
            s[IDLE] = 0
            s[STOCK_ONLY] = 0
            s[PHASE] = _PHASE_DISCARD
        elif s[RULE_PILE_CAP] >= 0 and s[PILE_DRAWS] >= s[RULE_PILE_CAP]:
            _void(s)
        else:
            s[PILE_DRAWS] += 1
            s[IDLE] += 1
            _take_top(s)
            s[PHASE] = _PHASE_DISCARD
    elif phase == _PHASE_DISCARD:
        if action >= KNOCK_BASE:
            card = action - KNOCK_BASE
            seat = s[TURN]
            s[HAND + seat] &= ~(1 << card)
            s[KNOWN + seat] &= ~(1 << card)
            s[KNOCK_DISCARD] = card
            s[KNOCKER] = seat
            s[TAKEN] = -1
            s[PHASE] = _PHASE_KNOCKED
        elif action == BIG_GIN:
            s[KNOCKER] = s[TURN]
            s[IS_BIG_GIN] = 1
            s[TAKEN] = -1
            s[PHASE] = _PHASE_KNOCKED
        else:
            _discard(s, action - DISCARD_BASE)
    elif phase == _PHASE_WALL:
        if action == PASS:
            _void(s)
        else:
            _take_top(s)
            s[WALL_TAKE] = 1
            s[PHASE] = _PHASE_DISCARD


@compiled
def _wall_action(s: Any, ways: Any) -> int:
    top = s[PILE + s[PILE_SIZE] - 1]
    hand = s[HAND + s[TURN]] | 1 << top
    if s[RULE_WALL] == 2:
        least = least_after_discards(hand, hand & ~(1 << top), ways)
    else:
        least = min_deadwood_after_discard(hand, ways)
    return DRAW_DISCARD if least <= s[LIMIT] else PASS


@compiled
def play(s: Any, mt: Any, max_actions: int) -> int:
    """Play the packed state ``s`` on (in place) with luck from ``mt``; return its phase
    at the end: KNOCKER_MELDS (or DEFENDER, if it started there) after a knock or big gin,
    with the two deadwood counts of the knock written into ``s``; OVER when void; or -1
    when ``max_actions`` actions ran out first (the Python play-out then scores 0)."""
    ways = np.empty((MAX_WAYS, 4), dtype=np.int64)
    each = np.empty(52, dtype=np.int64)
    pool = np.empty(52, dtype=np.int64)
    picked = np.empty(52, dtype=np.int64)
    scratch = np.empty(52, dtype=np.int64)
    for _ in range(max_actions):
        phase: int = s[PHASE]
        if phase >= _PHASE_KNOCKED:
            if phase != _PHASE_OVER:
                knocker = s[KNOCKER]
                s[KNOCKER_DEADWOOD], s[DEFENDER_DEADWOOD] = knock_deadwoods(
                    s[HAND + knocker], s[HAND + 1 - knocker], s[IS_BIG_GIN] != 0, ways, pool)
            return phase
        if phase == _PHASE_DISCARD:
            action = _discard_action(s, mt, ways, each, pool, picked, scratch)
        elif phase == _PHASE_WALL:
            action = _wall_action(s, ways)
        else:
            action = _draw_action(s, ways)
        _apply(s, action)
    return -1


def play_moves(s: Any, moves: Sequence[int], luck: int, max_actions: int) -> list[list[int]]:
    """:func:`play_each` of ``moves`` as lists of ints."""
    ends: list[list[int]] = play_each(s, np.array(moves, dtype=np.int64), luck,
                                      max_actions).tolist()
    return ends


@compiled
def play_each(s: Any, actions: Any, luck: int, max_actions: int) -> Any:
    """Each of ``actions`` applied to the packed state ``s`` and played on by :func:`play`,
    all with the luck of ``random.Random(luck)``: per action, (end phase, knocker, its
    deadwood, the defender's, big gin)."""
    seeded = np.empty(625, dtype=np.int64)
    seed_state(seeded, luck)
    out = np.zeros((actions.shape[0], 5), dtype=np.int64)
    for i in range(actions.shape[0]):
        t = s.copy()
        _apply(t, actions[i])
        out[i, 0] = play(t, seeded.copy(), max_actions)
        out[i, 1] = t[KNOCKER]
        out[i, 2] = t[KNOCKER_DEADWOOD]
        out[i, 3] = t[DEFENDER_DEADWOOD]
        out[i, 4] = t[IS_BIG_GIN]
    return out
