"""The deals of the AEC environment: the same cut and cards as the core's for the same
``random.Random``, drawn faster.

:func:`shuffled_deck` is :func:`ginrummy.core.deck.shuffled_deck` for a ``random.Random``
(Python's ``shuffle``, its ``_randbelow`` written out: the same numbers drawn in the same
order); :func:`first_dealer` is the dealer of the first hand of the game
:func:`started_game` makes from the same cut, known without making it.
"""

from __future__ import annotations

import random

from ginrummy.core.cut import Cut
from ginrummy.core.deck import shuffled_deck as core_shuffled_deck
from ginrummy.core.game import Game, prefers_to_deal
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules

_BITS = tuple(n.bit_length() for n in range(53))


def shuffled_deck(rng: random.Random) -> list[int]:
    """The deck ``ginrummy.core.deck.shuffled_deck(rng)`` deals, ``rng`` left as it leaves it."""
    if type(rng) is not random.Random:  # a subclass may draw its numbers otherwise
        return core_shuffled_deck(rng)
    deck = list(range(52))
    draw = rng.getrandbits
    for i in range(51, 0, -1):
        bound = i + 1
        bits = _BITS[bound]
        j = draw(bits)
        while j >= bound:
            j = draw(bits)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def started_game(table_rules: TableRules, cut: Cut) -> Game:
    """The game ``cut`` starts, its first dealer chosen (R4), ready for the first deal."""
    game = Game.start(table_rules, cut)
    if game.chooser is not None:
        game = game.choose_to_deal(game.chooser, prefers_to_deal(game.rules))
    return game


def first_dealer(rules: Rules, cut: Cut) -> int:
    """The dealer's seat in the first hand of ``started_game`` for two players and ``cut``."""
    if rules.first_dealer == "high_cut_chooses" and prefers_to_deal(rules):
        return cut.high
    return cut.low
