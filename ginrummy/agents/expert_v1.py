"""The first expert (registered as ``expert_v1``): card memory, an estimate of the opponent's
hand, safe discards, careful knocks.

Each decision looks only at the seat's :class:`~ginrummy.core.views.PlayerView`:

* **Memory and estimate.** The public history is replayed
  (:mod:`ginrummy.agents.tracking`) and every unseen card gets a chance of
  being in the opponent's hand (:mod:`ginrummy.agents.estimate`).
* **Discards.** Each legal discard is scored by the hand it leaves:
  its deadwood, the expected deadwood after the next draw from the stock
  (one step of look-ahead over the unseen cards, each a table lookup), and
  the danger of the card (the estimated chance that it makes a meld for the
  opponent). Lower is better. High unconnected cards go first because they
  weigh on both deadwood terms; flexible cards stay because they lower the
  look-ahead.
* **Draws.** Taking the face-up card is scored the same way (the best
  discard after taking it) and compared with the expected score of a stock
  draw, plus a small cost for showing the opponent what we collect.
* **Knocks.** From sampled opponent hands (drawn from the estimate and
  improved as a player would have improved them, see
  :func:`ginrummy.agents.sampling.sample_opponent_hand`) it estimates the
  points of knocking now with each arrangement, layoffs and undercuts (R24)
  included; it knocks when that is worth more than waiting, waits for gin
  with very little deadwood while the stock is long, and plays Oklahoma's
  limit (``view.knock_limit``), big gin and the wall (R22).
* **Layouts.** As knocker it lays out the arrangement with the best
  expected score, which weighs deadwood against the layoffs it allows (R20);
  as defender it lays off optimally
  (:func:`~ginrummy.agents.base.best_layout_action`).

All randomness (the sampled hands) comes from a generator seeded by the
agent's seed and the view, so the same seed and view give the same move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ginrummy.agents.base import least_deadwood_knock, settled_action
from ginrummy.agents.compiled import loaded_kernels
from ginrummy.agents.estimate import OpponentEstimate, estimate_opponent, meld_chance
from ginrummy.agents.sampling import opponent_visible, sample_opponent_hand
from ginrummy.agents.tracking import CardMemory, remember
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DONE, DRAW_DISCARD, DRAW_STOCK, PASS, Action
from ginrummy.core.cards import CARD_VALUES, cards_of
from ginrummy.core.hand import Phase
from ginrummy.core.melds import (
    Arrangement,
    LayoffTargets,
    arrangements,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.core.views import PlayerView


@dataclass(frozen=True, slots=True)
class ExpertParams:
    """The expert's weights; the levels (``ginrummy.agents.levels``) change some of them."""

    deadwood_weight: float = 1.0
    """Weight of the deadwood a discard leaves."""
    lookahead_weight: float = 3.0
    """Weight of the expected deadwood after the next stock draw."""
    danger_weight: float = 6.0
    """Points charged per unit of chance that the discard makes a meld for the opponent."""
    reveal_cost: float = 1.0
    """Points charged for taking the face-up card (the opponent sees what we collect)."""
    knock_samples: int = 24
    """Opponent hands sampled to value a knock."""
    improve_factor: float = 0.7
    """Simulated improving turns per stock draw the opponent made (see the sampler)."""
    unknocked_keep: float = 0.2
    """Chance of keeping a sampled opponent hand that could have knocked but did not."""
    model_wait: bool = True
    """Compare a knock with the modelled value of waiting a turn (:func:`wait_value`)."""
    opponent_eagerness: float = 1.0
    """Assumed chance that the opponent knocks as soon as it can."""
    wait_decay: float = 0.95
    """What the position is worth a turn later, relative to now."""
    wait_turns: int = 8
    """Turns of waiting modelled at most."""
    knock_table: tuple[int, ...] = ()
    """If set: knock only with at most ``knock_table[stock_size // 2]`` deadwood (and a
    positive expected knock), instead of modelling the wait."""
    knock_margin: float = 0.0
    """Knock only when its estimated points exceed this."""
    gin_wait_deadwood: int = 0
    """Wait for gin while the deadwood is at most this and the stock is long."""
    gin_wait_stock: int = 20
    """Stock size from which waiting for gin is considered."""
    use_estimate: bool = True
    """Weight unseen cards by the opponent's actions (False: uniform)."""
    mistakes: float = 0.0
    """Chance of choosing a random near-best discard instead (for the weaker levels)."""


class Context:
    """What one decision needs, computed once: memory, estimate, the stock's likely cards."""

    __slots__ = ("compiled_pool", "danger", "estimate", "looked", "memory", "pool", "view")

    def __init__(self, view: PlayerView, params: ExpertParams) -> None:
        self.view = view
        self.memory: CardMemory = remember(view)
        self.estimate: OpponentEstimate = estimate_opponent(view, self.memory, params.use_estimate)
        weights = self.estimate.stock_weight
        self.pool: list[tuple[int, float]] = [
            (card, weights[card]) for card in cards_of(self.estimate.unseen) if weights[card] > 0
        ]
        self.danger: dict[int, float] = {}
        self.looked: dict[int, float] = {}
        self.compiled_pool: Any = None

    def lookahead(self, hand: int) -> float:
        """:func:`lookahead` over this decision's pool, remembered per hand (compiled once a
        play-out has loaded the kernels: the same sum, term by term)."""
        value = self.looked.get(hand)
        if value is None:
            kernel = loaded_kernels()
            if kernel is None:
                value = lookahead(hand, self.pool)
            else:
                if self.compiled_pool is None:
                    self.compiled_pool = kernel.kernel_deadwood.weighted_cards(self.pool)
                cards, chances = self.compiled_pool
                value = float(kernel.kernel_deadwood.lookahead(hand, cards, chances))
            self.looked[hand] = value
        return value

    def danger_of(self, card: int) -> float:
        value = self.danger.get(card)
        if value is None:
            value = meld_chance(card, self.estimate.probability)
            self.danger[card] = value
        return value


def lookahead(hand: int, pool: Sequence[tuple[int, float]]) -> float:
    """Expected least deadwood after drawing one card of ``pool`` (card, chance) and discarding."""
    total = 0.0
    for card, chance in pool:
        total += chance * min_deadwood_after_discard(hand | 1 << card)
    return total


def hand_score(hand: int, discarded: int, ctx: Context, params: ExpertParams) -> float:
    """Score of keeping ``hand`` after discarding ``discarded`` (lower is better)."""
    score = params.deadwood_weight * min_deadwood(hand)
    if params.lookahead_weight:
        score += params.lookahead_weight * ctx.lookahead(hand)
    if params.danger_weight and discarded >= 0:
        score += params.danger_weight * ctx.danger_of(discarded)
    return score


def discard_scores(hand: int, candidates: Sequence[int], ctx: Context, params: ExpertParams
                   ) -> dict[int, float]:
    """Score of each candidate discard from the 11-card ``hand``."""
    return {card: hand_score(hand & ~(1 << card), card, ctx, params) for card in candidates}


def stock_draw_score(hand: int, ctx: Context, params: ExpertParams, prune: int = 2) -> float:
    """Expected score after drawing from the stock and discarding well.

    For each likely stock card the ``prune`` discards leaving the least deadwood
    are scored in full; the others rarely win.
    """
    total = 0.0
    for card, chance in ctx.pool:
        bigger = hand | 1 << card
        options = sorted(cards_of(bigger), key=lambda c: min_deadwood(bigger & ~(1 << c)))
        best = min(hand_score(bigger & ~(1 << c), c, ctx, params) for c in options[:prune])
        total += chance * best
    return total


def take_score(hand: int, card: int, ctx: Context, params: ExpertParams) -> tuple[float, int]:
    """Best score after taking ``card`` from the pile, and the discard achieving it."""
    bigger = hand | 1 << card
    may_return = ctx.view.rules.allow_discard_of_drawn_upcard
    candidates = [c for c in cards_of(bigger) if may_return or c != card]
    scores = discard_scores(bigger, candidates, ctx, params)
    best = min(scores, key=scores.__getitem__)
    return scores[best] + params.reveal_cost, best


# ---------------------------------------------------------------- knocking


def _knock_points(deadwood: int, targets: LayoffTargets | None, opponent: int,
                  view: PlayerView) -> float:
    """Points for the knocker of one knock against one opponent hand (approximate layoffs)."""
    rules = view.rules
    theirs = min_deadwood(opponent)
    if deadwood == 0:
        return float(rules.gin_bonus + theirs)
    assert targets is not None
    reach = targets.reach(opponent)
    if reach:
        theirs = min(theirs, min_deadwood(opponent & ~reach))
    if theirs > deadwood:
        return float(theirs - deadwood)
    if theirs == deadwood and not rules.undercut_on_tie:
        return 0.0
    return -float(deadwood - theirs + rules.undercut_bonus)


def opponent_samples(ctx: Context, params: ExpertParams, rng: random.Random) -> list[int]:
    """Sampled opponent hands (fixed known cards plus improved draws from the estimate)."""
    view = ctx.view
    fixed = opponent_visible(view)
    pool = cards_of(ctx.estimate.unseen)
    unknown = ctx.estimate.unknown
    improve = round(params.improve_factor * ctx.memory.stock_draws[view.opponent])
    weights = ctx.estimate.probability
    # An opponent that has discarded without knocking probably could not knock.
    could_knock = ctx.memory.discarded[view.opponent] != 0 and view.knocker < 0
    limit = view.knock_limit
    keep = params.unknocked_keep
    out = []
    for _ in range(params.knock_samples):
        hand = sample_opponent_hand(fixed, pool, unknown, rng, weights, improve)
        for _retry in range(4):
            if not could_knock or min_deadwood(hand) > limit or rng.random() < keep:
                break
            hand = sample_opponent_hand(fixed, pool, unknown, rng, weights, improve)
        out.append(hand)
    return out


def knock_value(arrangement: Arrangement, samples: Sequence[int], view: PlayerView,
                shown: Sequence[int] = ()) -> float:
    """Mean points of knocking with ``arrangement`` (plus melds already ``shown``)."""
    deadwood = arrangement.deadwood
    targets = LayoffTargets.of((*shown, *arrangement.melds)) if deadwood else None
    if not samples:
        return 0.0
    total = 0.0
    for opponent in samples:
        total += _knock_points(deadwood, targets, opponent, view)
    return total / len(samples)


def undercut_chance(arrangement: Arrangement, samples: Sequence[int], view: PlayerView) -> float:
    """Share of ``samples`` that would undercut a knock with ``arrangement`` (R24)."""
    deadwood = arrangement.deadwood
    if deadwood == 0 or not samples:
        return 0.0
    targets = LayoffTargets.of(arrangement.melds)
    return sum(_knock_points(deadwood, targets, o, view) < 0 for o in samples) / len(samples)


def best_knock_layout(hand: int, limit: int, samples: Sequence[int], view: PlayerView,
                      keep: int = 12, shown: Sequence[int] = ()
                      ) -> tuple[Arrangement, float] | None:
    """The arrangement of ``hand`` (after the knock discard) with the best expected points."""
    options = arrangements(hand, limit, maximal=not view.rules.knocker_may_hide_melds)
    if not options:
        return None
    options.sort(key=lambda a: (a.deadwood, len(a.melds)))
    best: tuple[Arrangement, float] | None = None
    for option in options[:keep]:
        value = knock_value(option, samples, view, shown)
        if best is None or value > best[1]:
            best = (option, value)
    return best


def wait_value(kept: int, knock_now: float, samples: Sequence[int], ctx: Context,
               params: ExpertParams) -> float:
    """Expected points of discarding instead of knocking, holding ``kept``, one turn ahead.

    For each sampled opponent hand: the opponent draws from the stock and, if it
    can, knocks (with chance ``params.opponent_eagerness``), which we may undercut
    (R24); otherwise we may draw gin, or knock later for about what a knock is
    worth now (times ``params.wait_decay``).
    """
    view = ctx.view
    rules = view.rules
    limit = view.knock_limit
    ours = min_deadwood(kept)
    pool = ctx.pool
    gin_chance = 0.0
    for card, chance in pool:
        if min_deadwood_after_discard(kept | 1 << card) == 0:
            gin_chance += chance
    eager = params.opponent_eagerness
    tie_undercuts = rules.undercut_on_tie
    turns = max(1, (view.stock_size - 2) // 2)
    decay = params.wait_decay
    total = 0.0
    for opponent in samples:
        weight = 0.0
        knock_chance = 0.0
        outcome = 0.0
        for card, chance in pool:
            if opponent >> card & 1:
                continue
            weight += chance
            theirs = min_deadwood_after_discard(opponent | 1 << card)
            if theirs > limit:
                continue
            if theirs == 0:  # anyone goes gin
                knock_chance += chance
                outcome -= chance * (rules.gin_bonus + ours)
                continue
            knock_chance += eager * chance
            if ours < theirs or (ours == theirs and tie_undercuts):
                outcome += eager * chance * (rules.undercut_bonus + theirs - ours)
            elif ours > theirs:
                outcome -= eager * chance * (ours - theirs)
        if weight > 0:
            knock_chance /= weight
            outcome /= weight
        # One turn: the opponent may knock into us; else we may draw gin; else choose again.
        stay = 1.0 - knock_chance
        now = outcome + stay * gin_chance * (rules.gin_bonus + min_deadwood(opponent))
        carry = stay * (1.0 - gin_chance) * decay
        value = knock_now
        for _ in range(min(turns, params.wait_turns)):
            value = now + carry * max(knock_now, value)
        total += value
    return total / len(samples) if samples else 0.0


# ---------------------------------------------------------------- the agent


class FirstExpertAgent:
    """The first expert, registered as ``expert_v1`` (see the module docstring)."""

    name = "expert_v1"

    def __init__(self, seed: int | None = None, params: ExpertParams | None = None,
                 **changes: Any) -> None:
        self.seed = seed if seed is not None else random.randrange(1 << 30)
        base = params if params is not None else ExpertParams()
        self.params = replace(base, **changes) if changes else base
        self._plan: tuple[tuple[int, int, int], tuple[int, ...]] | None = None

    def _rng(self, view: PlayerView, salt: int = 0) -> random.Random:
        key = hash((self.seed, salt, view.hand, view.pile, view.stock_size, view.opponent_known,
                    view.phase))
        return random.Random(key)

    def observe(self, view: PlayerView) -> None:
        """Follow the game from a view of this seat whose move another player chooses (a
        search built on the expert): the first expert keeps nothing from view to view."""

    def choose(self, view: PlayerView) -> Action:
        settled = settled_action(view, self._lay_out)
        if settled is not None:
            return settled
        phase = view.phase
        ctx = Context(view, self.params)
        if phase is Phase.DISCARD:
            return self._discard(view, ctx)
        if phase is Phase.WALL:
            return self._wall(view, ctx)
        return self._draw(view, ctx)

    # ------------------------------------------------------------ draws

    def _draw(self, view: PlayerView, ctx: Context) -> Action:
        if DRAW_DISCARD not in view.legal:
            return DRAW_STOCK if DRAW_STOCK in view.legal else view.legal[0]
        card = view.pile[-1]
        params = self.params
        bigger = view.hand | 1 << card
        # A take that makes gin (or knock-ready) right away is always worth it.
        taken, _ = take_score(view.hand, card, ctx, params)
        stock = stock_draw_score(view.hand, ctx, params)
        if min_deadwood_after_discard(bigger) == 0 and min_deadwood(view.hand) > 0:
            taken = -1e9
        refuse = PASS if PASS in view.legal else DRAW_STOCK
        return DRAW_DISCARD if taken < stock else refuse

    def _wall(self, view: PlayerView, ctx: Context) -> Action:
        """R22: take the last discard only to knock, and only when the knock is worth it."""
        if DRAW_DISCARD not in view.legal:
            return PASS
        hand = view.hand | 1 << view.pile[-1]
        value = self._best_knock(view, ctx, hand, wall=True)
        return DRAW_DISCARD if value is not None and value[1] > 0 else PASS

    # ------------------------------------------------------------ discards and knocks

    def _discard(self, view: PlayerView, ctx: Context) -> Action:
        legal = view.legal
        if BIG_GIN in legal:
            return BIG_GIN
        hand = view.hand
        knocks = [a for a in legal if actions.is_knock(a)]
        if knocks:
            choice = self._knock_choice(view, ctx, knocks)
            if choice is not None:
                return choice
        discards = actions.discard_cards(legal)
        if not discards:  # only knocks are legal (after a wall take)
            return least_deadwood_knock(hand, knocks)
        scores = self.score_discards(view, ctx, discards)
        ordered = sorted(discards, key=lambda c: (scores[c], -CARD_VALUES[c], c))
        if self.params.mistakes > 0 and len(ordered) > 1:
            rng = self._rng(view, 3)
            if rng.random() < self.params.mistakes:
                return actions.discard(ordered[rng.randrange(min(3, len(ordered)))])
        return actions.discard(ordered[0])

    def score_discards(self, view: PlayerView, ctx: Context, cards: Sequence[int]
                       ) -> dict[int, float]:
        """Score of each discard of ``cards`` from the seat's 11-card hand (lower is better)."""
        return discard_scores(view.hand, cards, ctx, self.params)

    def _best_knock(self, view: PlayerView, ctx: Context, hand: int, wall: bool = False
                    ) -> tuple[int, float, list[int]] | None:
        """The best knock from the 11-card ``hand``: its discard, expected points, the samples."""
        limit = view.knock_limit
        barred = -1 if (view.rules.allow_discard_of_drawn_upcard or wall) else view.taken
        candidates = [c for c in cards_of(hand)
                      if c != barred and min_deadwood(hand & ~(1 << c)) <= limit]
        if not candidates:
            return None
        gin = [c for c in candidates if min_deadwood(hand & ~(1 << c)) == 0]
        if gin:
            return gin[0], float(view.rules.gin_bonus), []
        samples = opponent_samples(ctx, self.params, self._rng(view, 1))
        best: tuple[int, float, list[int]] | None = None
        for card in candidates:
            layout = best_knock_layout(hand & ~(1 << card), limit, samples, view)
            if layout is not None and (best is None or layout[1] > best[1]):
                best = (card, layout[1], samples)
        return best

    def _knock_choice(self, view: PlayerView, ctx: Context, knocks: list[Action]
                      ) -> Action | None:
        best = self._best_knock(view, ctx, view.hand)
        if best is None:
            return None
        card, value, samples = best
        kept = view.hand & ~(1 << card)
        deadwood = min_deadwood(kept)
        if deadwood == 0:
            return actions.knock(card)
        if view.stock_size <= 3:  # after this discard the hand is void or at the wall
            return actions.knock(card) if value > 0 else None
        return self._knock_or_wait(view, ctx, knocks, card, kept, deadwood, value, samples)

    def _knock_or_wait(self, view: PlayerView, ctx: Context, knocks: list[Action], card: int,
                       kept: int, deadwood: int, value: float, samples: list[int]
                       ) -> Action | None:
        """Knock with ``card`` (leaving ``kept``, worth ``value`` over ``samples`` worlds), or
        wait (None), when neither gin nor the last turn decides it."""
        params = self.params
        if deadwood <= params.gin_wait_deadwood and view.stock_size >= params.gin_wait_stock:
            return None
        if params.knock_table:
            table = params.knock_table
            if deadwood > table[min(view.stock_size // 2, len(table) - 1)]:
                return None
            return actions.knock(card) if value > params.knock_margin else None
        waiting = wait_value(kept, value, samples, ctx, params) if params.model_wait else 0.0
        if value > waiting + params.knock_margin and actions.knock(card) in knocks:
            return actions.knock(card)
        return None

    # ------------------------------------------------------------ layouts

    def _lay_out(self, view: PlayerView) -> Action:
        """Lay out the arrangement with the best expected points (R20), meld by meld."""
        laid = view.melds[view.seat]
        key = (view.hand, view.stock_size, len(view.pile))
        if self._plan is None or self._plan[0] != key or any(m not in self._plan[1] for m in laid):
            used = 0
            for laid_meld in laid:
                used |= laid_meld
            limit = 0 if view.big_gin else view.knock_limit
            ctx = Context(view, self.params)
            samples = opponent_samples(ctx, self.params, self._rng(view, 2))
            layout = best_knock_layout(view.hand & ~used, limit, samples, view, keep=40,
                                       shown=laid)
            melds = tuple(int(m) for m in layout[0].melds) if layout else ()
            self._plan = (key, (*laid, *melds))
        for planned in self._plan[1]:
            if planned not in laid:
                return actions.meld(planned)
        return DONE


__all__ = [
    "Context",
    "ExpertParams",
    "FirstExpertAgent",
    "best_knock_layout",
    "discard_scores",
    "hand_score",
    "knock_value",
    "lookahead",
    "opponent_samples",
    "stock_draw_score",
    "take_score",
    "undercut_chance",
    "wait_value",
]
