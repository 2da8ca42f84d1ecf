"""Player names (issue 11, item 11; the names of item 6): what is refused, what is kept, and
that no name can make the server fail on either database."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.server.live.names import NameRefused, impersonates_computer, player_name
from tests.server.kit import create, other_browser, running

KEPT = [
    ("Niccolò", "Niccolò"),
    ("Zoë", "Zoë"),
    ("José María", "José María"),
    ("Nicc" + "o\u0300", "Niccò"),  # a decomposed accent is stored composed (NFC)
    ("  Ann \t  Lee  ", "Ann Lee"),
    ("Ann\u00a0Lee", "Ann Lee"),
    ("Παναγιώτης", "Παναγιώτης"),
    ("Łukasz Żółć", "Łukasz Żółć"),
    ("李小龍", "李小龍"),
]


@pytest.mark.parametrize(("raw", "stored"), KEPT)
def test_accented_and_other_scripts_names_are_kept(raw: str, stored: str) -> None:
    assert player_name(raw) == stored


REFUSED = [
    ("Ann\u202eeL", "bidi", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("\u2066Ann\u2069", "bidi", "U+2066 LEFT-TO-RIGHT ISOLATE"),
    ("Ann\u200f", "bidi", "U+200F RIGHT-TO-LEFT MARK"),
    ("An\x00n", "control", "U+0000"),
    ("Ann\x07", "control", "U+0007"),
    ("Ann\x7f", "control", "U+007F"),
    ("Ann\u2028Lee", "control", "LINE SEPARATOR"),
    ("An\ud800n", "control", "lone surrogate"),
    ("\u200b\u200b", "invisible", "U+200B ZERO WIDTH SPACE"),
    ("Ann\ufeff", "invisible", "ZERO WIDTH NO-BREAK SPACE"),
    ("Ann\ue000", "invisible", "private-use"),
    ("\u3164", "blank", "U+3164 HANGUL FILLER"),
    ("\u2800\u2800", "blank", "BRAILLE PATTERN BLANK"),
    ("\u0301\u0301", "blank", "visible"),
    ("   ", "blank", "visible"),
    ("", "blank", "visible"),
    ("Z" + "\u0301" * 6, "marks", "combining marks"),
    ("A" * 41, "too_long", "at most 40"),
    (7, "type", "must be a string, got int"),
]


@pytest.mark.parametrize(("raw", "reason", "words"), REFUSED)
def test_names_with_controls_bidi_or_nothing_visible_are_refused(
    raw: object, reason: str, words: str
) -> None:
    with pytest.raises(NameRefused) as refused:
        player_name(raw)
    assert refused.value.reason == reason
    assert words in refused.value.message


IMPERSONATIONS = [
    "Computer (level 5)",
    "Computer 2 (level 3)",
    "Computer (livello 5)",
    "computer  (LEVEL 5)",
    "C o m p u t e r",
    "C0mputer (level 5)",
    "\u0421\u043emputer (level 5)",  # Cyrillic С and о
    "\uff23\uff4f\uff4d\uff50\uff55\uff54\uff45\uff52",  # fullwidth letters
    "Cómputer",
    "computer",
]


@pytest.mark.parametrize("raw", IMPERSONATIONS)
def test_names_that_impersonate_the_computer_are_refused(raw: str) -> None:
    assert impersonates_computer(" ".join(raw.split()))
    with pytest.raises(NameRefused) as refused:
        player_name(raw)
    assert refused.value.reason == "computer"


@pytest.mark.parametrize("raw", ["Ann", "Mario il computerista", "Compu", "Tecno Computer"])
def test_names_that_only_mention_computers_are_kept(raw: str) -> None:
    assert not impersonates_computer(raw)
    assert player_name(raw) == raw


def post_escaped(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    """POST ``body`` as JSON with ``\\uXXXX`` escapes (a lone surrogate travels so)."""
    return client.post(path, content=json.dumps(body),
                       headers={"content-type": "application/json"})


BAD_FOR_THE_DATABASE = ["An\x00n", "An\ud800n", "\udfff", "Ann\u202e"]


@pytest.mark.parametrize("raw", BAD_FOR_THE_DATABASE)
def test_nul_and_lone_surrogates_in_names_are_refused_on_both_databases(
    database: str, raw: str
) -> None:
    """They cannot be stored (PostgreSQL refuses NUL; surrogates are not UTF-8): a 400 that
    says why, on creation and on joining, and nothing is created."""
    with running(database) as client:
        for body in ({"opponent": "computer", "name": raw},
                     {"opponent": "friend", "name": raw},
                     {"players": 3, "seats": ["computer", "friend"], "preset": "classic",
                      "name": raw}):
            response = post_escaped(client, "/api/games", body)
            assert response.status_code == 400, response.text
            assert response.json()["error"]["code"] == "bad_name"
        game = create(client, opponent="friend", name="Ann")
        with other_browser(client):
            joined = post_escaped(client, f"/api/games/{game['game_id']}/join",
                                  {"token": game["invite_token"], "name": raw})
            assert joined.status_code == 400, joined.text
            assert joined.json()["error"]["code"] == "bad_name"
            state = client.get(f"/api/games/{game['game_id']}",
                               params={"token": game["invite_token"]}).json()["state"]
        assert not state["seats"][1]["joined"]
        assert client.get("/api/games/mine").json()["games"][0]["game_id"] == game["game_id"]


def test_an_impersonating_or_bidi_name_is_refused_with_its_reason(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        response = client.post("/api/games", json={"opponent": "computer",
                                                   "name": "Computer (level 5)"})
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "bad_name"
        assert response.json()["error"]["reason"] == "computer"
        game = create(client, opponent="computer", name="José  María")
        assert game["state"]["seats"][0]["name"] == "José María"
