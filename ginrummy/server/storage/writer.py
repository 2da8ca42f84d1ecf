"""Group commit: the log appends of every table, written by one thread in shared transactions.

With SQLite's ``synchronous=FULL`` each commit waits for the disk (an fsync of the WAL), and
SQLite admits one writer at a time: appends from many threads at once queue on its lock,
retrying with sleeps. :class:`GroupWriter` instead hands every append to a single writer
thread; the appends that arrive while a transaction is being committed go together into the
next one (:meth:`~ginrummy.server.storage.store.Store.append_many`), so a busy server pays one fsync
for many moves. No write waits for a timer: an idle writer starts at once.

The guarantee of :mod:`ginrummy.server.live.table` is unchanged: :meth:`GroupWriter.append`
returns only after the transaction holding that append has been committed, and raises what
refused it (a :class:`~ginrummy.server.storage.store.ConflictError`, a database error) otherwise;
nothing is acknowledged or broadcast before.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from ginrummy.server.storage.store import AppendRequest, Store

T = TypeVar("T")

MAX_BATCH = 200
"""The most appends in one transaction."""


class GroupWriter:
    def __init__(self, store: Store, max_batch: int = MAX_BATCH) -> None:
        self.store = store
        self.max_batch = max_batch
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gin-db-writer")
        self.waiting: list[tuple[AppendRequest, asyncio.Future[None]]] = []
        self.draining: asyncio.Task[None] | None = None
        self.batches = 0
        """Transactions committed so far (for tests and measurements)."""
        self.appends = 0

    async def append(self, request: AppendRequest) -> None:
        """Write ``request`` durably (committed when this returns), or raise why not."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.waiting.append((request, future))
        if self.draining is None or self.draining.done():
            self.draining = loop.create_task(self._drain(), name="gin db writer")
        await future

    async def run(self, function: Callable[..., T], *args: object) -> T:
        """Run another write (``function(*args)``) on the writer thread, between batches."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, function, *args)

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        while self.waiting:
            batch = self.waiting[:self.max_batch]
            del self.waiting[:len(batch)]
            requests = [request for request, _ in batch]
            try:
                outcomes = await loop.run_in_executor(self.executor, self.store.append_many,
                                                      requests)
            except asyncio.CancelledError:
                for _, future in batch + self.waiting:
                    future.cancel()
                self.waiting.clear()
                raise
            except Exception as failure:  # the writer itself failed: every append with it
                outcomes = [failure] * len(batch)
            self.batches += 1
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():  # its caller was cancelled; the write stands or not as is
                    continue
                if outcome is None:
                    self.appends += 1
                    future.set_result(None)
                else:
                    future.set_exception(outcome)

    async def close(self) -> None:
        """Finish the appends already handed over, then stop the thread."""
        task = self.draining
        if task is not None and not task.done():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.executor.shutdown(wait=True)
