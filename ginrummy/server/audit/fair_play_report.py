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

The test is a one-sided binomial z test of the account's matches against the band's rate::

    z = (k - n p) / sqrt(n p (1 - p))        p-value = P(Z >= z) = erfc(z / sqrt 2) / 2

(``k`` matches of ``n`` hard decisions; ``p`` the band's rate, taken as ``(K + 1) / (N + 2)``
from the band's ``K`` matches of ``N``, so that a band that never matched still leaves room
for chance). A closed formula with :func:`math.erfc` is enough (n is in the tens to
thousands, where the normal approximation of the binomial holds), so no statistics package is
needed. An account **stands out** when it has at least ``min_decisions`` hard decisions and
its z for either agent reaches ``threshold``. Decisions in one game are not independent and
the band's rate is itself an estimate, so the p-value is a screening figure, not the
probability that the account cheats.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

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
"""The z from which an account stands out (``--z``): p below about 0.0013 for an honest
player of the band, so about one honest account in 700 is listed for each agent."""
SHOWN_GAMES = 5
"""The games to look at listed per account: those where it matched most often."""


def z_test(matches: int, decisions: int, rate: float) -> tuple[float, float]:
    """``(z, p)`` of ``matches`` in ``decisions`` against the rate ``rate``, one-sided (more
    matches than the rate says). A rate of 0 or 1 leaves no room for chance: z is infinite
    (or 0 when the count is exactly what it says)."""
    if decisions <= 0:
        return 0.0, 1.0
    expected = decisions * rate
    spread = math.sqrt(decisions * rate * (1.0 - rate))
    if spread == 0.0:
        z = 0.0 if matches <= expected else math.inf
    else:
        z = (matches - expected) / spread
    return z, 0.5 * math.erfc(z / math.sqrt(2.0))


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
            band_rate = (pooled.matches + 1) / (pooled.decisions + 2)
            z, p = z_test(own.matches, own.decisions, band_rate)
            tests.append(Test(agent, own, pooled, overall_rate(played, agent), z, p))
        enough = sum(g.hard_decisions for g in played) >= min_decisions
        out.append(Standing(name, tuple(played), rating[name],
                            None if low is None else (low * band, low * band + band - 1),
                            tuple(tests), enough and any(t.z >= threshold for t in tests)))
    return sorted(out, key=lambda s: (not s.stands_out, -max(t.z for t in s.tests)
                                      if s.stands_out else 0.0, s.username.casefold()))
