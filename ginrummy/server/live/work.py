"""The expensive work of a server (hints, event pages, level-5 computer moves) on a few
threads of its own, with a bounded queue, so that one client cannot starve the others:
the event loop keeps most of the interpreter, and a request past the queue is refused
with 503 and ``Retry-After`` instead of waiting behind everyone else's."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

BUSY_RETRY_SECONDS = 2


class Busy(Exception):
    """Every thread is working and the queue is full."""

    retry_after = BUSY_RETRY_SECONDS


class WorkPool:
    def __init__(self, threads: int, queue: int, name: str = "gin-work") -> None:
        self.threads, self.queue = max(1, threads), max(0, queue)
        self.executor = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix=name)
        self.pending = 0
        """Jobs running or waiting."""

    async def run(self, job: Callable[[], T], *, refusable: bool = True) -> T:
        """``job()`` on a work thread; :class:`Busy` if ``refusable`` and the queue is full
        (the computer's moves are never refused: they wait their turn)."""
        if refusable and self.pending >= self.threads + self.queue:
            raise Busy
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.executor, job)
        finally:
            self.pending -= 1

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
