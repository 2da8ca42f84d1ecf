"""The expert's estimate of the opponent's hand, card by card, from one seat's view.

Every card gets a probability of being in the opponent's hand:

* 1 for the cards the seat has seen the opponent take and keep (or lay out),
* 0 for the cards the seat can place elsewhere (its hand, the pile, melds),
* for the unseen cards, shares of the opponent's unknown cards, weighted by
  what the opponent did. A card it took from the pile is probably wanted for
  a meld, so the cards that meld with it (same rank, and the next ranks of
  the same suit) get more weight; a card it threw away or passed over makes
  its meld partners less likely (seed 001: "cards of the rank the opponent
  threw are usually safer").

:func:`meld_chance` turns the estimate into the danger of a discard: the
chance that the opponent holds two cards that make a meld with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.agents.sampling import opponent_visible
from ginrummy.agents.tracking import CardMemory
from ginrummy.core.cards import cards_of
from ginrummy.core.views import PlayerView

# Weight multipliers for meld partners: index 0 same rank, 1 next rank, 2 two ranks away.
TOOK_BOOST = (2.6, 2.6, 1.5)
"""A card the opponent took and keeps: its partners are this much more likely."""
DISCARD_DAMP = (0.55, 0.65, 0.85)
"""A card the opponent discarded: its partners are this much less likely."""
PASS_DAMP = (0.75, 0.8, 0.92)
"""A card the opponent passed over: a weaker version of a discard."""
MAX_PROBABILITY = 0.97


def _partners(card: int) -> list[tuple[int, int]]:
    """(partner, distance kind) pairs: same rank (0), same suit one (1) or two (2) ranks away."""
    rank, suit = card % 13, card // 13
    out = [(s * 13 + rank, 0) for s in range(4) if s != suit]
    for step, kind in ((1, 1), (2, 2)):
        if rank - step >= 0:
            out.append((card - step, kind))
        if rank + step <= 12:
            out.append((card + step, kind))
    return out


PARTNERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(_partners(card)) for card in range(52)
)
"""For each card, the cards that can share a meld with it and how close they are."""


@dataclass(frozen=True, slots=True)
class OpponentEstimate:
    """Per card (0..51), the chance that the opponent holds it; see the module docstring."""

    probability: tuple[float, ...]
    unknown: int
    """How many of the opponent's cards the seat cannot name."""
    unseen: int
    """Mask of the cards the seat cannot place (opponent's unknown cards, stock, face-down)."""
    stock_weight: tuple[float, ...]
    """Per card, the chance it is the top of the stock (0 when the stock is empty)."""

    def weights(self) -> list[float]:
        """Sampling weights for :func:`ginrummy.agents.sampling.sample_state`."""
        return list(self.probability)


def estimate_opponent(view: PlayerView, memory: CardMemory, use_actions: bool = True
                      ) -> OpponentEstimate:
    """The estimate of the opponent's hand for ``view`` (uniform with ``use_actions=False``)."""
    other = view.opponent
    visible = opponent_visible(view)
    unseen = view.unseen() & ~visible
    pool = cards_of(unseen)
    unknown = view.opponent_count - visible.bit_count()
    weight = [0.0] * 52
    for card in pool:
        weight[card] = 1.0
    if use_actions and view.opponent_hand is None:
        for source, factors in (
            (memory.held_taken[other], TOOK_BOOST),
            (memory.discarded[other], DISCARD_DAMP),
            (memory.passed[other] & ~memory.took[other], PASS_DAMP),
        ):
            for card in cards_of(source):
                for partner, kind in PARTNERS[card]:
                    if unseen >> partner & 1:
                        weight[partner] *= factors[kind]
    probability = [0.0] * 52
    for card in cards_of(visible):
        probability[card] = 1.0
    if unknown > 0 and pool:
        free = list(pool)
        share = float(unknown)
        while free:
            total = sum(weight[c] for c in free)
            if total <= 0:
                break
            capped = [c for c in free if share * weight[c] / total > MAX_PROBABILITY]
            if not capped:
                for card in free:
                    probability[card] = share * weight[card] / total
                break
            for card in capped:
                probability[card] = MAX_PROBABILITY
            share -= MAX_PROBABILITY * len(capped)
            free = [c for c in free if c not in capped]
    stock_weight = [0.0] * 52
    if view.stock_size > 0 and pool:
        rest = [1.0 - probability[c] for c in pool]
        total = sum(rest)
        if total > 0:
            for card, value in zip(pool, rest, strict=True):
                stock_weight[card] = value / total
    return OpponentEstimate(tuple(probability), max(unknown, 0), unseen, tuple(stock_weight))


def meld_chance(card: int, probability: tuple[float, ...] | list[float]) -> float:
    """Chance that the opponent holds two cards making a meld with ``card`` (a set or a run).

    The cards are treated as independent, which is close enough for ranking discards.
    """
    rank, suit = card % 13, card // 13
    same = [probability[s * 13 + rank] for s in range(4) if s != suit]
    a, b, c = same
    p_set = a * b + a * c + b * c - 2 * a * b * c
    miss_run = 1.0
    base = suit * 13
    for low in (rank - 2, rank - 1, rank):
        if low < 0 or low + 2 > 12:
            continue
        pair = [base + r for r in range(low, low + 3) if r != rank]
        miss_run *= 1.0 - probability[pair[0]] * probability[pair[1]]
    return 1.0 - (1.0 - p_set) * miss_run


__all__ = [
    "PARTNERS",
    "OpponentEstimate",
    "estimate_opponent",
    "meld_chance",
]
