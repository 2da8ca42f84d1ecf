"""No leaks in issue 14's public messages: while games are in play (a listed rated game between
two accounts, a Swiss tournament's game of an account against the computer, the computers'
table of that round), nothing the lobby (``GET /api/lobby``, ``WS /ws/lobby`` with its chat), a
tournament (``GET /api/tournaments/{id}``), a profile, the leaderboard, who is online (``GET
/api/online``), a quick-match ticket, a challenge (``GET /api/challenges``, the challenger's
lobby socket) or the notices of the challenged at her table (``WS /ws/notices``) says names
a card some client may not know yet, or a run of a stock's order, or the server seed of a hand
in play. Each text is checked when it arrives against every live
game's position then (:mod:`tests.server.leaks`, a watcher's view)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession as Socket

from ginrummy.core.cards import card_name
from ginrummy.server.storage.store import Store
from tests.server.account_kit import Browser, accounts_app
from tests.server.kit import Player, first_choice, step_two_people, until_dealt
from tests.server.leak_public import PublicReader
from tests.server.leaks import order_runs, scrub
from tests.server.rating_kit import two_accounts

STEPS = 400


@contextlib.contextmanager
def socket(browser: Browser, path: str) -> Iterator[Socket]:
    with browser.use() as client, client.websocket_connect(path) as ws:
        yield ws


def step_alone(player: Player) -> None:
    """One step of an account at its table against the computer."""
    if player.my_turn:
        assert player.act(first_choice(player.state["view"]))["type"] == "ack"
    elif player.state.get("stage") == "between_hands" and \
            not player.state["seats"][player.seat]["ready"]:
        player.ready()
    elif player.state.get("stage") not in ("over", None):
        with contextlib.suppress(TimeoutError):
            player.recv(timeout=0.05)


@pytest.mark.slow
def test_no_public_message_of_the_lobby_tournaments_profiles_or_quick_match_names_a_hidden_card(
        database: str) -> None:
    with accounts_app(database, quick_match_computer_seconds=3600.0) as client:
        anna, bea = two_accounts(client)
        cleo, = (Browser(client),)
        with cleo.use():
            assert client.post("/api/accounts", json={
                "username": "cleo", "password": "correct horse battery"}).status_code == 201
        with anna.use():
            game = client.post("/api/games", json={"opponent": "anyone", "rated": True,
                                                   "options": {"target": 60}}).json()
        with bea.use():
            assert client.post(f"/api/games/{game['game_id']}/sit",
                               json={"name": "bea"}).status_code == 201
        with cleo.use():
            cup = client.post("/api/tournaments", json={
                "name": "Leak cup", "format": "swiss", "size": 4, "level": 1,
                "options": {"target": 60}}).json()
            started = client.post(f"/api/tournaments/{cup['id']}/start").json()
        cleo_game = next(t["game_id"] for t in started["round_list"][0]["tables"]
                         if any(p["name"] == "cleo" for p in t["seats"]))
        guest = Browser(client)
        with guest.use():
            seek = client.post("/api/quickmatch", json={"preset": "standard",
                                                        "name": "Dan"}).json()
        secrets = {game["game_id"], cup["id"], cleo_game, seek["ticket"],
                   *(t["game_id"] for t in started["round_list"][0]["tables"])}
        paths = ["/api/lobby", f"/api/tournaments/{cup['id']}", "/api/tournaments",
                 "/api/players/anna", "/api/players/bea", "/api/players/cleo",
                 "/api/leaderboard?family=standard&provisional=1", "/api/online",
                 "/api/daily"]
        with contextlib.ExitStack() as stack:
            watching = stack.enter_context(socket(guest, "/ws/lobby"))
            talking = stack.enter_context(socket(anna, "/ws/lobby"))
            noticed = stack.enter_context(socket(cleo, "/ws/notices"))
            reader = PublicReader(client, watching, secrets, {"anna": talking, "cleo": noticed})
            a = Player(stack.enter_context(socket(anna, f"/ws/{game['game_id']}")))
            b = Player(stack.enter_context(socket(bea, f"/ws/{game['game_id']}")))
            c = Player(stack.enter_context(socket(cleo, f"/ws/{cleo_game}")))
            until_dealt(a, b)
            with anna.use():  # cleo, at her table, is online: anna's page is told of it
                assert client.post("/api/challenges", json={
                    "username": "cleo", "options": {"target": 60}}).status_code == 201
            live_reads = 0
            """Rounds of the pages read while a hand was in play at one of the tables."""
            for step in range(STEPS):
                if all(p.state["stage"] == "over" for p in (a, b, c)):
                    break
                if a.state["stage"] != "over":
                    step_two_people(a, b)
                step_alone(c)
                if step % 15 == 0:
                    talking.send_json({"type": "chat", "text": f"good luck, move {step}"})
                live_reads += any(p.state["stage"] == "hand" for p in (a, c))
                with guest.use():
                    reader.pages([*paths, f"/api/quickmatch/{seek['ticket']}?wait=0"])
                with anna.use():
                    reader.pages(["/api/challenges"])
            assert a.state["stage"] != "waiting" and c.state["stage"] != "waiting"
        assert reader.read["ws lobby chat"] > 0 and reader.read["ws lobby lobby_update"] > 0
        assert reader.read["ws anna challenge"] > 0 and reader.read["/api/challenges"] > 0
        assert reader.read["ws cleo challenge"] > 0 and reader.read["ws cleo notices"] > 0
        assert live_reads >= 10  # a hand of either game lasts longer than that
        assert not reader.leaks, "\n".join(reader.leaks[:10])


def deck_runs(deck: tuple[int, ...]) -> list[str]:
    """Runs of four cards of ``deck`` in its order, as numbers and as names in a JSON list."""
    names = [f'"{card_name(card)}"' for card in deck]
    return order_runs(list(deck)) + [", ".join(names[i:i + 4]) for i in range(len(deck) - 3)]


def test_a_duplicate_player_never_sees_a_deal_before_it_reaches_their_table(
        database: str) -> None:
    """Table B (two computers) plays the round's deals while anna, at table A, has not
    started; then anna plays hers. Nothing she gets (her table's socket and pages, table B's
    pages, the tournament, the lobby) names a run of a deal's deck before that deal is
    dealt at her table, nor a server seed of the round while it is in play."""
    with accounts_app(database) as client:
        anna = Browser(client)
        with anna.use():
            assert client.post("/api/accounts", json={
                "username": "anna", "password": "correct horse battery"}).status_code == 201
            cup = client.post("/api/tournaments", json={
                "name": "Same decks", "format": "duplicate", "size": 4, "level": 1,
                "options": {"target": 60}}).json()
            started = client.post(f"/api/tournaments/{cup['id']}/start").json()
        tables = started["round_list"][0]["tables"]
        mine = next(t["game_id"] for t in tables if any(p["name"] == "anna" for p in t["seats"]))
        other = next(t["game_id"] for t in tables if t["game_id"] != mine)
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        deadline = time.monotonic() + 120
        while lobby.tables[other].stage() != "over":
            assert time.monotonic() < deadline, "table B did not finish"
            time.sleep(0.05)
        played = Store(lobby.store.engine).load(other)
        assert played is not None and played.decks  # one deal when a hand reaches the target
        seeds = [row.server_seed for row in played.fair.values()]
        leaks: list[str] = []
        ahead: list[int] = []
        """A deal table B played that anna's table had not dealt, once per text checked."""

        def check(where: str, data: Any) -> None:
            if lobby.tables[mine].stage() == "over":
                return  # the round is over: its seeds are shown, its records open
            position = lobby.tables[mine].position
            dealt = max((number for number, _ in position.deals), default=0)
            text = scrub(data, {mine, other, cup["id"]})
            for number, deck in played.decks.items():
                if number > dealt:
                    ahead.append(number)
                    leaks.extend(f"{where}: deal {number}'s deck [{run}] before it was dealt"
                                 for run in deck_runs(tuple(deck)) if run in text)
            leaks.extend(f"{where}: a server seed of the round" for seed in seeds
                         if seed and seed in text)

        pages = [f"/api/games/{other}", f"/api/games/{other}/events?since=0",
                 f"/api/games/{other}/record", f"/api/games/{mine}",
                 f"/api/games/{mine}/events?since=0", f"/api/tournaments/{cup['id']}",
                 "/api/lobby"]
        last = max(played.decks)
        check("planted names", {"deck": [card_name(c) for c in played.decks[last]]})
        check("planted numbers", {"order": list(played.decks[last])})
        assert {leak.split(":")[0] for leak in leaks} == {"planted names", "planted numbers"}
        leaks.clear()
        for _ in range(3):  # before her first deal, whether her game lasts one deal or ten
            with anna.use():
                for path in pages:
                    check(path, client.get(path).json())
        with socket(anna, f"/ws/{mine}") as ws:
            a = Player(ws)
            seen = 0
            for step in range(3000):
                if a.state.get("stage") == "over":
                    break
                step_alone(a)
                for message in a.messages[seen:]:
                    check("her table's socket", message)
                seen = len(a.messages)
                if step % 4 == 0:
                    with anna.use():
                        for path in pages:
                            check(path, client.get(path).json())
            assert a.state["stage"] == "over"
        # texts checked while a deal was ahead: every deal table B played, many times
        assert set(ahead) == set(played.decks) and len(ahead) >= 20, ahead[:20]
        assert not leaks, "\n".join(leaks[:10])

