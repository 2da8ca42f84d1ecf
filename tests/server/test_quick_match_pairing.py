"""Quick match's pairing on a clock the test moves: the window widens until far ratings
meet, the closest ratings meet first, a seeker who stopped asking meets nobody; and the
computer levels' ratings that the computer's offer comes from."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import pytest

from ginrummy.core.rules import Rules
from ginrummy.rating import Rating, expected_score
from ginrummy.rating.levels import MEASURED, gap_of, level_ratings, nearest_level
from ginrummy.server.live.quick_match import STALE_SECONDS, QuickMatch
from ginrummy.server.live.seeks import WINDOW_MAX, Seek, pairs, window


@dataclass
class Made:
    id: str
    joined: list[tuple[int, str]]

    async def join(self, seat: int, name: str, invite: str) -> str:
        self.joined.append((seat, name))
        return f"token-{self.id}-{seat}"


@dataclass
class Creation:
    table: Made
    token: str
    invite_token: str | None


class Hub:
    """A :class:`QuickMatch` whose games are only remembered, on a clock the test sets."""

    def __init__(self, computer_after: float = 20.0) -> None:
        self.now = 1000.0
        self.games: list[tuple[Any, ...]] = []
        self.match = QuickMatch(self.create, computer_after, clock=lambda: self.now)

    async def create(self, rules: Rules, opponent: str, level: int | None, name: str,
                     listed: bool = False, owner: str | None = None,
                     clock: object = None) -> Creation:
        table = Made(f"g{len(self.games)}", [])
        self.games.append((opponent, level, name, listed, table))
        return Creation(table, f"token-{table.id}-0", "invite")


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def test_the_window_widens_with_waiting_until_its_widest() -> None:
    seek = Seek("a", "ann", 1500.0, "standard", since=0.0)
    assert window(seek, 0.0) < window(seek, 10.0) < window(seek, 30.0)
    assert window(seek, 3600.0) == WINDOW_MAX


def test_far_ratings_meet_only_once_both_windows_reach() -> None:
    async def scenario() -> None:
        hub = Hub()
        _, ann = await hub.match.start("guest:ann", "Ann", Rules(), False, 1500.0)
        hub.now += 5
        _, bea = await hub.match.start("guest:bea", "Bea", Rules(), False, 1800.0)
        assert ann.status == bea.status == "waiting"  # 300 apart: Bea's window is 100
        for _ in range(13):  # Bea's window reaches 300 after 14 s of waiting
            hub.now += 1
            ann.seen = bea.seen = hub.now
            await hub.match.pair()
            assert ann.status == bea.status == "waiting"
        hub.now += 1
        await hub.match.pair()
        assert ann.status == bea.status == "matched"
        opponent, level, name, listed, table = hub.games[0]
        assert (opponent, level, name, listed) == ("friend", None, "Ann", True)
        assert table.joined == [(1, "Bea")]  # who waited longer sits at place 0
        assert ann.match is not None and bea.match is not None
        assert (ann.match.seat, bea.match.seat) == (0, 1)
        assert ann.match.token != bea.match.token
        await hub.match.close()

    run(scenario())


def test_the_closest_ratings_meet_first() -> None:
    seeks = [Seek("a", "a", 1500.0, "p", 0.0), Seek("b", "b", 1580.0, "p", 0.0),
             Seek("c", "c", 1520.0, "p", 0.0)]
    assert [(x.ticket, y.ticket) for x, y in pairs(seeks, 0.0)] == [("a", "c")]


def test_a_seeker_who_stopped_asking_meets_nobody() -> None:
    async def scenario() -> None:
        hub = Hub()
        _, ann = await hub.match.start("guest:ann", "Ann", Rules(), False, 1500.0)
        hub.now += STALE_SECONDS + 1
        _, bea = await hub.match.start("guest:bea", "Bea", Rules(), False, 1500.0)
        assert ann.status == "left" and bea.status == "waiting" and hub.games == []
        await hub.match.close()

    run(scenario())


def test_the_computer_offer_is_the_level_nearest_the_seekers_rating() -> None:
    async def scenario() -> None:
        hub = Hub(computer_after=20.0)
        _, strong = await hub.match.start("guest:a", "A", Rules(), False, 1700.0)
        assert hub.match.offer(strong) == {"level": 5, "rating": round(level_ratings()[5]),
                                           "in_seconds": 20.0}
        hub.now += 20
        match = await hub.match.take_computer(strong)
        assert match.level == 5 and hub.games[0][:3] == ("computer", 5, "A")
        await hub.match.close()

    run(scenario())


@pytest.mark.parametrize("level", sorted(MEASURED))
def test_each_levels_rating_gap_gives_back_its_measured_win_rate(level: int) -> None:
    ratings = level_ratings()
    assert ratings[level] > ratings[level - 1]
    gap = ratings[level] - ratings[level - 1]
    won = expected_score([Rating(1500 + gap, 50)], [Rating(1500, 50)])
    assert won == pytest.approx(MEASURED[level][0], abs=1e-6)
    assert gap_of(0.5) == pytest.approx(0, abs=1e-6)


def test_level_3_stands_at_a_new_players_rating() -> None:
    assert level_ratings()[3] == 1500 and nearest_level(1500) == 3
