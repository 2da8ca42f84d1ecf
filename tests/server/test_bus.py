"""The bus between server processes (issue 34), in one process and over a real Redis: a
message reaches every subscriber of its channel and no other, in the order published; a
subscription ended hears nothing more; a subscriber in one process hears another's publish
(two clients of one Redis); one process's bus drops a reader that fell too far behind."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from ginrummy.server.bus import Bus, LocalBus, Subscription
from ginrummy.server.bus import local as local_bus
from ginrummy.server.bus.redis_bus import RedisBus
from tests.server.redis_kit import redis_url

__all__ = ["redis_url"]

MakeBus = Callable[[], Bus]


@pytest.fixture(params=["local", "redis"])
def make_bus(request: pytest.FixtureRequest) -> MakeBus:
    """Buses that reach each other: one shared in-process bus, or clients of one Redis."""
    if request.param == "local":
        shared = LocalBus()
        return lambda: shared
    url: str = request.getfixturevalue("redis_url")
    return lambda: RedisBus(url)


async def read(subscription: Subscription, count: int) -> list[tuple[str, bytes]]:
    got: list[tuple[str, bytes]] = []
    async with asyncio.timeout(10):
        async for item in subscription:
            got.append(item)
            if len(got) == count:
                break
    return got


def run(body: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(body())


def test_a_message_reaches_the_subscribers_of_its_channel_only_and_in_order(
        make_bus: MakeBus) -> None:
    async def body() -> None:
        publisher, listener = make_bus(), make_bus()
        tables = await listener.subscribe("table:g1", "table:g2")
        other = await listener.subscribe("table:g3")
        for n in range(5):
            await publisher.publish("table:g1", f"e{n}".encode())
        await publisher.publish("table:g2", b"x")
        assert await publisher.publish("table:g9", b"nobody") == 0
        await publisher.publish("table:g3", b"last")
        assert await read(tables, 6) == [*[("table:g1", f"e{n}".encode()) for n in range(5)],
                                         ("table:g2", b"x")]
        assert await read(other, 1) == [("table:g3", b"last")]  # not g1's, g2's or g9's
        await tables.close()
        await other.close()
        for bus in {publisher, listener}:
            await bus.close()

    run(body)


def test_a_closed_subscription_hears_nothing_more(make_bus: MakeBus) -> None:
    async def body() -> None:
        bus = make_bus()
        gone = await bus.subscribe("lobby")
        await gone.close()
        kept = await bus.subscribe("lobby")
        assert await bus.publish("lobby", b"update") == 1
        assert await read(kept, 1) == [("lobby", b"update")]
        await kept.close()
        await bus.close()

    run(body)


def test_a_reader_too_far_behind_on_one_process_bus_is_ended(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(local_bus, "QUEUE_LENGTH", 3)

    async def body() -> None:
        bus = LocalBus()
        slow = await bus.subscribe("table:g1")
        fine = await bus.subscribe("table:g1")
        for n in range(3):
            await bus.publish("table:g1", bytes([n]))
        assert await read(fine, 3) == [("table:g1", bytes([n])) for n in range(3)]
        assert await bus.publish("table:g1", b"more") == 1  # the slow one dropped
        assert [item async for item in slow] == [("table:g1", bytes([n])) for n in range(3)]
        assert await read(fine, 1) == [("table:g1", b"more")]
        await bus.close()

    run(body)
