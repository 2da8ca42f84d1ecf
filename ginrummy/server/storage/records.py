"""Finished games kept in a hash chain: a record of each, linked to the one before.

When a game ends, its record (what :func:`ginrummy.format.record.record_of` keeps: the rules,
the cut, every hand's deck and actions, the results; plus the game's id, kind, level and
seats) is written as canonical JSON (keys sorted, no spaces, UTF-8) in the same
transaction as the move that ended it, with

    hash = SHA-256(previous hash + "\\n" + record)

(the first record's previous hash is 64 zeros). Changing, removing or reordering any
finished game, or any move or deck of one, breaks the chain from there on:
:func:`verify_chain` rebuilds every record from the games' stored logs and checks each
link. Publishing the newest hash (:func:`chain_head`) now and then also pins the end.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.livetable.record import canonical_record as canonical_record
from ginrummy.server.storage import db

GENESIS = "0" * 64
"""The previous hash of the first record."""


def chain_hash(previous: str, record: str) -> str:
    """SHA-256 of the previous hash, a newline and the record, as 64 hex digits.

    >>> chain_hash(GENESIS, "{}")[:16]
    '5649d09ed68c1715'
    """
    return hashlib.sha256(f"{previous}\n{record}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class ChainLink:
    seq: int
    game_id: str
    finished_at: datetime
    record: str
    prev_hash: str
    hash: str
    erased_at: datetime | None = None
    """When a deleted account's name was taken out of ``record``: ``hash`` is of the record
    as the game ended, which the chain no longer holds."""


def append_record(conn: sa.Connection, game_id: str, record: str, finished_at: datetime) -> str:
    """Add ``record`` at the end of the chain in ``conn``'s transaction; its hash."""
    head = conn.execute(
        sa.select(db.records.c.hash).order_by(db.records.c.seq.desc()).limit(1)
    ).scalar()
    previous = head if head is not None else GENESIS
    digest = chain_hash(previous, record)
    conn.execute(db.records.insert().values(
        game_id=game_id, finished_at=finished_at, record=record, prev_hash=previous, hash=digest,
    ))
    return digest


def _link(r: Any) -> ChainLink:
    return ChainLink(r.seq, r.game_id, r.finished_at, r.record, r.prev_hash, r.hash,
                     r.erased_at)


def erase_name(conn: sa.Connection, game_id: str, seat: int, name: str,
               moment: datetime) -> None:
    """Put ``name`` for the name of ``seat`` in a finished game's record, in ``conn``'s
    transaction (its account is being deleted); the link keeps its hash and place."""
    row = conn.execute(sa.select(db.records.c.record)
                       .where(db.records.c.game_id == game_id)).first()
    if row is None:  # ended before records were kept
        return
    data = json.loads(row.record)
    for entry in data["seats"]:
        if entry["seat"] == seat:
            entry["name"] = name
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    if text != row.record:
        conn.execute(db.records.update().where(db.records.c.game_id == game_id)
                     .values(record=text, erased_at=moment))


def chain(engine: Engine) -> list[ChainLink]:
    with engine.connect() as conn:
        rows = conn.execute(sa.select(db.records).order_by(db.records.c.seq)).all()
    return [_link(r) for r in rows]


def chain_head(engine: Engine) -> tuple[int, str]:
    """How many records the chain holds, and the newest hash (:data:`GENESIS` if none)."""
    links = chain(engine)
    return (len(links), links[-1].hash) if links else (0, GENESIS)


def links_of(engine: Engine, game_ids: Sequence[str]) -> dict[str, ChainLink]:
    """The chain links of the given games (those that have finished)."""
    if not game_ids:
        return {}
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(db.records).where(db.records.c.game_id.in_(list(game_ids)))
        ).all()
    return {r.game_id: _link(r) for r in rows}
