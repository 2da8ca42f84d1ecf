"""Zero axe-core violations, of any impact, on every screen a player meets (issue 12), in both
languages and at a laptop's and a phone's size; and a hand played from the keyboard alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import (
    new_game,
    next_hand,
    play_hand,
    settle,
    stage,
    step,
    wait_turn_or_end,
)
from tests.browser.test_browser_cut_choice import start_until_chooser

pytestmark = pytest.mark.shared_server  # each test plays games of its own

SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def violations(page: Any, axe_source: str) -> list[str]:
    """axe-core's violations on the page (its context bypasses the CSP to inject axe)."""
    settle(page)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    found = page.evaluate("""async () => {
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations.map((v) => `${v.id} (${v.impact}): ` +
          v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | '));
    }""")
    return list(found)


def check_at_every_size(found: dict[str, list[str]], name: str, page: Any,
                        axe_source: str) -> None:
    """axe-core's violations of the screen ``name`` at a laptop's and at a phone's size
    (the page is resized and given back its own size: one visit checks both)."""
    own = page.viewport_size
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        found[f"{name} ({size})"] = violations(page, axe_source)
    page.set_viewport_size(own)


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_no_axe_violation_on_the_home_page_the_table_and_the_reading_pages(
    server: Server, browsers: Browsers, axe_source: str, locale: str
) -> None:
    page = browsers.page(locale=locale, viewport=SIZES["laptop"], bypass_csp=True)
    found: dict[str, list[str]] = {}
    for path in ("/rules", "/tips", "/faq"):
        page.goto(server.url + path)
        check_at_every_size(found, path, page, axe_source)
    page.goto(server.url + "/")
    page.locator("form.new-game").wait_for()
    page.locator(".games").wait_for()
    check_at_every_size(found, "home", page, axe_source)
    page.goto(server.url + "/lobby")
    page.locator(".lobby").wait_for()
    check_at_every_size(found, "lobby", page, axe_source)
    new_game(page, server.url, opponent="anyone")
    page.locator(".lobby-places").wait_for()
    check_at_every_size(found, "lobby game waiting", page, axe_source)
    page.goto(server.url + "/lobby")
    page.locator(".lobby-open").first.wait_for()
    check_at_every_size(found, "lobby with a table", page, axe_source)
    new_game(page, server.url, level=1, options={"target": 10})
    page.locator(".my-hand .card").first.wait_for()
    wait_turn_or_end(page)
    check_at_every_size(found, "table", page, axe_source)
    page.locator(".chat-box summary").click()
    page.locator('.chat-box input[name="chat"]').wait_for()
    check_at_every_size(found, "table with its chat", page, axe_source)
    page.locator(".chat-box summary").click()
    play_hand(page)
    check_at_every_size(found, "hand result", page, axe_source)
    assert found == {name: [] for name in found}, found


@pytest.mark.slow
@pytest.mark.parametrize(("locale", "size"), [("en-GB", "laptop"), ("it-IT", "phone")])
def test_no_axe_violation_through_a_whole_game_its_end_and_its_replay(
    server: Server, browsers: Browsers, axe_source: str, locale: str, size: str
) -> None:
    page = browsers.page(locale=locale, viewport=SIZES[size], bypass_csp=True)
    new_game(page, server.url, level=1, options={"target": 10})
    found: dict[str, list[str]] = {}
    for _ in range(600):
        current = stage(page)
        if current == "over":
            break
        if current == "between_hands":
            next_hand(page)
            continue
        for panel in (".layout-panel", ".defend-panel"):
            if panel not in found and page.locator(panel).count():
                found[panel] = violations(page, axe_source)
        offer = page.locator('button[data-name="pass"]:not([disabled])')
        if "upcard" not in found and offer.count():
            found["upcard"] = violations(page, axe_source)
        if not step(page, knock=True):
            page.wait_for_timeout(40)
    page.locator(".game-over").wait_for()
    found["game over"] = violations(page, axe_source)
    page.locator('.result-panel a[href*="?replay"]').click()
    page.locator(".replay-bar").wait_for()
    found["replay"] = violations(page, axe_source)
    assert {"game over", "replay"} <= set(found)  # the upcard offer: only when the deals give it
    assert found == {name: [] for name in found}, found


def _press_until(page: Any, key: str, test: str, tries: int = 80) -> None:
    for _ in range(tries):
        if page.evaluate(test):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {test}")


@pytest.fixture
def laptop_game(server: Server, browsers: Browsers) -> Any:
    """A laptop-sized page (no CSP, so that axe may run) at a new game against level 1."""
    page = browsers.page(viewport=SIZES["laptop"], bypass_csp=True)
    new_game(page, server.url, level=1)
    return page


IN_HAND = "document.activeElement && document.activeElement.closest('.my-hand') !== null"


def test_a_whole_hand_from_the_keyboard_alone_with_each_move_announced(laptop_game: Any) -> None:
    page = laptop_game
    page.evaluate("""() => { window.heard = [];
        const live = document.getElementById('announce');
        new MutationObserver(() => window.heard.push(live.textContent))
          .observe(live, { childList: true, characterData: true, subtree: true }); }""")
    for _ in range(400):
        if stage(page) in ("between_hands", "over"):
            break
        wait_turn_or_end(page)
        if stage(page) != "hand":
            continue
        enabled = page.evaluate("""() => [...document.querySelectorAll('button[data-name]')]
            .filter((b) => !b.disabled && b.getAttribute('aria-disabled') !== 'true')
            .map((b) => b.dataset.name)""")
        if "pass" in enabled:
            page.keyboard.press("p")
        elif "stock" in enabled:
            page.keyboard.press("s")
        elif "gin" in enabled:
            page.keyboard.press("g")
        elif "knock" in enabled:
            page.keyboard.press("k")
            # the knock card is focused, unless the table moved on meanwhile (then look again)
            if page.wait_for_function("document.activeElement?.matches('.my-hand .card.knockable')"
                                      " || !document.querySelector('.knock-mode')",
                                      timeout=5000) and page.locator(".knock-mode").count():
                page.keyboard.press("Enter")
        elif {"lay-out", "accept"} & set(enabled):
            page.keyboard.press("Enter")
        elif page.locator(".my-hand .card.playable").count():
            if not page.evaluate(IN_HAND):
                _press_until(page, "Tab", IN_HAND)
            page.keyboard.press("ArrowLeft")  # round to the last card: the highest loose one
            page.keyboard.press("Enter")
        page.wait_for_timeout(60)
    page.locator(".result-panel").wait_for()
    heard = page.evaluate("window.heard")
    assert len(heard) >= 3, heard
    assert any(line.startswith("You ") for line in heard), heard  # a discard, a knock, a pass…
    assert any("Computer" in line for line in heard), heard


CONTRAST = """([selector, against]) => {
  const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
  const linear = (v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  const lum = (c) => c.map(linear).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  return [...document.querySelectorAll(selector)].filter((el) => el.offsetParent).map((el) => {
    const style = getComputedStyle(el);
    const [r, g, b, a = 1] = rgb(style.color);
    const back = against ? rgb(against) : rgb(getComputedStyle(el).backgroundColor);
    let alpha = a * Number(style.opacity);
    for (let up = el.parentElement; up; up = up.parentElement) {
      alpha *= Number(getComputedStyle(up).opacity);
    }
    const shown = [r, g, b].map((v, i) => v * alpha + back[i] * (1 - alpha));
    const [hi, lo] = [lum(shown), lum(back)].sort((x, y) => y - x);
    return { text: el.innerText.slice(0, 30), ratio: (hi + 0.05) / (lo + 0.05) };
  });
}"""
FELT_BRIGHTEST = "rgb(39, 117, 73)"


def test_text_on_the_felt_and_the_pressed_sort_button_meet_wcag_aa(laptop_game: Any) -> None:
    page = laptop_game
    wait_turn_or_end(page)
    felt_text = ".felt .muted, .felt .caption, .felt .label, .felt .status, .felt .seat-head .name"
    found = page.evaluate(CONTRAST, [felt_text, FELT_BRIGHTEST])
    assert found and all(item["ratio"] >= 4.5 for item in found), found
    pressed = page.locator('.sort button[aria-pressed="true"]')
    pressed.hover()
    ratios = page.evaluate(CONTRAST, ['.sort button[aria-pressed="true"]', None])
    assert ratios and all(item["ratio"] >= 4.5 for item in ratios), ratios


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_no_axe_violation_on_the_seat_notices_the_cut_choice_and_the_deal_checker(
    server: Server, browsers: Browsers, axe_source: str, locale: str
) -> None:
    options = {"locale": locale, "viewport": SIZES["laptop"], "bypass_csp": True}
    found: dict[str, list[str]] = {}
    ann = browsers.page(**options, at=server.url + "/verify")
    ann.locator(".verify-page").wait_for()
    check_at_every_size(found, "verify", ann, axe_source)

    new_game(ann, server.url, opponent="computer", name="Ann")
    ann.locator(".felt.stage-hand").wait_for()
    ann.context.new_page().goto(ann.url)  # the same seat opened in a second window
    ann.locator(".panel.replaced").wait_for()
    check_at_every_size(found, "seat replaced", ann, axe_source)

    new_game(ann, server.url, opponent="friend", name="Ann")
    ann.locator(".invite").wait_for()
    check_at_every_size(found, "invite links", ann, axe_source)
    invite = ann.locator('input[data-link="invite"]').input_value()
    bob = browsers.page(**options, at=invite)
    bob.locator(".panel.join").wait_for()
    check_at_every_size(found, "join", bob, axe_source)
    bob.fill('input[name="name"]', "Bob")
    bob.locator(".panel.join button[type=submit]").click()
    bob.locator(".felt.stage-hand").wait_for()
    stranger = browsers.page(**options, at=invite)
    stranger.locator(".panel.seat-taken").wait_for()
    check_at_every_size(found, "seat taken", stranger, axe_source)

    start_until_chooser(ann, server.url)
    check_at_every_size(found, "cut choice", ann, axe_source)
    assert found == {name: [] for name in found}, found


@pytest.mark.parametrize(("locale", "size"), [("en-GB", "laptop"), ("it-IT", "phone")])
def test_no_axe_violation_on_the_community_pages_of_a_signed_in_player(
    tmp_path: Path, browsers: Browsers, axe_source: str, locale: str, size: str
) -> None:
    """Issue 31: the account panel, the lobby, quick match, the leaderboard, a profile, the
    tournaments (listed, taking entries, over with their standings), signed in."""
    from tests.browser.test_browser_site_fit import community, played_out, signed_in

    with community(tmp_path) as (server, tournament):
        page = signed_in(browsers.page(locale=locale, viewport=SIZES[size], bypass_csp=True),
                         server.url)
        found: dict[str, list[str]] = {}
        found["account"] = violations(page, axe_source)
        page.evaluate("document.querySelectorAll('#account details')"
                      ".forEach((d) => { d.open = true; })")
        found["account forms"] = violations(page, axe_source)
        page.goto(server.url + "/lobby")
        page.locator(".tournaments", has_text="Cup").wait_for()
        found["lobby with a tournament"] = violations(page, axe_source)
        page.locator(".quick-match button.primary").click()
        page.locator(".quick-waiting").wait_for()
        found["quick match waiting"] = violations(page, axe_source)
        page.locator('.quick-waiting button[data-focus="quick-cancel"]').click()
        page.goto(server.url + "/leaderboard?provisional=1")
        page.locator(".board tbody tr").first.wait_for()
        found["leaderboard"] = violations(page, axe_source)
        page.goto(server.url + "/players/anna")
        page.locator("svg.rating-chart").wait_for()
        found["profile"] = violations(page, axe_source)
        page.goto(f"{server.url}/tournaments/{tournament}")
        page.locator(".tournament-status").wait_for()
        found["tournament taking entries"] = violations(page, axe_source)
        played_out(page, tournament)
        page.goto(f"{server.url}/tournaments/{tournament}")
        page.locator("table.standings tbody tr").first.wait_for()
        found["tournament standings"] = violations(page, axe_source)
        assert found == {name: [] for name in found}, found
