"""R4 under ``first_dealer="high_cut_chooses"`` (the ``lotoflaughs`` preset): the seat that
cut the higher card chooses whether to deal the first hand, with a ``cut_choice`` message."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server import kit
from tests.server.kit import Player, create, replayed_from_store, running


def create_with_high(client: TestClient, high: int, **body: Any) -> dict[str, Any]:
    """Create games until the cut gives seat ``high`` the higher card (the cut is random)."""
    for _ in range(40):
        game = create(client, preset="lotoflaughs", **body)
        if game["state"]["cut"]["high"] == high:
            return game
    raise AssertionError(f"no cut gave seat {high} the higher card")


def choose(player: Player, deal: Any, **more: Any) -> dict[str, Any]:
    reply = player.answer({"type": "cut_choice", "deal": deal, **more})
    if reply["type"] == "ack":
        while player.n < reply["n"]:
            player.recv()
    return reply


def until_dealt(player: Player) -> None:
    player.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "deal")


def test_R4_higher_cut_chooses_to_deal_under_lotoflaughs(database: str) -> None:
    with running(database) as client:
        game = create_with_high(client, 0, opponent="computer", level=1)
        state = game["state"]
        assert state["stage"] == "waiting" and state["n"] == 0
        cut = state["cut"]
        assert (cut["chooser"], cut["dealer"], cut["high_cut_deals"]) == (0, None, None)
        assert cut["first_dealer"] == "high_cut_chooses" and "text" not in cut  # words: the client
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            me = Player(ws)
            refused = me.act("stock")
            assert refused["code"] == "not_started" and "seat 0 cut the higher card" in (
                refused["message"])
            # its seed is in (sent as soon as every seat is taken), but no deal before the choice
            assert me.state["stage"] == "waiting" and me.state["seats"][0]["ready"]
            assert me.ready()["code"] == "already_ready"
            bad = choose(me, "yes")
            assert bad["code"] == "bad_message" and "deal must be true or false" in bad["message"]
            stale = choose(me, True, expect=5)
            assert stale["code"] == "stale"
            me.recv()  # the snapshot after a stale message
            assert me.n == 1 and me.state["stage"] == "waiting"
            reply = choose(me, True)
            assert reply["type"] == "ack" and reply["n"] == 2
            until_dealt(me)
            kinds = [m["event"]["kind"] for m in me.messages if m["type"] == "event"]
            assert kinds[:3] == ["ready", "choose", "deal"]
            chosen = next(m for m in me.messages
                          if m["type"] == "event" and m["event"]["kind"] == "choose")
            assert chosen["event"]["action"] == "deal" and chosen["event"]["seat"] == 0
            cut = me.state["cut"]
            assert (cut["chooser"], cut["dealer"], cut["high_cut_deals"]) == (None, 0, True)
            assert me.state["dealer"] == 0 and me.state["stage"] == "hand"
            again = choose(me, False)
            assert again["code"] == "no_cut_choice" and "already chose to deal" in again["message"]
        positions, live = replayed_from_store(client, gid)
        assert positions[-1].game == live.game
        assert positions[-1].game.high_cut_deals is True


def test_R4_the_computer_with_the_higher_cut_lets_the_person_deal(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create_with_high(client, 1, opponent="computer", level=2)
        state = game["state"]
        assert state["stage"] == "waiting" and state["n"] == 1 and state["dealer"] == 0
        assert state["cut"]["high_cut_deals"] is False and state["cut"]["chooser"] is None
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            me = Player(ws)  # hand 1 is dealt once the person's seed is in
            assert me.state["stage"] == "hand" and me.state["dealer"] == 0
            reply = choose(me, True)
            assert reply["code"] == "no_cut_choice" and "seat 1 already chose" in reply["message"]


def test_R4_a_friend_with_the_higher_cut_chooses_after_joining(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create_with_high(client, 1, opponent="friend")
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0:
            me = Player(ws0)
            wrong = choose(me, True)
            assert wrong["code"] == "not_your_choice"
            assert "seat 0 cut the lower card: seat 1" in wrong["message"]
            with client.websocket_connect(f"/ws/{gid}?token={game['watch_token']}") as watch:
                assert choose(Player(watch), True)["code"] == "read_only"
            with client.websocket_connect(f"/ws/{gid}?token={game['invite_token']}") as ws1:
                friend = Player(ws1)  # the seat is taken, but the deal waits for the choice
                assert friend.state["stage"] == "waiting" and friend.state["cut"]["chooser"] == 1
                assert choose(friend, False)["type"] == "ack"
                kit.until_dealt(me, friend)  # the deal waits for both seeds too
                assert friend.state["stage"] == "hand" and friend.state["dealer"] == 0
                assert me.state["cut"]["high_cut_deals"] is False


def test_R4_the_higher_cut_may_choose_before_the_friend_joins(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create_with_high(client, 0, opponent="friend")
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0:
            me = Player(ws0)
            assert choose(me, False)["type"] == "ack"
            assert me.state["stage"] == "waiting" and me.state["cut"]["dealer"] == 1
            assert "invited player has not joined" in me.act("stock")["message"]
            with client.websocket_connect(f"/ws/{gid}?token={game['invite_token']}") as ws1:
                friend = Player(ws1)
                kit.until_dealt(me, friend)  # once both seeds are in
                assert friend.state["stage"] == "hand" and friend.state["dealer"] == 1


def test_R4_no_cut_choice_when_the_lower_cut_deals(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="computer", preset="classic")
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            reply = choose(Player(ws), True)
            assert reply["code"] == "no_cut_choice" and "low_cut_deals" in reply["message"]


def test_R4_R33_a_lotoflaughs_table_of_three_deals_at_once_and_refuses_a_choice(
        sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, players=3, seats=["computer", "computer"], preset="lotoflaughs")
        assert game["state"]["stage"] == "waiting"  # for the person's seed, then dealt at once
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            me = Player(ws)
            kit.until_dealt(me)
            first = me.state
            assert first["stage"] == "hand" and first["dealer"] == first["cut"]["low"]
            reply = choose(me, True)
            assert reply["code"] == "no_cut_choice" and "lowest cut deals" in reply["message"]
