"""Playing the browser client the way a person does: reading the screen, clicking what is offered.

The policy never knows a rule: it clicks the buttons and cards the client enables (which
come from the server's ``view.legal``): pass the upcard, draw from the stock, knock or go
gin when the client allows it, otherwise discard the highest loose card.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

Page = Any  # playwright.sync_api.Page, without importing Playwright where it is missing

TABLE_TIMEOUT = 20.0


def enabled(page: Page, name: str) -> bool:
    """Whether the button ``name`` is on the page and enabled (checked in one go: the table is
    drawn again at every event, so a button found may be gone a moment later)."""
    return bool(page.evaluate(
        "name => { const b = document.querySelector(`button[data-name=\"${name}\"]`);"
        " return !!b && !b.disabled && b.getAttribute('aria-disabled') !== 'true'; }", name))


def click(page: Page, name: str, timeout: float = 20_000) -> None:
    page.locator(f'button[data-name="{name}"]').first.click(timeout=timeout)


def try_click(target: Any) -> bool:
    """Click a button or card that may be redrawn or disabled meanwhile; False if it went."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        target.click(timeout=2000)
        return True
    except PlaywrightError:
        return False


def stage(page: Page) -> str:
    """The table's stage (``hand``, ``between_hands``, ``over``…), '' when there is no table
    (read in one go: a game plays itself by asking this many times)."""
    return str(read(page, "() => { const felt = document.querySelector('.felt');"
                    " const word = felt && [...felt.classList].find((c) => c.startsWith('stage-'));"
                    " return word ? word.slice(6) : ''; }") or "")


def read(page: Page, script: str) -> Any:
    """``page.evaluate(script)``, or None while a navigation replaces the page's document."""
    from playwright.sync_api import Error

    try:
        return page.evaluate(script)
    except Error as failure:
        if "context was destroyed" not in str(failure):
            raise
        return None


def busy(page: Page) -> bool:
    return bool(page.locator(".table-screen.busy").count() > 0)


def loose_discard(page: Page) -> Any:
    """The card to throw: the last loose card shown (highest when sorted by melds), else any."""
    for selector in (".my-hand .card.playable.loose", ".my-hand .card.playable"):
        cards = page.locator(selector)
        if cards.count():
            return cards.last
    return None


OFFERED = """() => {
  if (document.querySelector('.table-screen.busy')) return null;
  const offered = ['lay-out', 'accept', 'pass', 'stock', 'gin', 'knock'].filter((name) => {
    const b = document.querySelector(`button[data-name="${name}"]`);
    return !!b && !b.disabled && b.getAttribute('aria-disabled') !== 'true'; });
  if (document.querySelector('.my-hand .card.playable')) offered.push('discard');
  return offered;
}"""
"""What :func:`step` may do, read in one go (``null`` while the table is busy): the enabled
buttons it knows (as :func:`enabled` sees them), and ``discard`` when a card may be played."""


def step(page: Page, knock: bool = True, defend: bool = True) -> str:
    """Make one move if it is ours; say what was done ('' when there was nothing to do).

    ``knock=False`` never knocks; ``defend=False`` leaves a knock's answer to the caller.
    """
    offered = read(page, OFFERED)
    if offered is None:  # busy (a move of ours is on its way), or the page is being replaced
        return ""
    names = ("lay-out", "accept", "pass", "stock") if defend else ("lay-out", "pass", "stock")
    for name in names:
        if name in offered:
            return name if try_click(page.locator(f'button[data-name="{name}"]')) else ""
    if knock and "gin" in offered:
        return "gin" if try_click(page.locator('button[data-name="gin"]')) else ""
    if knock and "knock" in offered:
        if not try_click(page.locator('button[data-name="knock"]')):
            return ""
        # the client focuses the preselected knock card (the least deadwood): Enter knocks with it
        page.locator(".my-hand .card.knockable:focus").wait_for(timeout=5000)
        page.keyboard.press("Enter")
        return "knock"
    if "discard" not in offered:
        return ""
    card = loose_discard(page)
    if card is not None and try_click(card):
        return "discard"
    return ""


def play_hand(page: Page, knock: bool = True, limit: float = 120.0,
              shots: Path | None = None) -> list[str]:
    """Play until the hand ends (a result panel shows); returns the moves made."""
    moves: list[str] = []
    deadline = time.monotonic() + limit
    shot_taken = False
    while time.monotonic() < deadline:
        if stage(page) in ("between_hands", "over"):
            page.locator(".result-panel").wait_for(timeout=5000)
            return moves
        if shots is not None and not shot_taken and page.locator(".layout-panel").count():
            page.screenshot(path=str(shots))
            shot_taken = True
        done = step(page, knock)
        if done:
            moves.append(done)
            if done != "knock":
                page.wait_for_timeout(30)
        else:
            page.wait_for_timeout(50)
    raise AssertionError(f"the hand did not end in {limit} s; moves: {moves[-20:]}")


def play_pages(pages: list[Page], *, to_the_end: bool = False, limit: float = 120.0) -> None:
    """Each page moves when it may until every page shows the end of the hand, or with
    ``to_the_end`` the end of the game (each page then starts the next hand when it may)."""
    ends = ("over",) if to_the_end else ("between_hands", "over")
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if all(stage(page) in ends for page in pages):
            return
        moved = False
        for page in pages:
            if stage(page) == "hand":
                moved = bool(step(page)) or moved
            elif to_the_end and stage(page) == "between_hands" and enabled(page, "next-hand"):
                moved = try_click(page.locator('button[data-name="next-hand"]')) or moved
        if not moved:
            pages[0].wait_for_timeout(50)
    raise AssertionError(f"the {'game' if to_the_end else 'hand'} did not end in {limit} s")


def next_hand(page: Page) -> None:
    click(page, "next-hand")
    page.wait_for_function("document.querySelector('.felt.stage-hand') !== null",
                           timeout=TABLE_TIMEOUT * 1000)


def pile_cards(page: Page) -> list[str]:
    """The discard pile's cards as drawn (the top ones), bottom to top."""
    return [c for c in page.locator(".pile .card").evaluate_all(
        "cards => cards.map(c => c.dataset.card || '')")]


def hand_cards(page: Page) -> list[str]:
    return [c for c in page.locator(".my-hand .card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")]


def card_box(page: Page, selector: str, timeout: float = 5.0) -> dict[str, float]:
    """The bounding box of a card once it is drawn and still (a redraw may replace the element
    between finding it and measuring it)."""
    deadline = time.monotonic() + timeout
    while True:
        box = page.locator(selector).bounding_box()
        if box is not None:
            return box
        if time.monotonic() > deadline:
            raise AssertionError(f"{selector} was not drawn in {timeout} s")
        page.wait_for_timeout(50)


def fits_width(page: Page) -> bool:
    """Nothing on the page is wider than the window: no sideways scrolling."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def settle(page: Page) -> None:
    """Wait until no card is flying (the opponent's move animations), for a clean screenshot."""
    page.wait_for_function("document.querySelector('.card.flying') === null", timeout=5000)


def shot(page: Page, path: Path, full_page: bool = True) -> None:
    settle(page)
    page.screenshot(path=str(path), full_page=full_page)


def new_game(page: Page, base: str, *, opponent: str = "computer", level: int = 1,
             preset: str = "standard", options: dict[str, Any] | None = None,
             name: str = "Ann") -> str:
    """Start a game from the home page's form; returns the game id (the page is at its table)."""
    page.goto(base + "/")
    page.locator("form.new-game").wait_for()
    page.check(f'input[name="opponent"][value="{opponent}"]')
    if opponent == "computer":
        page.select_option('select[name="level"]', str(level))
    page.fill('input[name="name"]', name)
    page.select_option('select[name="preset"]', preset)
    if options:
        page.locator("details.options summary").click()
        for option, value in options.items():
            field = page.locator(f"#opt-{option}")
            if isinstance(value, bool):
                field.set_checked(value)
            else:
                field.fill(str(value))
    page.locator("form.new-game button[type=submit]").click()
    page.wait_for_url("**/play/**")
    page.locator(".felt").wait_for()
    if opponent == "computer":  # hand 1 comes once the page has sent its seed (or a cut choice)
        page.wait_for_function("document.querySelector('.felt:not(.stage-waiting)') || "
                               "document.querySelector('.cut-choice button')")
    return str(page.url).rsplit("/", 1)[-1].split("?")[0].split("#")[0]


def invite_friend(page: Page, base: str, name: str = "Ann") -> str:
    """Start a game against a friend from the home page; returns the invite link it shows."""
    new_game(page, base, opponent="friend", name=name)
    page.locator(".invite").wait_for()
    return page.locator('input[data-link="invite"]').input_value()


MOVABLE = ", ".join(
    [".my-hand .card.playable"]
    + [f"button[data-name={name}]:not([disabled]):not([aria-disabled=true])"
       for name in ("stock", "pass", "lay-out", "accept")]
)


def wait_turn_or_end(page: Page, timeout: float = 20.0) -> None:
    """Wait until this page may move (something enabled) or the hand is over, and the status
    line says so (not the other player's move, still flying)."""
    page.wait_for_function(
        """(movable) => document.querySelector('.felt.stage-between_hands, .felt.stage-over')
               || (!document.querySelector('.table-screen.busy')
                   && !document.querySelector('p.status.telling')
                   && document.querySelector(movable))""",
        arg=MOVABLE, timeout=timeout * 1000)


def wait_without_eval(page: Page, expression: str, arg: Any = None,
                      timeout: float | None = None, polling: Any = None) -> Any:
    """``page.wait_for_function`` that works under the server's CSP: Playwright's own polling
    runs the expression with ``eval`` inside the page, which ``script-src 'self'`` forbids;
    ``page.evaluate`` goes through the debugger protocol, which no page's CSP governs."""
    from playwright.sync_api import Error, TimeoutError

    deadline = time.monotonic() + (20_000 if timeout is None else timeout) / 1000
    while True:
        try:
            value = page.evaluate(expression, arg)
        except Error as failure:  # a navigation replaced the page's context: look again
            if "context was destroyed" not in str(failure):
                raise
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true in time: {expression[:100]}")
        page.wait_for_timeout(polling if isinstance(polling, int | float) else 50)
