"""Records (issue 6): every finished game kept in a hash chain; a player lists and replays them."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.core.rules import Rules
from ginrummy.format.replay import load_record
from ginrummy.server.audit.chain import same_record, verify_chain
from ginrummy.server.storage import db
from ginrummy.server.storage.records import (
    GENESIS,
    canonical_record,
    chain,
    chain_hash,
    chain_head,
)
from tests.server.kit import Player, create, running


def finish_game(client: TestClient, **body: Any) -> dict[str, Any]:
    """A game against the computer played to its end (target 1: one hand, or a few)."""
    game = create(client, opponent="computer", level=1, options={"target": 1}, **body)
    with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
        player = Player(ws)
        for _ in range(50):
            if player.state["stage"] == "over":
                return game
            if player.state["stage"] == "between_hands":
                assert player.ready()["type"] == "ack"
                player.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "deal")
            player.play_hand_vs_computer()
    raise AssertionError("the game did not end")


def _engine(client: TestClient) -> sa.Engine:
    engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
    return engine


def test_finished_games_are_chained_and_the_chain_verifies(database: str) -> None:
    with running(database, seed=3) as client:
        games = [finish_game(client) for _ in range(3)]
        engine = _engine(client)
        links = chain(engine)
        assert [link.game_id for link in links] == [g["game_id"] for g in games]
        previous = GENESIS
        for link in links:
            assert link.prev_hash == previous
            assert link.hash == chain_hash(previous, link.record)
            previous = link.hash
        assert verify_chain(engine) == []
        assert verify_chain(engine, head=links[1].hash) == []
        assert client.get("/api/records").json() == {"records": 3, "head": previous,
                                                      "genesis": GENESIS}
        assert chain_head(engine) == (3, previous)


def test_the_record_of_a_finished_game_replays_with_gin_verify_s_reader(sqlite_db: str) -> None:
    with running(sqlite_db, seed=4) as client:
        game = finish_game(client)
        answer = client.get(f"/api/games/{game['game_id']}/record",
                            params={"token": game["watch_token"]}).json()
        assert answer["hash"] == chain_hash(answer["prev_hash"], answer["canonical"])
        assert json.loads(answer["canonical"]) == answer["record"]
        replayed = load_record(json.dumps(answer["record"]["record"]))
        assert replayed.is_over
        live = create(client, opponent="computer", level=1)
        refused = client.get(f"/api/games/{live['game_id']}/record",
                             params={"token": live["token"]})
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_over"


def _tampered(database: str, change: str) -> list[str]:
    with running(database, seed=5) as client:
        games = [finish_game(client) for _ in range(3)]
        engine = _engine(client)
        head = chain(engine)[-1].hash
        middle = games[1]["game_id"]
        with engine.begin() as conn:
            if change == "deck":
                decks = conn.execute(sa.select(db.decks).where(db.decks.c.game_id == middle)
                                     ).first()
                assert decks is not None
                cards = json.loads(decks.cards)
                cards[-1], cards[-2] = cards[-2], cards[-1]  # two stock cards swapped
                conn.execute(db.decks.update().where(db.decks.c.game_id == middle,
                                                     db.decks.c.hand_number == decks.hand_number)
                             .values(cards=json.dumps(cards)))
            elif change == "record":
                conn.execute(db.records.update().where(db.records.c.game_id == middle)
                             .values(record=sa.func.replace(db.records.c.record, '"level":1',
                                                            '"level":5')))
            elif change == "delete":
                conn.execute(db.records.delete().where(db.records.c.game_id == middle))
            elif change == "delete_last":
                conn.execute(db.records.delete().where(db.records.c.game_id ==
                                                       games[2]["game_id"]))
        return [str(problem) for problem in verify_chain(engine, head=head)]


def test_a_changed_deck_breaks_the_chain(database: str) -> None:
    problems = _tampered(database, "deck")
    assert len(problems) == 1 and "the game was changed" in problems[0]


def test_a_changed_record_breaks_the_chain(sqlite_db: str) -> None:
    problems = _tampered(sqlite_db, "record")
    assert any("its hash does not match its record" in p for p in problems), problems


def test_a_deleted_game_record_breaks_the_chain(database: str) -> None:
    problems = _tampered(database, "delete")
    assert any("a record was removed or changed" in p for p in problems), problems
    assert any("is over but has no record" in p for p in problems), problems


def test_deleting_the_newest_record_is_caught_by_the_published_head(sqlite_db: str) -> None:
    problems = _tampered(sqlite_db, "delete_last")
    assert any("published hash" in p for p in problems), problems


def test_my_last_games_list_their_records_and_replay(database: str) -> None:
    with running(database, seed=6) as client:
        first, second = finish_game(client), finish_game(client)
        create(client, opponent="computer", level=1)  # still being played
        everything = client.get("/api/games/mine").json()["games"]
        assert len(everything) == 3
        last = client.get("/api/games/mine", params={"status": "over", "limit": 1}).json()
        [only] = last["games"]
        assert only["game_id"] == second["game_id"] and only["status"] == "over"
        assert only["record"]["hash"] == chain(_engine(client))[-1].hash
        assert only["links"]["replay"].endswith(f"/play/{second['game_id']}?replay")
        both = client.get("/api/games/mine", params={"status": "over"}).json()["games"]
        assert {g["game_id"] for g in both} == {first["game_id"], second["game_id"]}
        events = client.get(f"/api/games/{second['game_id']}/events",
                            params={"since": 0, "limit": 500}).json()
        assert len(events["events"]) == events["n"]
        assert events["events"][-1]["state"]["stage"] == "over"
        bad = client.get("/api/games/mine", params={"status": "lost"})
        assert bad.status_code == 400 and "status must be one of" in bad.text


def test_gin_serve_verify_records(sqlite_db: str, capsys: Any) -> None:
    from ginrummy.cli import main

    with running(sqlite_db, seed=7) as client:
        finish_game(client)
        head = chain(_engine(client))[-1].hash
    assert main(["serve", "--database", sqlite_db, "--verify-records"]) == 0
    assert f"1 finished games in the chain; newest hash {head}" in capsys.readouterr().out
    engine = sa.create_engine(sqlite_db)
    with engine.begin() as conn:
        conn.execute(db.records.update().values(hash="0" * 64))
    engine.dispose()
    assert main(["serve", "--database", sqlite_db, "--verify-records"]) == 1
    assert "its hash does not match its record" in capsys.readouterr().out


def _finished_record() -> str:
    import random

    from ginrummy.core.game import new_game

    rng = random.Random(4)
    game = new_game(Rules.preset("standard", max_hands=1), rng)
    while not game.is_over:
        game = game.deal_from(rng)
        while game.hand is not None:
            game = game.apply(rng.choice(game.hand.legal_actions()))
    return canonical_record("g", "computer", 1, [("human", "Ann"), ("computer", "C")], game)


def test_a_record_written_before_a_rules_option_existed_still_verifies() -> None:
    rebuilt = _finished_record()
    old = json.loads(rebuilt)
    del old["record"]["rules"]["first_dealer"]  # an older server wrote no such key
    assert json.dumps(old) != rebuilt and same_record(json.dumps(old), rebuilt)
    deck = old["record"]["hands"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]  # a changed deal still breaks it
    assert not same_record(json.dumps(old), rebuilt)
    other = json.loads(rebuilt)
    other["record"]["rules"]["target"] = 150  # and so do other rules
    assert not same_record(json.dumps(other), rebuilt)
    renamed = json.loads(rebuilt)
    renamed["seats"][0]["name"] = "Bob"  # and the seats around the record
    assert not same_record(json.dumps(renamed), rebuilt)


def test_a_version_1_record_in_the_chain_verifies_against_the_version_2_one_rebuilt() -> None:
    rebuilt = _finished_record()
    old = json.loads(rebuilt)
    record = old["record"]
    assert (record["format"], record["version"]) == ("ginrummy-game", 2)
    record["version"] = 1  # as a server before record version 2 wrote it
    for key in ("players", "team_target"):
        del record[key]
    for hand in record["hands"]:
        for key in ("round", "table", "players"):
            del hand[key]
    del record["final"]["payments"]
    assert same_record(json.dumps(old), rebuilt)
    record["hands"][0]["actions"] = record["hands"][0]["actions"][:-1]  # a move taken away
    record["hands"][0]["action_ids"] = record["hands"][0]["action_ids"][:-1]
    assert not same_record(json.dumps(old), rebuilt)
    assert not same_record("not json", rebuilt)
