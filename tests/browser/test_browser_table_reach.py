"""The table reaches the player (issue 31): the hint covers nothing the player clicks or reads;
a rematch offer and the turn reach a player where they look (a notice within the screen, the
browser's notification in a hidden tab); the keys work from the first turn; a touch screen is
told no key and its action bar keeps one row; the flying card is hidden from assistive
technology. On a laptop in English (1366x768) and on a phone in Italian (390x844, touch)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import DEVICES, Browsers, Server, serving
from tests.browser.driver import click, enabled, new_game, stage, step, wait_turn_or_end
from tests.browser.test_browser_accessibility import violations
from tests.browser.test_browser_rematch import _met, _to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.shared_server]

CASES = [("en-GB", "laptop"), ("it-IT", "phone")]

WHAT_THE_PLAYER_USES = (".stock, .pile, .my-hand .card, .melds-area .card, .seat-cards .card,"
                        " .middle .info, .felt .panel p.status, .felt .panel .buttons .btn,"
                        " .layouts .layout")
"""Everything at the table the player may click or read while a hint shows."""

COVERED = """(selectors) => {
  const hint = document.querySelector('.hint').getBoundingClientRect();
  const over = (r) => r.left < hint.right && hint.left < r.right
                      && r.top < hint.bottom && hint.top < r.bottom;
  // the part of an element in sight: a layout scrolled out of its list is not under the hint
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    const list = el.parentElement && el.parentElement.closest('.layouts');
    if (!list) return r;
    const b = list.getBoundingClientRect();
    return { left: Math.max(r.left, b.left), right: Math.min(r.right, b.right),
             top: Math.max(r.top, b.top), bottom: Math.min(r.bottom, b.bottom) };
  };
  return [...document.querySelectorAll(selectors)]
    .filter((el) => { const r = seen(el); return r.right > r.left && r.bottom > r.top && over(r); })
    .map((el) => `${el.className} ${el.dataset.card || el.textContent.slice(0, 30)}`);
}"""
"""What the hint's box overlaps, of ``selectors``."""

HIT = """(selector) => {
  const el = document.querySelector(selector);
  el.scrollIntoView({ block: 'center' });
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return el.contains(hit);
}"""
"""Whether a click at the centre of ``selector`` reaches it (nothing lies over it)."""


def _press(page: Any, touch: bool, selector: str) -> None:
    """A tap on a touch screen, a click elsewhere."""
    if touch:
        page.locator(selector).first.tap()
    else:
        page.locator(selector).first.click()


def _hint(page: Any, touch: bool) -> None:
    _press(page, touch, 'button[data-name="hint"]')
    page.locator(".hint p").first.wait_for()


def _to_my_draw(page: Any) -> None:
    """Pass the upcard (or discard) until the player's turn is a draw from the stock."""
    for _ in range(40):
        wait_turn_or_end(page)
        assert stage(page) == "hand", "the hand ended before a draw from the stock"
        if enabled(page, "stock"):
            return
        if enabled(page, "pass"):
            click(page, "pass")
        else:
            step(page, knock=False)
        page.wait_for_timeout(50)
    raise AssertionError("no draw from the stock came")


@pytest.mark.parametrize(("locale", "device"), CASES)
def test_the_hint_covers_nothing_the_player_clicks_or_reads_and_a_click_on_the_stock_draws(
    server: Server, browsers: Browsers, axe_source: str, locale: str, device: str
) -> None:
    touch = device == "phone"
    page = browsers.page(locale=locale, bypass_csp=True, **DEVICES[device])
    new_game(page, server.url, level=1)
    wait_turn_or_end(page)
    _hint(page, touch)
    assert page.evaluate(COVERED, WHAT_THE_PLAYER_USES) == []
    assert violations(page, axe_source) == []
    _to_my_draw(page)
    _hint(page, touch)
    assert page.evaluate(COVERED, WHAT_THE_PLAYER_USES) == []
    assert page.evaluate(HIT, ".stock") and page.evaluate(HIT, ".pile")
    box = page.locator(".stock").bounding_box()
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    if touch:  # where the player's finger or pointer lands, whatever lies there
        page.touchscreen.tap(*centre)
    else:
        page.mouse.click(*centre)
    page.wait_for_function("document.querySelectorAll('.my-hand .card').length === 11")
    assert page.locator(".hint").count() == 0


@pytest.mark.parametrize(("locale", "device"), CASES)
def test_the_hint_covers_nothing_at_any_turn_of_a_hand(
    server: Server, browsers: Browsers, locale: str, device: str
) -> None:
    page = browsers.page(locale=locale, **DEVICES[device])
    new_game(page, server.url, level=1)
    hinted = 0
    for _ in range(300):
        if stage(page) != "hand" or hinted >= 12:
            break
        wait_turn_or_end(page)
        if stage(page) == "hand" and enabled(page, "hint"):
            _hint(page, touch=False)
            panel = page.locator(".felt .panel").get_attribute("class") or ""
            assert page.evaluate(COVERED, WHAT_THE_PLAYER_USES) == [], panel
            hinted += 1
        if not step(page):
            page.wait_for_timeout(50)
    assert hinted >= 2


REMATCH_OFFER = {"en-GB": "Ann asks for a rematch.", "it-IT": "Ann ti propone la rivincita."}

ON_SCREEN = """(selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight
         && r.left >= 0 && r.right <= innerWidth;
}"""


@pytest.mark.slow
@pytest.mark.parametrize(("locale", "device"), [("it-IT", "phone"), ("en-GB", "laptop")])
def test_a_rematch_offer_and_its_accept_are_within_the_screen_wherever_the_player_looks(
    tmp_path: Path, browsers: Browsers, axe_source: str, locale: str, device: str
) -> None:
    with serving(tmp_path) as server:
        ann, bob, _ = _met("invite", server.url, browsers, locale, device)
        _to_the_end(ann, bob)
        bob.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        click(ann, "rematch")
        notice = bob.locator("#notices .notice.offer[role=status]")
        notice.wait_for()
        assert REMATCH_OFFER[locale] in notice.inner_text()
        assert bob.evaluate(ON_SCREEN, "#notices .notice.offer")
        assert bob.evaluate(ON_SCREEN, '#notices button[data-name="notice-rematch"]')
        assert ann.locator("#notices .notice.offer").count() == 0  # the one who asked
        assert violations(bob, axe_source) == []
        first = ann.url
        accept = bob.locator('#notices button[data-name="notice-rematch"]')
        if device == "phone":
            accept.tap()
        else:
            accept.click()
        for page in (ann, bob):
            for _ in range(200):
                if page.url != first and "/play/" in page.url:
                    break
                page.wait_for_timeout(100)
            page.locator(".felt.stage-hand").wait_for()
        assert ann.url == bob.url != first


FAKE_NOTIFICATIONS = """
window.__shown = []; window.__asked = 0; window.__hidden = false;
class FakeNotification {
  constructor(title, options) { window.__shown.push({ title, body: options && options.body }); }
}
FakeNotification.permission = "default";
FakeNotification.requestPermission = async () => {
  window.__asked += 1; FakeNotification.permission = "granted"; return "granted"; };
Object.defineProperty(window, "Notification", { value: FakeNotification, configurable: true });
Object.defineProperty(Document.prototype, "visibilityState", {
  get() { return window.__hidden ? "hidden" : "visible"; }, configurable: true });
"""
"""The browser's notifications, recorded, and a tab hidden when the test says so."""


def _until_my_turn_comes_again(page: Any) -> None:
    """Move until the turn has gone to the computer and come back (or the hand ended)."""
    for _ in range(10):
        wait_turn_or_end(page)
        if stage(page) != "hand":
            return
        move = step(page, knock=False)
        if move in ("discard", "pass"):
            wait_turn_or_end(page)
            return
    raise AssertionError("the turn did not come back")


def test_a_hidden_tab_is_told_its_turn_by_the_browser_once_the_player_turned_it_on(
    server: Server, browsers: Browsers, axe_source: str
) -> None:
    page = browsers.page(bypass_csp=True, **DEVICES["laptop"])
    page.context.add_init_script(FAKE_NOTIFICATIONS)
    new_game(page, server.url, level=1)
    _until_my_turn_comes_again(page)
    assert page.evaluate("window.__asked") == 0  # never asked without the player's gesture
    assert page.evaluate("window.__shown") == []
    assert page.locator("#notices .notice.turn").count() == 0  # the table in sight says it
    toggle = page.locator('button[data-name="notify"]')
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    page.locator('button[data-name="notify"][aria-pressed="true"]').wait_for()
    assert page.evaluate("window.__asked") == 1
    page.evaluate("window.__hidden = true")
    _until_my_turn_comes_again(page)
    assert stage(page) == "hand"
    shown = page.evaluate("window.__shown")
    assert shown and shown[-1]["body"] == "It's your turn.", shown
    notice = page.locator("#notices .notice.turn[role=status]")
    assert "It's your turn." in notice.inner_text()  # there too when the player comes back
    page.evaluate("window.__hidden = false")
    assert violations(page, axe_source) == []


def test_the_keys_work_from_the_first_turn_and_a_chat_line_keeps_its_focus(
    server: Server, browsers: Browsers
) -> None:
    page = browsers.page(**DEVICES["laptop"])
    new_game(page, server.url, level=1)
    wait_turn_or_end(page)
    focused = "document.activeElement.closest('.my-hand .card')?.dataset.card || null"
    first = page.evaluate(focused)
    assert first is not None, page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) not in (None, first)
    page.locator(".chat-box summary").click()
    page.locator('.chat-box input[name="chat"]').fill("hi")
    for _ in range(10):  # moves made without the focus leaving the chat line
        wait_turn_or_end(page)
        assert stage(page) == "hand"
        move = page.evaluate("""() => {
          for (const name of ['pass', 'stock']) {
            const b = document.querySelector(`button[data-name="${name}"]:not([disabled])`);
            if (b) { b.click(); return name; } }
          const card = document.querySelector('.my-hand .card.playable');
          if (card) { card.click(); return 'discard'; }
          return ''; }""")
        if move in ("pass", "discard"):
            break
        page.wait_for_timeout(50)
    wait_turn_or_end(page)
    assert page.evaluate("document.activeElement.name") == "chat"
    assert page.locator('.chat-box input[name="chat"]').input_value() == "hi"


KEYS_NAMED = re.compile(r"\([A-Z]\)|←|→|\bEnter\b|\bInvio\b")

ACTION_BAR = """() => {
  const panel = document.querySelector('.felt .status-panel');
  if (!panel) return null;
  const buttons = [...panel.querySelectorAll('.buttons .btn')];
  const right = panel.getBoundingClientRect().right;
  return { rows: new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top))).size,
           clipped: buttons.filter((b) => b.scrollWidth > b.clientWidth + 1)
             .map((b) => b.dataset.name),
           outside: buttons.filter((b) => b.getBoundingClientRect().right > right)
             .map((b) => b.dataset.name),
           names: buttons.map((b) => b.dataset.name) };
}"""


def _tap_step(page: Any) -> str:
    """One move by touch: pass, else draw from the stock, else discard the last loose card."""
    for name in ("pass", "stock"):
        if enabled(page, name):
            page.locator(f'button[data-name="{name}"]').tap()
            return name
    cards = page.locator(".my-hand .card.playable")
    if cards.count():
        # cards overlap on a narrow screen: a finger touches the part left in sight, the left
        # edge (the card after it may cover the middle, as when laying off)
        cards.last.tap(position={"x": 4, "y": 12})
        return "discard"
    return ""


@pytest.mark.parametrize("width", [390, 360])
@pytest.mark.parametrize("locale", ["it-IT", "en-GB"])
def test_a_touch_screen_is_told_no_key_and_its_action_bar_keeps_one_row(
    server: Server, browsers: Browsers, locale: str, width: int
) -> None:
    page = browsers.page(locale=locale, viewport={"width": width, "height": 800},
                         is_mobile=True, has_touch=True)
    new_game(page, server.url, level=1)
    wait_turn_or_end(page)
    assert page.evaluate("document.activeElement === document.body")  # no focus pulled on a phone
    seen = 0
    for _ in range(60):
        wait_turn_or_end(page)
        if stage(page) != "hand" or seen >= 6:
            break
        status = page.inner_text(".felt .panel p.status")
        assert not KEYS_NAMED.search(status), status
        bar = page.evaluate(ACTION_BAR)
        if bar and len(bar["names"]) >= 4:
            assert bar["rows"] == 1 and bar["clipped"] == [] and bar["outside"] == [], bar
            seen += 1
        if not _tap_step(page):
            page.wait_for_timeout(50)
    assert seen >= 2


def test_a_laptop_status_names_the_keys(server: Server, browsers: Browsers) -> None:
    page = browsers.page(**DEVICES["laptop"])
    new_game(page, server.url, level=1)
    wait_turn_or_end(page)
    assert KEYS_NAMED.search(page.inner_text(".felt .panel p.status"))


HOLD_FLIGHTS = """() => {
  window.ghostHeld = null;
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (node.classList && node.classList.contains('flying') && !window.ghostHeld) {
        node.getAnimations().forEach((a) => a.pause());
        window.ghostHeld = node.getAttribute('aria-hidden');
      }
    }
  }).observe(document.body, { childList: true });
}"""
"""Hold the first card that flies in mid-air (its animation paused); note its aria-hidden."""


@pytest.mark.parametrize(("locale", "device"), CASES)
def test_a_card_in_flight_is_hidden_from_assistive_technology_and_axe_finds_nothing(
    server: Server, browsers: Browsers, axe_source: str, locale: str, device: str
) -> None:
    page = browsers.page(locale=locale, bypass_csp=True, **DEVICES[device])
    new_game(page, server.url, level=1)
    page.locator(".my-hand .card").first.wait_for()
    page.evaluate(HOLD_FLIGHTS)
    for _ in range(200):
        if page.evaluate("window.ghostHeld !== null") or stage(page) != "hand":
            break
        if not step(page, knock=False):
            page.wait_for_timeout(40)
    assert page.evaluate("window.ghostHeld") == "true"
    hidden = page.locator(".card.flying").evaluate_all(
        "ghosts => ghosts.map((ghost) => ghost.getAttribute('aria-hidden'))")
    assert hidden and set(hidden) == {"true"}, hidden
    page.add_script_tag(content=axe_source)
    found = page.evaluate("""async () => {
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations.map((v) => `${v.id}: `
          + v.nodes.map((n) => n.target.join(' ')).join(' | '));
    }""")
    assert found == []
    page.evaluate("document.querySelectorAll('.card.flying')"
                  ".forEach((g) => g.getAnimations().forEach((a) => a.finish()))")
    page.wait_for_function("document.querySelector('.card.flying') === null")
