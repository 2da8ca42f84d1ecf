"""Waiting on a condition rather than for a fixed time: a test goes on as soon as what it
waits for is true, and says what never came when it times out."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(condition: Callable[[], T], timeout: float = 20.0, every: float = 0.05,
               what: str = "the condition") -> T:
    """``condition()``'s first true value, asked every ``every`` seconds; AssertionError
    naming ``what`` (and the last value) after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} was not true in {timeout} s (last: {value!r})")
        time.sleep(every)
