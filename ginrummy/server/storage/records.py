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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.core.game import Game
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.format.provably_fair import FairRecord
from ginrummy.format.record import GameRecord, record_from_dict, record_to_dict, with_fairness
from ginrummy.format.replay import record_of
from ginrummy.format.replay import replay as replay_record
from ginrummy.server.storage import db
from ginrummy.server.storage.fairness import FairRow

GENESIS = "0" * 64
"""The previous hash of the first record."""


def canonical_record(game_id: str, kind: str, level: int | None,
                     seats: Sequence[tuple[str, str]], game: Game,
                     fair: Mapping[int, FairRow] | None = None,
                     decks: Mapping[int, Sequence[int]] | None = None) -> str:
    """A finished game as canonical JSON text; ``seats`` are (kind, name) by seat or place;
    ``fair`` the hands' seeds by deal number, revealed in each hand's ``fair`` object (what
    ``gin verify`` checks). ``decks`` by deal number tell each hand's deal number when it is
    not its place in the record (a table game); without them a hand's place is its deal."""
    record = record_of(game)
    if fair:
        deal_of = {tuple(deck): number for number, deck in (decks or {}).items()}
        entries: list[tuple[int, FairRecord] | None] = []
        for place, hand in enumerate(record.hands, 1):
            number = deal_of.get(tuple(hand.deck)) if decks is not None else place
            row = None if number is None else fair.get(number)
            entries.append(None if number is None or row is None else
                           (number, row.hand(game_id).reveal()))
        record = with_fairness(record, entries)
    data = {
        "game_id": game_id,
        "kind": kind,
        "level": level,
        "seats": [{"seat": seat, "kind": k, "name": name} for seat, (k, name) in enumerate(seats)],
        "record": record_to_dict(record),
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


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
    return ChainLink(r.seq, r.game_id, r.finished_at, r.record, r.prev_hash, r.hash)


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


def rebuilt_record(engine: Engine, game_id: str) -> str:
    """The record of a finished game computed again from its stored log and decks."""
    from ginrummy.server.storage.replay import ReplayError, replay  # they read the store's log
    from ginrummy.server.storage.store import Store

    stored = Store(engine).load(game_id)
    if stored is None:
        raise LookupError(f"game {game_id} is not in the database")
    seats = [(s.kind, s.name) for s in stored.seats]
    if stored.row.kind == "table":
        from ginrummy.server.storage.replay import replay as replay_table

        table_rules = TableRules.from_dict(stored.row.rules)
        game = replay_table(table_rules, stored.row.cut, stored.decks, stored.log)[-1].game
        decks: Mapping[int, Sequence[int]] | None = stored.decks
    else:
        pairs = [(a, b) for a, b in stored.row.cut]
        game = replay(Rules.from_dict(stored.row.rules), pairs, stored.decks,
                      stored.log)[-1].game
        decks = None
    if not game.is_over:
        raise ReplayError(f"game {game_id}: its log does not end the game")
    return canonical_record(game_id, stored.row.kind, stored.row.level, seats, game,
                            stored.fair, decks)


def same_record(stored: str, rebuilt: str) -> bool:
    """Whether a game's stored record is the one its log gives again: the same game, seats and
    seeds, whatever the record's version. A record of version 1, or one written before a rules
    option existed (a missing option reads as the value that game was played with), holds the
    same game when it replays to an equal one with the same fair data hand by hand."""
    if stored == rebuilt:
        return True
    try:
        old, new = json.loads(stored), json.loads(rebuilt)
        old_record, new_record = record_from_dict(old.pop("record")), record_from_dict(
            new.pop("record"))
        return bool(old == new and replay_record(old_record) == replay_record(new_record)
                    and _seeds(old_record) == _seeds(new_record))
    except (ValueError, TypeError, KeyError, AttributeError):
        return False


def _seeds(record: GameRecord) -> list[tuple[int | None, FairRecord | None]]:
    return [(deal if hand.fair is not None else None, hand.fair)
            for hand, deal in zip(record.hands, record.deal_numbers(), strict=True)]


def verify_chain(engine: Engine, head: str | None = None) -> list[str]:
    """Every problem with the chain of finished games; an empty list when it holds.

    Each link must follow the one before (``prev_hash``), carry the hash of its record,
    and hold the record its game's stored log replays to. With ``head`` (a hash
    published earlier), that hash must be in the chain.
    """
    from ginrummy.server.storage.replay import ReplayError

    problems = []
    previous = GENESIS
    seen = set()
    links = chain(engine)
    for link in links:
        where = f"record {link.seq} (game {link.game_id})"
        if link.prev_hash != previous:
            problems.append(f"{where}: follows {link.prev_hash[:12]}…, but the record before "
                            f"it has hash {previous[:12]}… (a record was removed or changed)")
        if chain_hash(link.prev_hash, link.record) != link.hash:
            problems.append(f"{where}: its hash does not match its record (the record was "
                            "changed)")
        try:
            if not same_record(link.record, rebuilt_record(engine, link.game_id)):
                problems.append(f"{where}: the game's stored log and decks no longer give "
                                "this record (the game was changed)")
        except (LookupError, ReplayError, ValueError) as failure:
            problems.append(f"{where}: {failure}")
        seen.add(link.hash)
        previous = link.hash
    if links:  # games that ended before the chain began (an older server) have no record
        with engine.connect() as conn:
            finished = conn.execute(
                sa.select(db.games.c.id).where(db.games.c.status == "over",
                                               db.games.c.updated_at >= links[0].finished_at)
            ).scalars().all()
        recorded = {link.game_id for link in links}
        for game_id in sorted(set(finished) - recorded):
            problems.append(f"game {game_id} is over but has no record in the chain")
    if head is not None and head not in seen and head != GENESIS:
        newest = f"ends at {links[-1].hash[:12]}…" if links else "is empty"
        problems.append(f"the published hash {head[:12]}… is not in the chain, which holds "
                        f"{len(links)} records and {newest}: records up to it were removed "
                        "(the chain was truncated) or rewritten")
    return problems
