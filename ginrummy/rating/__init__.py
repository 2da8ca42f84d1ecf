"""Players' ratings: a skill estimate and its uncertainty per rules family, from rated games.

The model is OpenSkill's Plackett-Luce (``openskill`` from PyPI, in the ``[server]`` extra),
which rates two players and teams of two alike; the numbers are on the familiar scale: a new
player is 1500 with a deviation of 350, and is *provisional* (shown with a "?") until the
deviation falls under :data:`PROVISIONAL_SIGMA`. Ratings are kept per
family (:func:`family_of`): a player's Oklahoma rating says nothing of their standard one.

>>> a, b = Rating(), Rating()
>>> (a2,), (b2,) = rate_game([a], [b])
>>> a2.mu > 1500 > b2.mu, a2.games, a2.provisional
(True, 1, True)
>>> round(expected_score([Rating(1700, 100)], [Rating(1500, 100)]), 2)
0.76
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ginrummy.core.rules import Rules

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

Family = Literal["standard", "oklahoma", "three", "teams"]
FAMILIES: tuple[Family, ...] = ("standard", "oklahoma", "three", "teams")
START_MU = 1500.0
START_SIGMA = 350.0
PROVISIONAL_SIGMA = 200.0
"""Below this deviation a rating stops being provisional: after about a dozen games against
established players (Gin Rummy's luck makes one game say little, see ``beta``)."""


def family_of(rules: Rules, players: int = 2) -> Family:
    """The rating family of a game: by its table (three players, teams), else by its rules
    (Oklahoma's knock limit from the upcard, R32, or the standard game)."""
    if players == 3:
        return "three"
    if players > 3:
        return "teams"
    return "oklahoma" if rules.oklahoma else "standard"


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def provisional(self) -> bool:
        return self.sigma >= PROVISIONAL_SIGMA

    @property
    def shown(self) -> str:
        """The rating as a player reads it: ``1523``, or ``1523?`` while provisional."""
        return f"{round(self.mu)}{'?' if self.provisional else ''}"


@functools.cache
def _model() -> PlackettLuce:
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=START_MU, sigma=START_SIGMA, beta=START_SIGMA / 2,
                        tau=START_SIGMA / 100)


def rate_game(winners: Sequence[Rating], losers: Sequence[Rating]
              ) -> tuple[list[Rating], list[Rating]]:
    """The ratings after a game that ``winners`` (one player or a team) won from ``losers``."""
    model = _model()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma) for r in side] for side in (winners, losers)]
    after = model.rate(teams, ranks=[0, 1])
    won, lost = ([Rating(new.mu, new.sigma, old.games + 1) for new, old in zip(side, before,
                                                                              strict=True)]
                 for side, before in zip(after, (winners, losers), strict=True))
    return won, lost


def rate_places(sides: Sequence[Sequence[Rating]], places: Sequence[int]
                ) -> list[list[Rating]]:
    """The ratings after a game of any number of sides (players, or teams), ``places[i]``
    the finishing place of ``sides[i]`` (0 first; equal places are a tie between them).

    >>> (a,), (b,), (c,) = rate_places([[Rating()], [Rating()], [Rating()]], [0, 1, 1])
    >>> a.mu > 1500 > b.mu == c.mu
    True
    """
    model = _model()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma) for r in side] for side in sides]
    after = model.rate(teams, ranks=list(places))
    return [[Rating(new.mu, new.sigma, old.games + 1) for new, old in zip(side, before,
                                                                         strict=True)]
            for side, before in zip(after, sides, strict=True)]


def expected_score(side: Sequence[Rating], other: Sequence[Rating]) -> float:
    """The chance that ``side`` wins a game from ``other``."""
    model = _model()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma) for r in s] for s in (side, other)]
    return float(model.predict_win(teams)[0])


__all__ = ["FAMILIES", "PROVISIONAL_SIGMA", "Family", "Rating", "expected_score", "family_of",
           "rate_game", "rate_places"]
