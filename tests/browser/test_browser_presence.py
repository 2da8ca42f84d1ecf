"""A friend who drops out (issue 12, item 3): the table says plainly that they are disconnected
and counts down, from the server's --idle-seconds, to the computer taking their place."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import Browsers, Server, serving
from tests.browser.driver import invite_friend, stage, step

IDLE = 8.0


@pytest.fixture
def idle_server(tmp_path: Path) -> Iterator[Server]:
    with serving(tmp_path, idle_seconds=IDLE) as running:
        yield running


def test_a_disconnected_friend_is_named_and_the_stand_in_is_counted_down(
    idle_server: Server, browsers: Browsers
) -> None:
    ann = browsers.page()
    invite = invite_friend(ann, idle_server.url)
    bob = browsers.page(at=invite)
    bob.fill('input[name="name"]', "Bob")
    bob.locator(".panel.join button[type=submit]").click()
    bob.locator(".felt.stage-hand").wait_for()
    ann.locator(".felt.stage-hand").wait_for()
    for _ in range(200):  # Ann plays until it is Bob's turn
        if "Waiting for Bob" in ann.inner_text(".felt .panel"):
            break
        if stage(ann) == "hand" and not step(ann, knock=False):
            ann.wait_for_timeout(50)
    assert "Waiting for Bob" in ann.inner_text(".felt .panel")
    assert "disconnected" not in ann.inner_text(".seat.top .seat-head")
    bob.context.close()
    ann.locator(".status.away").wait_for()
    status = ann.inner_text(".status.away")
    assert status.startswith("Bob is disconnected."), status
    found = re.search(r"The computer takes their place in 0:0(\d) unless they come back\.", status)
    assert found and 0 < int(found.group(1)) <= IDLE, status
    assert "disconnected" in ann.inner_text(".seat.top .seat-head")
    ann.wait_for_function(  # it ticks (a loaded machine may be slow to repaint)
        """first => { const shown = document.querySelector('.status.away')?.innerText || '';
                      const left = /in 0:0(\\d)/.exec(shown);
                      return left !== null && Number(left[1]) < first; }""",
        arg=int(found.group(1)), timeout=8_000)
    ann.locator(".log li", has_text="Bob is away: the computer plays for them.").wait_for(
        timeout=(IDLE + 10) * 1000)
