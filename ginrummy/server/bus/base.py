"""The bus's one interface: publish to a channel, subscribe to channels, close."""

from __future__ import annotations

import abc
from collections.abc import AsyncIterator
from types import TracebackType


class Subscription(abc.ABC):
    """Messages of some channels as ``(channel, message)``, in the order each channel's were
    published, from the moment :meth:`Bus.subscribe` returned; an ``async with`` ends it."""

    @abc.abstractmethod
    def __aiter__(self) -> AsyncIterator[tuple[str, bytes]]: ...

    @abc.abstractmethod
    async def close(self) -> None: ...

    async def __aenter__(self) -> Subscription:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self.close()


class Bus(abc.ABC):
    @abc.abstractmethod
    async def publish(self, channel: str, message: bytes) -> int:
        """Send ``message`` to the channel's subscribers now; how many got it (on Redis: how
        many processes)."""

    @abc.abstractmethod
    async def subscribe(self, *channels: str) -> Subscription:
        """Listen to ``channels``: every message published after this returns."""

    @abc.abstractmethod
    async def close(self) -> None: ...
