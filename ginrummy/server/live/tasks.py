"""Stopping the server's background tasks (a ticker, a notice being sent) when it shuts down."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any


async def cancelled(task: asyncio.Task[Any] | None) -> None:
    """Cancel ``task`` (if any) and wait for it to end; how it ends is not the caller's concern
    any more (it already logged what went wrong)."""
    if task is None:
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task
