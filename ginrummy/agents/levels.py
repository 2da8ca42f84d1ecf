"""Five levels of computer opponent for players, from beginner to the strongest search.

Each level is an agent registered as ``level1`` ... ``level5`` (so ``gin play
--level N`` and ``gin sim level3 level4`` find them); every level beats the
one below it (``bench/bench_strength.py`` measures it; ``bench/RESULTS.md``,
"Computer levels" and "Strength of the computer players", has the latest figures).

========  ==============  ===============================================================
level     agent           how it plays
========  ==============  ===============================================================
1         beginner        takes the face-up card when it obviously makes a meld, throws
                          away its highest unmatched card (sometimes any unmatched card),
                          knocks as soon as it may; lays out and lays off properly
2         simple          the EAAI-2021 challenge baseline: takes the face-up card only
                          for a meld, throws a card leaving the least deadwood, knocks
                          at the first chance
3         casual expert   the expert's look-ahead and knocking, but without reading the
                          opponent's pickups, guarding its discards a third as much, and
                          about one discard in seven picked among its near-best ones
4         expert          remembers every card, estimates the opponent's hand, discards
                          safely, weighs knocking against waiting for gin or an undercut,
                          arranges its melds to deny layoffs: the first expert
                          (``expert_v1``, :mod:`ginrummy.agents.expert_v1`)
5         master          Monte Carlo search over the unseen cards on top of the
                          expert (``expert``, :mod:`ginrummy.agents.expert`), which
                          adds a model of the opponent's style to the first expert's
                          play: the expert's move is kept unless a searched one
                          is clearly better, its best-scored discards and the
                          least-deadwood knocks are searched; at most about one second
                          per move and mostly far less: the search ends once the other
                          moves look unable to beat the expert's, or after 2,000
                          sampled worlds (``ginrummy.agents.montecarlo``; the
                          registered ``montecarlo`` still builds on ``expert_v1``)
========  ==============  ===============================================================

The levels' measured win rates against each other, which their fixed ratings
(``ginrummy.rating.levels``) use, are in ``bench/RESULTS.md`` ("Computer levels").

``make_level(n, seed)`` builds one; extra keyword arguments go to the agent
(for example ``budget=0.3`` for level 5).
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from ginrummy.agents.base import Agent, PlainAgent, least_deadwood_discard
from ginrummy.agents.expert_v1 import ExpertParams, FirstExpertAgent
from ginrummy.agents.montecarlo import MonteCarloAgent
from ginrummy.agents.simple import SimpleAgent
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DRAW_DISCARD, DRAW_STOCK, PASS, Action
from ginrummy.core.cards import CARD_VALUES
from ginrummy.core.hand import Phase
from ginrummy.core.melds import best_arrangement
from ginrummy.core.views import PlayerView

LEVELS = (1, 2, 3, 4, 5)

CASUAL = ExpertParams(use_estimate=False, danger_weight=2.0, mistakes=0.15)
"""Level 3: the expert without its reading of the opponent, less careful discards."""


class BeginnerAgent(PlainAgent):
    """Level 1: plays like someone who has just learnt the rules (see the module docstring)."""

    name = "beginner"

    def __init__(self, seed: int | None = None, slips: float = 0.3) -> None:
        self.rng = random.Random(seed)
        self.slips = slips

    def decide(self, view: PlayerView) -> Action:
        legal = view.legal
        if view.phase is Phase.DISCARD:
            return self._discard(view)
        card = view.pile[-1]
        melds = best_arrangement(view.hand | 1 << card).melds
        if DRAW_DISCARD in legal and any(m >> card & 1 for m in melds):
            return DRAW_DISCARD
        return PASS if PASS in legal else DRAW_STOCK

    def _discard(self, view: PlayerView) -> Action:
        legal, hand = view.legal, view.hand
        if BIG_GIN in legal:
            return BIG_GIN
        knocks = actions.knock_cards(legal)
        if knocks:
            return actions.knock(least_deadwood_discard(hand, knocks))
        options = actions.discard_cards(legal)
        unmatched = best_arrangement(hand).unmatched
        loose = [c for c in options if unmatched >> c & 1] or options
        if self.rng.random() < self.slips:
            return actions.discard(loose[self.rng.randrange(len(loose))])
        return actions.discard(max(loose, key=lambda c: (CARD_VALUES[c], c)))


def make_level(level: int, seed: int | None = None, **params: Any) -> Agent:
    """The agent of ``level`` (1 to 5), seeded."""
    if level == 1:
        return _named(BeginnerAgent(seed, **params), "level1")
    if level == 2:
        return _named(SimpleAgent(seed, **params), "level2")
    if level == 3:
        return _named(FirstExpertAgent(seed, CASUAL, **params), "level3")
    if level == 4:
        return _named(FirstExpertAgent(seed, **params), "level4")
    if level == 5:
        return _named(MonteCarloAgent(seed, **{"base": "expert", **params}), "level5")
    raise ValueError(f"level must be 1 to 5, got {level!r}")


def _named(agent: Agent, name: str) -> Agent:
    with contextlib.suppress(AttributeError):  # an agent with a read-only name keeps it
        agent.name = name
    return agent


__all__ = ["CASUAL", "LEVELS", "BeginnerAgent", "make_level"]
