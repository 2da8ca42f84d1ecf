"""Provably fair dealing in the server (issue 6): commitments before each hand, seeds after it.

Each hand's deck is derived (:mod:`ginrummy.provably_fair`) from a server seed whose SHA-256
(the commitment) is shown before the hand is dealt, and from the players' seeds sent with
``ready``; the server seed is revealed in the event that ends the hand and never before.
"""

from __future__ import annotations

import json
from typing import Any

from ginrummy.cli_verify import verify_record
from ginrummy.provably_fair import commitment_of, verify_hand
from ginrummy.record import parse_record
from ginrummy.server.store import Store
from tests.server.kit import Player, create, running


def _seeds(client: Any, gid: str) -> dict[int, str]:
    store: Store = client.app.state.lobby.store
    stored = store.load(gid)
    assert stored is not None
    return {number: row.server_seed for number, row in stored.fair.items()}


def _play_to_break(player: Player) -> None:
    """Play the hand in progress to its end (a game to 1000: it does not end)."""
    player.play_hand_vs_computer()


def test_commitment_first_seed_after_the_hand_and_the_deck_follows(database: str) -> None:
    with running(database, seed=21) as client:
        game = create(client, opponent="computer", level=1, options={"target": 1000})
        gid = game["game_id"]
        first = game["state"]["fair"]["hands"][0]
        assert first["hand_number"] == 1 and first["server_seed"] is None
        assert len(first["commitment"]) == 64
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            player = Player(ws)
            _play_to_break(player)
            seeds = _seeds(client, gid)
            during = [m for m in player.messages if m["type"] != "event"
                      or m["state"]["stage"] == "hand"]
            assert seeds[1] not in json.dumps(during)  # never before the hand is over
            ended = player.state["fair"]
            revealed = ended["hands"][0]
            assert revealed["server_seed"] == seeds[1]
            assert commitment_of(bytes.fromhex(seeds[1])) == first["commitment"]
            stored = client.app.state.lobby.store.load(gid)  # type: ignore[attr-defined]
            assert verify_hand(revealed["commitment"], revealed["server_seed"],
                               revealed["client_seeds"], gid, 1, stored.decks[1]) == []
            upcoming = ended["next"]  # the next hand's commitment, before anyone is ready
            assert upcoming["hand_number"] == 2 and upcoming["server_seed"] is None
            assert seeds[2] not in json.dumps(player.messages)
            reply = player.answer({"type": "ready", "expect": player.n, "seed": "lucky 7"})
            assert reply["type"] == "ack"
            deal = player.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "deal")
            second = deal["state"]["fair"]["hands"][1]
            assert second["commitment"] == upcoming["commitment"]
            assert second["client_seeds"] == ["lucky 7", None] and second["server_seed"] is None
            _play_to_break(player)
            shown = player.state["fair"]["hands"][1]
            stored = client.app.state.lobby.store.load(gid)  # type: ignore[attr-defined]
            assert verify_hand(shown["commitment"], shown["server_seed"], ["lucky 7", None],
                               gid, 2, stored.decks[2]) == []


def test_a_bad_seed_is_refused_and_changes_nothing(sqlite_db: str) -> None:
    with running(sqlite_db, seed=22) as client:
        game = create(client, opponent="computer", level=1, options={"target": 1000})
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            player = Player(ws)
            _play_to_break(player)
            n = player.n
            for seed in ("", "x" * 65, 7, "tab\there"):
                reply = player.answer({"type": "ready", "expect": n, "seed": seed})
                assert reply["code"] == "bad_message" and "seed" in reply["message"], reply
            assert player.ping()["n"] == n


def test_the_record_of_a_finished_game_passes_gin_verify(database: str) -> None:
    with running(database, seed=23) as client:
        game = create(client, opponent="computer", level=1, options={"target": 1})
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            player = Player(ws)
            while player.state["stage"] != "over":
                if player.state["stage"] == "between_hands":
                    player.answer({"type": "ready", "expect": player.n, "seed": "mine"})
                    player.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "deal")
                player.play_hand_vs_computer()
        answer = client.get(f"/api/games/{gid}/record", params={"token": game["token"]}).json()
        record = parse_record(json.dumps(answer["record"]["record"]))
        verdict = verify_record(record)
        assert verdict.fair, (verdict.hands, verdict.game)
        assert all(hand.fair is not None and hand.fair.server_seed for hand in record.hands)
