"""Every stored deck checked against the seeds committed for it (``gin serve --verify-records``).

A deck is derived from its hand's server seed and players' seeds
(:mod:`ginrummy.server.storage.fairness`), whose commitment the players saw before the deal. A deck
changed in the database afterwards, even in a hand still being played, no longer matches:

- a finished game in the chain is checked as ``gin verify`` checks its record (each hand's
  revealed seed against its commitment and its deck);
- every other stored deck (hands of games still going, the hand in play included) is
  derived again from its stored server seed, still secret for the hand in play, and compared.
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.format.provably_fair import FairnessError
from ginrummy.server.audit.problems import AuditProblem, at
from ginrummy.server.storage import db
from ginrummy.server.storage.records import ChainLink
from ginrummy.server.storage.store import Store, StoredGame


def audit_decks(engine: Engine, links: list[ChainLink]) -> list[AuditProblem]:
    """Every deck that is not the one its committed seeds give; an empty list when all are."""
    problems = [problem for link in links for problem in _chained_record(link)]
    store = Store(engine)
    with engine.connect() as conn:
        game_ids = conn.execute(sa.select(db.games.c.id).order_by(db.games.c.created_at,
                                                                  db.games.c.id)).scalars().all()
    for game_id in game_ids:
        stored = store.load(game_id)
        if stored is not None:
            problems.extend(_stored_decks(stored))
    return problems


def _chained_record(link: ChainLink) -> list[AuditProblem]:
    from ginrummy.format.record import RecordError
    from ginrummy.format.verify import read_record, verify_record

    where = AuditProblem("where.game_record", {"game": link.game_id, "seq": link.seq})
    try:
        record = read_record(json.dumps(json.loads(link.record)["record"]))
    except (RecordError, ValueError, KeyError, TypeError) as failure:
        return [at(where, "deck.unreadable", failure=failure)]
    verdict = verify_record(record)
    out = [at(where, "fairness", problem=problem) for problem in verdict.game]
    for number, hand_problems in enumerate(verdict.hands, 1):
        out += [AuditProblem("deck.hand_revealed", {"where": where, "number": number,
                                                     "problem": problem})
                for problem in hand_problems if problem.code != "no_fair"]
    return out


def _stored_decks(stored: StoredGame) -> list[AuditProblem]:
    game_id = stored.row.id
    playing = stored.row.summary.get("stage") == "hand"
    in_play = max(stored.decks, default=None) if playing else None
    problems = []
    for number, cards in sorted(stored.decks.items()):
        row = stored.fair.get(number)
        if row is None:
            continue  # dealt before the server committed to its decks
        state = "where.hand_in_play" if number == in_play else "where.hand_over"
        where = AuditProblem(state, {"game": game_id, "number": number})
        try:
            hand = row.hand(stored.row.fair_id)
            expected = hand.deck()
        except FairnessError as failure:
            problems.append(at(where, "deck.bad_seeds", failure=failure))
            continue
        wrong = [i for i in range(max(len(cards), len(expected)))
                 if i >= len(cards) or i >= len(expected) or cards[i] != expected[i]]
        if not wrong:
            continue
        first = wrong[0]
        problems.append(at(
            where, "deck.differs", commitment=hand.commitment[:12], count=len(wrong),
            position=first + 1, stored=cards[first] if first < len(cards) else None,
            derived=expected[first] if first < len(expected) else None))
    return problems
