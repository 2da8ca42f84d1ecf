"""Tournaments on the server: an account creates one, accounts enter, computers fill the
empty places, each round's games are played (an absent player by the computer, after the
idle time) and the next round is paired from the results, through a restart too; every
refusal says what was wrong."""

from __future__ import annotations

import json

from tests.server.account_kit import accounts_app, browser, sign_in, sign_up
from tests.server.kit import create
from tests.server.tournament_kit import created, created_by, until_status


def test_a_knockout_of_computers_is_played_round_by_round_to_its_winner(
        database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "annie")
        made = created(client, name="Friday cup", format="knockout", size=4, level=1,
                       enter=False, options={"target": 25})
        assert made["status"] == "entering" and made["entrants"] == []
        started = client.post(f"/api/tournaments/{made['id']}/start")
        assert started.status_code == 200, started.text
        first = started.json()
        assert [e["computer"] for e in first["entrants"]] == [1, 2, 3, 4]
        assert len(first["round_list"][0]["tables"]) == 2
        over = until_status(client, made["id"], "over")
        assert over["round_count"] == 2 and len(over["round_list"]) == 2
        final = over["round_list"][1]["tables"][0]
        semi_winners = [t["winner"] for t in over["round_list"][0]["tables"]]
        assert sorted(p["computer"] for p in final["seats"]) == sorted(
            p["computer"] for p in semi_winners)
        assert over["winner"] == final["winner"]
        assert over["standings"][0]["player"] == over["winner"]
        game = client.get(f"/api/games/{final['game_id']}").json()  # anyone may watch it
        assert game["state"]["stage"] == "over"
        assert game["state"]["tournament"] == made["id"]  # its page links back there


def test_absent_players_are_played_for_so_a_swiss_ends_without_anyone_connected(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db, idle_seconds=0.05) as client:
        made = created_by(client, "annie", format="swiss", size=4, rounds=2, level=1,
                          options={"target": 25})
        with browser(client):
            sign_up(client, "bruno")
            entered = client.post(f"/api/tournaments/{made['id']}/entry")
            assert [e["name"] for e in entered.json()["entrants"]] == ["annie", "bruno"]
            assert entered.json()["organiser_is_player"] is True
            assert entered.json()["entrants"][0]["computer"] is None
            started = client.post(f"/api/tournaments/{made['id']}/start")
            assert started.status_code == 403 and started.json()["error"]["code"] == \
                "not_organiser"
        with browser(client):
            sign_up(client, "cyd")
            client.post(f"/api/tournaments/{made['id']}/entry")
            client.delete(f"/api/tournaments/{made['id']}/entry")  # left again
        with browser(client):
            sign_in(client, "annie")
            client.post(f"/api/tournaments/{made['id']}/start")
            mine = client.get("/api/games/mine").json()["games"]
            table = until_status(client, made["id"], "playing")["round_list"][0]["tables"]
            annie_game = next(t["game_id"] for t in table
                              if "annie" in [p["name"] for p in t["seats"]])
            assert annie_game in [g["game_id"] for g in mine]  # the account owns its seat
        over = until_status(client, made["id"], "over")
        names = [s["player"]["name"] for s in over["standings"]]
        assert sorted(names) == sorted(["annie", "bruno", "Computer 1 (level 1)",
                                        "Computer 2 (level 1)"])
        assert all(len(r["tables"]) == 2 for r in over["round_list"])
        text = json.dumps(over)
        assert "a:" not in text and "token" not in text  # names only: no account id


def test_a_tournaments_clock_is_every_one_of_its_games(sqlite_db: str) -> None:
    clock = {"kind": "move", "seconds": 45}
    with accounts_app(sqlite_db, computer_delay=0.05) as client:
        sign_up(client, "annie")
        bad = client.post("/api/tournaments", json={"clock": {"kind": "move", "seconds": 1}})
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_clock"
        made = created(client, format="knockout", size=4, level=1, clock=clock)
        assert made["clock"] == clock
        client.post(f"/api/tournaments/{made['id']}/start")
        playing = until_status(client, made["id"], "playing")
        table = next(t for t in playing["round_list"][0]["tables"]
                     if "annie" in [p["name"] for p in t["seats"]])
        state = client.get(f"/api/games/{table['game_id']}").json()["state"]
        assert {k: state["clock"][k] for k in clock} == clock
        assert state["clock"]["forfeit_after"] is not None  # a tournament's: lost on time


def test_a_tournament_goes_on_after_a_restart(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, computer_delay=0.02) as client:
        sign_up(client, "annie")
        made = created(client, format="knockout", size=4, level=1, enter=False,
                       options={"target": 60})
        client.post(f"/api/tournaments/{made['id']}/start")
        before = until_status(client, made["id"], "playing")
    with accounts_app(sqlite_db) as client:
        after = until_status(client, made["id"], "over")
        assert after["round_list"][0]["tables"][0]["seats"] == \
            before["round_list"][0]["tables"][0]["seats"]
        first = after["round_list"][0]["tables"][0]["game_id"]
        state = client.get(f"/api/games/{first}").json()["state"]  # loaded again from storage
        assert state["tournament"] == made["id"]
        mine = create(client, opponent="computer")
        assert "tournament" not in client.get(f"/api/games/{mine['game_id']}",
                                              params={"token": mine["token"]}).json()["state"]


def test_tournament_requests_that_cannot_be_are_refused_with_what_was_wrong(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        guest = client.post("/api/tournaments", json={})
        assert guest.status_code == 403 and guest.json()["error"]["code"] == \
            "sign_in_for_tournament"
        sign_up(client, "annie")
        for body, code, words in [
                ({"format": "round robin"}, "bad_tournament", "knockout, swiss, duplicate"),
                ({"size": 3}, "bad_tournament", "size must be"),
                ({"size": 65}, "bad_tournament", "size must be"),
                ({"format": "knockout", "rounds": 2}, "bad_tournament", "give no rounds"),
                ({"level": 9}, "bad_request", "level must be"),
                ({"fill": "yes"}, "bad_request", "fill must be"),
                ({"starts_in_minutes": -1}, "bad_tournament", "starts_in_minutes"),
                ({"name": "\u202eevil"}, "bad_name", "name"),
                ({"preset": "nope"}, "bad_rules", "nope"),
                ({"colour": "red"}, "bad_request", "colour")]:
            refused = client.post("/api/tournaments", json=body)
            assert refused.status_code == 400, (body, refused.text)
            assert refused.json()["error"]["code"] == code, body
            assert words in refused.json()["error"]["message"], refused.json()
        made = created(client, size=4, fill=False)
        tid = made["id"]
        again = client.post(f"/api/tournaments/{tid}/entry")
        assert again.status_code == 409 and again.json()["error"]["code"] == "already_entered"
        early = client.post(f"/api/tournaments/{tid}/start")
        assert early.status_code == 409 and early.json()["error"]["code"] == "cannot_start"
        for name in ("bruno", "cyd", "dora"):
            with browser(client):
                sign_up(client, name)
                assert client.post(f"/api/tournaments/{tid}/entry").status_code == 200
        with browser(client):
            sign_up(client, "ezra")
            full = client.post(f"/api/tournaments/{tid}/entry")
            assert full.status_code == 409
            assert full.json()["error"]["code"] in ("tournament_full", "tournament_started")
            gone = client.delete(f"/api/tournaments/{tid}/entry")
            assert gone.json()["error"]["code"] in ("not_entered", "tournament_started")
        playing = until_status(client, tid, "playing")
        assert playing["entrants"][3] == {"name": "dora", "computer": None}  # full: it starts
        for table in playing["round_list"][0]["tables"]:  # people against people: rated
            state = client.get(f"/api/games/{table['game_id']}").json()["state"]
            assert state["rated"] is True
        unknown = client.get("/api/tournaments/abcdefabcdefabcdefabcdef")
        assert unknown.status_code == 404
        assert unknown.json()["error"]["code"] == "no_such_tournament"
        assert client.get("/api/tournaments/x%20y%3Cscript%3E").status_code == 404
        listed = client.get("/api/tournaments").json()["tournaments"]
        assert [t["id"] for t in listed] == [tid] and listed[0]["entered"] == 4
