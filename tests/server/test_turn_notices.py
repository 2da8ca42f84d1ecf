""""Your turn" for a player away from the game's page (PROTOCOL.md "Notices"): when the turn
passes to a signed-in player whose seat has no socket open at the table, the account's other
pages hear it with the game's link, once per turn (not again for a chat line, a watcher or
the page opened and closed again), and never the player who is looking at the table."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from ginrummy.server.live import presence, turn_notices
from ginrummy.server.live.turn_notices import TurnNotices
from tests.server import kit
from tests.server.account_kit import Browser, accounts_app
from tests.server.kit import Player, first_choice
from tests.server.test_account_news import kinds_until_pong, next_of
from tests.server.test_challenges import in_lobby, sent
from tests.server.test_online import accounts

Socket = Any


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(presence, "FRESH_SECONDS", 0.0)
    yield


@contextlib.contextmanager
def at_table(client: Any, who: Browser, game_id: str) -> Iterator[Player]:
    with contextlib.ExitStack() as stack:
        with who.use():  # the socket is opened with the account's cookie
            ws = stack.enter_context(client.websocket_connect(f"/ws/{game_id}"))
        yield Player(ws)


def play_until_the_turn_leaves(player: Player) -> None:
    """``player`` plays its first choices until the other seat is to move."""
    while player.my_turn:
        assert player.act(first_choice(player.state["view"]))["type"] == "ack"


def gone_from(watcher: Player, seat: int) -> None:
    watcher.until(lambda m: m["type"] == "presence" and not m["seats"][seat]["connected"])


def test_the_turn_passing_to_a_player_away_from_the_table_is_told_once_on_their_other_pages(
        database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea")
        with in_lobby(client, people["annie"], people["bea"]) as (annie_ws, bea_ws):
            asked = sent(client, people["annie"], "bea")
            with people["bea"].use():
                game_id = client.post(f"/api/challenges/{asked['id']}/accept",
                                      json={}).json()["game"]["game_id"]
            lobby = {"annie": annie_ws, "bea": bea_ws}
            with contextlib.ExitStack() as stack:
                seated = {name: stack.enter_context(at_table(client, people[name], game_id))
                          for name in ("annie", "bea")}
                kit.until_dealt(*seated.values())
                mover = next(name for name, p in seated.items() if p.my_turn)
                away = next(name for name in seated if name != mover)
                seated[away].ws.close()
                gone_from(seated[mover], seated[away].seat)
                play_until_the_turn_leaves(seated[mover])
                told = next_of(lobby[away], "your_turn")
                assert told == {"type": "your_turn", "game": f"/play/{game_id}",
                                "against": [mover]}
                assert "your_turn" not in kinds_until_pong(lobby[mover])
                # still the same turn: a chat line and the player looking in say nothing new
                seated[mover].send({"type": "chat", "text": "your move"})
                seated[mover].until(lambda m: m["type"] == "chat")
                with at_table(client, people[away], game_id) as back:
                    back.ping()
                gone_from(seated[mover], seated[away].seat)
                assert "your_turn" not in kinds_until_pong(lobby[away])
                with at_table(client, people[away], game_id) as back:
                    back.until(lambda m: m["type"] == "presence")
                    play_until_the_turn_leaves(back)
                assert "your_turn" not in kinds_until_pong(lobby[mover])  # at the table
                seated[mover].until(lambda m: m["type"] == "event" and seated[mover].my_turn)
                gone_from(seated[mover], seated[away].seat)
                play_until_the_turn_leaves(seated[mover])
                assert next_of(lobby[away], "your_turn")["game"] == f"/play/{game_id}"


def test_a_guest_away_from_a_friend_game_is_told_nothing_and_nothing_breaks(
        database: str) -> None:
    with kit.running(database) as client:
        game = kit.create(client, opponent="friend", name="host")
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as one:
            host = Player(one)
            with kit.other_browser(client) as other:
                token = kit.join_seat(other, game["game_id"], kit.invites_of(game)[1], "guest")
                with other.websocket_connect(f"/ws/{game['game_id']}?token={token}") as two:
                    guest = Player(two)
                    kit.until_dealt(host, guest)
                    playing, waiting = (host, guest) if host.my_turn else (guest, host)
                    waiting.ws.close()
                    gone_from(playing, waiting.seat)
                    play_until_the_turn_leaves(playing)
                    assert playing.ping()["type"] == "pong"


class Seen:
    """A table as :class:`TurnNotices` reads it, whose places to move the test sets."""

    def __init__(self, to_move: set[int], here: set[int]) -> None:
        self.id = "g1"
        self.seats = [SimpleNamespace(seat=place, kind="human", name=f"p{place}")
                      for place in range(4)]
        self.game = SimpleNamespace(is_over=False)
        self.abandoned = False
        self.position = frozenset(to_move)
        self.listeners = [SimpleNamespace(seat=place) for place in here]


def test_moves_at_the_other_table_of_a_four_player_game_do_not_tell_a_waiting_player_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turn_notices, "clocked_places", lambda position, humans: position)
    told: list[tuple[set[str], dict[str, Any]]] = []

    async def play() -> None:
        turns = TurnNotices(lambda game, place: f"account{place}",
                            lambda accounts, message: told.append((set(accounts), message)))
        turns.changed(Seen({0, 1}, here={1, 2, 3}))  # place 0 away: told
        await asyncio.sleep(0.05)
        for _ in range(3):  # the other table moves on, place 0 still to move at its own
            turns.changed(Seen({0, 3}, here={1, 2, 3}))
            turns.changed(Seen({0, 1}, here={1, 2, 3}))
            await asyncio.sleep(0.05)
        turns.changed(Seen({1}, here={1, 2, 3}))  # place 0 moved (at the table, then away again)
        turns.changed(Seen({0}, here=set()))
        await asyncio.sleep(0.05)
        await turns.close()

    asyncio.run(play())
    assert [(accounts, message["against"]) for accounts, message in told] == [
        ({"account0"}, ["p1", "p2", "p3"]), ({"account0"}, ["p1", "p2", "p3"])]
