"""The expert (registered as ``expert``): the first expert's card reading, plus a model of
the opponent's style and a knock-or-wait decision fitted on simulated hands.

What it adds to :class:`~ginrummy.agents.expert_v1.FirstExpertAgent` (kept as ``expert_v1``):

* **The opponent's style**, from what its seat has seen in this game: every
  knock of the opponent it defended against (the knocker's hand is shown,
  R14) is *early* (in the knocker's first three turns), *late*, or *gin*.
  Players that knock as soon as they may (*eager*) knock late and seldom go
  gin; players that weigh knocking against waiting (*waiters*, like the
  first expert) knock late or go gin; campers knock early or go gin.
  :class:`OpponentStyle` turns these counts into the chance of each style,
  with the likelihoods fitted on simulated games (:mod:`ginrummy.agents.knock_fit`).
* **The opponent's hand**: its sampled hands are kept, as the first expert
  keeps them, unless it looks like an opponent that knocks when it can and
  has not: a low sample that did not knock is kept with the chance fitted for
  each style (an eager player seldom holds one, a camper often).
* **Knock or wait** by a fitted value: the first expert's sampled estimates
  (points of knocking now, of waiting) and the state (deadwood, stock left,
  the chance of drawing gin next, the opponent's sampled deadwood) go into a
  linear model per style, fitted by ``bench/fit_knock_model.py`` on the
  difference between the points of knocking and of waiting in the same
  simulated positions (both branches played out). It knocks when the
  prediction, weighted by the chance of each style, is above zero.
* **A search of that one decision**: knocking and its best discard are both
  played out in ``KNOCK_SEARCH`` sampled worlds (:mod:`ginrummy.agents.search`,
  the search of level 5 at a few milliseconds); the model's answer stands
  unless the other one wins more by ``SEARCH_CONFIDENCE`` standard errors plus
  ``SEARCH_MARGIN`` points. Not against an opponent that looks eager (above
  ``SEARCH_EAGER``): there the model alone decides.

* **Against a waiting or early-knocking opponent** (two options, off by default: see
  :data:`UNDERCUT_GUARD` and :data:`EARLY_SHED`): it can refuse a knock when the chance
  that the opponent camps times the share of sampled hands that would undercut it is too
  high, and score the deadwood a discard keeps higher while a camper is in its early turns.

Discards, draws and layouts are the first expert's: each discard is scored by
the hand it leaves (deadwood and one draw of look-ahead) and the danger of
the card thrown, here with two changes: the danger weighs 9 points per unit of
meld chance (6 in the first expert), and each hand kept with at most 20
deadwood gains ``GIN_WEIGHT`` times its chance of going gin before the stock
runs out. Everything comes from the seat's views.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ginrummy.agents import knock_fit
from ginrummy.agents.compiled import start_loading
from ginrummy.agents.expert_v1 import (
    Context,
    ExpertParams,
    FirstExpertAgent,
    best_knock_layout,
    knock_value,
    undercut_chance,
    wait_value,
)
from ginrummy.agents.game_score import ScoreTally
from ginrummy.agents.search import SearchParams, action_values
from ginrummy.core import actions
from ginrummy.core.actions import DRAW_DISCARD, DRAW_STOCK, Action
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
GIN_WEIGHT = 8.0
"""Discard score points taken off per unit of chance that the hand kept goes gin before
the stock runs out (one draw a turn, the chance of each draw as now)."""
PARAMS = ExpertParams(danger_weight=9.0)
"""The first expert's weights, but a discard's danger weighs half as much again: with
``GIN_WEIGHT`` screened and measured against expert_v1 (bench/history/strength.md, 2026-12-06)."""
KNOCK_SEARCH = 64
"""Sampled worlds in which knocking and waiting are both played out (0: the fitted model
alone decides)."""
SEARCH_EAGER = 0.7
"""Search only while the chance that the opponent knocks as soon as it can is at most this:
against such players the fitted model alone waits for their knocks to undercut them, which
the play-outs undervalue (bench/history/strength.md, 2026-12-06)."""
SEARCH_CONFIDENCE = 2.0
SEARCH_MARGIN = 3.0
"""The search overturns the fitted model only when the other choice wins more by this many
standard errors of the paired difference plus this many points."""
EARLY_SHED = 0.0
"""While an opponent that may knock early (the chance that it camps) is in its first
``EARLY_TURNS`` turns, each point of deadwood a discard keeps scores this much more, times
that chance: high cards go sooner."""
UNDERCUT_GUARD = 1.0
"""Wait instead of knocking when the chance that the opponent waits for an undercut (that it
camps) times the share of sampled opponent hands that would undercut the knock is above this
(1: never)."""
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

    def chances(self) -> dict[str, float]:
        """Chance of each style, by Bayes' rule over the fitted likelihoods."""
        logs = {style: math.log(prior) + sum(count * math.log(knock_fit.KNOCK_KIND[style][kind])
                                             for kind, count in self.counts.items())
                for style, prior in knock_fit.STYLE_PRIOR.items()}
        top = max(logs.values())
        weights = {style: math.exp(value - top) for style, value in logs.items()}
        total = sum(weights.values())
        return {style: weight / total for style, weight in weights.items()}

    def camper_chance(self) -> float:
        return self.chances()["camper"]


KNOCK_FEATURES = ("bias", "deadwood/10", "stock/10", "deadwood*stock/100", "gin_chance*10",
                  "knock_value/10", "wait_value/10", "their_deadwood/10", "undercut_share",
                  "gin_later", "their_low_share", "their_draws/10")
"""Every input a knock model may use; a model fitted on the first k uses those
(:data:`knock_fit.FEATURES`). The last four: the share of sampled opponent hands that
would undercut the knock, the chance of drawing gin before the stock runs out at the
next draw's chance, the share of samples that could knock, the opponent's stock draws."""


def knock_features(view: PlayerView, ctx: Context, kept: int, knock_now: float,
                   samples: Sequence[int], params: ExpertParams, every: bool = False
                   ) -> tuple[float, ...]:
    """The knock model's inputs at a knock decision: those of :data:`knock_fit.FEATURES`,
    or ``every`` one of :data:`KNOCK_FEATURES`."""
    deadwood = min_deadwood(kept)
    waiting = wait_value(kept, knock_now, samples, ctx, params)
    gin_chance = gin_draw_chance(kept, ctx)
    theirs = [min_deadwood(s) for s in samples] or [10]
    stock = view.stock_size / 10.0
    first = (1.0, deadwood / 10.0, stock, deadwood * stock / 10.0, gin_chance * 10.0,
             knock_now / 10.0, waiting / 10.0, sum(theirs) / len(theirs) / 10.0)
    if not every and len(knock_fit.FEATURES) <= len(first):
        return first
    layout = best_knock_layout(kept, view.knock_limit, samples, view)
    undercut = undercut_chance(layout[0], samples, view) if layout else 0.0
    gin_later = 1.0 - (1.0 - gin_chance) ** max(1, view.stock_size // 2)
    low = sum(d <= view.knock_limit for d in theirs) / len(theirs)
    return (*first, undercut, gin_later, low, ctx.memory.stock_draws[view.opponent] / 10.0)


def gin_draw_chance(kept: int, ctx: Context) -> float:
    """Chance that the next stock draw lets the 10-card ``kept`` go gin."""
    return sum(chance for card, chance in ctx.pool
               if min_deadwood_after_discard(kept | 1 << card) == 0)


def predict(coefficients: Sequence[float], features: Sequence[float]) -> float:
    return sum(c * f for c, f in zip(coefficients, features[:len(coefficients)], strict=True))


class StyleExpertAgent(FirstExpertAgent):
    """The expert (see the module docstring)."""

    name = "expert"

    def __init__(self, seed: int | None = None, params: ExpertParams | None = None,
                 camper_chance: float | None = None, style: str | None = None,
                 close_share: float = CLOSE_SHARE,
                 rush_need: float = RUSH_NEED, rush_undercut: float = RUSH_UNDERCUT,
                 lead_weight: float = LEAD_WEIGHT, gin_weight: float = GIN_WEIGHT,
                 knock_search: int = KNOCK_SEARCH, search_confidence: float = SEARCH_CONFIDENCE,
                 search_margin: float = SEARCH_MARGIN, search_eager: float = SEARCH_EAGER,
                 early_shed: float = EARLY_SHED, undercut_guard: float = UNDERCUT_GUARD,
                 **changes: Any) -> None:
        super().__init__(seed, params if params is not None else PARAMS, **changes)
        self.style = OpponentStyle()
        self.score = ScoreTally()
        self.base_params = self.params
        self.fixed: dict[str, float] | None = None
        """If set, the chance of each style, instead of what the opponent's knocks say."""
        if style is not None:
            self.fixed = {s: float(s == style) for s in knock_fit.STYLE_PRIOR}
        elif camper_chance is not None:
            self.fixed = {s: 0.0 for s in knock_fit.STYLE_PRIOR}
            self.fixed.update(camper=camper_chance, eager=1.0 - camper_chance)
        self.close_share = close_share
        self.rush_need = rush_need
        self.rush_undercut = rush_undercut
        self.lead_weight = lead_weight
        self.gin_weight = gin_weight
        self.knock_search = _worlds(knock_search)
        self.search_confidence = _at_least_zero("search_confidence", search_confidence)
        self.search_margin = _at_least_zero("search_margin", search_margin)
        self.search_eager = _at_least_zero("search_eager", search_eager)
        self.early_shed = _at_least_zero("early_shed", early_shed)
        self.undercut_guard = _at_least_zero("undercut_guard", undercut_guard)
        self._knock_estimate = 0.0
        start_loading()  # the compiled play-outs, in the background: same answers meanwhile

    def style_chances(self) -> dict[str, float]:
        return self.style.chances() if self.fixed is None else self.fixed

    def observe(self, view: PlayerView) -> None:
        """Follow the opponent's style and the game's score; the chance of keeping a sampled
        opponent hand that could have knocked follows the style."""
        self.style.observe(view)
        keep = sum(chance * knock_fit.UNKNOCKED_KEEP[style]
                   for style, chance in self.style_chances().items())
        self.params = replace(self.base_params, unknocked_keep=keep)
        self.score.observe(view)

    def choose(self, view: PlayerView) -> Action:
        self.observe(view)
        action = super().choose(view)
        if actions.is_knock(action):
            self.score.knocked(self._knock_estimate)
        return action

    def score_discards(self, view: PlayerView, ctx: Context, cards: Sequence[int]
                       ) -> dict[int, float]:
        """The first expert's scores, less a bonus for the hands that may go gin."""
        scores = super().score_discards(view, ctx, cards)
        hand = view.hand
        shed = self.early_shed * self.early_knock_chance(view)
        if shed > 0:
            for card in cards:
                scores[card] += shed * min_deadwood(hand & ~(1 << card))
        if self.gin_weight <= 0:
            return scores
        turns = max(1, view.stock_size // 2)
        for card in cards:
            kept = hand & ~(1 << card)
            if min_deadwood(kept) <= GIN_CHASE_DEADWOOD:
                draw = gin_draw_chance(kept, ctx)
                scores[card] -= self.gin_weight * (1.0 - (1.0 - draw) ** turns)
        return scores

    def early_knock_chance(self, view: PlayerView) -> float:
        """The chance that the opponent knocks early, while it is in its early turns."""
        if turns_of(view, view.opponent) >= EARLY_TURNS:
            return 0.0
        return self.style_chances().get("camper", 0.0)

    def undercut_risk(self, view: PlayerView, kept: int, samples: Sequence[int]) -> float:
        """The chance that a knock keeping ``kept`` is undercut by an opponent that waits:
        the chance that it camps times the share of ``samples`` that would undercut."""
        waits = self.style_chances().get("camper", 0.0)
        if waits <= 0 or not samples:
            return 0.0
        layout = best_knock_layout(kept, view.knock_limit, samples, view)
        return waits * undercut_chance(layout[0], samples, view) if layout else 0.0

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
        chances = self.style_chances()
        gain = sum(chance * predict(knock_fit.COEFFICIENTS[style], features)
                   for style, chance in chances.items() if chance)
        if actions.knock(card) not in knocks:
            return None
        ours, theirs = self.score.needs(view.rules.target)
        threshold = -self.lead_weight * (theirs - ours) / 100.0
        knock = gain > threshold or self._game_says_knock(view, kept, samples)
        if self.knock_search > 0 and chances.get("eager", 0.0) <= self.search_eager:
            knock = self._searched_knock(view, ctx, card, knock)
        if knock and self.undercut_guard < 1.0 \
                and self.undercut_risk(view, kept, samples) > self.undercut_guard:
            knock = False
        return actions.knock(card) if knock else None

    def _searched_knock(self, view: PlayerView, ctx: Context, card: int, knock: bool) -> bool:
        """``knock``, the fitted model's answer, unless the worlds where knocking with
        ``card`` and the best discard are both played out clearly say otherwise."""
        discards = actions.discard_cards(view.legal)
        if not discards:
            return knock
        scores = self.score_discards(view, ctx, discards)
        wait = actions.discard(min(discards, key=lambda c: (scores[c], c)))
        knocking = actions.knock(card)
        search = SearchParams(samples=self.knock_search,
                              unknocked_keep=self.params.unknocked_keep)
        baseline = knocking if knock else wait
        values = action_values(view, self.seed, search, self.params,
                               actions=[knocking, wait], baseline=baseline)
        other = next(v for v in values if v.action != baseline)
        if other.advantage > self.search_confidence * other.advantage_stderr \
                + self.search_margin:
            return not knock
        return knock

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


def _worlds(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"knock_search must be a whole number of worlds, 0 or more, "
                         f"got {value!r}")
    return value


def _at_least_zero(name: str, value: float) -> float:
    if not value >= 0:
        raise ValueError(f"{name} must be 0 or more, got {value!r}")
    return float(value)


__all__ = ["KNOCK_FEATURES", "OpponentStyle", "StyleExpertAgent", "knock_features", "predict",
           "turns_of"]
