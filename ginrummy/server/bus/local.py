"""The bus of a single process: subscribers are queues in memory."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import AsyncIterator

from ginrummy.server.bus.base import Bus, Subscription

QUEUE_LENGTH = 10_000
"""Messages a subscription may fall behind by; past it the subscription ends (its reader
must resync from the database, as a socket that fell behind does)."""


class LocalSubscription(Subscription):
    def __init__(self, bus: LocalBus, channels: tuple[str, ...]) -> None:
        self.bus = bus
        self.channels = channels
        self.queue: asyncio.Queue[tuple[str, bytes] | None] = asyncio.Queue()
        self.ended = False

    def put(self, channel: str, message: bytes) -> bool:
        """Queue a message (False: the reader fell too far behind, and is ended)."""
        if self.queue.qsize() >= QUEUE_LENGTH:
            self.end()
            return False
        self.queue.put_nowait((channel, message))
        return True

    def end(self) -> None:
        if not self.ended:
            self.ended = True
            self.bus.forget(self)
            self.queue.put_nowait(None)

    async def __aiter__(self) -> AsyncIterator[tuple[str, bytes]]:
        while (item := await self.queue.get()) is not None:
            yield item

    async def close(self) -> None:
        self.end()


class LocalBus(Bus):
    def __init__(self) -> None:
        self.subscribers: defaultdict[str, set[LocalSubscription]] = defaultdict(set)

    async def publish(self, channel: str, message: bytes) -> int:
        return sum(subscription.put(channel, message)
                   for subscription in list(self.subscribers.get(channel, ())))

    async def subscribe(self, *channels: str) -> Subscription:
        subscription = LocalSubscription(self, channels)
        for channel in channels:
            self.subscribers[channel].add(subscription)
        return subscription

    def forget(self, subscription: LocalSubscription) -> None:
        for channel in subscription.channels:
            held = self.subscribers.get(channel)
            if held is not None:
                held.discard(subscription)
                if not held:
                    del self.subscribers[channel]

    async def close(self) -> None:
        for held in list(self.subscribers.values()):
            for subscription in list(held):
                subscription.end()
