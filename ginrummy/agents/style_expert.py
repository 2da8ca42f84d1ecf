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
from ginrummy.agents.expert import Context, ExpertAgent, ExpertParams, wait_value
from ginrummy.core import actions
from ginrummy.core.actions import DRAW_DISCARD, DRAW_STOCK, Action
from ginrummy.core.hand import Phase
from ginrummy.core.melds import min_deadwood, min_deadwood_after_discard
from ginrummy.core.views import PlayerView

EARLY_TURNS = 3
"""A knock in the knocker's first this many turns is an early one."""
KINDS = ("early", "late", "gin")


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
    gin_chance = sum(chance for card, chance in ctx.pool
                     if min_deadwood_after_discard(kept | 1 << card) == 0)
    theirs = sum(min_deadwood(s) for s in samples) / len(samples) if samples else 10.0
    stock = view.stock_size / 10.0
    return (1.0, deadwood / 10.0, stock, deadwood * stock / 10.0, gin_chance * 10.0,
            knock_now / 10.0, waiting / 10.0, theirs / 10.0)


def predict(coefficients: Sequence[float], features: Sequence[float]) -> float:
    return sum(c * f for c, f in zip(coefficients, features, strict=True))


class StyleExpertAgent(ExpertAgent):
    """The expert (see the module docstring)."""

    name = "expert"

    def __init__(self, seed: int | None = None, params: ExpertParams | None = None,
                 camper_chance: float | None = None, **changes: Any) -> None:
        super().__init__(seed, params, **changes)
        self.style = OpponentStyle()
        self.base_params = self.params
        self.fixed_chance = camper_chance
        """If set, the opponent's chance of being a camper, instead of what its knocks say."""

    def camper_chance(self) -> float:
        return self.style.camper_chance() if self.fixed_chance is None else self.fixed_chance

    def choose(self, view: PlayerView) -> Action:
        self.style.observe(view)
        camper = self.camper_chance()
        # Against a camper a low hand that has not knocked is no surprise: keep such samples.
        keep = camper + (1.0 - camper) * self.base_params.unknocked_keep
        self.params = replace(self.base_params, unknocked_keep=keep)
        return super().choose(view)

    def _knock_or_wait(self, view: PlayerView, ctx: Context, knocks: list[Action], card: int,
                       kept: int, deadwood: int, value: float, samples: list[int]
                       ) -> Action | None:
        features = knock_features(view, ctx, kept, value, samples, self.params)
        camper = self.camper_chance()
        gain = (camper * predict(knock_fit.COEFFICIENTS["camper"], features)
                + (1.0 - camper) * predict(knock_fit.COEFFICIENTS["eager"], features))
        if gain > 0 and actions.knock(card) in knocks:
            return actions.knock(card)
        return None


__all__ = ["OpponentStyle", "StyleExpertAgent", "knock_features", "predict", "turns_of"]
