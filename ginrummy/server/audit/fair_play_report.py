"""The fair-play report: each account's match rates over its last rated games, tested against
the accounts of its rating band (``gin admin fair-play``; the figures come from
:mod:`.fair_play`, the reading of them is in docs/operating.md, "Fair play").

For each agent (the expert, level 5) an account's **match rate** is the share of its hard
decisions (:mod:`.fair_play`: where the plain player would not have made the expert's choice)
where it made that agent's choice, pooled over its last ``games`` analysed rated games; its
rate over all its counted decisions is shown beside it. Its **band** is the accounts whose
mean rating over their own last games falls in the same ``band``-point slice (1600-1799, ...);
the band's rate pools the other accounts' hard decisions and matches the same way (the account
itself left out). When the others of the band have fewer than ``min_decisions`` hard decisions
between them, every other account is the band.

The test is Fisher's exact test, one-sided: of all the hard decisions of the account and its
band together, with their matches, how likely is it that the account's share of them holds at
least its ``k`` matches (of its ``n``) if matching does not depend on who played? That is the
hypergeometric tail::

    p = sum over x = k .. min(n, M) of  C(M, x) C(T - M, n - x) / C(T, n)

(``T`` hard decisions in all, ``M`` matches in all). It is exact at any count (a normal
approximation is wrong for the few decisions of a new account, or a band that rarely
matches) and counts the band's own uncertainty; it needs only :func:`math.lgamma` and
:class:`statistics.NormalDist` (for ``z``, the normal deviate with the same one-sided
p-value, ``p = P(Z >= z)``), so no statistics package is needed. An account **stands out**
when it has at least ``min_decisions`` hard decisions and its z for either agent reaches
``threshold``. Decisions in one game are not independent and the band mixes players, so the
p-value is a screening figure, not the probability that the account cheats.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from ginrummy.server.audit.fair_play import AGENTS
from ginrummy.server.storage.fair_play_store import AccountGame, SeatFigures

GAMES = 20
"""Each account's last rated games the rates are taken over (``--games``)."""
BAND = 200
"""The width of a rating band, in rating points (``--band``)."""
MIN_DECISIONS = 50
"""Hard decisions an account needs before it can stand out (``--min-decisions``); a band
with fewer hard decisions (of the others) widens to every account."""
THRESHOLD = 3.0
"""The z from which an account stands out (``--z``): a one-sided p-value of 0.00135 or less,
so about one honest account in 700 for each agent, if decisions were independent."""
SHOWN_GAMES = 5
"""The games to look at listed per account: those where it matched most often."""


def _log_choose(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def exact_test(matches: int, decisions: int, band_matches: int, band_decisions: int
               ) -> tuple[float, float]:
    """``(z, p)``: Fisher's exact one-sided test of ``matches`` in ``decisions`` against the
    band's ``band_matches`` in ``band_decisions`` (see the module text); ``z`` is infinite
    when ``p`` is 0 or 1 to the float's precision."""
    total, hits = decisions + band_decisions, matches + band_matches
    if decisions <= 0:
        return -math.inf, 1.0
    whole = _log_choose(total, decisions)
    p = math.fsum(math.exp(_log_choose(hits, x) + _log_choose(total - hits, decisions - x)
                           - whole)
                  for x in range(matches, min(decisions, hits) + 1)
                  if decisions - x <= total - hits)
    if p <= 0.0:
        return math.inf, 0.0
    if p >= 1.0 - 1e-9:  # every arrangement has this many matches or more: no evidence
        return -math.inf, 1.0
    return NormalDist().inv_cdf(1.0 - p), p


@dataclass(frozen=True, slots=True)
class Rate:
    matches: int
    decisions: int

    @property
    def share(self) -> float:
        return self.matches / self.decisions if self.decisions else 0.0


@dataclass(frozen=True, slots=True)
class Test:
    """One agent's rate of the account against its band's, on hard decisions (``overall``:
    the account's rate on all its decisions)."""

    agent: str
    own: Rate
    band: Rate
    overall: Rate
    z: float
    p: float


@dataclass(frozen=True, slots=True)
class Standing:
    """One account over its last rated games."""

    username: str
    games: tuple[SeatFigures, ...]
    """Its analysed games in the window, newest first."""
    rating: float | None
    band: tuple[int, int] | None
    """The band's ratings (low, high), or None: compared with every account."""
    tests: tuple[Test, ...]
    stands_out: bool

    @property
    def decisions(self) -> int:
        return sum(g.decisions for g in self.games)

    @property
    def hard_decisions(self) -> int:
        return sum(g.hard_decisions for g in self.games)

    def games_to_look_at(self, count: int = SHOWN_GAMES) -> list[SeatFigures]:
        """Its games where it matched most often on hard decisions (level 5, then the
        expert; then the most hard decisions), at most ``count``."""
        counted = [g for g in self.games if g.hard_decisions]
        return sorted(counted, key=lambda g: (-(g.hard_level5_matches / g.hard_decisions),
                                              -(g.hard_expert_matches / g.hard_decisions),
                                              -g.hard_decisions,
                                              -g.finished_at.timestamp()))[:count]


def hard_rate(games: Sequence[SeatFigures], agent: str) -> Rate:
    """The matches with ``agent`` over the hard decisions of ``games``."""
    return Rate(sum(g.hard_expert_matches if agent == "expert" else g.hard_level5_matches
                    for g in games), sum(g.hard_decisions for g in games))


def overall_rate(games: Sequence[SeatFigures], agent: str) -> Rate:
    """The matches with ``agent`` over all the counted decisions of ``games``."""
    return Rate(sum(g.expert_matches if agent == "expert" else g.level5_matches
                    for g in games), sum(g.decisions for g in games))


def standings(rows: Sequence[AccountGame], games: int = GAMES, band: int = BAND,
              min_decisions: int = MIN_DECISIONS, threshold: float = THRESHOLD
              ) -> list[Standing]:
    """Every account with analysed games, the ones that stand out first (by their highest z),
    then by name. ``rows`` as :func:`~ginrummy.server.storage.fair_play_store.analysed` gives
    them (newest first)."""
    window: dict[str, list[SeatFigures]] = defaultdict(list)
    for row in rows:
        if row.figures.problem is None and len(window[row.username]) < games:
            window[row.username].append(row.figures)
    rating: dict[str, float | None] = {}
    for name, played in window.items():
        rated = [g.rating for g in played if g.rating is not None]
        rating[name] = sum(rated) / len(rated) if rated else None
    slice_of = {name: None if value is None else math.floor(value / band)
                for name, value in rating.items()}
    out = []
    for name, played in window.items():
        same = [other for other in window if other != name
                and slice_of[other] is not None and slice_of[other] == slice_of[name]]
        if sum(g.hard_decisions for other in same for g in window[other]) < min_decisions:
            same, low = [other for other in window if other != name], None
        else:
            low = slice_of[name]
        theirs = [g for other in same for g in window[other]]
        tests = []
        for agent in AGENTS:
            own, pooled = hard_rate(played, agent), hard_rate(theirs, agent)
            z, p = exact_test(own.matches, own.decisions, pooled.matches, pooled.decisions)
            tests.append(Test(agent, own, pooled, overall_rate(played, agent), z, p))
        enough = sum(g.hard_decisions for g in played) >= min_decisions
        out.append(Standing(name, tuple(played), rating[name],
                            None if low is None else (low * band, low * band + band - 1),
                            tuple(tests), enough and any(t.z >= threshold for t in tests)))
    return sorted(out, key=lambda s: (not s.stands_out, -max(t.z for t in s.tests)
                                      if s.stands_out else 0.0, s.username.casefold()))
