"""``gin serve`` whose password hashing waits while the file ``$GIN_HASH_GATE`` exists, so
that a test holds the hashing threads busy for as long as it likes.
``python -m tests.server.slow_hash_serve serve ...``."""

import os
import sys
import time
from typing import Any

import argon2

from ginrummy.cli import main

_hash, _verify = argon2.PasswordHasher.hash, argon2.PasswordHasher.verify


def _held() -> None:
    gate = os.environ.get("GIN_HASH_GATE")
    while gate and os.path.exists(gate):
        time.sleep(0.01)


def _gated_hash(self: argon2.PasswordHasher, *args: Any, **kwargs: Any) -> str:
    _held()
    return _hash(self, *args, **kwargs)


def _gated_verify(self: argon2.PasswordHasher, *args: Any, **kwargs: Any) -> bool:
    _held()
    return _verify(self, *args, **kwargs)


argon2.PasswordHasher.hash = _gated_hash  # type: ignore[method-assign]
argon2.PasswordHasher.verify = _gated_verify  # type: ignore[method-assign]
sys.exit(main())
