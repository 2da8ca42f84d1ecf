"""Whole hands consistent with what one seat knows: the hidden cards dealt out at random.

:func:`sample_state` turns a :class:`~ginrummy.core.views.PlayerView` into a full
:class:`~ginrummy.core.hand.HandState`: the seat's own cards and every public fact
(pile, melds, layoffs, counters, history) are copied; the opponent's hand is
the cards it is known to hold plus cards drawn from the unseen ones; the
stock is the rest of the unseen cards in random order. Search agents play
such states out; the view of the sampled state for the same seat equals the
view it came from.

The opponent's unknown cards can be drawn uniformly, or weighted card by
card (for example by :func:`ginrummy.agents.estimate.estimate_opponent`):
with ``weights`` the cards are drawn one by one without replacement, each
with probability proportional to its weight among those left.

>>> import random
>>> from ginrummy.core.rules import Rules
>>> from ginrummy.core.hand import new_hand
>>> from ginrummy.core.views import view_of
>>> state = new_hand(Rules.preset("standard"), dealer=0, rng=3)
>>> view = view_of(state, 0)
>>> sampled = sample_state(view, random.Random(1))
>>> sampled.check_invariants()
>>> view_of(sampled, 0) == view, sampled.hands[0] == state.hands[0]
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ginrummy.agents.compiled import loaded_kernels
from ginrummy.agents.tracking import CardMemory, remember
from ginrummy.core.actions import DRAW_DISCARD
from ginrummy.core.cards import FULL_DECK, cards_of
from ginrummy.core.hand import HandState
from ginrummy.core.melds import min_deadwood
from ginrummy.core.views import PlayerView


class SamplingError(ValueError):
    """A view whose card counts do not add up, so no state can be consistent with it."""


def opponent_visible(view: PlayerView) -> int:
    """The opponent's cards this seat can name: taken from the pile, laid out, laid off."""
    if view.opponent_hand is not None:
        return view.opponent_hand
    visible = view.opponent_known
    for meld in view.melds[view.opponent]:
        visible |= meld
    if view.knocker == view.seat:
        visible |= view.laid_off
    return visible


def hidden_knock_discard(view: PlayerView) -> bool:
    """Whether the opponent knocked with a face-down discard this seat has not seen.

    Every knock has one (R14) except a big gin (R17), which discards nothing.
    """
    return view.knocker == view.opponent and not view.big_gin


def opponent_unknown_count(view: PlayerView) -> int:
    """How many of the opponent's cards this seat cannot name."""
    return view.opponent_count - opponent_visible(view).bit_count()


def weighted_pick(
    cards: list[int], count: int, weights: Sequence[float], rng: random.Random
) -> list[int]:
    """``count`` of ``cards`` drawn without replacement, each draw proportional to weight.

    Cards of weight 0 are drawn only when the others run out.
    """
    if count <= 0:
        return []
    if count >= len(cards):
        return list(cards)
    keyed = []
    for card in cards:
        weight = weights[card]
        u = rng.random()
        # Efraimidis-Spirakis: the largest u ** (1 / w) win; log form for stability.
        key = (u ** (1.0 / weight)) if weight > 0 else -1.0 - u
        keyed.append((key, card))
    keyed.sort(reverse=True)
    return [card for _, card in keyed[:count]]


def sample_opponent_hand(
    fixed: int,
    pool: list[int],
    count: int,
    rng: random.Random,
    weights: Sequence[float] | None = None,
    improve: int = 0,
) -> int:
    """The opponent's hand: ``fixed`` plus ``count`` cards of ``pool`` (weighted if given).

    With ``improve`` > 0 the hand is then improved as a player would have done
    over that many turns: draw a random card of the rest of ``pool``, discard
    the card (not one of ``fixed``) that leaves the least deadwood. Random
    hands are much worse than the hands of a player who has been drawing and
    discarding for a while; this brings the samples closer.
    """
    if weights is None:
        chosen = rng.sample(pool, count)
    else:
        chosen = weighted_pick(pool, count, weights, rng)
    hand = fixed
    for card in chosen:
        hand |= 1 << card
    if improve <= 0 or count == 0:
        return hand
    rest = [card for card in pool if not hand >> card & 1]
    for _ in range(improve):
        if not rest:
            break
        index = rng.randrange(len(rest))
        drawn = rest[index]
        bigger = hand | 1 << drawn
        best_card = _least_discard(bigger, bigger & ~fixed)
        rest[index] = best_card
        hand = bigger & ~(1 << best_card)
    return hand


def _least_discard(cards: int, allowed: int) -> int:
    """The lowest card of ``allowed`` whose discard from ``cards`` leaves the least deadwood."""
    kernel = loaded_kernels()
    if kernel is not None:
        return int(kernel.kernel_deadwood.first_least_discard(cards, allowed))
    best_card, best_value = -1, 1 << 30
    for card in cards_of(allowed):
        value = min_deadwood(cards & ~(1 << card))
        if value < best_value:
            best_card, best_value = card, value
    return best_card


def sample_state(
    view: PlayerView,
    rng: random.Random,
    weights: Sequence[float] | None = None,
    keep_history: bool = True,
    improve: int = 0,
    memory: CardMemory | None = None,
) -> HandState:
    """A full state consistent with ``view``; see the module docstring.

    ``weights`` (52 non-negative numbers, by card) make the opponent's unknown
    cards more or less likely; the stock's order is always uniform. With
    ``keep_history=False`` the state's history is empty (faster for play-outs;
    its views then show no history). ``improve`` improves the opponent's sampled
    hand over that many simulated turns (:func:`sample_opponent_hand`). ``memory`` is
    ``remember(view)`` if the caller has it already.
    """
    seat, other = view.seat, view.opponent
    fixed = opponent_visible(view)
    unknown = view.opponent_count - fixed.bit_count()
    knock_hidden = hidden_knock_discard(view)
    unseen = view.unseen() & ~fixed
    pool = cards_of(unseen)
    need = unknown + view.stock_size + int(knock_hidden)
    if unknown < 0 or len(pool) != need:
        raise SamplingError(
            f"seat {seat} view in phase {view.phase.name}: {len(pool)} unseen cards for "
            f"{unknown} opponent cards, {view.stock_size} in the stock and "
            f"{int(knock_hidden)} face-down knock discard"
        )
    knock_discard = view.knock_discard
    if knock_hidden:
        knock_discard = pool[rng.randrange(len(pool))]
        pool = [card for card in pool if card != knock_discard]
    opponent_hand = sample_opponent_hand(fixed, pool, unknown, rng, weights, improve)
    taken_mask = opponent_hand | (1 << knock_discard if knock_hidden else 0)
    stock = [card for card in pool if not taken_mask >> card & 1]
    rng.shuffle(stock)
    stock_mask = 0
    for card in stock:
        stock_mask |= 1 << card
    deck = (*cards_of(FULL_DECK & ~stock_mask), *stock)
    if memory is None:
        memory = remember(view)
    if view.turn == seat:
        taken = view.taken
    elif view.turn == other and view.history and view.history[-1] == (other, DRAW_DISCARD):
        taken = memory.last_taken
    else:
        taken = -1
    hands = (view.hand, opponent_hand) if seat == 0 else (opponent_hand, view.hand)
    own_known = memory.held_taken[seat]
    known = (own_known, view.opponent_known) if seat == 0 else (view.opponent_known, own_known)
    values: dict[str, Any] = {
        "rules": view.rules,
        "dealer": view.dealer,
        "phase": view.phase,
        "turn": view.turn,
        "deck": deck,
        "stock_pos": 52 - view.stock_size,
        "hands": hands,
        "pile": view.pile,
        "upcard": view.upcard,
        "limit": view.knock_limit,
        "known": known,
        "taken": taken,
        "passes": view.passes,
        "stock_only": view.stock_only,
        "idle_turns": view.idle_turns,
        "pile_draws": view.pile_draws,
        "returned": view.returned,
        "wall_take": view.wall_take,
        "knocker": view.knocker,
        "knock_discard": knock_discard,
        "big_gin": view.big_gin,
        "melds": view.melds,
        "laid_off": view.laid_off,
        "history": _history_of(view) if keep_history else None,
        "result": view.result,
    }
    return HandState.from_fields(**values)


def _history_of(view: PlayerView) -> Any:
    log = getattr(view, "public_log", _MISSING)
    if log is not _MISSING:
        return log
    node: Any = None
    for who, action in view.history:
        node = (node, who, action)
    return node


_MISSING = object()

__all__ = [
    "SamplingError",
    "hidden_knock_discard",
    "opponent_unknown_count",
    "opponent_visible",
    "sample_opponent_hand",
    "sample_state",
    "weighted_pick",
]
