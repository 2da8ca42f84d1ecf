"""A table works out the parts of its states that change only between hands (scores,
settlement, cut, rules…) once per hand: at every event of a game, the state built from that
cache is the one built from scratch, the parts are shared by the events of one hand and
worked out again once a hand ends; every event still gets its own public state."""

from __future__ import annotations

from ginrummy.server.wire import payload
from tests.server.kit import Player, create, running


def test_every_event_of_a_game_gets_the_state_it_would_get_without_the_hand_cache(
        sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="computer", options={"target": 10})
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            me = Player(ws)
            for _ in range(3):
                me.play_hand_vs_computer()
                if me.state["stage"] == "over":
                    break
                assert me.ready()["type"] == "ack"
        table = client.app.state.lobby.tables[game["game_id"]]
        stored = table.store.load(table.id)
        view = table.view  # what the table shows its readers (server/live/table_view.py)
        positions = view._positions(stored)
        view.hand = view.shared = None
        info = table.info()
        parts_seen = []
        for n, position in enumerate(positions):
            cached = view.public_state(info, position, n)
            fresh = payload.public_state(info, position, n, table.fair)
            assert cached == fresh, n
            for seat in (0, 1, None):
                assert payload.state_payload(info, position, n, seat, table.fair, cached) == (
                    payload.state_payload(info, position, n, seat, table.fair))
            assert view.public_state(info, position, n) is cached  # the same event: shared
            if n:
                assert view.public_state(info, positions[n - 1], n - 1) is not cached
            parts_seen.append(cached["settlement"])
        hands = {len(position.game.played) for position in positions}
        distinct = {id(parts) for parts in parts_seen}
        assert len(hands) >= 2  # a hand ended: its parts were worked out again
        assert len(hands) <= len(distinct) < len(positions) // 2
