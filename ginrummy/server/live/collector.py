"""Short garbage-collection pauses for a server that holds many games in memory.

Every live table keeps its recent positions (:attr:`ginrummy.server.settings.Settings.
replay_buffer` of them), so a busy server holds a few hundred thousand objects that live
for minutes. CPython's full collection walks all of them: with 200 games at play that is
a pause of 50-150 ms on this project's machine, every few seconds, and every move in
flight waits for it (it was most of the p99 of ``bench/bench_server_load.py`` against the
computer).

While a server runs, :class:`Collector` moves the objects that have survived so far into
the collector's permanent generation every ``freeze_every`` seconds (after a collection of
the young generations, so that fresh garbage is not kept): the full collections that
follow only walk what is newer, and stay short. Objects are still freed as soon as nothing
refers to them; only reference cycles among frozen objects wait, until the whole heap is
examined again every ``full_every`` seconds (one full pause then). Stopping the last
collector unfreezes everything.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time

log = logging.getLogger(__name__)

FREEZE_EVERY = 10.0
FULL_EVERY = 600.0


class Collector:
    """The freezing schedule of one process (shared by the apps running in it)."""

    users = 0
    task: asyncio.Task[None] | None = None

    @classmethod
    def acquire(cls, freeze_every: float = FREEZE_EVERY, full_every: float = FULL_EVERY) -> bool:
        """Use the schedule, starting it on the running event loop; False without a loop
        (then do not :meth:`release`)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        cls.users += 1
        if cls.task is None or cls.task.done():
            cls.task = loop.create_task(cls._run(freeze_every, full_every),
                                        name="gin gc freezer")
        return True

    @classmethod
    async def release(cls) -> None:
        """Stop the schedule when its last user stops; the heap is unfrozen."""
        if cls.users == 0:
            return
        cls.users -= 1
        if cls.users:
            return
        task, cls.task = cls.task, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        gc.unfreeze()

    @staticmethod
    async def _run(freeze_every: float, full_every: float) -> None:
        last_full = time.monotonic()
        while True:
            await asyncio.sleep(freeze_every)
            if not gc.isenabled():
                continue
            if time.monotonic() - last_full >= full_every:
                gc.unfreeze()
                started = time.perf_counter()
                gc.collect()
                log.debug("full collection of the whole heap: %.1f ms",
                          1000 * (time.perf_counter() - started))
                last_full = time.monotonic()
            else:
                gc.collect(1)
            gc.freeze()
