"""Tables of three players (R33) and two teams (R34) on the server: whole games, rotation,
team arithmetic, invitations, hidden cards, bad input, restarts and the chained record."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from ginrummy.core.table import TableRules
from ginrummy.format.verify import read_record, verify_record
from ginrummy.livetable import next_deadline
from ginrummy.server.audit.chain import verify_chain
from ginrummy.server.audit.deck_audit import audit_decks
from ginrummy.server.storage.records import chain
from ginrummy.server.storage.replay import replay
from tests.server.kit import Player, cards_named, create, other_browser, running, until_dealt
from tests.server.table_kit import my_move, play_until, step, wants_ready


def _states(place: Player) -> list[dict[str, Any]]:
    return [m["state"] for m in place.messages if m["type"] in ("event", "snapshot")]


def test_R33_three_players_rotation_totals_and_settlement(database: str) -> None:
    with running(database, seed=3) as client:
        game = create(client, players=3, seats=["computer", "computer"], preset="classic",
                      options={"target": 60}, level=2)
        assert game["players"] == 3 and game["invites"] == []
        first = game["state"]
        assert first["mode"] == "three"  # dealt at once only if place 0 sits out (no seed due)
        assert first["stage"] == ("hand" if first["sitting_out"] == 0 else "waiting")
        cut = first["cut"]
        assert first["dealer"] == cut["low"] == first["sitting_out"]  # R33: lowest cut deals
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            me = Player(ws)
            play_until(me, lambda s: s["stage"] == "over")
            states = _states(me)
        seen = 0
        for before, after in zip(states, states[1:], strict=False):
            if len(after["scores"]) == seen + 1 and len(before["scores"]) == seen:
                hand = after["scores"][-1]
                dealer = before["dealer"]
                assert dealer not in hand["players"]  # the dealer sat out
                if hand["winner"] is not None and after["stage"] != "over":
                    loser = next(p for p in hand["players"] if p != hand["winner"])
                    assert after["dealer"] == after["sitting_out"] == loser  # R33
                    upcoming = after["tables"][0]["players"]
                    assert sorted(upcoming) == sorted([hand["winner"], dealer])
                seen += 1
        final = me.state
        assert seen == len(final["scores"]) >= 1
        totals = [0, 0, 0]
        for hand in final["scores"]:
            if hand["winner"] is not None:
                totals[hand["winner"]] += hand["points"]
        assert final["totals"] == totals and max(totals) >= 60
        winner = final["winner"]
        settlement = final["settlement"]
        assert settlement["final"] and settlement["winner"] == winner
        payers = sorted(p["payer"] for p in settlement["payments"])
        assert payers == sorted({0, 1, 2} - {winner})  # R33: each other player pays the winner
        for payment in settlement["payments"]:
            assert payment["payee"] == winner
            assert payment["points"] == (settlement["totals"][winner]
                                         - settlement["totals"][payment["payer"]])


def test_R34_four_players_round_scored_by_team_arithmetic(sqlite_db: str) -> None:
    with running(sqlite_db, seed=5) as client:
        game = create(client, players=4, seats=["computer"] * 3, preset="classic", level=1)
        state = game["state"]
        assert state["mode"] == "teams" and state["target"] == 125
        assert [s["team"] for s in state["seats"]] == [0, 1, 0, 1]
        mine = state["seats"][0]["table"]  # waits for my seed; the computers' table plays
        assert [t["status"] for t in state["tables"]] == [
            "to_deal" if t == mine else "playing" for t in range(2)]
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            me = Player(ws)
            play_until(me, lambda s: len(s["rounds"]) >= 2 or s["stage"] == "over")
            final = me.state
        totals = [0, 0]
        for scored in final["rounds"]:
            sums = [0, 0]
            for table in scored["tables"]:
                if table["winner"] is not None:
                    assert table["team"] == table["winner"] % 2
                    sums[table["team"]] += table["points"]
            assert scored["team_points"] == sums
            assert scored["points"] == abs(sums[0] - sums[1])  # R34: the difference (or sum)
            assert scored["rule"] == ("none" if sums[0] == sums[1] else
                                      "sum" if 0 in sums else "difference")
            if scored["winner"] is not None:
                totals[scored["winner"]] += scored["points"]
            assert scored["totals_after"] == totals
        assert final["totals"] == totals
        pairs = [[t["players"] for t in scored["tables"]] for scored in final["rounds"]]
        for earlier, later in zip(pairs, pairs[1:], strict=False):
            assert earlier != later  # R34: opponents alternate from round to round


def test_R33_invited_friend_waits_then_plays_and_sees_only_its_cards(sqlite_db: str) -> None:
    with running(sqlite_db, seed=11) as client:
        game = create(client, players=3, seats=["friend", "computer"], preset="classic")
        gid = game["game_id"]
        assert game["state"]["stage"] == "waiting" and game["links"]["invite"]
        [invite] = game["invites"]
        assert invite["seat"] == 1 and invite["link"].endswith(f"#{invite['token']}")
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0:
            owner = Player(ws0)
            assert owner.act("stock")["code"] == "not_started"
            with other_browser(client):
                joined = client.post(f"/api/games/{gid}/join",
                                     json={"token": invite["token"], "name": "Bea"})
                assert joined.status_code == 200 and joined.json()["seat"] == 1
            with client.websocket_connect(f"/ws/{gid}?token={joined.json()['token']}") as ws1:
                friend = Player(ws1)
                until_dealt(owner, friend)  # once the seeds of the first deal's people are in
                assert friend.state["seats"][1]["name"] == "Bea"
                people = [owner, friend]
                _play_together(people, lambda s: bool(s["scores"]))
        _assert_nobody_sees_hidden_cards(people)


def test_R34_four_people_see_only_their_own_cards_through_a_round(sqlite_db: str) -> None:
    with running(sqlite_db, seed=12) as client:
        game = create(client, players=4, seats=["friend"] * 3, preset="classic")
        gid = game["game_id"]
        tokens = [game["token"]] + [invite["token"] for invite in game["invites"]]
        assert [invite["seat"] for invite in game["invites"]] == [1, 2, 3]
        with contextlib.ExitStack() as stack:
            people = []
            for token in tokens:
                ws = stack.enter_context(client.websocket_connect(f"/ws/{gid}?token={token}"))
                people.append(Player(ws))
            _play_together(people, lambda s: bool(s["rounds"]))
            assert people[0].state["rounds"][0]["number"] == 1
        _assert_nobody_sees_hidden_cards(people)


def _play_together(people: list[Player], done: Any, limit: int = 40_000) -> None:
    """Play every connected place (each at the latest event before anyone moves) until
    ``done`` holds for the first place's state."""
    until_dealt(*people)  # each sends its seed for the first deal by itself
    for _ in range(limit):
        latest = max(p.n for p in people)
        behind = next((p for p in people if p.n < latest), None)
        if behind is not None:
            behind.recv()
            continue
        if done(people[0].state) or people[0].state["stage"] == "over":
            return
        mover = next((p for p in people if my_move(p.state) or wants_ready(p.state)), None)
        if mover is not None:
            step(mover)
        else:
            people[0].recv()  # a computer is to move
    raise AssertionError("the places did not get there")


def _assert_nobody_sees_hidden_cards(people: list[Player]) -> None:
    by_n = [{m["n"]: m["state"] for m in place.messages if m["type"] == "event"}
            for place in people]
    common = sorted(set.intersection(*(set(states) for states in by_n)))
    assert len(common) > 3
    for n in common:
        states = [states_by_n[n] for states_by_n in by_n]
        for owner in states:
            public = set()  # what anyone at the owner's table may know of its hand
            for other in states:
                if other is not owner:
                    public |= _known_of(other, owner)
            for receiver in states:
                if receiver is not owner:
                    _no_hidden_cards(receiver, owner, public)


def _known_of(receiver: dict[str, Any], owner: dict[str, Any]) -> set[str]:
    """The cards of ``owner``'s hand that ``receiver`` may know: those it took from the pile
    (seen by everyone) and, once laid out, a knocker's hand (R14)."""
    mine, theirs = owner["table_hand"], receiver["table_hand"]
    if mine is None or theirs is None or theirs["table"] != mine["table"] or mine["you"] is None:
        return set()
    view = receiver["view"]
    if view is None:  # its table has dealt no hand yet
        return set()
    if theirs["you"] is None:
        return set(view["known"][mine["you"]]) | set(view["hands"][mine["you"]] or [])
    return set(view["opponent_known"]) | set(view["opponent_hand"] or [])


def _no_hidden_cards(receiver: dict[str, Any], owner: dict[str, Any],
                     public: set[str]) -> None:
    """``receiver``'s state names no card ``owner`` holds unseen (both states after the same
    event): not laid out in a meld, not ``public`` (known at its table)."""
    mine = owner["table_hand"]
    if mine is None or mine["you"] is None or owner["view"] is None or (
        owner["view"]["phase"] == "over"
    ):
        return
    view = owner["view"]
    secret = set(view["hand"]) - {card for meld in view["melds"][view["seat"]] for card in meld}
    known = public | _known_of(receiver, owner)
    # Each table has its own deck: only what is about the owner's table counts.
    table = receiver["tables"][mine["table"]]
    shown: Any = {k: v for k, v in receiver.items() if k not in ("cut", "tables")}
    theirs = receiver["table_hand"]
    shown = [shown, table] if theirs is None or theirs["table"] == mine["table"] else table
    leaked = (secret - known) & cards_named(shown)
    assert not leaked, f"place {owner['you']}'s cards {sorted(leaked)} reached {receiver['you']}"


@pytest.mark.parametrize(("body", "code", "words"), [
    ({"players": 5, "seats": ["computer"] * 4}, "bad_request", "players must be 2, 3 or 4"),
    ({"players": 3, "seats": ["computer"]}, "bad_request", "seats must list 2 places"),
    ({"players": 3, "seats": ["computer", "robot"]}, "bad_request",
     "'computer', 'friend' or 'anyone'"),
    ({"players": 3, "seats": ["computer", "computer"], "preset": "standard"}, "bad_rules",
     "dealer_rule"),
    ({"players": 3, "seats": ["computer", "computer"], "preset": "classic",
      "team_target": 100}, "bad_rules", "team_target applies only to team games"),
    ({"players": 4, "seats": ["computer"] * 3, "team_target": 0}, "bad_rules",
     "team_target must be a whole number from 1 to 10000"),
    ({"players": 4, "seats": ["computer"] * 3, "opponent": "computer"}, "bad_request",
     "opponent is for two-player games"),
    ({"players": 4, "seats": ["computer"] * 3, "level": 9}, "bad_request", "level must be"),
    ({"seats": ["computer"]}, "bad_request", "seats is for games of 3 or 4 players"),
])
def test_table_creation_refuses_bad_requests(sqlite_db: str, body: dict[str, Any], code: str,
                                             words: str) -> None:
    with running(sqlite_db) as client:
        response = client.post("/api/games", json=body)
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert error["code"] == code and words in error["message"]
        assert client.get("/api/games/mine").json()["games"] == []


def test_R33_table_refuses_moves_out_of_turn_and_bad_ready(sqlite_db: str) -> None:
    with running(sqlite_db, seed=3, computer_delay=30.0) as client:
        game = create(client, players=3, seats=["computer", "computer"], preset="classic")
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            me = Player(ws)  # its seed for the first deal sent, if it plays it
            before = state = me.state
            if state["sitting_out"] == 0:
                refused = me.act("stock")
                assert refused["code"] == "no_hand" and "sits out" in refused["message"]
            elif not my_move(state):
                assert me.act("stock")["code"] == "not_your_turn"
            else:
                assert me.act("stock", expect=me.n + 5)["code"] == "stale"
                assert me.act("discard XX")["code"] == "bad_action"
            ready = me.answer({"type": "ready", "expect": me.n})
            sits_out = state["sitting_out"] == 0  # else its own table is playing
            assert ready["code"] == ("nothing_to_ready" if sits_out else "in_hand")
            seeded = me.answer({"type": "ready", "expect": me.n, "seed": "abc"})
            assert seeded["code"] in ("bad_message", ready["code"])
            assert me.ping()["type"] == "pong"
            assert me.state == before  # nothing changed


def test_R34_table_resumes_after_a_restart_and_its_record_verifies(sqlite_db: str) -> None:
    with running(sqlite_db, seed=8) as client:
        game = create(client, players=4, seats=["computer"] * 3, preset="classic",
                      team_target=40)
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            me = Player(ws)
            play_until(me, lambda s: bool(s["scores"]))
            middle = me.state
    with running(sqlite_db, seed=9) as client:  # a new server on the same database
        client.cookies.set(f"gin_{gid}", game["token"])
        again = client.get(f"/api/games/{gid}").json()["state"]
        assert again["n"] >= middle["n"]
        assert again["scores"][:len(middle["scores"])] == middle["scores"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            me = Player(ws)
            play_until(me, lambda s: s["stage"] == "over")
            final = me.state
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        stored = lobby.store.load(gid)
        positions = replay(TableRules.from_dict(stored.row.rules), stored.row.cut,
                           stored.decks, stored.log)
        assert positions[-1].game == lobby.tables[gid].position.game
        assert max(final["totals"]) >= 40 and final["end_reason"] == "target"
        for table, scored in zip(final["tables"], final["rounds"][-1]["tables"], strict=True):
            assert table["players"] == scored["players"]  # the last round's, not a next one
        record = client.get(f"/api/games/{gid}/record").json()
        assert record["record"]["kind"] == "table"
        parsed = read_record(_dumps(record["record"]["record"]))
        verdict = verify_record(parsed)
        assert verdict.fair, (verdict.game, verdict.hands)
        assert verify_chain(lobby.store.engine) == []
        assert audit_decks(lobby.store.engine, chain(lobby.store.engine)) == []
        mine = client.get("/api/games/mine").json()["games"]
        assert mine[0]["players"] == 4 and mine[0]["status"] == "over"


def _dumps(data: Any) -> str:
    import json

    return json.dumps(data)


def test_R33_idle_person_at_a_table_is_played_by_the_computer(sqlite_db: str) -> None:
    with running(sqlite_db, seed=4, idle_seconds=0.4) as client:
        game = create(client, players=3, seats=["friend", "computer"], preset="classic")
        gid = game["game_id"]
        [invite] = game["invites"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={invite['token']}") as ws1:
            places = {0: Player(ws0), 1: Player(ws1)}
            owner = places[0]
            owner.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "idle")
            note = owner.messages[-1]
            idler = note["event"]["seat"]
            assert idler in (0, 1) and note["state"]["seats"][idler]["stand_in"] is True
            moved = owner.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "play"
                                and m["event"]["seat"] == idler)
            assert moved["event"]["table"] == 0
            back = places[idler].answer({"type": "back"})
            assert back["type"] == "ack" and back["kind"] == "back"


def test_R34_hint_for_the_place_to_act_at_its_table(sqlite_db: str) -> None:
    with running(sqlite_db, seed=5) as client:
        game = create(client, players=4, seats=["computer"] * 3, preset="classic")
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            me = Player(ws)
            play_until(me, my_move)
            hint = client.get(f"/api/games/{gid}/hint?lang=it")
            assert hint.status_code == 200, hint.text
            advised = hint.json()["action"]["name"]
            assert advised in me.state["view"]["legal"]
            assert me.act(advised)["type"] == "ack"
            if not my_move(me.state):
                refused = client.get(f"/api/games/{gid}/hint")
                if refused.status_code == 200:  # the computers answered at once: my move again
                    assert my_move(client.get(f"/api/games/{gid}").json()["state"])
                else:
                    assert refused.status_code == 409
                    assert refused.json()["error"]["code"] in ("not_your_turn", "no_hand")


def test_R34_a_watcher_sees_no_hidden_card_and_cannot_act(sqlite_db: str) -> None:
    with running(sqlite_db, seed=13) as client:
        game = create(client, players=4, seats=["computer"] * 3, preset="classic")
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={game['watch_token']}") as ws1:
            me, watcher = Player(ws0), Player(ws1)
            play_until(me, lambda s: bool(s["scores"]))
            while watcher.n < me.n:
                watcher.recv()
            assert watcher.answer({"type": "ready"})["code"] == "read_only"
        states = [m["state"] for m in watcher.messages if m["type"] in ("event", "snapshot")]
        assert len(states) > 5
        for state in states:
            assert state["you"] is None and state["my_table"] is None
            hand = state["table_hand"]
            if hand is not None:
                assert hand["you"] is None and state["view"]["hand"] is None
                if state["view"]["phase"] not in ("over", "defender"):
                    assert state["view"]["hands"] == [None, None]


def test_R34_idle_timer_of_a_person_runs_on_while_the_other_table_plays(sqlite_db: str) -> None:
    with running(sqlite_db, seed=6, idle_seconds=60.0, computer_delay=0.01) as client:
        game = create(client, players=4, seats=["computer", "friend", "computer"],
                      preset="classic")
        gid = game["game_id"]
        [invite] = game["invites"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={invite['token']}") as ws2:
            idler, partner = Player(ws0), Player(ws2)
            until_dealt(idler, partner)
            while not my_move(idler.state):  # place 0 becomes the one the game waits for
                idler.recv()
            table = client.app.state.lobby.tables[gid]  # type: ignore[attr-defined]
            timer = table.table.idle  # the table's idle timer (livetable.state.IdleTimer)
            assert timer is not None and timer.place == 0
            deadline = next_deadline(table.table)
            since = timer.n
            while partner.n < since + 4 and partner.state["tables"][1]["status"] == "playing":
                step(partner)  # the other table plays on (place 2 and a computer)
            assert partner.n > since
            assert table.table.idle == timer  # not restarted: the same deadline
            assert next_deadline(table.table) == deadline


def test_R31_R34_time_limit_ends_a_team_game_when_the_round_ends(sqlite_db: str) -> None:
    now = [0.0]  # "before" the game's creation (the real clock): no time is up
    with running(sqlite_db, seed=14, clock=lambda: now[0]) as client:
        game = create(client, players=4, seats=["computer"] * 3, preset="classic",
                      options={"time_limit_minutes": 5})
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            me = Player(ws)
            play_until(me, my_move)
            now[0] = 4_000_000_000.0  # long past the limit
            assert me.act(me.state["view"]["legal"][0])["type"] == "ack"
            kinds = [m["event"]["kind"] for m in me.messages if m["type"] == "event"]
            assert kinds.count("time_up") == 1 and me.state["stage"] != "over"
            play_until(me, lambda s: s["stage"] == "over")  # the round in progress is finished
            final = me.state
        assert final["end_reason"] == "time_limit" and len(final["rounds"]) == 1
        assert final["settlement"]["final"] is True
