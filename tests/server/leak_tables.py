"""Tables of three and of two teams in the no-leak run (:mod:`tests.server.leak_play`).

The creator, people invited by link (taking their place over HTTP or by the socket), the
computer at the other places and sometimes a watcher play a short game; now and then a
place reconnects or reloads, reads over HTTP, sends a stale move, and the creator tries
the spent invites. Every message is checked as the two-player ones are
(:func:`tests.server.leaks.table_leaks_in`).
"""

from __future__ import annotations

import random
from typing import Any

from starlette.testclient import TestClient

from tests.server.kit import create, first_choice, other_browser
from tests.server.leak_play import Audit, LiveGame, Sent, quick_choice
from tests.server.table_kit import my_move, wants_ready

SHAPES: list[dict[str, Any]] = [
    {"players": 3, "seats": ["friend", "computer"], "options": {"target": 1}},
    {"players": 3, "seats": ["friend", "friend"], "options": {"target": 1}},
    {"players": 4, "seats": ["computer", "friend", "computer"], "team_target": 1},
    {"players": 4, "seats": ["friend", "computer", "friend"], "team_target": 1},
    {"players": 4, "seats": ["friend", "friend", "friend"], "team_target": 1},
]


def new_table_game(client: TestClient, audit: Audit, rng: random.Random) -> LiveGame:
    body = {**rng.choice(SHAPES), "preset": "classic", "level": rng.choice([1, 2])}
    with other_browser(client):
        created = create(client, **body)
    audit.secrets.update([created["game_id"], created["token"], created["watch_token"],
                          *(invite["token"] for invite in created["invites"])])
    game = LiveGame(client, audit, rng, created)
    audit.sent.append(Sent(game.gid, 0, created["state"]["n"], created))
    game.connect(0)
    for seat in game.humans[1:]:
        if rng.random() < 0.5:
            game.join(seat)
        game.connect(seat)
    game.try_spent_invites()
    if rng.random() < 0.6:
        game.connect(None)
    audit.count("table games")
    return game


def play_table(game: LiveGame, rng: random.Random, max_steps: int) -> None:
    """Play every person's place until the game is over (the computer plays the others)."""
    for _ in range(max_steps):
        latest = max(conn.n for conn in game.conns.values())
        behind = next((conn for conn in game.conns.values() if conn.n < latest), None)
        if behind is not None:
            behind.recv()
            continue
        lead = game.conns[0]
        if lead.state["stage"] == "over":
            game.http(0, "/api/games/mine")
            game.http(None, f"/api/games/{game.gid}/events", since=0, limit=500)
            return
        if _disturb(game, rng):
            continue
        people = [game.conns[place] for place in game.humans]
        mover = next((c for c in people if my_move(c.state) or wants_ready(c.state)), None)
        if mover is None:
            lead.recv()  # a computer is to move
            continue
        if my_move(mover.state):
            view = mover.state["view"]
            choice = quick_choice(view) if rng.random() < 0.85 else first_choice(view)
            reply = mover.request({"type": "action", "action": choice, "expect": mover.n})
            game.audit.count("table moves")
        else:
            reply = mover.request({"type": "ready", "expect": mover.n})
        assert reply["type"] == "ack", reply
    raise AssertionError(f"table game {game.gid} did not end in {max_steps} steps")


def _disturb(game: LiveGame, rng: random.Random) -> bool:
    """Now and then a reconnect, a reload, a stale move, an HTTP read, a spent invite."""
    roll = rng.random()
    who = rng.choice(list(game.conns))
    conn = game.conns[who]
    if roll < 0.03:
        game.audit.count("table reconnect")
        conn.close()
        game.connect(who, since=max(0, conn.n - rng.randrange(0, 4)), state=conn.state)
    elif roll < 0.05:
        game.audit.count("table reload")
        conn.close()
        game.connect(who)
    elif roll < 0.07 and game.spent:
        game.try_spent_invites()
    elif roll < 0.10:
        game.audit.count("table http")
        path = rng.choice(["", "/events", "/hint"])
        game.http(who, f"/api/games/{game.gid}{path}", since=rng.randrange(0, conn.n + 1))
    elif roll < 0.11 and who is not None:
        game.audit.count("table refused")
        reply = conn.request({"type": "action", "action": "stock", "expect": conn.n + 3})
        assert reply["type"] == "error", reply
        if reply["code"] == "stale":
            conn.until(lambda m: m["type"] == "snapshot")
    else:
        return False
    return True
