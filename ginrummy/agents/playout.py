"""Fast play-outs for search: the expert's policy, cut down to what a play-out can afford.

A play-out plays a sampled :class:`~ginrummy.core.hand.HandState` to its end for
both seats. Each seat decides from its own cards, the discard pile and the
cards the opponent took from it (what its view would show), never the
opponent's hidden cards or the stock's order, with the ingredients of the
expert (:mod:`ginrummy.agents.expert_v1`) at a fraction of the cost:

* draws: take the face-up card when, after the best discard, it saves at
  least ``take_gain`` deadwood or completes a meld;
* discards: the least deadwood, ties and near-ties broken by the expected
  deadwood after the next draw over the cards the seat has not seen (the
  expert's look-ahead), and by the danger of feeding a meld the opponent is
  known to be collecting;
* knocks: gin always, and at the last chance; otherwise with the chances
  measured from the expert's own games (by deadwood and stock size): it
  keeps a low count to draw gin or undercut a knock, and knocks with a high
  one early, while the opponent's hand is still poor;
* at the end, the knocker shows its least-deadwood arrangement and the
  defender lays off optimally (:func:`ginrummy.core.melds.best_defence`), scored
  by :func:`ginrummy.core.result.score_hand` without walking the layout actions.

The deadwood questions are answered once per hand and remembered, and the
look-ahead works out one suit per drawn card; the answers (and so every
play-out, luck for luck) are those of the plain core functions, which
``tests/agents/test_montecarlo_fast_playouts.py`` checks against the policy as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ginrummy.agents.base import PlainAgent
from ginrummy.agents.compiled import kernels
from ginrummy.agents.sampling import sample_state
from ginrummy.core import actions
from ginrummy.core import meld_tables as tables
from ginrummy.core.actions import BIG_GIN, DRAW_DISCARD, DRAW_STOCK, PASS, Action
from ginrummy.core.cards import CARD_VALUES, FULL_DECK, cards_of
from ginrummy.core.hand import HandState, Phase
from ginrummy.core.melds import (
    best_arrangement,
    best_defence,
    deadwood_after_each_discard,
    least_deadwood_discards,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.core.result import score_hand
from ginrummy.core.views import PlayerView

# The same hands come back across a search's worlds and candidates (common random
# numbers: the same deal and luck after different first moves) and its decisions, so
# the deadwood questions a play-out asks are remembered, in plain dicts of ints that
# the garbage collector does not walk (a cache of linked nodes made its full
# collections 100 ms long). Pure functions of the cards: exact.
_CACHE = 1 << 15

Answer = TypeVar("Answer")


def _remembered(question: Callable[[int], Answer]) -> Callable[[int], Answer]:
    memo: dict[int, Answer] = {}

    def ask(cards: int) -> Answer:
        answer = memo.get(cards)
        if answer is None:
            if len(memo) >= _CACHE:
                memo.clear()
            answer = memo[cards] = question(cards)
        return answer
    return ask


_hand_deadwood = _remembered(min_deadwood)
_AFTER_DISCARD: dict[int, int] = {}
"""Remembered :func:`min_deadwood_after_discard` answers of the look-ahead."""
_each_discard = _remembered(deadwood_after_each_discard)
_least_discards = _remembered(lambda pair: least_deadwood_discards(pair >> 52, pair & FULL_DECK))
_melds_with = _remembered(lambda pair: any(
    m >> (pair >> 52) & 1 for m in best_arrangement(pair & FULL_DECK).melds))
"""For ``hand | card << 52``: whether ``card`` is in a meld of the best arrangement of ``hand``
(which holds it)."""

_PARTNER_MASK = tuple(
    sum(1 << (s * 13 + card % 13) for s in range(4) if s != card // 13)
    | sum(1 << (card // 13 * 13 + r) for r in range(max(0, card % 13 - 2), min(13, card % 13 + 3))
          if r != card % 13)
    for card in range(52)
)
"""For each card, the cards that can share a meld with it (same rank; same suit, two ranks)."""


@dataclass(frozen=True, slots=True)
class PlayoutPolicy:
    """Parameters of the play-out policy."""

    take_gain: int = 4
    """Take the face-up card if it lowers the deadwood by this much (or completes a meld)."""
    near: int = 2
    """Discards within this much deadwood of the best are compared by look-ahead."""
    lookahead_cards: int = 12
    """Unseen cards sampled for the look-ahead (all of them when fewer)."""
    knock_table: tuple[int, ...] = ()
    """If set, the most deadwood worth knocking with, by stock size // 2 (beyond the end:
    the last); if empty, the knock habits measured from the expert's own games."""


DEFAULT_POLICY = PlayoutPolicy()


def _pile_mask(state: HandState) -> int:
    mask = 0
    for card in state.pile:
        mask |= 1 << card
    return mask


def draw_action(state: HandState, policy: PlayoutPolicy) -> Action:
    if state.stock_only or not state.pile:
        return DRAW_STOCK
    seat = state.turn
    hand = state.hands[seat]
    card = state.pile[-1]
    now = _hand_deadwood(hand)
    bigger = hand | 1 << card
    after = _least_discards(bigger << 52 | hand)[0]
    take = after <= now - policy.take_gain or (after < now and _melds_with(bigger | card << 52))
    if take:
        return DRAW_DISCARD
    return PASS if state.phase is Phase.FIRST_UPCARD else DRAW_STOCK


def discard_action(state: HandState, policy: PlayoutPolicy, rng: random.Random) -> Action:
    seat = state.turn
    hand = state.hands[seat]
    rules = state.rules
    limit = state.limit
    if rules.big_gin and not state.wall_take and _hand_deadwood(hand) == 0:
        return BIG_GIN
    barred = state.barred_discard()
    each = _each_discard(hand)
    values = [(each[card], card) for card in cards_of(hand) if card != barred]
    least = min(v for v, _ in values)
    if least <= limit:
        stock = state.stock_size
        if least == 0 or stock <= 3 or state.wall_take or _wants_knock(least, stock, policy, rng):
            card = min((v, -CARD_VALUES[c], c) for v, c in values)[2]
            return actions.knock(card)
    near = [c for v, c in values if v <= least + policy.near]
    if len(near) == 1:
        return actions.discard(near[0])
    other_known = state.known[1 - seat]
    unseen = FULL_DECK & ~hand & ~_pile_mask(state) & ~other_known
    pool = cards_of(unseen)
    if len(pool) > policy.lookahead_cards:
        pool = rng.sample(pool, policy.lookahead_cards)
    best_card, best_score = near[0], 1e9
    count = max(len(pool), 1)
    for card in near:
        danger = 0.0
        if other_known and _PARTNER_MASK[card] & other_known:
            danger = 4.0 * (_PARTNER_MASK[card] & other_known).bit_count()
        score = each[card] + 3.0 * _lookahead_total(hand & ~(1 << card), pool) / count
        score += danger
        if score < best_score:
            best_card, best_score = card, score
    return actions.discard(best_card)


def _lookahead_total(kept: int, pool: list[int]) -> int:
    """Sum over ``pool`` of :func:`min_deadwood_after_discard` of ``kept`` plus that card.

    Equal to the plain sum, computed with less work: each eleven-card answer is
    remembered, and the new ones come from :func:`_set_ways` of ``kept``. A drawn
    card of a rank that still cannot make a set leaves those ways unchanged and
    changes one suit, so only that suit's table entries are looked up again. Draws
    that make a new set possible go through the core function.
    """
    memo = _AFTER_DISCARD
    runs, gains = tables.RUN_DEADWOOD, tables.DISCARD_GAIN
    ways: list[tuple[tuple[int, int, int, int], int, tuple[int, int, int, int]]] | None = None
    a = b = c = d = 0
    total = 0
    for drawn in pool:
        key = kept | 1 << drawn
        value = memo.get(key)
        if value is None:
            if ways is None:
                a, b, c, d, ways = _set_ways(kept)
            suit, rank = divmod(drawn, 13)
            if (a >> rank & 1) + (b >> rank & 1) + (c >> rank & 1) + (d >> rank & 1) >= 2:
                value = min_deadwood_after_discard(key)
            else:
                bit = 1 << rank
                value = tables.NO_DISCARD
                for parts, base, others in ways:
                    part = parts[suit]
                    grown = part | bit
                    gain = gains[grown]
                    least = others[suit]
                    option = base - runs[part] + runs[grown] + (gain if gain < least else least)
                    if option < value:
                        value = option
            if len(memo) >= _CACHE:
                memo.clear()
            memo[key] = value
        total += value
    return total


def _set_ways(kept: int) -> tuple[int, int, int, int,
                                  list[tuple[tuple[int, int, int, int], int,
                                             tuple[int, int, int, int]]]]:
    """The suits of ``kept`` and, for each way of using its set ranks (:func:`set_options`),
    the suits left for runs, their run deadwood and, per suit, the least discard gain of
    the other three."""
    a, b, c, d, triples = tables.split_suits(kept)
    runs, gains = tables.RUN_DEADWOOD, tables.DISCARD_GAIN
    ways = []
    options = tables.set_options(triples, a & b & c & d) if triples else tables.KEEP_ALL
    for ka, kb, kc, kd in options:
        pa, pb, pc, pd = a & ka, b & kb, c & kc, d & kd
        ga, gb, gc, gd = gains[pa], gains[pb], gains[pc], gains[pd]
        ways.append(((pa, pb, pc, pd), runs[pa] + runs[pb] + runs[pc] + runs[pd],
                     (min(gb, gc, gd), min(ga, gc, gd), min(ga, gb, gd), min(ga, gb, gc))))
    return a, b, c, d, ways


def _wants_knock(deadwood: int, stock: int, policy: PlayoutPolicy, rng: random.Random) -> bool:
    if policy.knock_table:
        table = policy.knock_table
        return deadwood <= table[min(stock // 2, len(table) - 1)]
    # The expert's habit, measured in its own games: it keeps a low count to draw gin or
    # undercut, and knocks with a high one while the opponent's hand is still poor.
    if deadwood <= 5:
        chance = 0.0
    elif stock >= 20:
        chance = 0.3 if deadwood <= 7 else 0.6
    elif stock >= 14:
        chance = 0.05 if deadwood <= 7 else 0.3
    else:
        chance = 0.02 if deadwood <= 7 else 0.12
    return chance > 0 and rng.random() < chance


def finish_knock(state: HandState) -> tuple[int | None, int]:
    """Score a hand whose knock (or big gin) has just been made: (winner, points)."""
    knocker = state.knocker
    defender = 1 - knocker
    shown = best_arrangement(state.hands[knocker])
    deadwood = 0 if state.big_gin else shown.deadwood
    defence = best_defence(state.hands[defender], shown.melds, gin=deadwood == 0)
    result = score_hand(
        state.rules,
        knocker=knocker,
        knocker_deadwood=deadwood,
        defender_deadwood=defence.deadwood,
        big_gin=state.big_gin,
        limit=state.limit,
        upcard=state.upcard,
    )
    return result.winner, result.points


def playout(state: HandState, seat: int, rng: random.Random,
            policy: PlayoutPolicy = DEFAULT_POLICY, max_actions: int = 400) -> float:
    """Play ``state`` to the end with the play-out policy; points for ``seat`` (negative: lost).

    Compiled (:mod:`ginrummy.agents.kernel_playout`) when Numba is installed: the same
    moves, the same draws from ``rng`` and the same points as :func:`python_playout`.
    """
    kernel = kernels()
    if kernel is None or not _in_kernel(kernel, state, policy, max_actions):
        return python_playout(state, seat, rng, policy, max_actions)
    version, words, gauss = rng.getstate()
    twister = kernel.kernel_random.state_of(words)
    points = _kernel_playout(kernel, state, seat, twister, policy, max_actions)
    rng.setstate((version, kernel.kernel_random.words_of(twister), gauss))
    return points


def playout_with_luck(state: HandState, seat: int, luck: int,
                      policy: PlayoutPolicy = DEFAULT_POLICY) -> float:
    """``playout(state, seat, random.Random(luck), policy)`` for 0 <= luck < 2**32, without
    making the ``Random`` when the play-out is compiled."""
    kernel = kernels()
    if kernel is None or not _in_kernel(kernel, state, policy, 400) or not 0 <= luck < 1 << 32:
        return python_playout(state, seat, random.Random(luck), policy)
    return _kernel_playout(kernel, state, seat, _seeded(kernel, luck), policy, 400)


def playouts_after(state: HandState, moves: Sequence[Action], seat: int, luck: int,
                   policy: PlayoutPolicy = DEFAULT_POLICY) -> list[float]:
    """``[playout_with_luck(state.apply_unchecked(move), seat, luck, policy) for move in
    moves]``, the moves made and played out in one call of the kernel when it is loaded."""
    kernel = kernels()
    if kernel is None or not moves or not _in_kernel(kernel, state, policy, 400) \
            or not 0 <= luck < 1 << 32:
        return [playout_with_luck(state.apply_unchecked(move), seat, luck, policy)
                for move in moves]
    packed = kernel.pack(state, policy.take_gain, policy.near, policy.lookahead_cards,
                         policy.knock_table)
    return [_points(state, seat, *end) for end in kernel.play_moves(packed, moves, luck, 400)]


def python_playout(state: HandState, seat: int, rng: random.Random,
                   policy: PlayoutPolicy = DEFAULT_POLICY, max_actions: int = 400) -> float:
    """:func:`playout` in plain Python (without Numba, and for the states the kernel leaves)."""
    for _ in range(max_actions):
        phase = state.phase
        if phase is Phase.OVER:
            result = state.result
            if result is None or result.winner is None:
                return 0.0
            return float(result.points if result.winner == seat else -result.points)
        if phase is Phase.KNOCKER_MELDS or phase is Phase.DEFENDER:
            winner, points = finish_knock(state)
            if winner is None:
                return 0.0
            return float(points if winner == seat else -points)
        if phase is Phase.DISCARD:
            action = discard_action(state, policy, rng)
        elif phase is Phase.WALL:
            legal = state.legal_actions()
            action = DRAW_DISCARD if DRAW_DISCARD in legal else PASS
        else:
            action = draw_action(state, policy)
        state = state.apply_unchecked(action)
    return 0.0


_PLAYED_PHASES = (Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD, Phase.WALL,
                  Phase.KNOCKER_MELDS, Phase.DEFENDER)
_KNOCKED = (Phase.KNOCKER_MELDS, Phase.DEFENDER)
_SEEDED: list[tuple[int, Any]] = []
"""The last luck seeded and its generator state: a search's candidates share their luck."""


def _seeded(kernel: Any, luck: int) -> Any:
    last = _SEEDED[-1] if _SEEDED else None
    if last is not None and last[0] == luck:
        return last[1].copy()
    twister = kernel.kernel_random.blank_state()
    kernel.kernel_random.seed_state(twister, luck)
    _SEEDED[:] = [(luck, twister)]
    return twister.copy()


def _in_kernel(kernel: Any, state: HandState, policy: PlayoutPolicy, max_actions: int) -> bool:
    return (state.phase in _PLAYED_PHASES and max_actions > 0 and policy.lookahead_cards >= 0
            and bool(kernel.packable(state.rules, policy.knock_table)))


def _kernel_playout(kernel: Any, state: HandState, seat: int, twister: Any,
                    policy: PlayoutPolicy, max_actions: int) -> float:
    packed = kernel.pack(state, policy.take_gain, policy.near, policy.lookahead_cards,
                         policy.knock_table)
    phase = kernel.play(packed, twister, max_actions)
    return _points(state, seat, phase, *(int(packed[field]) for field in (
        kernel.KNOCKER, kernel.KNOCKER_DEADWOOD, kernel.DEFENDER_DEADWOOD, kernel.IS_BIG_GIN)))


def _points(state: HandState, seat: int, phase: int, knocker: int, knocker_deadwood: int,
            defender_deadwood: int, big_gin: int) -> float:
    """The points for ``seat`` of a play-out of ``state`` that the kernel ended in ``phase``
    (after a knock: with these counts)."""
    if phase not in _KNOCKED:
        return 0.0  # void, or out of actions
    result = score_hand(
        state.rules,
        knocker=knocker,
        knocker_deadwood=knocker_deadwood,
        defender_deadwood=defender_deadwood,
        big_gin=bool(big_gin),
        limit=state.limit,
        upcard=state.upcard,
    )
    if result.winner is None:
        return 0.0
    return float(result.points if result.winner == seat else -result.points)


__all__ = [
    "DEFAULT_POLICY",
    "PlayoutAgent",
    "PlayoutPolicy",
    "discard_action",
    "draw_action",
    "finish_knock",
    "playout",
    "playout_with_luck",
    "playouts_after",
    "python_playout",
]


class PlayoutAgent(PlainAgent):
    """The play-out policy as an agent (it reads only what the view shows)."""

    name = "playout"

    def __init__(self, seed: int | None = None, policy: PlayoutPolicy = DEFAULT_POLICY) -> None:
        self.rng = random.Random(seed)
        self.policy = policy

    def decide(self, view: PlayerView) -> Action:
        phase = view.phase
        # Any state consistent with the view will do: the policy never reads hidden cards.
        state = sample_state(view, self.rng, keep_history=False)
        if phase is Phase.DISCARD:
            return discard_action(state, self.policy, self.rng)
        return draw_action(state, self.policy)
