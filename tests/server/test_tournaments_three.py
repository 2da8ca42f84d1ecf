"""Swiss tournaments at tables of three (R33) on the server: each round's games are
three-player games of the tournament's entrants, their three totals are its results, and
a table size the server cannot seat is refused with what was wrong."""

from __future__ import annotations

from tests.server.account_kit import accounts_app, sign_up
from tests.server.tournament_kit import created, until_status

THREE = {"dealer_rule": "loser", "target": 25}  # R33: the loser deals


def test_a_swiss_of_six_at_tables_of_three_is_played_to_its_standings(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, computer_delay=0.0) as client:
        sign_up(client, "annie")
        made = created(client, format="swiss", size=6, table_size=3, level=1, enter=False,
                       options=THREE)
        assert made["table_size"] == 3
        listed = client.get("/api/tournaments").json()["tournaments"]
        assert listed[0]["table_size"] == 3
        started = client.post(f"/api/tournaments/{made['id']}/start")
        assert started.status_code == 200, started.text
        over = until_status(client, made["id"], "over", seconds=120)
    assert over["round_count"] == 2  # 3 ** 2 >= 6: enough for one to stand alone
    games: list[str] = []
    for round_ in over["round_list"]:
        assert round_["byes"] == []
        assert len(round_["tables"]) == 2
        for table in round_["tables"]:
            assert len(table["seats"]) == 3 and len(table["points"]) == 3
            winner = table["seats"].index(table["winner"])
            assert table["points"][winner] == max(table["points"])
            games.append(table["game_id"])
    assert len(set(games)) == 4
    lines = {line["player"]["computer"]: line for line in over["standings"]}
    assert sorted(lines) == [1, 2, 3, 4, 5, 6]
    assert sum(line["wins"] for line in lines.values()) == 4  # one winner a table
    for number, line in lines.items():
        tables = [t for r in over["round_list"] for t in r["tables"]
                  if number in [p["computer"] for p in t["seats"]]]
        own = [t["points"][[p["computer"] for p in t["seats"]].index(number)] for t in tables]
        assert line["games"] == 2
        assert line["points_for"] == sum(own)
        assert line["points_against"] == sum(sum(t["points"]) for t in tables) - sum(own)
    assert over["standings"][0]["player"] == over["winner"]
    scores = [line["score"] for line in over["standings"]]
    assert scores == sorted(scores, reverse=True)


def test_the_games_of_a_tournament_of_threes_are_three_player_games_of_its_entrants(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db, computer_delay=0.05) as client:
        sign_up(client, "annie")
        made = created(client, format="swiss", size=7, table_size=3, level=1, options=THREE)
        client.post(f"/api/tournaments/{made['id']}/start")
        playing = until_status(client, made["id"], "playing")
        first = playing["round_list"][0]
        assert len(first["byes"]) == 1 and len(first["tables"]) == 2  # 7 = 2 tables + 1
        seated = [p for t in first["tables"] for p in t["seats"]] + first["byes"]
        assert sorted(map(str, seated)) == sorted(map(str, playing["entrants"]))
        for table in first["tables"]:
            state = client.get(f"/api/games/{table['game_id']}").json()["state"]
            assert state["players"] == 3 and state["rules"]["dealer_rule"] == "loser"
            assert [s["name"] for s in state["seats"]] == [p["name"] for p in table["seats"]]
        mine = client.get("/api/games/mine").json()["games"]
        annie = next(t for t in first["tables"] + [{"seats": first["byes"]}]
                     if "annie" in [p["name"] for p in t["seats"]])
        if "game_id" in annie:  # annie plays round 1 (else she has its bye)
            assert annie["game_id"] in [g["game_id"] for g in mine]


def test_a_table_size_the_server_cannot_seat_is_refused_with_its_reason(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        sign_up(client, "annie")
        for body, status, code, reason in [
                ({"table_size": 5}, 400, "bad_tournament", "table_size"),
                ({"table_size": "3"}, 400, "bad_tournament", "table_size"),
                ({"table_size": True}, 400, "bad_tournament", "table_size"),
                ({"format": "knockout", "table_size": 3}, 400, "bad_tournament",
                 "knockout_three"),
                ({"format": "duplicate", "table_size": 3}, 400, "bad_tournament",
                 "duplicate_three"),
                ({"table_size": 3, "preset": "standard"}, 400, "bad_rules",
                 "three_dealer_rule")]:
            refused = client.post("/api/tournaments", json=body)
            assert refused.status_code == status, (body, refused.text)
            error = refused.json()["error"]
            assert (error["code"], error["reason"]) == (code, reason), body
        assert client.get("/api/tournaments").json()["tournaments"] == []  # nothing made
        strings = client.get("/api/i18n/it").json()["strings"]
        for key in ["error.bad_tournament.table_size",
                    "error.bad_tournament.knockout_three",
                    "error.bad_rules.three_dealer_rule"]:
            assert key in strings and strings[key]


def test_a_tournament_of_threes_goes_on_after_a_restart_with_its_table_size(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db, computer_delay=0.02) as client:
        sign_up(client, "annie")
        made = created(client, format="swiss", size=6, table_size=3, level=1, enter=False,
                       options={"dealer_rule": "loser", "target": 60})
        client.post(f"/api/tournaments/{made['id']}/start")
        before = until_status(client, made["id"], "playing")
    with accounts_app(sqlite_db) as client:
        after = until_status(client, made["id"], "over", seconds=120)
    assert after["table_size"] == 3
    assert after["round_list"][0]["tables"][0]["seats"] == \
        before["round_list"][0]["tables"][0]["seats"]
    assert all(len(t["seats"]) == 3 for r in after["round_list"] for t in r["tables"])
