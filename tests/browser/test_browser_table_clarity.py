"""What a new player tripped over at the table (issue 12, items 1, 2, 4, 7, 8, 11): card corners
painted over the next card, engine codes and English server text, focus lost after a discard,
Knock and Gin off without a reason, a gin logged as a knock, "difference 10 = 10"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import (
    busy,
    enabled,
    hand_cards,
    new_game,
    play_hand,
    stage,
    step,
    wait_turn_or_end,
)

pytestmark = pytest.mark.shared_server

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
ENGINE_CODE = re.compile(r"\b(?:10|[A2-9TJQK])[CDHS]\b")
"""A card as the engine writes it (``6S``, ``TD``): a player never reads one."""

CORNERS_PAINTED_OVER = """() => {
  // an index is painted over a neighbour when, at its centre, it is what the screen shows
  // although that point lies inside another card laid after it
  const bad = [];
  for (const row of document.querySelectorAll('.my-hand, .seat-cards, .pile-stack')) {
    const cards = [...row.querySelectorAll('.card')];
    cards.forEach((card, i) => {
      for (const idx of card.querySelectorAll('.idx')) {
        const r = idx.getBoundingClientRect();
        if (!r.width) continue;
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const top = document.elementFromPoint(x, y);
        if (!top || !idx.contains(top)) continue;
        for (const later of cards.slice(i + 1)) {
          const o = later.getBoundingClientRect();
          if (x > o.left && x < o.right && y > o.top && y < o.bottom) bad.push(card.dataset.card);
        }
      }
    });
  }
  return bad;
}"""


def _visible_text(page: Any) -> str:
    return str(page.evaluate("document.body.innerText"))


@pytest.mark.parametrize("size, large", [("phone", True), ("phone", False), ("desktop", True)])
def test_overlapped_cards_show_only_their_top_left_index(
    server: Server, browsers: Browsers, size: str, large: bool
) -> None:
    options = PHONE if size == "phone" else {"viewport": {"width": 1366, "height": 768}}
    page = browsers.page(**options, at=server.url + "/")
    page.evaluate(f"localStorage.setItem('gin.large', '{str(large).lower()}')")
    new_game(page, server.url, level=1)
    page.locator(".my-hand .card").first.wait_for()
    wait_turn_or_end(page)
    assert page.evaluate(CORNERS_PAINTED_OVER) == []
    # nothing runs off the side of the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= options["viewport"]["width"]


@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_no_engine_code_reaches_a_player_through_a_hand_and_its_hints(
    server: Server, browsers: Browsers, locale: str
) -> None:
    page = browsers.page(locale=locale)
    new_game(page, server.url, level=2)
    seen: list[str] = []
    for _ in range(3):  # a hint at each of three turns, and every screen in between
        wait_turn_or_end(page)
        if stage(page) != "hand":
            break
        page.locator('button[data-name="hint"]').click()
        page.locator(".hint p").first.wait_for()
        seen.append(_visible_text(page))
        play_hand_step = page.locator(".my-hand .card.playable")
        if page.locator('button[data-name="pass"]:not([disabled])').count():
            page.locator('button[data-name="pass"]').click()
        elif page.locator('button[data-name="stock"]:not([disabled])').count():
            page.locator('button[data-name="stock"]').click()
        elif play_hand_step.count():
            play_hand_step.last.click()
    play_hand(page)
    seen.append(_visible_text(page))
    for text in seen:
        assert not ENGINE_CODE.search(text), ENGINE_CODE.search(text)
    hints = " ".join(seen)
    assert re.search("(Hint|Suggerimento): .*[♠♥♦♣]", hints)


def test_every_refusal_is_in_the_reader_s_language_without_the_server_s_english(
    server: Server, browsers: Browsers
) -> None:
    source = "\n".join(path.read_text(encoding="utf-8")  # the server's, and the table's
                       for folder in ("server", "livetable")  # (livetable's Refused)
                       for path in (ROOT / "ginrummy" / folder).rglob("*.py"))
    refusal = r"""(?:ClientError|HTTPError|Refused)\((?:\d+, )?"([a-z_]+)\""""
    codes = sorted(set(re.findall(refusal, source)))
    assert {"illegal_action", "bad_action", "not_your_turn", "stale", "bad_rules"} <= set(codes)
    texts = {}
    for locale in ("en-GB", "it-IT"):
        page = browsers.page(locale=locale, at=server.url + "/")
        page.locator("form.new-game").wait_for()
        texts[locale] = page.evaluate(
            """async (codes) => {
                 const app = document.querySelector('script[src$="/app.js"]').src;
                 const { errorText } = await import(new URL('notices.js', app).href);
                 return codes.map((code) =>
                   errorText({ code, message: `knock KD: the rule says ${code}` }));
               }""", codes)
    for code, english, italian in zip(codes, texts["en-GB"], texts["it-IT"], strict=True):
        for text in (english, italian):
            assert "KD" not in text and "the rule says" not in text, (code, text)
            assert code not in text, (code, text)
        assert english != italian, code
        assert not re.search(r"\b(the|is|not|please)\b", italian), (code, italian)


def test_focus_stays_in_the_hand_after_a_discard_by_keyboard(
    server: Server, browsers: Browsers
) -> None:
    page = browsers.page()
    status = ""
    for _game in range(4):  # the computer may end the hand before our first discard: deal again
        new_game(page, server.url, level=1)
        for _ in range(40):
            wait_turn_or_end(page)
            if page.locator(".my-hand .card.playable").count():
                break
            for name in ("pass", "stock"):
                if page.locator(f'button[data-name="{name}"]:not([disabled])').count():
                    page.keyboard.press("P" if name == "pass" else "S")
                    break
            page.wait_for_timeout(100)
        status = page.inner_text(".status")
        if "← →" in status:
            break
    assert "← →" in status and "Enter" in status, status
    page.locator(".my-hand .card").first.focus()
    page.keyboard.press("ArrowRight")
    before = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    page.wait_for_function("card => !document.querySelector(`.my-hand .card[data-card='${card}']`)",
                           arg=before)
    focused = page.evaluate("document.activeElement.closest('.my-hand') !== null"
                            " && document.activeElement.classList.contains('card')")
    assert focused, page.evaluate("document.activeElement.outerHTML")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.closest('.my-hand') !== null")


def test_knock_and_gin_when_off_say_why(server: Server, browsers: Browsers) -> None:
    page = browsers.page(viewport={"width": 1366, "height": 768})
    new_game(page, server.url, level=1)
    wait_turn_or_end(page)
    # the first turn of a hand is always a draw: no knock yet, and the buttons say so
    for name in ("gin", "knock"):
        button = page.locator(f'button[data-name="{name}"]')
        assert button.get_attribute("aria-disabled") == "true"
        assert button.get_attribute("aria-describedby") == f"why-{name}"
        why = page.locator(f"#why-{name}")
        assert not why.is_visible()
        button.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")  # focus by keyboard shows it, as hovering does
        assert why.is_visible() and why.inner_text() == "Draw a card first."
        page.mouse.move(0, 0)
        button.hover()
        assert why.is_visible()


def test_a_gin_is_logged_as_gin_and_points_read_plainly(server: Server, browsers: Browsers) -> None:
    page = browsers.page(at=server.url + "/")
    page.locator("form.new-game").wait_for()
    said = page.evaluate("""async () => {
        // the page's own modules (under the folder's digest), which hold its catalogue
        const app = document.querySelector('script[src$="/app.js"]').src;
        const d = await import(new URL('describe.js', app).href);
        const state = { hand_number: 3, view: { seat: 0, knocker: 1, hand: [], result: null,
          melds: [[], [['7H', '8H', '9H'], ['KS', 'KD', 'KC'], ['2C', '3C', '4C', '5C']]],
          opponent_hand: ['7H', '8H', '9H', 'KS', 'KD', 'KC', '2C', '3C', '4C', '5C'] } };
        const names = ['Ann', 'Bea'];
        const result = { outcome: 'knock', knocker: 0, winner: 0, knocker_deadwood: 3,
          defender_deadwood: 13, difference: 10, bonus: 0, multiplier: 1, points: 10 };
        return { gin: d.handWasGin(state, 3), other: d.handWasGin(state, 2),
          line: d.moveText('knock', 1, 0, 'Bea', null, d.handWasGin(state, 3)),
          mine: d.moveText('knock 4D', 0, 0, 'Ann', null, true),
          points: d.resultLines(result, names).at(-1) };
    }""")
    assert said["gin"] is True and said["other"] is False
    assert said["line"] == "Bea goes gin, discarding face down."
    assert said["mine"] == "You go gin, discarding 4♦ face down."
    assert said["points"] == "Points to Ann: 10, the difference in deadwood."


KNOCK_CARD_FOCUSED = "document.activeElement?.matches('.my-hand .card.knockable')"


@pytest.mark.slow  # deals at random until a knock comes: from seconds to minutes
def test_k_focuses_the_best_knock_card_even_from_a_card_that_cannot_knock(
    server: Server, browsers: Browsers
) -> None:
    page = browsers.page()
    for _ in range(30):  # deals until a knock leaves some card that cannot be the knock's
        new_game(page, server.url, level=1)
        game_id = page.url.split("/play/", 1)[1].split("#", 1)[0].split("?", 1)[0]
        while stage(page) == "hand":
            wait_turn_or_end(page)
            if stage(page) == "hand" and enabled(page, "knock") and not busy(page):
                answer = page.request.get(f"{server.url}/api/games/{game_id}").json()
                legal = answer["state"]["view"]["legal"]
                knockable = {action[6:] for action in legal if action.startswith("knock ")}
                others = [card for card in hand_cards(page) if card not in knockable]
                if knockable and others:
                    page.focus(f'.my-hand .card[data-card="{others[0]}"]')
                    page.keyboard.press("k")
                    page.wait_for_function(KNOCK_CARD_FOCUSED, timeout=5000)
                    return
            if not step(page, knock=False):
                page.wait_for_timeout(40)
    pytest.fail("no knock with a card that cannot knock came in 30 deals")
