"""Secret tokens: made by :mod:`secrets`, stored only as SHA-256 digests.

A token is 144 random bits, so a plain SHA-256 is enough to keep the
database from holding usable credentials (no slow hash needed: nothing to
guess). Comparisons are constant-time.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

TOKEN_BYTES = 18
GAME_ID_BYTES = 9
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,64}")
_GAME_ID_SHAPE = re.compile(r"[A-Za-z0-9_-]{8,32}")


def new_token() -> str:
    """A fresh secret: 24 URL-safe characters."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_game_id() -> str:
    """A fresh game id: 12 URL-safe characters, not guessable."""
    return secrets.token_urlsafe(GAME_ID_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(a: str | None, b: str) -> bool:
    return a is not None and hmac.compare_digest(a, b)


def looks_like_token(value: object) -> bool:
    return isinstance(value, str) and _TOKEN_SHAPE.fullmatch(value) is not None


def looks_like_game_id(value: object) -> bool:
    return isinstance(value, str) and _GAME_ID_SHAPE.fullmatch(value) is not None
