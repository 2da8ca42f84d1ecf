"""The chain of finished games checked against what their stored logs replay to now
(``gin serve --verify-records``; PROTOCOL.md "Records of finished games").

Each link must follow the one before, carry the hash of its record, and hold the record its
game's stored log and decks give again (:func:`same_record`: the same game and seeds, whatever
the record's version).
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.format.provably_fair import FairRecord
from ginrummy.format.record import GameRecord, record_from_dict
from ginrummy.format.replay import replay as replay_record
from ginrummy.livetable.position import ReplayError, replay
from ginrummy.server.audit.problems import AuditProblem, at
from ginrummy.server.storage import db
from ginrummy.server.storage.game_rules import table_rules_of
from ginrummy.server.storage.records import GENESIS, canonical_record, chain, chain_hash
from ginrummy.server.storage.store import Store


class MissingGame(LookupError):
    """A game the chain names that the database no longer holds."""


class UnfinishedLog(ReplayError):
    """A game the chain names whose stored log does not reach its end."""


def rebuilt_record(engine: Engine, game_id: str) -> str:
    """The record of a finished game computed again from its stored log and decks."""
    stored = Store(engine).load(game_id)
    if stored is None:
        raise MissingGame(f"game {game_id} is not in the database")
    seats = [(s.kind, s.name) for s in stored.seats]
    table_rules = table_rules_of(stored.row.rules)
    game = replay(table_rules, stored.row.cut, stored.decks, stored.log)[-1].game
    if not game.is_over:
        raise UnfinishedLog(f"game {game_id}: its log does not end the game")
    return canonical_record(game_id, stored.row.kind, stored.row.level, seats, game,
                            stored.fair, stored.decks, stored.row.deal_key)


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


def verify_chain(engine: Engine, head: str | None = None) -> list[AuditProblem]:
    """Every problem with the chain of finished games; an empty list when it holds.

    Each link must follow the one before (``prev_hash``), carry the hash of its record
    (unless a deleted account's name was erased from it: its hash is of the record as the
    game ended), and hold the record its game's stored log replays to. With ``head`` (a hash
    published earlier), that hash must be in the chain.
    """
    problems = []
    previous = GENESIS
    seen = set()
    links = chain(engine)
    for link in links:
        where = AuditProblem("where.record", {"seq": link.seq, "game": link.game_id})
        if link.prev_hash != previous:
            problems.append(at(where, "chain.follows", prev=link.prev_hash[:12],
                               previous=previous[:12]))
        if link.erased_at is None and chain_hash(link.prev_hash, link.record) != link.hash:
            problems.append(at(where, "chain.hash"))
        try:
            if not same_record(link.record, rebuilt_record(engine, link.game_id)):
                problems.append(at(where, "chain.changed"))
        except MissingGame:
            problems.append(at(where, "chain.missing_game", game=link.game_id))
        except UnfinishedLog:
            problems.append(at(where, "chain.unfinished", game=link.game_id))
        except (ReplayError, ValueError) as failure:
            problems.append(at(where, "failure", failure=failure))
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
            problems.append(AuditProblem("chain.unrecorded", {"game": game_id}))
    if head is not None and head not in seen and head != GENESIS:
        if links:
            problems.append(AuditProblem("chain.head_missing", {
                "head": head[:12], "count": len(links), "newest": links[-1].hash[:12]}))
        else:
            problems.append(AuditProblem("chain.head_missing_empty", {"head": head[:12]}))
    return problems
