"""The expert (registered as ``expert``): the first expert's card reading, plus a model of
the opponent's style and a knock-or-wait decision fitted on simulated hands.

What it adds to :class:`~ginrummy.agents.expert.ExpertAgent` (kept as ``expert_v1``):

* **The opponent's style**, from what its seat has seen in this game: every
  knock of the opponent it defended against (the knocker's hand is shown,
  R14) is *early* (in the knocker's first three turns), *late*, or *gin*.
  Players that knock as soon as they may knock late and seldom go gin;
  campers knock early or go gin. :class:`OpponentStyle` turns these counts
  into the chance that the opponent is a camper, with the likelihoods fitted
  on simulated games (:mod:`ginrummy.agents.knock_fit`).
* **The opponent's hand**: its sampled hands are kept, as the first expert
  keeps them, unless it looks like an opponent that knocks when it can and
  has not; against a camper, a low hand that did not knock is what to expect,
  so every sample is kept.
* **Knock or wait** by a fitted value: the first expert's sampled estimates
  (points of knocking now, of waiting) and the state (deadwood, stock left,
  the chance of drawing gin next, the opponent's sampled deadwood) go into a
  linear model per style, fitted by ``bench/fit_knock_model.py`` on the
  difference between the points of knocking and of waiting in the same
  simulated positions (both branches played out). It knocks when the
  style-weighted prediction is above zero.

Discards, draws and layouts are the first expert's: each discard is scored by
the hand it leaves (deadwood and one draw of look-ahead) and the danger of
the card thrown. Everything comes from the seat's views.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ginrummy.agents import knock_fit
from ginrummy.agents.compiled import kernels
from ginrummy.agents.expert import (
    Context,
    ExpertAgent,
    ExpertParams,
    best_knock_layout,
    discard_scores,
    knock_value,
    undercut_chance,
    wait_value,
)
from ginrummy.agents.game_score import ScoreTally
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DRAW_DISCARD, DRAW_STOCK, Action
from ginrummy.core.cards import CARD_VALUES
from ginrummy.core.hand import Phase
from ginrummy.core.melds import min_deadwood, min_deadwood_after_discard
from ginrummy.core.views import PlayerView

EARLY_TURNS = 3
"""A knock in the knocker's first this many turns is an early one."""
KINDS = ("early", "late", "gin")
CLOSE_SHARE = 2.0
"""Knock when at least this share of the sampled opponent hands lets the knock reach the
game's target (above 1: never for that reason)."""
RUSH_NEED = 0.0
"""When the opponent needs at most this many points to reach the target ..."""
RUSH_UNDERCUT = 0.0
"""... knock when at most this share of the samples would undercut the knock."""
LEAD_WEIGHT = 0.0
"""Points of expected gain given up per 100 points of lead to knock sooner when ahead (and
asked for when behind): a leader wants the hand over, a trailer the big points."""
GIN_WEIGHT = 0.0
"""Discard score points taken off per unit of chance that the hand kept goes gin before
the stock runs out (one draw a turn, the chance of each draw as now)."""
GIN_CHASE_DEADWOOD = 20
"""Only hands kept with at most this much deadwood are scored for gin."""
GIN_DEADWOOD = 10.0
"""The opponent's deadwood expected when we go gin, for the score we keep."""


def turns_of(view: PlayerView, seat: int) -> int:
    """How many times ``seat`` has drawn in this hand."""
    return sum(1 for who, action in view.history
               if who == seat and action in (DRAW_STOCK, DRAW_DISCARD))


@dataclass(slots=True)
class OpponentStyle:
    """The opponent's knocks seen this game, by kind, and the chance that it camps."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    seen: set[tuple[int, int | None, int]] = field(default_factory=set)

    def observe(self, view: PlayerView) -> None:
        """Count the opponent's knock once, from a view where this seat defends (R14)."""
        if view.phase is not Phase.DEFENDER or view.knocker != view.opponent:
            return
        shown = view.opponent_hand
        if shown is None:
            return
        key = (view.dealer, view.upcard, shown)
        if key in self.seen:
            return
        self.seen.add(key)
        if view.knocker_deadwood_cards() == 0:
            kind = "gin"
        elif turns_of(view, view.opponent) <= EARLY_TURNS:
            kind = "early"
        else:
            kind = "late"
        self.counts[kind] += 1

    def camper_chance(self) -> float:
        """Chance that the opponent is a camper, by Bayes' rule over the fitted likelihoods."""
        log_odds = math.log(knock_fit.CAMPER_PRIOR / (1.0 - knock_fit.CAMPER_PRIOR))
        for kind, count in self.counts.items():
            if count:
                ratio = knock_fit.KNOCK_KIND["camper"][kind] / knock_fit.KNOCK_KIND["eager"][kind]
                log_odds += count * math.log(ratio)
        log_odds = max(-30.0, min(30.0, log_odds))
        return 1.0 / (1.0 + math.exp(-log_odds))


def knock_features(view: PlayerView, ctx: Context, kept: int, knock_now: float,
                   samples: Sequence[int], params: ExpertParams) -> tuple[float, ...]:
    """The fitted model's inputs at a knock decision (see :data:`knock_fit.FEATURES`)."""
    deadwood = min_deadwood(kept)
    waiting = wait_value(kept, knock_now, samples, ctx, params)
    gin_chance = gin_draw_chance(kept, ctx)
    theirs = sum(min_deadwood(s) for s in samples) / len(samples) if samples else 10.0
    stock = view.stock_size / 10.0
    return (1.0, deadwood / 10.0, stock, deadwood * stock / 10.0, gin_chance * 10.0,
            knock_now / 10.0, waiting / 10.0, theirs / 10.0)


def gin_draw_chance(kept: int, ctx: Context) -> float:
    """Chance that the next stock draw lets the 10-card ``kept`` go gin."""
    return sum(chance for card, chance in ctx.pool
               if min_deadwood_after_discard(kept | 1 << card) == 0)


def predict(coefficients: Sequence[float], features: Sequence[float]) -> float:
    return sum(c * f for c, f in zip(coefficients, features, strict=True))


class StyleExpertAgent(ExpertAgent):
    """The expert (see the module docstring)."""

    name = "expert"

    def __init__(self, seed: int | None = None, params: ExpertParams | None = None,
                 camper_chance: float | None = None, close_share: float = CLOSE_SHARE,
                 rush_need: float = RUSH_NEED, rush_undercut: float = RUSH_UNDERCUT,
                 lead_weight: float = LEAD_WEIGHT, gin_weight: float = GIN_WEIGHT,
                 **changes: Any) -> None:
        super().__init__(seed, params, **changes)
        self.style = OpponentStyle()
        self.score = ScoreTally()
        self.base_params = self.params
        self.fixed_chance = camper_chance
        """If set, the opponent's chance of being a camper, instead of what its knocks say."""
        self.close_share = close_share
        self.rush_need = rush_need
        self.rush_undercut = rush_undercut
        self.lead_weight = lead_weight
        self.gin_weight = gin_weight
        self._knock_estimate = 0.0
        kernels()  # the compiled look-ahead and sampler, if Numba is installed: same answers

    def camper_chance(self) -> float:
        return self.style.camper_chance() if self.fixed_chance is None else self.fixed_chance

    def choose(self, view: PlayerView) -> Action:
        self.style.observe(view)
        camper = self.camper_chance()
        # Against a camper a low hand that has not knocked is no surprise: keep such samples.
        keep = camper + (1.0 - camper) * self.base_params.unknocked_keep
        self.params = replace(self.base_params, unknocked_keep=keep)
        self.score.observe(view)
        action = super().choose(view)
        if actions.is_knock(action):
            self.score.knocked(self._knock_estimate)
        return action

    def _discard(self, view: PlayerView, ctx: Context) -> Action:
        """The first expert's discard, with a bonus for the hands that may go gin."""
        discards = actions.discard_cards(view.legal)
        if self.gin_weight <= 0 or BIG_GIN in view.legal or len(discards) < 2:
            return super()._discard(view, ctx)
        knocks = [a for a in view.legal if actions.is_knock(a)]
        if knocks:
            choice = self._knock_choice(view, ctx, knocks)
            if choice is not None:
                return choice
        hand = view.hand
        scores = discard_scores(hand, discards, ctx, self.params)
        turns = max(1, view.stock_size // 2)
        for card in discards:
            kept = hand & ~(1 << card)
            if min_deadwood(kept) <= GIN_CHASE_DEADWOOD:
                draw = gin_draw_chance(kept, ctx)
                scores[card] -= self.gin_weight * (1.0 - (1.0 - draw) ** turns)
        return actions.discard(min(discards, key=lambda c: (scores[c], -CARD_VALUES[c], c)))

    def _best_knock(self, view: PlayerView, ctx: Context, hand: int, wall: bool = False
                    ) -> tuple[int, float, list[int]] | None:
        best = super()._best_knock(view, ctx, hand, wall)
        if best is not None:  # a gin's value leaves out the opponent's deadwood: about 10
            self._knock_estimate = best[1] + (GIN_DEADWOOD if not best[2] else 0.0)
        return best

    def _knock_or_wait(self, view: PlayerView, ctx: Context, knocks: list[Action], card: int,
                       kept: int, deadwood: int, value: float, samples: list[int]
                       ) -> Action | None:
        features = knock_features(view, ctx, kept, value, samples, self.params)
        camper = self.camper_chance()
        gain = (camper * predict(knock_fit.COEFFICIENTS["camper"], features)
                + (1.0 - camper) * predict(knock_fit.COEFFICIENTS["eager"], features))
        if actions.knock(card) not in knocks:
            return None
        ours, theirs = self.score.needs(view.rules.target)
        threshold = -self.lead_weight * (theirs - ours) / 100.0
        if gain > threshold or self._game_says_knock(view, kept, samples):
            return actions.knock(card)
        return None

    def _game_says_knock(self, view: PlayerView, kept: int, samples: Sequence[int]) -> bool:
        """Knock against the hand's points when the game's score asks for it: the knock
        very likely reaches the target, or the opponent is so near it that winning this
        hand matters more than how many points it brings."""
        if not samples or (self.close_share > 1.0 and self.rush_need <= 0):
            return False
        layout = best_knock_layout(kept, view.knock_limit, samples, view)
        if layout is None:
            return False
        ours, theirs = self.score.needs(view.rules.target)
        arrangement = layout[0]
        closing = sum(knock_value(arrangement, [s], view) >= ours for s in samples)
        if closing >= self.close_share * len(samples):
            return True
        return (theirs <= self.rush_need
                and undercut_chance(arrangement, samples, view) <= self.rush_undercut)


__all__ = ["OpponentStyle", "StyleExpertAgent", "knock_features", "predict", "turns_of"]
