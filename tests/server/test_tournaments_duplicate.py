"""Duplicate tournaments: every table of a round plays the same decks (with the players'
places swapped at the paired table), from the round's server seeds alone; no seed is shown
and no record given while another table of the round still plays; the standings score each
deal against the same deal at the other tables; the records verify as fair."""

from __future__ import annotations

import json
from typing import Any

from starlette.testclient import TestClient

from ginrummy.format.verify import read_record, verify_record
from ginrummy.server.storage import records
from ginrummy.server.storage.store import Store
from tests.server.account_kit import accounts_app, browser, sign_in, sign_up
from tests.server.kit import Player
from tests.server.rating_kit import finish_rated, two_accounts
from tests.server.tournament_kit import created, created_by, enter_as, until_status
from tests.waiting import wait_until


def view_of(client: TestClient, tournament_id: str) -> dict[str, Any]:
    data: dict[str, Any] = client.get(f"/api/tournaments/{tournament_id}").json()
    return data


def until(client: TestClient, check: Any, seconds: float = 120) -> None:
    wait_until(check, seconds, 0.1)


def finished_duplicate(client: TestClient, rounds: int, target: int) -> tuple[str, dict[str, Any]]:
    """A duplicate of four computers that annie makes (not entering), played to its end: its
    id and its view."""
    sign_up(client, "annie")
    made = created(client, format="duplicate", size=4, rounds=rounds, level=1, enter=False,
                   options={"target": target})
    client.post(f"/api/tournaments/{made['id']}/start")
    return made["id"], until_status(client, made["id"], "over", seconds=120)


def test_every_table_of_a_round_plays_the_same_decks_and_scores_against_the_field(
        database: str) -> None:
    with accounts_app(database) as client:
        tournament_id, over = finished_duplicate(client, rounds=2, target=40)
        store = Store(client.app.state.engine)  # type: ignore[attr-defined]
        for round_ in over["round_list"]:
            first, second = (store.load(t["game_id"]) for t in round_["tables"])
            assert first is not None and second is not None
            common = set(first.decks) & set(second.decks)
            assert common and all(first.decks[n] == second.decks[n] for n in common)
            assert first.row.cut == second.row.cut  # the same first dealer's place too
            key = f"{tournament_id}.{round_['number']}"
            assert first.row.deal_key == second.row.deal_key == key
            assert first.row.rated is False and not first.row.listed
        by_seed = [line["player"]["computer"] for line in over["standings"]]
        assert len(set(by_seed)) == 4
        scores = [line["duplicate"] for line in over["standings"]]
        assert any(score != 0 for score in scores)
        assert abs(sum(scores)) < 0.05  # each deal against the same deal elsewhere: zero-sum


def test_a_round_keeps_its_seeds_and_records_until_every_table_has_finished(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db, idle_seconds=0) as client:
        made = created_by(client, "annie", format="duplicate", size=8, rounds=3, level=1,
                          options={"target": 25})
        enter_as(client, "bruno", made["id"])
        with browser(client):
            sign_in(client, "annie")
            client.post(f"/api/tournaments/{made['id']}/start")
            tables = view_of(client, made["id"])["round_list"][0]["tables"]
            annie_game = next(t["game_id"] for t in tables
                              if "annie" in [p["name"] for p in t["seats"]])
            with client.websocket_connect(f"/ws/{annie_game}") as ws:
                annie = Player(ws)
                annie.recv()  # her client sends its seed with its first ready
                assert annie.state["fair"]["duplicate"] is True
                assert annie.state["fair"]["held"] is True
                assert all(s is None for e in annie.state["fair"]["next"]
                           for s in e["client_seeds"])  # no player's seed goes in
        computers_only = [t for t in tables if all(p["computer"] for p in t["seats"])]
        assert len(computers_only) >= 2
        until(client, lambda: all(
            t["held"] for t in view_of(client, made["id"])["round_list"][0][
                "tables"] if all(p["computer"] for p in t["seats"])))
        view = view_of(client, made["id"])  # results on the round's decks wait for its end
        assert all(t["winner"] is None and t["points"] is None
                   for t in view["round_list"][0]["tables"])
        assert all(line["games"] == 0 for line in view["standings"])
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        ended = computers_only[0]["game_id"]
        table = lobby.tables[ended]
        assert table.stage() == "over" and table.reveals_held
        state = table.state(None)
        assert state["fair"]["deals"] and all("server_seed" not in d or d["server_seed"] is None
                                              for d in state["fair"]["deals"])
        listed = client.get("/api/lobby").json()
        assert ended not in str(listed)  # a duplicate round's games are not watched


def test_after_a_restart_a_round_still_holds_its_seeds(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, idle_seconds=0) as client:
        sign_up(client, "annie")
        made = created(client, format="duplicate", size=8, rounds=3, level=1,
                       options={"target": 25})
        client.post(f"/api/tournaments/{made['id']}/start")
        tables = view_of(client, made["id"])["round_list"][0]["tables"]
        ended = next(t["game_id"] for t in tables if all(p["computer"] for p in t["seats"]))
        until(client, lambda: client.app.state.lobby.tables[ended].stage() == "over")  # type: ignore[attr-defined]
    with accounts_app(sqlite_db, idle_seconds=0) as client:
        table = None

        async def load() -> Any:
            return await client.app.state.lobby.get(ended)  # type: ignore[attr-defined]

        table = client.portal.call(load)  # type: ignore[union-attr]
        assert table is not None and table.reveals_held
        assert view_of(client, made["id"])["current_round"] == 1


def test_the_records_of_a_finished_duplicate_verify_as_fair(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        _, over = finished_duplicate(client, rounds=1, target=25)
        store = Store(client.app.state.engine)  # type: ignore[attr-defined]
        for table in over["round_list"][0]["tables"]:
            links = records.links_of(client.app.state.engine, [table["game_id"]])  # type: ignore[attr-defined]
            record = read_record(json.dumps(json.loads(links[table["game_id"]].record)["record"]))
            verdict = verify_record(record)
            assert verdict.fair, (verdict.hands, verdict.game)
            assert store.load(table["game_id"]) is not None


def test_a_held_games_other_hand_and_other_review_wait_for_the_round(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        anna, bea = two_accounts(client)
        game = finish_rated(client, anna, bea)["game_id"]
        table = client.app.state.lobby.tables[game]  # type: ignore[attr-defined]
        table.reveals_held = True  # as a duplicate round's game whose round goes on
        with anna.use():
            opened = client.get(f"/api/games/{game}/events", params={"open": "1"})
            assert opened.status_code == 409, opened.text
            assert opened.json()["error"]["code"] == "round_not_over"
            other = client.get(f"/api/games/{game}/review", params={"seat": "1"})
            assert other.json()["error"]["code"] == "round_not_over"
            own = client.get(f"/api/games/{game}/review")
            assert own.status_code == 200 and own.json()["player"] == 0
        table.reveals_held = False  # the round is over
        with anna.use():
            assert client.get(f"/api/games/{game}/events",
                              params={"open": "1"}).status_code == 200


def test_a_held_game_is_left_out_of_its_players_profiles_until_the_round_ends(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        anna, bea = two_accounts(client)
        game = finish_rated(client, anna, bea)["game_id"]
        held = client.app.state.lobby.tournaments.held  # type: ignore[attr-defined]
        held.add(game)  # as a duplicate round's game whose round goes on
        profile = client.get("/api/players/anna").json()
        assert profile["stats"]["games"] == 0 and profile["last_games"] == []
        assert game not in str(profile["history"])
        held.discard(game)  # the round is over
        profile = client.get("/api/players/anna").json()
        assert profile["stats"]["games"] == 1 and profile["last_games"][0]["game_id"] == game
