"""The cut and the deals of a two-player game, compiled: the numbers CPython's
``random.Random`` draws (:mod:`ginrummy.agents.kernel_random`), for the compiled step.

:func:`cut` draws what ``ginrummy.core.cut.cut_for_deal(rng, 2)`` draws, and :func:`deal`
shuffles the deck as ``ginrummy.core.deck.shuffled_deck(rng)`` does into the state's
``DECK`` words and deals from it as ``ginrummy.core.hand.deal_hand`` does (R6, R7), ready
for :func:`ginrummy.env.kernel_step.load`. ``tests/env/test_env_deal.py`` checks both
against the core.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ginrummy.agents.kernel_playout import (
    HAND,
    LIMIT,
    PHASE,
    PILE_SIZE,
    RULE_BIG_GIN,
    RULE_RETURNED,
    STOCK_POS,
    TAKEN,
    TURN,
)
from ginrummy.agents.kernel_random import (
    blank_state,
    compiled,
    randbelow,
    sample_into,
    seed_state,
    words_of,
)
from ginrummy.env.kernel_step import DEALER, DECK, DISCARD, FIRST, LEGAL, OBS_AT, PILE, UPCARD

__all__ = ["CUT_ROUNDS", "blank_state", "cut", "deal", "seed_state", "shuffle", "words_of"]

CUT_ROUNDS = 32
"""Cut rounds :func:`cut` writes; past them it gives up (ties each time, (3/51)**32)."""
_SETSIZE_OF_TWO = 21
"""``random.Random.sample``'s set size for two cards (``kernel_random.sample_setsize(2)``)."""


@compiled
def cut(mt: Any, rounds: Any) -> int:
    """Cut rounds of two cards until their ranks differ, written in ``rounds`` (two cards a
    round); how many, or -1 if more than :data:`CUT_ROUNDS` would be needed."""
    population = np.arange(52)
    scratch = np.empty(52, dtype=np.int64)
    pair = np.empty(2, dtype=np.int64)
    for made in range(CUT_ROUNDS):
        sample_into(mt, population, 52, 2, _SETSIZE_OF_TWO, pair, scratch)
        rounds[2 * made] = pair[0]
        rounds[2 * made + 1] = pair[1]
        if pair[0] % 13 != pair[1] % 13:
            return made + 1
    return -1


@compiled
def shuffle(mt: Any, deck: Any) -> None:
    """``deck[:52]`` is ``shuffled_deck`` drawn from ``mt`` (``random.Random.shuffle``)."""
    for card in range(52):
        deck[card] = card
    for i in range(51, 0, -1):
        j = randbelow(mt, i + 1)
        deck[i], deck[j] = deck[j], deck[i]


@compiled
def deal(buffer: Any, mt: Any, dealer: int, eleven_cards: bool, limits: Any) -> None:
    """Shuffle the deck from ``mt`` and deal the hand of ``dealer``: the state's words but
    the rules'; ``limits[upcard]`` is the knock limit, ``limits[52]`` without an upcard."""
    s = buffer[:OBS_AT].view(np.int64)
    for i in range(LEGAL):
        if not RULE_BIG_GIN <= i <= RULE_RETURNED:
            s[i] = 0
    shuffle(mt, s[DECK:DECK + 52])
    first = 1 - dealer
    dealt = 21 if eleven_cards else 20
    for index in range(dealt):
        seat = first if index % 2 == 0 else dealer
        s[HAND + seat] |= 1 << s[DECK + index]
    s[TURN] = first
    s[STOCK_POS] = 21
    s[TAKEN] = -1
    s[DEALER] = dealer
    if eleven_cards:
        s[PHASE] = DISCARD
        s[UPCARD] = -1
        s[LIMIT] = limits[52]
    else:
        upcard = s[DECK + 20]
        s[PHASE] = FIRST
        s[UPCARD] = upcard
        s[PILE] = upcard
        s[PILE_SIZE] = 1
        s[LIMIT] = limits[upcard]
