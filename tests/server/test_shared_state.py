"""A table works out the public part of an event's state once for all its sockets; each
reader's state still shows only what that reader may see of the cards."""

from __future__ import annotations

from typing import Any

import pytest

from ginrummy.server.wire import payload
from tests.server.kit import Player, create, join_seat, running, secret_cards, until_dealt


def test_public_state_is_worked_out_once_per_event_for_both_players(
        sqlite_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    worked_out: list[int] = []
    real = payload.public_state

    def counted(*args: Any, **kwargs: Any) -> dict[str, Any]:
        worked_out.append(args[2])  # the event number
        return real(*args, **kwargs)

    monkeypatch.setattr(payload, "public_state", counted)
    with running(sqlite_db, seed=3) as client:
        game = create(client, opponent="friend")
        gid = game["game_id"]
        friend = join_seat(client, gid, game["invite_token"])
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={friend}") as ws1:
            players = [Player(ws0), Player(ws1)]
            until_dealt(*players)
            mover = players[players[0].state["tables"][0]["to_act"]]
            worked_out.clear()
            reply = mover.act("pass")
            assert reply["type"] == "ack"
            for p in players:
                while p.n < reply["n"]:
                    p.recv()
            assert worked_out == [reply["n"]]  # two sockets, one public part
            zero, one = (p.state for p in players)
            own = {"you", "first_deal_awaits_you", "my_table", "table_hand", "view"}
            assert {k: v for k, v in zero.items() if k not in own} == {
                k: v for k, v in one.items() if k not in own}
            assert list(zero) == list(payload.STATE_KEYS)
            assert zero["view"]["seat"] == 0 and one["view"]["seat"] == 1
            assert not secret_cards(zero) & secret_cards(one)  # each sees its own hand only
