"""Accounts against a hostile client (issue 32), each attack made from outside on a running
``gin serve``, from loopback addresses of its own: locking an owner out by guessing, a rating
farmed with a second account, hashing floods that starve signed-in players, names that pose
as the computer or as an account."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import pytest

from ginrummy.cli import main
from tests.server.hostile_http_kit import client_at, error, serving, sign_in, sign_up
from tests.waiting import wait_until

# ------------------------------------------------------------------ locking the owner out


def test_guessers_elsewhere_cannot_lock_the_owner_out_but_stay_throttled(
        database: str, tmp_path: Path) -> None:
    with serving(database, tmp_path) as base, client_at(base, "127.0.0.2") as owner:
        sign_up(owner, "anna")
        assert owner.delete("/api/session").status_code == 200
        answers = []
        for guesser in range(4):  # 20 wrong guesses from four other addresses
            with client_at(base, f"127.0.0.{3 + guesser}") as elsewhere:
                answers += [sign_in(elsewhere, "anna", f"wrong guess {n}") for n in range(5)]
        assert {error(a)["code"] for a in answers} == {"wrong_password", "throttled"}
        assert answers[-1].status_code == 429 and int(answers[-1].headers["Retry-After"]) > 60
        assert sign_in(owner, "anna").status_code == 200  # the owner's browser, at its address
        with client_at(base, "127.0.0.20") as travelling:  # the owner's browser elsewhere
            travelling.cookies.set("gin-browser", owner.cookies["gin-browser"])
            assert sign_in(travelling, "anna").status_code == 200
        with client_at(base, "127.0.0.21") as fresh:  # a forged address changes nothing
            forged = fresh.post("/api/session", json={"username": "anna",
                                                      "password": "one more guess"},
                                headers={"X-Forwarded-For": "127.0.0.2"})
            assert forged.status_code == 429 and error(forged)["code"] == "throttled"


# ------------------------------------------------------------------ a second account


def test_accounts_of_one_browser_or_address_are_refused_a_rated_game_and_listed(
        database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with serving(database, tmp_path, "--create-limit", "0") as base, \
            client_at(base, "127.0.0.2") as anna, client_at(base, "127.0.0.2") as bea:
        sign_up(anna, "anna")
        sign_up(bea, "bea")  # another browser, at anna's address
        invited = anna.post("/api/games", json={"opponent": "friend", "rated": True}).json()
        joined = bea.post(f"/api/games/{invited['game_id']}/join",
                          json={"token": invited["invite_token"]})
        assert joined.status_code == 409 and error(joined)["code"] == "rated_same_player"
        listed = anna.post("/api/games", json={"opponent": "anyone", "rated": True}).json()
        sat = bea.post(f"/api/games/{listed['game_id']}/sit", json={})
        assert sat.status_code == 409 and error(sat)["code"] == "rated_same_player"
        casual = anna.post("/api/games", json={"opponent": "anyone"}).json()
        assert bea.post(f"/api/games/{casual['game_id']}/sit", json={}).status_code == 201
        seeks = [c.post("/api/quickmatch", json={"rated": True}).json() for c in (anna, bea)]
        waited = bea.get(f"/api/quickmatch/{seeks[1]['ticket']}", params={"wait": 2}).json()
        assert waited["status"] == "waiting", "a rated quick match does not pair them"
        with client_at(base, "127.0.0.3") as shared, client_at(base, "127.0.0.4") as carla:
            sign_up(shared, "dora")  # one browser: dora's, then (signed out) eva's
            shared.delete("/api/session")
            sign_up(carla, "carla")
            game = carla.post("/api/games", json={"opponent": "anyone", "rated": True}).json()
            with client_at(base, "127.0.0.5") as eva:  # the same browser, another address
                eva.cookies.set("gin-browser", shared.cookies["gin-browser"])
                sign_up(eva, "eva")
                assert eva.post(f"/api/games/{game['game_id']}/sit",
                                json={}).status_code == 201, "eva never met carla"
            dora = anna.post("/api/games", json={"opponent": "anyone", "rated": True}).json()
            with client_at(base, "127.0.0.6") as eva_again:
                eva_again.cookies.set("gin-browser", shared.cookies["gin-browser"])
                assert sign_in(eva_again, "eva").status_code == 200
                eva_sits = eva_again.post(f"/api/games/{dora['game_id']}/sit", json={})
                assert eva_sits.status_code == 201, "eva shares nothing with anna"
    assert main(["admin", "--shared-accounts", "--database", database, "--lang", "en"]) == 0
    listing = capsys.readouterr().out.splitlines()
    pairs = {tuple(sorted(line.split(":")[0].split(" and "))): line for line in listing[:-1]}
    assert set(pairs) == {("anna", "bea"), ("dora", "eva")}, listing
    assert "the same address" in pairs["anna", "bea"] and casual["game_id"] in pairs["anna", "bea"]
    assert "the same browser" in pairs["dora", "eva"] and "games together: none" in pairs[
        "dora", "eva"]
    assert listing[-1] == "2 pairs of accounts"
    assert "127.0.0" not in "".join(listing)


def test_tournament_games_between_accounts_of_one_address_are_not_rated(
        database: str, tmp_path: Path) -> None:
    with serving(database, tmp_path) as base, client_at(base, "127.0.0.2") as anna:
        sign_up(anna, "anna")
        made = anna.post("/api/tournaments", json={"size": 4, "fill": False})
        assert made.status_code == 201, made.text
        tid = made.json()["id"]
        for name in ("bea", "carla", "dora"):  # three more accounts, at anna's address
            with client_at(base, "127.0.0.2") as other:
                sign_up(other, name)
                assert other.post(f"/api/tournaments/{tid}/entry").status_code == 200

        def playing() -> dict[str, Any] | None:
            view: dict[str, Any] = anna.get(f"/api/tournaments/{tid}").json()
            return view if view["status"] == "playing" and view["round_list"] else None

        view = wait_until(playing, 30, 0.1, "round 1 of the full tournament")
        games = [table["game_id"] for table in view["round_list"][0]["tables"]]
        assert games, view
        for game_id in games:
            state = anna.get(f"/api/games/{game_id}").json()["state"]
            assert state["rated"] is False, "one person's two accounts rate nobody"


# ------------------------------------------------------------------ hashing floods


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_full_hashing_queue_refuses_sign_ins_and_signed_in_players_wait_for_nothing(
        database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = tmp_path / "hashing-held"
    monkeypatch.setenv("GIN_HASH_GATE", str(gate))
    with serving(database, tmp_path, "--hash-threads", "1", "--hash-queue", "2",
                 module="tests.server.slow_hash_serve") as base, \
            client_at(base, "127.0.0.2") as player, ThreadPoolExecutor(8) as flood:
        sign_up(player, "anna")
        gate.touch()  # from now on every hash waits: one hashing, two queued, the rest refused
        clients = [client_at(base, f"127.0.0.{3 + n}") for n in range(8)]
        attempts = [flood.submit(sign_in, c, f"guesser{n}", "some wrong guess")
                    for n, c in enumerate(clients)]
        first = next(as_completed(attempts, timeout=60)).result()
        assert first.status_code == 503 and error(first)["code"] == "sign_in_busy"
        assert int(first.headers["Retry-After"]) == error(first)["retry_after"] >= 1
        session = player.get("/api/session")  # while three hashes are held
        assert session.json()["account"]["username"] == "anna"
        gate.unlink()
        codes = sorted(a.result().status_code for a in attempts)
        for c in clients:
            c.close()
    assert codes == [401] * 3 + [503] * 5


# ------------------------------------------------------------------ names


COMPUTER_LOOK_ALIKES = ("Cornputer (level 3)", "Cornputer (livello 3)", "C0rnputer (level 3)",
                        "CORNPUTER 2 (livello 1)", "Cornpvter (level 3)", "c o r n p u t e r")
""""rn" for "m" (and "0" for "o", "v" for "u"): the computer's seats are "Computer (level N)"
in English and "Computer (livello N)" in Italian."""


def test_names_that_read_as_the_computer_by_their_skeleton_are_refused(
        tmp_path: Path) -> None:
    with serving(f"sqlite:///{tmp_path / 'names.sqlite3'}", tmp_path) as base, \
            client_at(base, "127.0.0.2") as guest:
        for name in COMPUTER_LOOK_ALIKES:
            refused = guest.post("/api/games", json={"opponent": "anyone", "name": name})
            assert refused.status_code == 400, f"{name}: {refused.text}"
            assert error(refused)["code"] == "bad_name"
            assert error(refused)["reason"] == "computer"
            username = "".join(char for char in name if char.isalnum())[:20]
            taken = guest.post("/api/accounts", json={"username": username,
                                                      "password": "a long secret"})
            assert error(taken)["reason"] == "reserved", taken.text


def test_a_guest_cannot_go_by_an_accounts_name_or_its_look_alikes(
        database: str, tmp_path: Path) -> None:
    with serving(database, tmp_path) as base, client_at(base, "127.0.0.2") as owners, \
            client_at(base, "127.0.0.3") as guest:
        for username in ("anna", "wendy", "david", "lili"):  # lili is signed in at the end
            sign_up(owners, username)
        for look_alike in ("VVendy", "cIavid", "Iili"):
            taken = guest.post("/api/accounts", json={"username": look_alike,
                                                      "password": "a long secret"})
            assert taken.status_code == 409 and error(taken)["code"] == "username_taken"
        for name in ("anna", "ANNA", "\u0391nna", "vvendy", "cIavid", "1i1i", "Wendy"):
            refused = guest.post("/api/games", json={"opponent": "anyone", "name": name})
            assert refused.status_code == 400, f"{name}: {refused.text}"
            assert error(refused)["code"] == "bad_name"
            assert error(refused)["reason"] == "account"
        game = guest.post("/api/games", json={"opponent": "anyone", "name": "Annabel"}).json()
        sat = owners.post(f"/api/games/{game['game_id']}/sit", json={"name": "Lili"})
        assert sat.status_code == 201, "an account goes by its own name"
        with client_at(base, "127.0.0.4") as other_guest:
            taken = other_guest.post("/api/games", json={"opponent": "anyone",
                                                         "name": "lili"})
            assert error(taken)["reason"] == "account"
            matched = other_guest.post("/api/quickmatch", json={"name": "david"})
            assert error(matched)["reason"] == "account"
        lobby = guest.get("/api/lobby").json()
        shown = {seat["name"] for table in [*lobby["open"], *lobby["playing"],
                                            *lobby["adjourned"]]
                 for seat in table["seats"]}
        assert shown <= {"Annabel", "Lili", None}
