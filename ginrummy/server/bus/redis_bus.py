"""The bus of several processes: Redis's publish/subscribe (``--bus redis://…``).

Redis delivers a channel's messages in the order they were published, to the subscribers
connected at that moment; a process that lost its connection misses what was published
meanwhile and must resync from the database (the tables' logs there are the truth; the bus
only says that they changed and what to send).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import redis.asyncio as redis

from ginrummy.server.bus.base import Bus, Subscription

CONFIRM_SECONDS = 10.0
"""How long Redis may take to confirm a subscription."""


class RedisSubscription(Subscription):
    def __init__(self, pubsub: Any) -> None:
        self.pubsub = pubsub

    async def __aiter__(self) -> AsyncIterator[tuple[str, bytes]]:
        async for item in self.pubsub.listen():
            if item["type"] == "message":
                yield item["channel"].decode(), item["data"]

    async def close(self) -> None:
        await self.pubsub.unsubscribe()
        await self.pubsub.aclose()


class RedisBus(Bus):
    def __init__(self, url: str) -> None:
        self.client = redis.Redis.from_url(url)

    async def publish(self, channel: str, message: bytes) -> int:
        receivers: int = await self.client.publish(channel, message)
        return receivers

    async def subscribe(self, *channels: str) -> Subscription:
        pubsub = self.client.pubsub()
        await pubsub.subscribe(*channels)
        confirmed = 0
        while confirmed < len(set(channels)):  # Redis listens from its confirmation on
            said = await pubsub.get_message(timeout=CONFIRM_SECONDS)
            if said is None:
                await pubsub.aclose()
                raise TimeoutError(f"Redis did not confirm the subscription to {channels}")
            confirmed += said["type"] == "subscribe"
        return RedisSubscription(pubsub)

    async def ping(self) -> bool:
        """Whether the Redis server answers (said at start, before serving anyone)."""
        answered: bool = await self.client.ping()
        return answered

    async def close(self) -> None:
        await self.client.aclose()
