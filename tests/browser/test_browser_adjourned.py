"""Issue 31, item 3, in the browser: a listed game none of whose players is connected is shown
under "Adjourned games" with the time it ends, not under "Games being played" (after a restart
too: the server's board is read from the database); a player coming back moves it to the games
being played, live, and leaving moves it back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.test_browser_accessibility import violations
from tests.server.kit import running
from tests.server.test_adjourned_games import listed_game_played


@pytest.fixture
def adjourned_game(tmp_path: Path) -> Iterator[tuple[Server, dict[str, Any]]]:
    """`gin serve` on a database where Ann and Bea played a few moves of a listed game, then
    both left."""
    server = Server(tmp_path)
    with running(server.database) as client, listed_game_played(client) as (made, _):
        game = made
    server.start()
    try:
        yield server, game
    finally:
        server.stop()


WORDS = {"en-GB": ("Adjourned games", "adjourned: ends at"),
         "it-IT": ("Partite sospese", "sospesa: finisce alle")}


@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_the_lobby_shows_a_game_nobody_is_at_as_adjourned_not_being_played(
        adjourned_game: tuple[Server, dict[str, Any]], browsers: Browsers, axe_source: str,
        locale: str) -> None:
    server, game = adjourned_game
    gid = game["game_id"]
    lobby = browsers.page(locale=locale, bypass_csp=True, at=server.url + "/lobby")
    adjourned = lobby.locator(f'.lobby-adjourned [data-game="{gid}"]')
    adjourned.wait_for()
    heading, status = WORDS[locale]
    assert lobby.locator("#adjourned-title").inner_text() == heading
    assert status in adjourned.inner_text()
    being_played = lobby.locator('section[aria-labelledby="playing-title"]')
    assert being_played.locator(f'[data-game="{gid}"]').count() == 0
    assert violations(lobby, axe_source) == []

    ann = browsers.page(locale=locale, at=game["links"]["play"].replace(
        "http://testserver", server.url))
    ann.locator(".felt").wait_for()
    lobby.locator(".lobby-adjourned").wait_for(state="detached")  # she is back: being played
    being_played.locator(f'[data-game="{gid}"]').wait_for()
    ann.close()
    lobby.locator(f'.lobby-adjourned [data-game="{gid}"]').wait_for()  # gone again
