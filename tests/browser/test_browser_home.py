"""The home page (issue 12, item 10): the start button above the fold at 768 px, a sensible
default level, the last settings remembered; animation speed and sound in the Display menu
(sound off by default); and the players told when someone is watching."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import new_game

pytestmark = pytest.mark.shared_server


def test_home_starts_above_the_fold_and_remembers_the_last_game(
    server: Server, browsers: Browsers
) -> None:
    page = browsers.page(viewport={"width": 1366, "height": 768}, at=server.url + "/")
    page.locator("form.new-game").wait_for()
    start = page.locator("form.new-game button[type=submit]").bounding_box()
    assert start is not None and start["y"] + start["height"] <= 768, start
    assert page.locator('select[name="level"]').input_value() == "3"
    new_game(page, server.url, level=2, preset="oklahoma")
    page.goto(server.url + "/")
    page.locator("form.new-game").wait_for()
    assert page.locator('select[name="level"]').input_value() == "2"
    assert page.locator('select[name="preset"]').input_value() == "oklahoma"
    # the Display menu: animation speed, and sound off until asked for
    page.locator("details.display summary").click()
    assert page.locator('select[name="speed"]').input_value() == "normal"
    assert not page.locator('input[name="sound"]').is_checked()
    page.select_option('select[name="speed"]', "fast")
    page.reload()
    page.locator("details.display summary").click()
    assert page.locator('select[name="speed"]').input_value() == "fast"


def test_players_are_told_when_someone_is_watching(server: Server, browsers: Browsers) -> None:
    ann = browsers.page()
    game = new_game(ann, server.url, level=1)
    ann.locator(".my-hand .card").first.wait_for()
    assert ann.locator(".felt .watchers").count() == 0
    watch = ann.evaluate(f"JSON.parse(localStorage.getItem('gin.links.{game}')).watch")
    assert watch and "/watch/" in watch
    watcher = browsers.page(at=watch)
    watcher.locator(".felt").wait_for()
    ann.locator(".felt .watchers", has_text="1 person is watching").wait_for()
    watcher.context.close()
    ann.locator(".felt .watchers").wait_for(state="detached")
