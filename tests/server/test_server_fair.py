"""Provably fair dealing in the server (issues 6, 11): every hand, hand 1 included, committed
before the players' seeds are known; each seed bound to the commitment it was sent with.

Each hand's deck is derived (:mod:`ginrummy.format.provably_fair`) from a server seed whose SHA-256
(the commitment) is shown before the hand is dealt, and from the players' seeds sent with
``ready``; the server seed is revealed in the event that ends the hand and never before.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import sqlalchemy as sa

from ginrummy.core.cards import parse_card
from ginrummy.format.provably_fair import commitment_of, derive_cut, verify_hand
from ginrummy.format.record import parse_record
from ginrummy.format.verify import verify_record
from ginrummy.server.storage import db
from ginrummy.server.storage.fairness import slot_of
from ginrummy.server.storage.store import Store
from tests.server.kit import Player, create, running, until_dealt


def _seeds(client: Any, gid: str) -> dict[int, str]:
    store: Store = client.app.state.lobby.store
    stored = store.load(gid)
    assert stored is not None
    return {number: row.server_seed for number, row in stored.fair.items()}


def _play_to_break(player: Player) -> None:
    """Play the hand in progress to its end (a game to 1000: it does not end)."""
    player.play_hand_vs_computer()


def test_hand_one_is_committed_before_the_players_seeds(database: str) -> None:
    with running(database, seed=21) as client:
        game = create(client, opponent="computer", level=1, options={"target": 1000})
        gid = game["game_id"]
        state = game["state"]
        assert state["stage"] == "waiting" and state["fair"]["deals"] == []
        first = state["fair"]["next"][0]
        assert first["hand_number"] == 1 and "server_seed" not in first  # secret until it is over
        assert first["version"] == 2 and first["client_seeds"] == [None, None]
        assert client.app.state.lobby.store.load(gid).decks == {}  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            player = Player(ws, auto_first=False)
            assert player.state["stage"] == "waiting"
            reply = player.answer({"type": "ready", "expect": player.n, "seed": "lucky 7",
                                   "commitment": first["commitment"]})
            assert reply["type"] == "ack"
            deal = player.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "deal")
            dealt = deal["state"]["fair"]["deals"][0]
            assert dealt["commitment"] == first["commitment"]
            assert dealt["client_seeds"] == ["lucky 7", None] and dealt["server_seed"] is None
            _play_to_break(player)
            seeds = _seeds(client, gid)
            during = [m for m in player.messages if m["type"] != "event"
                      or m["state"]["stage"] != "between_hands"]
            assert seeds[1] not in json.dumps(during)  # never before the hand is over
            revealed = player.state["fair"]["deals"][0]
            assert revealed["server_seed"] == seeds[1]
            assert commitment_of(bytes.fromhex(seeds[1])) == first["commitment"]
            stored = client.app.state.lobby.store.load(gid)  # type: ignore[attr-defined]
            assert verify_hand(revealed["commitment"], revealed["server_seed"],
                               ["lucky 7", None], gid, 1, stored.decks[1], version=2) == []
            cut = derive_cut(bytes.fromhex(seeds[1]), gid, 2)
            assert [[parse_card(c) for c in pair] for pair in
                    player.state["cut"]["rounds"]] == [list(r) for r in cut]
            upcoming = player.state["fair"]["next"][0]  # hand 2's, before anyone is ready
            assert upcoming["hand_number"] == 2 and "server_seed" not in upcoming
            assert seeds[slot_of(0)] not in json.dumps(player.messages)  # kept in table 0's slot
            reply = player.answer({"type": "ready", "expect": player.n, "seed": "lucky 8",
                                   "commitment": upcoming["commitment"]})
            deal = player.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "deal")
            assert deal["state"]["fair"]["deals"][1]["client_seeds"] == ["lucky 8", None]


def test_friend_game_deals_hand_one_once_both_seeds_are_in(database: str) -> None:
    with running(database, seed=24) as client:
        game = create(client, opponent="friend")
        gid = game["game_id"]
        commitment = game["state"]["fair"]["next"][0]["commitment"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={game['invite_token']}") as ws1:
            owner, friend = Player(ws0, auto_first=False), Player(ws1, auto_first=False)
            early = friend.answer({"type": "ready", "seed": "friend's", "commitment": commitment})
            assert early["type"] == "ack"
            assert _seeds(client, gid).keys() == {slot_of(0)}  # not numbered before the deal
            assert client.app.state.lobby.store.load(gid).decks == {}  # type: ignore[attr-defined]
            owner.answer({"type": "ready", "seed": "owner's", "commitment": commitment})
            deal = owner.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "deal")
            fair = deal["state"]["fair"]["deals"][0]
            assert fair["commitment"] == commitment
            assert fair["client_seeds"] == ["owner's", "friend's"]


def test_stale_commitment_is_refused(database: str) -> None:
    with running(database, seed=25) as client:
        game = create(client, opponent="computer", level=1, options={"target": 1000})
        old = game["state"]["fair"]["next"][0]["commitment"]
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            player = Player(ws)
            _play_to_break(player)
            n, current = player.n, player.state["fair"]["next"][0]["commitment"]
            reply = player.answer({"type": "ready", "expect": n, "seed": "mine",
                                   "commitment": old})
            assert reply["code"] == "stale_commitment"
            assert reply["message"] == (
                f"commitment {old[:16]}... is not the commitment of hand 2 ({current[:16]}...): "
                "your seed was not used; send it again with the commitment in the snapshot "
                "that follows")
            assert player.recv()["type"] == "snapshot"
            alone = player.answer({"type": "ready", "expect": n, "seed": "mine"})
            assert alone["code"] == "bad_message" and "commitment" in alone["message"]
            bad = player.answer({"type": "ready", "expect": n, "seed": "mine",
                                 "commitment": "F" * 64})
            assert bad["code"] == "bad_message"
            assert player.ping()["n"] == n
            assert _seeds(client, game["game_id"]).keys() == {1, slot_of(0)}  # nothing changed
            assert player.ready()["type"] == "ack"


def test_a_client_that_sends_no_seed_still_plays(sqlite_db: str) -> None:
    with running(sqlite_db, seed=26) as client:
        game = create(client, opponent="computer", level=1, options={"target": 1000})
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            player = Player(ws, auto_first=False)
            assert player.answer({"type": "ready"})["type"] == "ack"
            deal = player.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "deal")
            assert deal["state"]["fair"]["deals"][0]["client_seeds"] == [None, None]


def test_a_bad_seed_is_refused_and_changes_nothing(sqlite_db: str) -> None:
    with running(sqlite_db, seed=22) as client:
        game = create(client, opponent="computer", level=1, options={"target": 1000})
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            player = Player(ws)
            _play_to_break(player)
            n = player.n
            commitment = player.state["fair"]["next"][0]["commitment"]
            for seed in ("", "x" * 65, 7, "tab\there"):
                reply = player.answer({"type": "ready", "expect": n, "seed": seed,
                                       "commitment": commitment})
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
                    assert player.ready()["type"] == "ack"
                    player.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "deal")
                player.play_hand_vs_computer()
        answer = client.get(f"/api/games/{gid}/record", params={"token": game["token"]}).json()
        record = parse_record(json.dumps(answer["record"]["record"]))
        verdict = verify_record(record)
        assert verdict.fair, (verdict.hands, verdict.game)
        assert all(hand.fair is not None and hand.fair.server_seed and hand.fair.version == 2
                   and hand.fair.client_seeds == (player.client_seed, None)
                   for hand in record.hands)


def test_table_of_four_takes_every_players_seed(database: str) -> None:
    with running(database, seed=27) as client:
        game = create(client, players=4, seats=["friend"] * 3, preset="classic")
        gid = game["game_id"]
        committed = {entry["table"]: entry for entry in game["state"]["fair"]["next"]}
        assert sorted(committed) == [0, 1] and game["state"]["fair"]["deals"] == []
        tokens = [game["token"]] + [invite["token"] for invite in game["invites"]]
        with contextlib.ExitStack() as stack:
            people = [Player(stack.enter_context(client.websocket_connect(
                f"/ws/{gid}?token={token}"))) for token in tokens]
            until_dealt(*people)
            while len(people[0].state["fair"]["deals"]) < 2:
                people[0].recv()
            deals = people[0].state["fair"]["deals"]
        for deal in deals:
            upcoming = committed[deal["table"]]
            assert deal["commitment"] == upcoming["commitment"] and deal["version"] == 2
            assert deal["client_seeds"] == [f"kit seed of seat {place}"
                                            for place in upcoming["players"]]
        stored = client.app.state.lobby.store.load(gid)  # type: ignore[attr-defined]
        for deal in deals:
            row = stored.fair[deal["deal"]]
            assert verify_hand(deal["commitment"], row.server_seed, list(row.client_seeds), gid,
                               deal["deal"], stored.decks[deal["deal"]], version=2) == []


def test_a_table_of_three_refuses_a_stale_commitment(sqlite_db: str) -> None:
    with running(sqlite_db, seed=29) as client:
        game = create(client, players=3, seats=["computer", "computer"], preset="classic",
                      level=1)
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            place = Player(ws, auto_first=False)
            if not place.state["fair"]["next"]:
                raise AssertionError("place 0 sits out")  # R33: choose another seed
            n = place.n
            reply = place.answer({"type": "ready", "expect": n, "seed": "mine",
                                  "commitment": "0" * 64})
            assert reply["code"] == "stale_commitment", reply
            assert "the next deal at table 0" in reply["message"]
            assert place.ping()["n"] == n


def test_a_two_player_game_stored_before_slots_deals_the_seed_it_committed(database: str) -> None:
    """A game stored by an older server: its rules as the hand's rules alone, and hand 2's
    seeds under hand number 2 (committed when hand 1 ended), not in table 0's slot."""
    with running(database, seed=26) as client:
        game = create(client, opponent="computer", level=1, options={"target": 1000})
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            _play_to_break(Player(ws))
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        assert _seeds(client, gid).keys() == {1, slot_of(0)}  # as this server stores them
        engine = lobby.store.engine
        with engine.begin() as conn:
            stored_rules = json.loads(conn.execute(
                sa.select(db.games.c.rules).where(db.games.c.id == gid)).scalar_one())
            assert stored_rules["players"] == 2 and stored_rules["rules"]["name"] == "standard"
            conn.execute(db.games.update().where(db.games.c.id == gid).values(
                rules=json.dumps(stored_rules["rules"])))
            conn.execute(db.fair_hands.update().where(
                db.fair_hands.c.game_id == gid,
                db.fair_hands.c.hand_number == slot_of(0)).values(hand_number=2))
        legacy = _seeds(client, gid)
        assert legacy.keys() == {1, 2}
        lobby.tables.pop(gid)  # the next message loads the game from the database
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            player = Player(ws)
            player.counter = 1000  # ids the first connection has not spent
            upcoming = player.state["fair"]["next"][0]
            assert upcoming["hand_number"] == 2
            assert upcoming["commitment"] == commitment_of(bytes.fromhex(legacy[2]))
            assert player.ready()["type"] == "ack"
            while player.state["stage"] != "hand":
                player.recv()
            assert player.state["fair"]["deals"][1]["commitment"] == upcoming["commitment"]
            _play_to_break(player)
            revealed = player.state["fair"]["deals"][1]
            assert revealed["server_seed"] == legacy[2]
            stored = lobby.store.load(gid)
            assert verify_hand(revealed["commitment"], revealed["server_seed"],
                               revealed["client_seeds"], gid, 2, stored.decks[2],
                               version=2) == []
            assert stored.row.rules == stored_rules["rules"]  # the old shape is kept as it is
