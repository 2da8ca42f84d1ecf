"""Tournaments on a real ``gin serve`` killed with SIGKILL (issue 14, "survives SIGKILL").

A Swiss of four, two accounts and two computers, three rounds (so the two accounts meet,
in a rated game): killed in the middle of round 1 with both people's games under way, again
at once after round 1's last game ended, and in the middle of round 2 (round 1's results
stored). After each restart the tournament, its
entrants and its games are as they were, the games go on from where they were, each result
is counted once, and in the end the standings add up and the one rated game moved each
rating once. A duplicate of four killed mid-round still holds the round's seeds."""

from __future__ import annotations

import contextlib
import json
import signal
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.server.kill_play import Restartable
from tests.server.test_ratings_kill import Seat, accounts, play, post, rows


def get(base: str, path: str, session: str | None = None) -> dict[str, Any]:
    headers = {} if session is None else {"cookie": f"gin-session={session}"}
    request = urllib.request.Request(base + path, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


def people_games(view: dict[str, Any], number: int) -> dict[str, str]:
    """Each account's game in round ``number``: name -> game id."""
    return {player["name"]: table["game_id"]
            for table in view["round_list"][number - 1]["tables"]
            for player in table["seats"] if player["computer"] is None}


def seats_of(port: int, games: dict[str, str], sessions: dict[str, str]) -> list[Seat]:
    return [Seat(port, game_id, sessions[name]) for name, game_id in games.items()]


def until(base: str, tournament: str, done: Any, seconds: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        view = get(base, f"/api/tournaments/{tournament}")
        if done(view):
            return view
        assert time.monotonic() < deadline, view
        time.sleep(0.1)


def same_tournament(before: dict[str, Any], after: dict[str, Any]) -> None:
    for key in ("id", "name", "format", "size", "rounds", "rules", "entrants", "organiser"):
        assert after[key] == before[key], key
    for old, new in zip(before["round_list"], after["round_list"], strict=False):
        assert [t["game_id"] for t in new["tables"]] == [t["game_id"] for t in old["tables"]]
        for old_table, new_table in zip(old["tables"], new["tables"], strict=True):
            if old_table["winner"] is not None:
                assert new_table["winner"] == old_table["winner"]
                assert new_table["points"] == old_table["points"]


@pytest.mark.slow
def test_a_swiss_killed_mid_round_and_after_a_round_counts_every_result_once(
        database: str, tmp_path: Path) -> None:
    with Restartable(database, tmp_path) as server:
        base, port = server.base, server.port
        sessions = accounts(base, "anna", "bea")
        made, _ = post(base, "/api/tournaments", {
            "name": "Kill cup", "format": "swiss", "size": 4, "rounds": 3, "level": 1,
            "options": {"target": 25}}, sessions["anna"])
        post(base, f"/api/tournaments/{made['id']}/entry", {}, sessions["bea"])
        started, _ = post(base, f"/api/tournaments/{made['id']}/start", {}, sessions["anna"])
        first = people_games(started, 1)
        assert sorted(first) == ["anna", "bea"] and len(set(first.values())) == 2
        seats = seats_of(port, first, sessions)
        with contextlib.ExitStack() as stack:
            for seat in seats:
                seat.open(stack)
            play(seats, in_first_hand=True)
            before = get(base, f"/api/tournaments/{made['id']}")
            server.kill()  # round 1 under way
        reached = {seat.game_id: seat.n for seat in seats}

        server.start()
        after = get(base, f"/api/tournaments/{made['id']}")
        same_tournament(before, after)
        assert after["status"] == "playing" and after["current_round"] == 1
        for game_id, n in reached.items():
            state = get(base, f"/api/games/{game_id}", sessions[next(
                name for name, g in first.items() if g == game_id)])
            assert state["n"] >= n and state["state"]["stage"] != "waiting", game_id
        with contextlib.ExitStack() as stack:
            for seat in seats:
                seat.open(stack)
            play(seats)  # round 1's people's games to their ends
            server.kill()  # at once after the round's last game ended
        server.start()
        view = until(base, made["id"], lambda v: v["current_round"] >= 2)
        same_tournament(after, view)
        assert all(t["winner"] is not None for t in view["round_list"][0]["tables"])

        for number in (2, 3):
            view = until(base, made["id"], lambda v, n=number: v["current_round"] >= n
                         or v["status"] == "over")
            games = people_games(view, number)
            seats = seats_of(port, games, sessions)
            if number == 2:  # killed again with round 1's results stored: rebuilt from them
                with contextlib.ExitStack() as stack:
                    for seat in seats:
                        seat.open(stack)
                    play(seats, in_first_hand=True)
                    server.kill()
                server.start()
                again = get(base, f"/api/tournaments/{made['id']}")
                same_tournament(view, again)
                assert again["current_round"] == 2 and len(again["round_list"]) == 2
                assert again["standings"] == view["standings"]
            with contextlib.ExitStack() as stack:
                for seat in seats:
                    seat.open(stack)
                play(seats)
        over = until(base, made["id"], lambda v: v["status"] == "over")

    tables = [t for r in over["round_list"] for t in r["tables"]]
    assert len(over["round_list"]) == 3 and len(tables) == 6
    assert len({t["game_id"] for t in tables}) == 6
    stored_links = rows(database, "SELECT round, game_id FROM tournament_games "
                                  f"WHERE tournament_id = '{made['id']}'")
    assert sorted(Counter(r.round for r in stored_links).values()) == [2, 2, 2]
    assert len(rows(database, "SELECT id FROM games")) == 6  # no game made twice for a round
    for line in over["standings"]:
        assert line["games"] == 3, line
    assert sum(line["wins"] for line in over["standings"]) == 6
    assert sum(line["points_for"] for line in over["standings"]) == sum(
        sum(t["points"]) for t in tables)
    met = [t for t in tables if all(p["computer"] is None for p in t["seats"])]
    assert len(met) == 1  # anna and bea met once: the one rated game
    rated = rows(database, "SELECT account_id, game_id FROM rating_history")
    assert sorted(r.game_id for r in rated) == [met[0]["game_id"]] * 2
    assert len({r.account_id for r in rated}) == 2


def test_a_duplicate_killed_mid_round_still_holds_the_rounds_seeds(
        database: str, tmp_path: Path) -> None:
    with Restartable(database, tmp_path) as server:
        base, port = server.base, server.port
        sessions = accounts(base, "anna")
        made, _ = post(base, "/api/tournaments", {
            "name": "Same decks", "format": "duplicate", "size": 4, "level": 1,
            "options": {"target": 25}}, sessions["anna"])
        started, _ = post(base, f"/api/tournaments/{made['id']}/start", {}, sessions["anna"])
        games = people_games(started, 1)
        seats = seats_of(port, games, sessions)
        with contextlib.ExitStack() as stack:
            for seat in seats:
                seat.open(stack)
            play(seats, in_first_hand=True)
            until(base, made["id"], lambda v: sum(  # over, its result held for the round
                t["held"] for t in v["round_list"][0]["tables"]) == 1)
            server.kill()  # the computers' table is over, anna's under way
        server.start()
        state = get(base, f"/api/games/{games['anna']}", sessions["anna"])["state"]
        assert state["fair"]["duplicate"] is True and state["fair"]["held"] is True
        assert all(not deal.get("server_seed") for deal in state["fair"]["deals"])
        with contextlib.ExitStack() as stack:
            for seat in seats:
                seat.open(stack)
            play(seats)
        view = until(base, made["id"], lambda v: v["current_round"] >= 2
                     or v["status"] == "over")
        assert len(view["round_list"][0]["tables"]) == 2
        if view["status"] != "over":  # round 1 over: its seeds are shown now
            state = get(base, f"/api/games/{games['anna']}", sessions["anna"])["state"]
            assert state["fair"]["held"] is False
            assert all(deal.get("server_seed") for deal in state["fair"]["deals"])


def test_killed_between_a_rounds_last_result_and_the_next_rounds_games_no_game_is_orphaned(
        database: str, tmp_path: Path) -> None:
    """The worst moment: the next round's games made, the result and their links not yet
    stored. After the restart the round is paired once, and no game is left over (listed in
    the lobby, or in a player's games) that the tournament does not count."""
    with Restartable(database, tmp_path, module="tests.server.crash_serve") as server:
        base = server.base
        sessions = accounts(base, "anna")
        made, _ = post(base, "/api/tournaments", {
            "name": "Worst moment", "format": "swiss", "size": 4, "rounds": 2, "level": 1,
            "enter": False, "options": {"target": 25}}, sessions["anna"])
        post(base, f"/api/tournaments/{made['id']}/start", {}, sessions["anna"])
        assert server.process.wait(timeout=120) == -signal.SIGKILL
        server.start()
        over = until(base, made["id"], lambda v: v["status"] == "over")
        lobby = get(base, "/api/lobby")
    tables = [t for r in over["round_list"] for t in r["tables"]]
    assert len(tables) == 4 and all(t["winner"] is not None for t in tables)
    linked = {t["game_id"] for t in tables}
    stored = {r.id for r in rows(database, "SELECT id FROM games")}
    assert stored == linked, f"games no round holds: {sorted(stored - linked)}"
    assert not [g for g in lobby["playing"] + lobby["open"] + lobby["adjourned"]
                if g["game_id"] not in linked]


def test_killed_between_making_round_ones_games_and_storing_the_start_the_start_is_finished(
        database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Killed with round 1's games made and the start not yet stored: after the restart the
    tournament is under way with those very games. Its entries do not open again (an
    entrant who withdrew then would leave her made game outside the tournament), and no
    game is stored, listed or in a player's games that the tournament does not hold."""
    monkeypatch.setenv("GIN_CRASH_AT", "start")
    with Restartable(database, tmp_path, module="tests.server.crash_serve") as server:
        base = server.base
        sessions = accounts(base, "anna", "bea")
        made, _ = post(base, "/api/tournaments", {
            "name": "Interrupted start", "format": "swiss", "size": 4, "rounds": 2,
            "level": 1, "options": {"target": 25}}, sessions["anna"])
        post(base, f"/api/tournaments/{made['id']}/entry", {}, sessions["bea"])
        with contextlib.suppress(OSError):  # the server dies before it answers
            post(base, f"/api/tournaments/{made['id']}/start", {}, sessions["anna"])
        assert server.process.wait(timeout=60) == -signal.SIGKILL
        games_made = {r.id for r in rows(database, "SELECT id FROM games")}
        assert len(games_made) == 2, "the crash came after round 1's games were made"
        monkeypatch.delenv("GIN_CRASH_AT")
        server.start()
        view = get(base, f"/api/tournaments/{made['id']}")
        withdraw = urllib.request.Request(
            f"{base}/api/tournaments/{made['id']}/entry", data=b"{}", method="DELETE",
            headers={"content-type": "application/json",
                     "cookie": f"gin-session={sessions['bea']}"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(withdraw, timeout=10)
        lobby = get(base, "/api/lobby")
    assert view["status"] == "playing"
    assert refused.value.code == 409 and b"tournament_started" in refused.value.read()
    linked = {t["game_id"] for t in view["round_list"][0]["tables"]}
    assert linked == games_made
    assert {r.id for r in rows(database, "SELECT id FROM games")} == linked
    assert not [g for g in lobby["playing"] + lobby["open"] + lobby["adjourned"]
                if g["game_id"] not in linked]
    held = rows(database, "SELECT game_id FROM account_seats")
    assert {r.game_id for r in held} <= linked
