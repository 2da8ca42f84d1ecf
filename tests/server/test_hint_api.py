"""GET /api/games/{id}/hint: the hint for the seat to act, from its own view only."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.coach.hints import hint_for, hint_lines
from ginrummy.core.actions import action_name
from ginrummy.core.cut import Cut
from ginrummy.core.hand import HandState, deal_hand
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from ginrummy.format.provably_fair import derive_cut
from ginrummy.server import Settings, create_app
from ginrummy.server.api.hint_api import player_messages
from tests.server.kit import Player, create, deal_first, join_seat, running

SEED = 11


def hint(client: TestClient, gid: str, token: str | None = None, **params: str) -> Any:
    query = dict(params)
    if token is not None:
        query["token"] = token
    return client.get(f"/api/games/{gid}/hint", params=query)


@pytest.fixture
def client(sqlite_db: str) -> Iterator[TestClient]:
    with running(sqlite_db) as c:
        yield c


def test_hint_for_the_seat_to_act_in_both_languages(client: TestClient) -> None:
    game = create(client)
    gid, token = game["game_id"], game["token"]
    with client.websocket_connect(f"/ws/{gid}?token={token}") as ws:
        me = Player(ws)
        while not me.my_turn:  # the computer may be first to act
            me.recv()
        legal = me.state["view"]["legal"]
        en = hint(client, gid, token, lang="en")
        assert en.status_code == 200, en.text
        body = en.json()
        assert body["game_id"] == gid and body["seat"] == 0 and body["n"] == me.n
        assert body["lang"] == "en" and body["lines"][0].startswith("Hint")
        assert body["text"] == "\n".join(body["lines"])
        assert body["action"]["name"] in legal
        assert action_name(body["action"]["id"]) == body["action"]["name"]
        assert body["reasons"] and all(r["text"] for r in body["reasons"])
        names = [body["action"]["name"]] + [a["name"] for a in body["alternatives"]]
        assert len(names) == len(set(names)) and set(names) <= set(legal)
        values = [body["action"]["value"]] + [a["value"] for a in body["alternatives"]]
        assert values == sorted(values, reverse=True)
        assert body["measure"] in ("deadwood", "points", "win")
        it = hint(client, gid, token, lang="it").json()
        assert it["lang"] == "it" and it["lines"][0].startswith("Suggerimento")
        assert it["action"] == {**body["action"], "text": it["action"]["text"],
                                "value_text": it["action"]["value_text"],
                                "notes": it["action"]["notes"]}
        # the seat cookie serves as the token; Accept-Language picks the language
        by_cookie = client.get(f"/api/games/{gid}/hint",
                               headers={"Accept-Language": "it-IT,it;q=0.9"})
        assert by_cookie.status_code == 200 and by_cookie.json()["lang"] == "it"
        # cards as a player reads them, in English too: 6♠, never the engine's 6S
        for lines in (body["lines"], it["lines"]):
            assert not re.search(r"\b(?:10|[A2-9TJQK])[CDHS]\b", " ".join(lines)), lines
            assert re.search("[♠♥♦♣]", " ".join(lines)), lines
        # playing the hinted move is accepted
        assert me.act(body["action"]["name"])["type"] == "ack"


def test_hint_refusals_are_precise(client: TestClient) -> None:
    game = create(client, opponent="friend")
    gid = game["game_id"]
    waiting = hint(client, gid, game["token"])
    assert waiting.status_code == 409 and waiting.json()["error"]["code"] == "not_started"
    friend = join_seat(client, gid, game["invite_token"])
    deal_first(client, game, game["token"], friend)
    state = client.get(f"/api/games/{gid}", params={"token": game["token"]}).json()["state"]
    mover = state["tables"][0]["to_act"]
    idle = [game["token"], friend][1 - mover]
    other = hint(client, gid, idle)
    assert other.status_code == 409
    assert other.json()["error"] == {
        "code": "not_your_turn",
        "message": f"seat {mover} is to act, not seat {1 - mover}: "
                   "a hint is for the seat to act"}
    watcher = hint(client, gid, game["watch_token"])
    assert watcher.status_code == 403 and watcher.json()["error"]["code"] == "read_only"
    client.cookies.clear()
    assert hint(client, gid).json()["error"]["code"] == "bad_token"
    assert hint(client, gid, "x" * 24).status_code == 403
    assert hint(client, "nosuchgame1", game["token"]).status_code == 404
    bad = hint(client, gid, game["token"], lang="fr")
    assert bad.status_code == 400
    assert bad.json()["error"]["message"] == "lang must be one of en, it, got 'fr'"


def test_no_hint_between_hands(client: TestClient) -> None:
    game = create(client)
    gid, token = game["game_id"], game["token"]
    with client.websocket_connect(f"/ws/{gid}?token={token}") as ws:
        me = Player(ws)
        me.play_hand_vs_computer()
        assert me.state["stage"] in ("between_hands", "over")
    refused = hint(client, gid, token)
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] in ("no_hand", "game_over")


# ---------------------------------------------------------------- no hidden information


def _hidden_swap(deck: list[int], rules: Rules, dealer: int) -> tuple[list[int], int]:
    """Another deck whose deal looks the same to the seat to act: one card of its opponent's
    hand trades places with a card deep in the stock. Returns the deck and that seat."""
    state = deal_hand(rules, dealer, deck)
    seat = state.turn
    opponent_index = next(i for i in range(20) if state.hands[1 - seat] >> deck[i] & 1)
    other = list(deck)
    other[opponent_index], other[40] = other[40], other[opponent_index]
    return other, seat


def _same_for(seat: int, a: HandState, b: HandState) -> None:
    assert view_of(a, seat).to_dict() == view_of(b, seat).to_dict()
    assert a.hands[1 - seat] != b.hands[1 - seat]


def test_two_games_differing_only_in_hidden_cards_give_the_same_hint(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = Rules.preset("standard")
    first_seed = random.Random(SEED).randbytes(32)  # the server's first draw: hand 1's seed
    dealer = Cut(tuple((a, b) for a, b in derive_cut(first_seed, "g", 2))).low
    deck = list(range(52))
    random.Random(3).shuffle(deck)
    other, seat = _hidden_swap(deck, rules, dealer)
    _same_for(seat, deal_hand(rules, dealer, deck), deal_hand(rules, dealer, other))
    answers = []
    for number, chosen in enumerate((deck, other)):
        settings = Settings(database=f"sqlite:///{tmp_path / f'g{number}.sqlite3'}",
                            rng=random.Random(SEED), computer_delay=0.0,
                            allowed_hosts=("testserver",))
        monkeypatch.setattr("ginrummy.livetable.draft.deck_of",  # this deck, not the fair one
                            lambda row, game_id, rigged=list(chosen): rigged)
        with TestClient(create_app(settings)) as client:
            game = create(client, opponent="friend")
            gid = game["game_id"]
            friend = join_seat(client, gid, game["invite_token"])
            deal_first(client, game, game["token"], friend)
            token = [game["token"], friend][seat]
            table = client.app.state.lobby.tables[gid]  # type: ignore[attr-defined]
            assert table.position.game.hand.deck == tuple(chosen)
            first = hint(client, gid, token, lang="it").json()  # the first upcard: take or pass
            with client.websocket_connect(f"/ws/{gid}?token={token}") as ws:
                me = Player(ws)
                assert me.act("take")["type"] == "ack"  # the same move in both games
            second = hint(client, gid, token, lang="en").json()  # now a discard
            hand = table.position.game.hand
            direct = hint_for(view_of(hand, seat))
            assert second["action"]["id"] == direct.action
            assert second["lines"] == hint_lines(direct, player_messages("en"))
            answers.append((first, second, hand))
    (first_a, second_a, hand_a), (first_b, second_b, hand_b) = answers
    _same_for(seat, hand_a, hand_b)
    assert len(second_a["alternatives"]) >= 9  # a real choice among the discards
    strip = ("game_id",)
    assert {k: v for k, v in first_a.items() if k not in strip} == \
        {k: v for k, v in first_b.items() if k not in strip}
    assert {k: v for k, v in second_a.items() if k not in strip} == \
        {k: v for k, v in second_b.items() if k not in strip}
