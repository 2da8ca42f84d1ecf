"""The daily deal's seeds: one secret seed a day, and every deal's server seed derived from it.

Each day (UTC) has one *day seed* (32 bytes from the operating system's CSPRNG, drawn by the
server the first time the day is asked for). Its commitment, the SHA-256 of the seed in hex
(:func:`~ginrummy.format.provably_fair.commitment_of`), is published while the day runs; the
seed itself once the day is over. Deal ``n`` of the day (counted from 1, void hands included)
has the server seed HMAC-SHA256(key = day seed, message = the fields ``"ginrummy-daily"``,
``"1"``, the day as ``YYYY-MM-DD`` and ``n`` in decimal, each as its UTF-8 length in 4 bytes
big-endian followed by its bytes), and its deck is derived from that server seed under the
game id :func:`deal_key` with no player's seed (:func:`~ginrummy.format.provably_fair.derive_deck`),
so every player of the day gets the same decks. A hand of a daily game's record verifies as
any other (its ``fair`` object holds its server seed and ``game_id``); with the day's seed
anyone can also check that each hand's server seed is the day's (:func:`deal_seed`).
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import date

from ginrummy.format.provably_fair import SERVER_SEED_BYTES, FairnessError

DOMAIN = "ginrummy-daily"
VERSION = "1"
KEY_PREFIX = "daily-"


def deal_key(day: date) -> str:
    """The game id the day's decks are derived under: ``daily-YYYY-MM-DD``."""
    return f"{KEY_PREFIX}{day.isoformat()}"


def day_of_key(key: str | None) -> date | None:
    """The day of a :func:`deal_key` (None: not a daily deal's key)."""
    if key is None or not key.startswith(KEY_PREFIX):
        return None
    try:
        return date.fromisoformat(key[len(KEY_PREFIX):])
    except ValueError:
        return None


def deal_seed(day_seed: bytes, day: date, number: int) -> bytes:
    """The server seed of the day's deal ``number`` (from 1)."""
    if not isinstance(day_seed, bytes) or len(day_seed) != SERVER_SEED_BYTES:
        raise FairnessError(f"a day's seed is {SERVER_SEED_BYTES} bytes")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise FairnessError(f"deals are numbered from 1, got {number!r}")
    fields = [DOMAIN, VERSION, day.isoformat(), str(number)]
    message = b"".join(len(f.encode()).to_bytes(4, "big") + f.encode() for f in fields)
    return hmac.new(day_seed, message, hashlib.sha256).digest()
