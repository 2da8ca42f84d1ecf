"""The golden database (tests/golden, made with the code of issue 13's start) folds through
:func:`ginrummy.livetable.replay` to the games its server showed: the same positions as the
server's own replay, the same stage, totals, scores and readiness as the expected
snapshots, and for a finished game the same record and chain hash."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from ginrummy.livetable import Seat, Setup, Table, replay
from ginrummy.livetable.record import table_record
from ginrummy.server.audit.chain import same_record
from ginrummy.server.storage.db import make_engine, migrate
from ginrummy.server.storage.game_rules import table_rules_of
from ginrummy.server.storage.records import canonical_record, chain_hash
from ginrummy.server.storage.replay import replay as server_replay
from ginrummy.server.storage.store import Store, StoredGame
from tests.golden import observe

GAMES: list[dict[str, Any]] = json.loads(observe.MANIFEST.read_text(encoding="utf-8"))
EXPECTED: dict[str, Any] = json.loads((observe.EXPECTED / "games.json").read_text("utf-8"))


def table_of_stored(stored: StoredGame) -> Table:
    """A stored game folded through the live table."""
    row = stored.row
    setup = Setup(row.id, table_rules_of(row.rules), row.cut, row.created_at, kind=row.kind,
                  level=row.level, deal_key=row.deal_key)
    seats = [Seat(s.seat, s.kind, s.name, s.joined) for s in stored.seats]
    return replay(setup, seats, stored.log, stored.decks, stored.fair)


@pytest.fixture(scope="module")
def stored_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, StoredGame]:
    copy = observe.working_copy(observe.DATABASE, tmp_path_factory.mktemp("golden"))
    engine = make_engine(f"sqlite:///{copy}")
    try:
        migrate(engine)
        store = Store(engine)
        games = {}
        for game in GAMES:
            stored = store.load(game["game_id"])
            assert stored is not None, game["label"]
            games[game["label"]] = stored
        return games
    finally:
        engine.dispose()


def first_player_snapshot(label: str) -> dict[str, Any]:
    seen = EXPECTED[label]
    token = next(k for k in sorted(seen) if k.startswith("seat"))
    body: dict[str, Any] = seen[token]["snapshot"]["body"]
    return body


@pytest.mark.parametrize("label", [g["label"] for g in GAMES])
def test_golden_log_folds_to_the_position_the_server_replays(
        stored_games: dict[str, StoredGame], label: str) -> None:
    stored = stored_games[label]
    table = table_of_stored(stored)
    positions = server_replay(table.setup.rules, stored.row.cut, stored.decks, stored.log)
    assert table.position == positions[-1]
    assert table.n == len(stored.log)


@pytest.mark.parametrize("label", [g["label"] for g in GAMES])
def test_golden_log_folds_to_the_stage_totals_scores_and_seats_shown(
        stored_games: dict[str, StoredGame], label: str) -> None:
    table = table_of_stored(stored_games[label])
    body = first_player_snapshot(label)
    state = body["state"]
    game = table.game
    assert body["n"] == table.n
    assert state["stage"] == table.stage
    assert state["totals"] == list(game.totals)
    assert state["end_reason"] == game.end_reason
    assert state["winner"] == game.winner
    for shown in state["seats"]:
        place = shown["seat"]
        assert shown["stand_in"] == (place in table.position.stand_in)
        if table.seats[place].kind == "human":
            assert shown["ready"] == (place in table.position.ready), place
    scores = Counter((s["outcome"], s["points"]) for s in state["scores"])
    assert scores == Counter((r.outcome, r.points) for r in game.results)


@pytest.mark.parametrize("label", [g["label"] for g in GAMES if g["over"]])
def test_golden_finished_log_folds_to_the_same_record_and_chain_hash(
        stored_games: dict[str, StoredGame], label: str) -> None:
    """The record the fold gives is the one the server's own rebuild gives, byte for byte,
    and it holds the chained record's game (``gin serve --verify-records``'s check: records
    chained before a rules option existed are the same game, not the same text)."""
    stored = stored_games[label]
    table = table_of_stored(stored)
    link = EXPECTED[label]["record"]["body"]
    record = table_record(table)
    rules = table_rules_of(stored.row.rules)
    game = server_replay(rules, stored.row.cut, stored.decks, stored.log)[-1].game
    assert record == canonical_record(
        stored.row.id, stored.row.kind, stored.row.level,
        [(s.kind, s.name) for s in stored.seats], game, stored.fair, stored.decks,
        stored.row.deal_key)
    assert same_record(link["canonical"], record)
    assert chain_hash(link["prev_hash"], link["canonical"]) == link["hash"]

