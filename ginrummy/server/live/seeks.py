"""Quick match's pairing: people waiting for a game, each with a rating and a window of
ratings it accepts, which widens the longer they wait.

Two seekers meet when they want the same game (the same rules, both rated or both casual,
the same clock) and each one's rating lies in the other's window. Among the pairs that may
meet, the closest ratings meet first, and between equally close pairs, the one who waited
longest. A person never meets themselves (two browsers of one account, or one guest's two
tabs).

Only seekers who may meet are compared (:func:`candidates`): those of one pool (the same
game), and within it those less than :data:`WINDOW_MAX` apart, found by sorting the pool by
rating. So 2,000 seekers who each want other rules cost no comparison at all, where looking
at every pair would cost two million on the event loop each second.

>>> a = Seek("a", "alice", 1500.0, "standard", since=0.0)
>>> b = Seek("b", "bob", 1700.0, "standard", since=0.0)
>>> window(a, 0.0), window(a, 10.0)
(100.0, 250.0)
>>> pairs([a, b], 0.0), [(x.ticket, y.ticket) for x, y in pairs([a, b], 10.0)]
([], [('a', 'b')])
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass

WINDOW_START = 100.0
"""Rating points either side at first."""
WINDOW_GROWTH = 15.0
"""Points more per second of waiting."""
WINDOW_MAX = 700.0
"""The widest window (reached after 40 s): beyond it, people differ too much to meet."""


@dataclass
class Seek:
    """One person waiting: ``pool`` the game wanted (rules, rated or not, clock), ``since``
    the time they started waiting."""

    ticket: str
    who: str
    rating: float
    pool: Hashable
    since: float


def window(seek: Seek, now: float) -> float:
    """How far from its rating ``seek`` accepts an opponent at ``now``."""
    waited = max(0.0, now - seek.since)
    return min(WINDOW_MAX, WINDOW_START + WINDOW_GROWTH * waited)


def candidates(seeks: Sequence[Seek]) -> Iterator[tuple[Seek, Seek]]:
    """The pairs of seekers that might meet, whatever they waited: the same pool, ratings at
    most :data:`WINDOW_MAX` apart. Costs the sizes of the pools, not the square of all."""
    pools: defaultdict[Hashable, list[Seek]] = defaultdict(list)
    for seek in seeks:
        pools[seek.pool].append(seek)
    for pool in pools.values():
        if len(pool) < 2:
            continue
        pool.sort(key=lambda seek: seek.rating)
        for i, a in enumerate(pool):
            for j in range(i + 1, len(pool)):
                b = pool[j]
                if b.rating - a.rating > WINDOW_MAX:
                    break
                yield a, b


def pairs(seeks: Sequence[Seek], now: float,
          among: Callable[[Sequence[Seek]], Iterable[tuple[Seek, Seek]]] = candidates
          ) -> list[tuple[Seek, Seek]]:
    """The pairs that meet at ``now``, each seeker in at most one; in each pair the one who
    waited longer comes first. ``among``: the pairs looked at (those that might meet)."""
    meeting = []
    for a, b in among(seeks):
        gap = abs(a.rating - b.rating)
        if a.pool == b.pool and a.who != b.who and gap <= min(window(a, now), window(b, now)):
            first, second = (a, b) if (a.since, a.ticket) <= (b.since, b.ticket) else (b, a)
            meeting.append((gap, first.since, first.ticket, second.ticket, first, second))
    meeting.sort(key=lambda c: c[:4])
    taken: set[str] = set()
    out = []
    for *_, first, second in meeting:
        if first.ticket not in taken and second.ticket not in taken:
            taken |= {first.ticket, second.ticket}
            out.append((first, second))
    return out
