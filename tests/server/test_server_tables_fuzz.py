"""Bad input at a table of four people (R34): fuzzed messages from every place and a watcher
get an error and change nothing (the event number, a place's state, the stored log)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tests.server.kit import Player, create, running, strip_presence, until_dealt
from tests.server.table_kit import my_move
from tests.server.test_server_fuzz import (
    _refused_and_unchanged,
    could_be_carried_out,
    json_values,
    structured,
)

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@dataclass
class FourPeople:
    client: TestClient
    game: dict[str, Any]
    places: list[Player]
    watcher: Player

    def picture(self) -> tuple[int, dict[str, Any], int]:
        snapshot = self.client.get(f"/api/games/{self.game['game_id']}",
                                   params={"token": self.game["token"]}).json()
        stored = self.client.app.state.lobby.store.load(  # type: ignore[attr-defined]
            self.game["game_id"])
        return snapshot["n"], strip_presence(snapshot["state"]), len(stored.log)


@contextlib.contextmanager
def four_people(database: str) -> Iterator[FourPeople]:
    with running(database, seed=21) as client:
        game = create(client, players=4, seats=["friend"] * 3, preset="classic")
        gid = game["game_id"]
        tokens = [game["token"]] + [invite["token"] for invite in game["invites"]]
        with contextlib.ExitStack() as stack:
            places = [Player(stack.enter_context(client.websocket_connect(
                f"/ws/{gid}?token={token}"))) for token in tokens]
            watcher = Player(stack.enter_context(client.websocket_connect(
                f"/ws/{gid}?token={game['watch_token']}")))
            until_dealt(*places)
            for player in [*places, watcher]:
                while player.state.get("stage") != "hand" or any(
                    table["status"] != "playing" for table in player.state["tables"]
                ):
                    player.recv()
            yield FourPeople(client, game, places, watcher)


def _could_be_carried_out(player: Player, text: str) -> bool:
    moves = player.state["view"]["legal"] if my_move(player.state) else None
    return could_be_carried_out(text, moves)


def _refused(table: FourPeople, player: Player, text: str) -> None:
    assume(not _could_be_carried_out(player, text))
    _refused_and_unchanged(table, player, text, table.picture())  # type: ignore[arg-type]


def test_R34_fuzzed_messages_at_a_table_of_four_are_refused_and_change_nothing(
    sqlite_db: str,
) -> None:
    with four_people(sqlite_db) as table:
        senders = st.sampled_from([*table.places, table.watcher])
        n = table.places[0].n

        @FUZZ
        @given(sender=senders, message=structured(n))
        def near_misses(sender: Player, message: dict[str, Any]) -> None:
            _refused(table, sender, json.dumps(message))

        @FUZZ
        @given(sender=senders, value=json_values)
        def any_json(sender: Player, value: Any) -> None:
            _refused(table, sender, json.dumps(value))

        near_misses()
        any_json()
        mover = next(p for p in table.places if my_move(p.state))  # the game plays on
        legal = mover.state["view"]["legal"]
        assert mover.act(legal[0])["type"] == "ack"
