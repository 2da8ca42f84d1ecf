"""Swiss tournaments at tables of four (R34) on the server: each round's games are team
games of four entrants, seats 0 and 2 against 1 and 3; both partners of the winning side
score; the partners change from round to round; what cannot be seated is refused."""

from __future__ import annotations

from typing import Any

from tests.server.account_kit import accounts_app, sign_up
from tests.server.tournament_kit import created, until_status


def _computers(table: dict[str, Any]) -> list[int]:
    return [p["computer"] for p in table["seats"]]


def test_R34_a_swiss_of_eight_at_tables_of_four_is_played_to_its_standings(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db, computer_delay=0.0) as client:
        sign_up(client, "annie")
        made = created(client, format="swiss", size=8, table_size=4, level=1, enter=False,
                       team_target=25)
        assert (made["table_size"], made["team_target"]) == (4, 25)
        assert client.get("/api/tournaments").json()["tournaments"][0]["table_size"] == 4
        started = client.post(f"/api/tournaments/{made['id']}/start")
        assert started.status_code == 200, started.text
        first = started.json()["round_list"][0]["tables"][0]
        state = client.get(f"/api/games/{first['game_id']}").json()["state"]
        assert state["players"] == 4
        assert [s["name"] for s in state["seats"]] == [p["name"] for p in first["seats"]]
        over = until_status(client, made["id"], "over", seconds=180)
    assert over["round_count"] == 3  # 2 ** 3 >= 8, as at tables of two
    partners: list[frozenset[int]] = []
    for round_ in over["round_list"]:
        assert round_["byes"] == [] and len(round_["tables"]) == 2
        for table in round_["tables"]:
            seats, points = _computers(table), table["points"]
            assert len(seats) == 4 and points[0] == points[2] and points[1] == points[3]
            side = seats.index(table["winner"]["computer"]) % 2
            assert points[side] >= points[1 - side]
            partners += [frozenset(seats[0::2]), frozenset(seats[1::2])]
    assert len(partners) == len(set(partners)) == 12  # nobody partners the same player twice
    lines = {line["player"]["computer"]: line for line in over["standings"]}
    assert sorted(lines) == list(range(1, 9))
    assert sum(line["wins"] for line in lines.values()) == 12  # two winners a table
    for number, line in lines.items():
        tables = [t for r in over["round_list"] for t in r["tables"] if number in _computers(t)]
        placed = [(t, _computers(t).index(number)) for t in tables]
        assert line["games"] == 3
        assert line["points_for"] == sum(t["points"][s] for t, s in placed)
        assert line["points_against"] == sum(t["points"][1 - s % 2] for t, s in placed)
        assert line["wins"] == sum(_computers(t).index(t["winner"]["computer"]) % 2 == s % 2
                                   for t, s in placed)
    scores = [line["score"] for line in over["standings"]]
    assert scores == sorted(scores, reverse=True)


def test_R34_an_account_at_a_team_table_finds_its_game_among_its_games(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, computer_delay=0.05) as client:
        sign_up(client, "annie")
        made = created(client, format="swiss", size=5, table_size=4, level=1, team_target=25)
        client.post(f"/api/tournaments/{made['id']}/start")
        playing = until_status(client, made["id"], "playing")
        first = playing["round_list"][0]
        assert len(first["byes"]) == 1 and len(first["tables"]) == 1  # 5 = 4 + a bye
        seated = first["tables"][0]["seats"] + first["byes"]
        assert sorted(map(str, seated)) == sorted(map(str, playing["entrants"]))
        if any(p["name"] == "annie" for p in first["tables"][0]["seats"]):
            mine = client.get("/api/games/mine").json()["games"]
            assert first["tables"][0]["game_id"] in [g["game_id"] for g in mine]


def test_R34_team_tables_that_cannot_be_played_are_refused_with_the_reason(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        sign_up(client, "annie")
        for body, code, reason in [
                ({"format": "knockout", "table_size": 4}, "bad_tournament", "teams_swiss_only"),
                ({"format": "duplicate", "table_size": 4}, "bad_tournament",
                 "teams_swiss_only"),
                ({"table_size": 2, "team_target": 125}, "bad_rules", "team_target_not_teams"),
                ({"table_size": 4, "team_target": 0}, "bad_rules", "field.int_range")]:
            refused = client.post("/api/tournaments", json=body)
            assert refused.status_code == 400, (body, refused.text)
            error = refused.json()["error"]
            assert (error["code"], error["reason"]) == (code, reason), (body, error)
        assert client.get("/api/tournaments").json()["tournaments"] == []  # nothing made
        strings = client.get("/api/i18n/it").json()["strings"]
        assert strings.get("error.bad_tournament.teams_swiss_only")
