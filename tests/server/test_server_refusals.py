"""A refused command keeps its reason (issue 33, item 4): the client gets the table's code,
the facts it names (the rules core's own code as ``reason`` for a refused move) and a
message in the language its socket reads (``lang`` in the socket's URL), and nothing
changes; the same message id gets the same answer."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from starlette.testclient import TestClient

from ginrummy.i18n import Messages
from ginrummy.livetable.refusal_messages import card_text
from tests.server.kit import Player, create, running, until_dealt


@contextlib.contextmanager
def two_players(database: str, langs: tuple[str | None, str | None]
                ) -> Iterator[tuple[TestClient, dict[int, Player]]]:
    with running(database, seed=8) as client:
        game = create(client, opponent="friend", name="Ann")
        gid = game["game_id"]
        urls = [f"/ws/{gid}?token={token}" + (f"&lang={lang}" if lang else "")
                for token, lang in zip((game["token"], game["invite_token"]), langs,
                                       strict=True)]
        with client.websocket_connect(urls[0]) as ws0, client.websocket_connect(urls[1]) as ws1:
            players = {0: Player(ws0), 1: Player(ws1)}
            until_dealt(*players.values())
            yield client, players


def to_act(players: dict[int, Player]) -> int:
    return int(players[0].state["tables"][0]["to_act"])


def test_a_move_out_of_turn_is_refused_in_the_reader_s_language_naming_the_mover(
        sqlite_db: str) -> None:
    with two_players(sqlite_db, ("it", "it")) as (_, players):
        mover = to_act(players)
        waiter = players[1 - mover]
        names = [seat["name"] for seat in waiter.state["seats"]]
        reply = waiter.act("pass")
        assert reply["type"] == "error" and reply["code"] == "not_your_turn"
        assert reply["params"] == {"place": 1 - mover, "mover": mover, "table": 0}
        assert reply["message"] == Messages("it", domain="web")(
            "refusal.not_your_turn", mover_name=names[mover])
        assert reply["message"].startswith("Tocca a ")


def test_a_move_the_rules_refuse_keeps_the_core_s_reason(sqlite_db: str) -> None:
    """The upcard taken cannot be discarded at once: the message says so, naming the card."""
    with two_players(sqlite_db, ("en", "en")) as (_, players):
        mover = players[to_act(players)]
        upcard = mover.state["view"]["upcard"]
        assert mover.act("take")["type"] == "ack"
        reply = mover.answer({"type": "action", "action": f"discard {upcard}",
                              "expect": mover.n, "id": "twice"})
        assert reply["code"] == "illegal_action"
        assert reply["params"]["reason"] == "illegal.in_phase"  # the core's code
        assert reply["message"] == (f"You can't discard the card you just took from the "
                                    f"discard pile ({card_text(upcard)}).")
        again = mover.answer({"type": "action", "action": f"discard {upcard}",
                              "expect": mover.n, "id": "twice"})
        assert again == {**reply, "duplicate": True}


def test_a_socket_that_names_no_language_gets_the_english_for_programs(
        sqlite_db: str) -> None:
    with two_players(sqlite_db, (None, None)) as (_, players):
        mover = to_act(players)
        reply: dict[str, Any] = players[1 - mover].act("pass")
        assert reply["params"]["mover"] == mover
        assert f"seat {mover} is to act, not seat {1 - mover}" in reply["message"]


def test_a_socket_in_an_unknown_language_is_refused_precisely(sqlite_db: str) -> None:
    with running(sqlite_db, seed=8) as client:
        game = create(client, opponent="friend")
        with client.websocket_connect(
                f"/ws/{game['game_id']}?token={game['token']}&lang=fr") as ws:
            refused = ws.receive_json()
        assert refused["code"] == "bad_request" and "lang must be one of en, it" in (
            refused["message"])
