"""The chained record of a finished three-player or team game
(:mod:`ginrummy.server.storage.records`).

The record is :mod:`ginrummy.format.table_record`'s ``ginrummy-table-game`` with each hand's
deal number and revealed seeds, so ``gin verify`` can derive every deck again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from ginrummy.core.table_game import TableGame, TableRules
from ginrummy.format.provably_fair import FairRecord
from ginrummy.format.table_record import record_of, record_to_dict, with_table_fairness
from ginrummy.server.storage.fairness import FairRow
from ginrummy.server.storage.store import StoredGame


def canonical_table_record(game_id: str, level: int | None, seats: Sequence[tuple[str, str]],
                           game: TableGame, decks: Mapping[int, Sequence[int]],
                           fair: Mapping[int, FairRow]) -> str:
    """A finished table game as canonical JSON text; ``decks`` and ``fair`` by deal number."""
    record = record_of(game)
    deal_of = {tuple(deck): number for number, deck in decks.items()}
    entries: list[tuple[int, FairRecord] | None] = []
    for hand in record.hands:
        number = deal_of.get(tuple(hand.hand.deck))
        row = None if number is None else fair.get(number)
        entries.append(None if number is None or row is None else
                       (number, row.hand(game_id).reveal()))
    record = with_table_fairness(record, entries)
    data = {
        "game_id": game_id,
        "kind": "table",
        "level": level,
        "seats": [{"seat": seat, "kind": k, "name": name} for seat, (k, name) in enumerate(seats)],
        "record": record_to_dict(record),
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def rebuilt_table_record(stored: StoredGame) -> str:
    """The record of a finished table game computed again from its stored log and decks."""
    from ginrummy.server.storage.multi_replay import replay
    from ginrummy.server.storage.replay import ReplayError

    table_rules = TableRules.from_dict(stored.row.rules)
    game = replay(table_rules, stored.row.cut, stored.decks, stored.log)[-1].game
    if not game.is_over:
        raise ReplayError(f"game {stored.row.id}: its log does not end the game")
    seats = [(s.kind, s.name) for s in stored.seats]
    return canonical_table_record(stored.row.id, stored.row.level, seats, game, stored.decks,
                                  stored.fair)
