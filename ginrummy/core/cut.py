"""The cut for the first deal (R4), among any number of players.

Each round every player cuts one card from one shuffled deck, so the cards
differ; player 0's card is listed first. The lowest rank deals (ace low); when
more than one player cuts the lowest rank, everyone cuts again. Suits never
break a tie. With two players, under ``first_dealer="high_cut_chooses"`` the
player with the higher card chooses who deals instead
(:meth:`ginrummy.core.game.Game.choose_to_deal`).

>>> cut = Cut.parse("7H 7C, KD 2S")
>>> cut.low, cut.high, str(cut)
(1, 0, '7H 7C, KD 2S')
>>> Cut.parse("2H 2C 9D, KD 4S 7S").low
1
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ginrummy.core.cards import Card, CardError, card_name, parse_card, rank_of
from ginrummy.core.errors import CutError


@dataclass(frozen=True, slots=True)
class Cut:
    """Rounds of one card per player; every round but the last ties for the lowest rank."""

    rounds: tuple[tuple[Card, ...], ...]

    def __post_init__(self) -> None:
        if not self.rounds:
            raise CutError("a cut needs at least one round", "cut.empty")
        width = len(self.rounds[0])
        for number, cards in enumerate(self.rounds, 1):
            if len(cards) < 2:
                raise CutError(f"cut round {number}: needs one card per player, at least two "
                               f"players; got {len(cards)} card{'' if len(cards) == 1 else 's'}",
                               "cut.too_few", round=number, count=len(cards))
            if len(cards) != width:
                raise CutError(f"cut round {number}: {len(cards)} cards, but round 1 has {width} "
                               "(one card per player)", "cut.width", round=number,
                               count=len(cards), width=width)
            if any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52
                   for c in cards):
                raise CutError(f"cut round {number}: card numbers must be 0..51",
                               "cut.numbers", round=number)
            if len(set(cards)) != len(cards):
                twice = card_name(_twice(cards))
                raise CutError(f"cut round {number}: {twice} is cut twice", "cut.twice",
                               round=number, card=twice)
            tie = _lowest_tied(cards)
            last = number == len(self.rounds)
            if tie and last:
                raise CutError(f"cut round {number}: the lowest rank is tied; "
                               "another round is needed (R4)", "cut.tied", round=number)
            if not tie and not last:
                raise CutError(f"cut round {number}: not a tie, yet more rounds follow (R4)",
                               "cut.not_tied", round=number)

    @property
    def players(self) -> int:
        return len(self.rounds[0])

    @property
    def low(self) -> int:
        """The player that cut the lowest card in the deciding round."""
        cards = self.rounds[-1]
        return min(range(len(cards)), key=lambda p: rank_of(cards[p]))

    @property
    def high(self) -> int:
        """With two players, the one that cut the higher card (it may choose who deals, R4)."""
        if self.players != 2:
            raise CutError(f"a cut among {self.players} players has no one higher card",
                           "cut.no_high", players=self.players)
        return 1 - self.low

    @classmethod
    def parse(cls, text: str) -> Cut:
        """Read rounds written as ``"7H 7C, KD 2S"`` (player 0's card first)."""
        rounds: list[tuple[Card, ...]] = []
        for number, part in enumerate(text.split(","), 1):
            try:
                rounds.append(tuple(parse_card(word) for word in part.split()))
            except CardError as error:
                raise CutError(f"cut round {number}: {error}", "cut.card", round=number,
                               error=error) from None
        return cls(tuple(rounds))

    def __str__(self) -> str:
        return ", ".join(" ".join(card_name(c) for c in cards) for cards in self.rounds)


def _lowest_tied(cards: tuple[Card, ...]) -> bool:
    ranks = [rank_of(c) for c in cards]
    return ranks.count(min(ranks)) > 1


def _twice(cards: tuple[Card, ...]) -> Card:
    return next(c for c in cards if cards.count(c) > 1)


def cut_for_deal(rng: random.Random | int, players: int = 2) -> Cut:
    """Cut for the first deal among ``players`` with ``rng`` (a seed or a ``random.Random``)."""
    generator = random.Random(rng) if isinstance(rng, int) else rng
    rounds: list[tuple[Card, ...]] = []
    while True:
        cards = tuple(generator.sample(range(52), players))
        rounds.append(cards)
        if not _lowest_tied(cards):
            return Cut(tuple(rounds))
