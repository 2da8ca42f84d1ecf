"""Adapters to the peer engines (OpenSpiel, RLCard) for benchmarks and tests.

Our convention: card = suit*13 + rank, suits clubs=0, diamonds=1, hearts=2,
spades=3, rank ace=0 .. king=12. The peers use the same suit*13 + rank layout
with other suit orders (see bench/PEERS.md):

- OpenSpiel: spades, clubs, diamonds, hearts -> openspiel_card = (card + 13) % 52
- RLCard:    spades, hearts, diamonds, clubs -> rlcard_card = (3 - suit)*13 + rank

Each ``*_deadwood(hands)`` function converts a list of hands (lists of our card
ids) once, and returns ``(converted, fn)``: ``fn(converted[i])`` is the minimum
deadwood of hand ``i``, so a timing loop measures the peer's call alone.
A 10-card hand counts all its cards; an 11-card hand counts the best 10 after
one discard (OpenSpiel's own rule for a hand that has just drawn).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

Hand = Sequence[int]
DeadwoodFn = Callable[[Any], int]


def to_openspiel(card: int) -> int:
    """Our card id -> OpenSpiel's card id (suit order s, c, d, h)."""
    return (card + 13) % 52


def from_openspiel(card: int) -> int:
    """OpenSpiel's card id -> our card id."""
    return (card + 39) % 52


def to_rlcard(card: int) -> int:
    """Our card id -> RLCard's card id (suit order S, H, D, C)."""
    return (3 - card // 13) * 13 + card % 13


def from_rlcard(card: int) -> int:
    """RLCard's card id -> our card id (the mapping is its own inverse)."""
    return to_rlcard(card)


def mask(hand: Hand) -> int:
    """Our CardSet bitmask of a hand: bit ``card`` set for each card."""
    m = 0
    for c in hand:
        m |= 1 << c
    return m


def openspiel_utils() -> Any:
    """A ``pyspiel.gin_rummy.GinRummyUtils`` for the standard deck and 10-card hands."""
    import pyspiel

    return pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)


def openspiel_deadwood(hands: Sequence[Hand]) -> tuple[list[list[int]], DeadwoodFn]:
    """OpenSpiel's ``GinRummyUtils::MinDeadwood`` (C++) over lists of its card ids."""
    utils = openspiel_utils()
    converted = [[to_openspiel(c) for c in h] for h in hands]
    return converted, utils.min_deadwood


def rlcard_deadwood(hands: Sequence[Hand]) -> tuple[list[list[Any]], DeadwoodFn]:
    """RLCard's melding (pure Python) over lists of its ``Card`` objects.

    10 cards: ``melding.get_best_meld_clusters`` (it accepts only 10 cards).
    11 cards: RLCard has no public helper; we apply its knock test
    (``judge._get_going_out_cards``): over all meld clusters, the deadwood
    left after discarding the highest deadwood card.
    """
    from rlcard.games.gin_rummy.utils import melding, utils

    value = utils.get_deadwood_value

    def deadwood(hand: list[Any]) -> int:
        if len(hand) == 10:
            best = melding.get_best_meld_clusters(hand)
            return int(utils.get_deadwood_count(hand, best[0])) if best else sum(map(value, hand))
        result = sum(map(value, hand)) - max(map(value, hand))
        for cluster in melding.get_meld_clusters(hand):
            melded = {utils.get_card_id(c) for meld in cluster for c in meld}
            rest = [value(c) for c in hand if utils.get_card_id(c) not in melded]
            result = min(result, sum(rest) - max(rest) if rest else 0)
        return int(result)

    converted = [[utils.get_card(to_rlcard(c)) for c in h] for h in hands]
    return converted, deadwood


def openspiel_random_hands(observe: bool = False) -> Callable[[int, random.Random], int]:
    """OpenSpiel's ``gin_rummy`` played from Python by random legal decisions: plays ``n``
    hands from the rng and returns the decisions made (``observe``: each decision also
    reads the player's observation tensor, as an environment step does)."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")

    def play(n: int, rng: random.Random) -> int:
        decisions = 0
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                    continue
                if observe:
                    state.observation_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play
