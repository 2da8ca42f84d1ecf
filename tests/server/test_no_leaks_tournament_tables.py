"""No leaks from a Swiss at tables of three (R33) and of four (R34): while its games are
played (an account's seat among computers, played for it after the idle time), nothing the
tournament's page and socket, the tournament list, the lobby's page and socket or the
account's profile says names a card some client may not know yet, a run of a stock's order,
or the server seed of a hand in play, checked against every live game at the moment each
text arrives."""

from __future__ import annotations

import time

import pytest

from tests.server.account_kit import Browser, accounts_app, sign_up
from tests.server.leak_public import PublicReader


@pytest.mark.parametrize(("table_size", "size", "rules"), [
    (3, 6, {"options": {"dealer_rule": "loser", "target": 40}}),
    (4, 8, {"team_target": 40}),
])
def test_no_public_message_of_a_tournament_of_threes_or_fours_names_a_hidden_card(
        sqlite_db: str, table_size: int, size: int, rules: dict[str, object]) -> None:
    with accounts_app(sqlite_db, computer_delay=0.01, idle_seconds=0.05) as client:
        cleo = Browser(client)
        with cleo.use():
            sign_up(client, "cleo")
            cup = client.post("/api/tournaments", json={
                "name": "Leak cup", "format": "swiss", "size": size, "table_size": table_size,
                "level": 1, **rules}).json()
            started = client.post(f"/api/tournaments/{cup['id']}/start").json()
        tables = started["round_list"][0]["tables"]
        assert all(len(t["seats"]) == table_size for t in tables)
        secrets = {cup["id"], *(t["game_id"] for t in tables)}
        paths = ["/api/lobby", f"/api/tournaments/{cup['id']}", "/api/tournaments",
                 "/api/players/cleo"]
        guest = Browser(client)
        with guest.use(), client.websocket_connect("/ws/lobby") as lobby, \
                client.websocket_connect(f"/ws/tournaments/{cup['id']}") as page:
            reader = PublicReader(client, lobby, secrets, {"tournament": page})
            deadline = time.monotonic() + 120
            while True:
                reader.pages(paths)
                if client.get(f"/api/tournaments/{cup['id']}").json()["status"] == "over":
                    break
                assert time.monotonic() < deadline, "the tournament did not finish"
            reader.wait_for("tournament", lambda message: message.get(
                "tournament", {}).get("status") == "over")  # sent a moment after
        assert reader.read["/api/lobby"] >= 20  # read while its games were being played
        assert reader.read.get("ws lobby lobby_update", 0) > 0
        assert reader.read.get("ws tournament tournament", 0) > 2  # at once, round 1, the end
        assert not reader.leaks, "\n".join(reader.leaks[:10])
