"""A finished game's record as canonical JSON text: what the server chains
(:mod:`ginrummy.server.storage.records`) and ``gin verify`` checks.

The record is what :func:`ginrummy.format.record.record_of` keeps (the rules, the cut, every
hand's deck and actions, the results) plus the game's id, kind, level and seats, written with
its keys sorted, no spaces, UTF-8.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from ginrummy.core.game import Game
from ginrummy.format.provably_fair import FairRecord
from ginrummy.format.record import record_to_dict, with_fairness
from ginrummy.format.replay import record_of
from ginrummy.livetable.fairness import FairRow
from ginrummy.livetable.state import Table


def canonical_record(game_id: str, kind: str, level: int | None,
                     seats: Sequence[tuple[str, str]], game: Game,
                     fair: Mapping[int, FairRow] | None = None,
                     decks: Mapping[int, Sequence[int]] | None = None,
                     deal_key: str | None = None) -> str:
    """A finished game as canonical JSON text; ``seats`` are (kind, name) by seat or place;
    ``fair`` the hands' seeds by deal number, revealed in each hand's ``fair`` object (what
    ``gin verify`` checks). ``decks`` by deal number tell each hand's deal number when it is
    not its place in the record (a table game); without them a hand's place is its deal.
    ``deal_key``: a duplicate round's game, whose hands are derived under that key."""
    record = record_of(game)
    if fair:
        deal_of = {tuple(deck): number for number, deck in (decks or {}).items()}
        entries: list[tuple[int, FairRecord] | None] = []
        for place, hand in enumerate(record.hands, 1):
            number = deal_of.get(tuple(hand.deck)) if decks is not None else place
            row = None if number is None else fair.get(number)
            entries.append(None if number is None or row is None else
                           (number, row.hand(deal_key or game_id).reveal()))
        record = with_fairness(record, entries)
    data = {
        "game_id": game_id,
        "kind": kind,
        "level": level,
        "seats": [{"seat": seat, "kind": k, "name": name} for seat, (k, name) in enumerate(seats)],
        "record": record_to_dict(record),
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def table_record(table: Table) -> str:
    """The record of a finished table (:func:`canonical_record` of its game, seats and seeds)."""
    setup = table.setup
    return canonical_record(setup.game_id, setup.kind, setup.level,
                            [(s.kind, s.name) for s in table.seats], table.game, table.fair,
                            table.decks, setup.deal_key)
