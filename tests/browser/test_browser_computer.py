"""Against the computer in the browser: a hand to the score screen, a whole game, a replay,
a reload in the middle of a hand, and moves made with the keyboard alone."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import (
    card_box,
    click,
    enabled,
    hand_cards,
    new_game,
    next_hand,
    pile_cards,
    play_hand,
    settle,
    shot,
    stage,
    step,
    wait_turn_or_end,
)

pytestmark = pytest.mark.shared_server


def test_a_full_hand_against_the_computer_to_the_score_screen(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    page = browsers.page(at=server.url + "/")
    page.locator(".games .muted").wait_for()
    shot(page, shots / "home.png")
    new_game(page, server.url, level=2, preset="standard")
    assert page.locator("html").get_attribute("lang") == "en"
    page.locator(".my-hand .card").first.wait_for()
    assert len(hand_cards(page)) in (10, 11)
    assert re.search(r"Deadwood( after your best discard)?: \d+", page.inner_text(".hand-tools"))
    assert "Knock limit: 10" in page.inner_text(".middle")
    # Knock and Gin are there, disabled until the server lists a knock
    assert page.locator('button[data-name="knock"]').count() == 1
    if not enabled(page, "knock"):
        assert not enabled(page, "gin")
    wait_turn_or_end(page)
    shot(page, shots / "table.png", full_page=False)
    # the three orders of the hand, and the meld marks
    for mode, key in (("rank", "2"), ("suit", "3"), ("melds", "1")):
        page.keyboard.press(key)
        assert page.locator(f'.sort button[aria-pressed="true"]:has-text("{mode}")').count() == 1
    moves = play_hand(page, shots=shots / "layout.png")
    assert moves
    panel = page.locator(".result-panel")
    assert re.search(r"Hand 1: (knock|gin|big gin|undercut|tie|void hand)", panel.inner_text())
    lines = page.locator(".result-panel .score-lines li").all_inner_texts()
    assert lines
    if "void" not in lines[0].lower():
        assert any(line.startswith("Result: ") for line in lines)
        assert page.locator(".hand-summary").count() == 2
    assert "Totals: Ann" in panel.inner_text()
    assert page.locator(".log li").count() > 3
    shot(page, shots / "hand-end.png")
    # the score sheet lists the hand
    click(page, "scores")
    sheet = page.locator("dialog.scores-dialog")
    assert sheet.is_visible() and sheet.locator("table.sheet tbody tr").count() == 1
    shot(page, shots / "score-sheet.png", full_page=False)
    page.keyboard.press("Escape")


def test_a_whole_game_to_the_settlement_then_its_replay(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    page = browsers.page()
    frames: list[dict[str, Any]] = []

    def watch(socket: Any) -> None:
        socket.on("framesent", lambda data: frames.append({"sent": json.loads(data)}))
        socket.on("framereceived", lambda data: frames.append(json.loads(data)))

    page.on("websocket", watch)
    new_game(page, server.url, level=1, preset="modern", options={"target": 10})
    assert "10" in page.inner_text(".scorebox")
    for _ in range(30):
        play_hand(page)
        if stage(page) == "over":
            break
        assert page.locator(".result-panel .score-lines li").count() >= 1
        next_hand(page)
    assert stage(page) == "over"
    over = page.locator(".game-over")
    text = over.inner_text()
    assert re.search(r"You win the game!|wins the game\.|A tie", text)
    labels = over.locator("table.settlement th[scope=row]").all_inner_texts()
    assert labels[0] == "hand points" and labels[-1] == "final total"
    assert "game bonus" in labels and any(label.startswith("boxes") for label in labels)
    assert re.search(r"\n.+ reached the target and wins\.", text)
    assert re.search(r"Margin \d+", text)
    shot(page, shots / "game-over.png")
    # one message per move, each made on the latest position: no error, no resync needed
    sent = [frame["sent"] for frame in frames if "sent" in frame]
    assert sent and all(message["type"] in ("action", "ready") for message in sent), sent
    assert not [frame for frame in frames if frame.get("type") == "error"]
    assert len({message["id"] for message in sent}) == len(sent)
    # my games lists it as finished
    page.goto(server.url + "/#games")
    page.locator(".game-list").first.wait_for()
    assert page.locator(".game-item").count() == 1
    assert "Finished" in page.inner_text(".games")
    # replay it step by step
    page.locator(".game-item a:has-text('Replay')").click()
    page.locator(".replay-bar").wait_for()
    step_text = page.inner_text(".replay-bar .step")
    total = int(re.search(r"Move 1 of (\d+)", step_text).group(1))  # type: ignore[union-attr]
    assert total > 5
    assert page.locator(".my-hand").count() == 0  # a replay only shows
    page.locator('.replay-bar button[data-name="next"]').click()
    page.keyboard.press("ArrowRight")
    assert "Move 3 of" in page.inner_text(".replay-bar .step")
    page.keyboard.press("ArrowLeft")
    assert "Move 2 of" in page.inner_text(".replay-bar .step")
    page.locator('.replay-bar button[data-name="last"]').click()
    assert f"Move {total} of {total}" in page.inner_text(".replay-bar .step")
    assert page.locator(".game-over").count() == 1
    page.locator('.replay-bar button[data-name="first"]').click()
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    shot(page, shots / "replay.png", full_page=False)


def test_reloading_mid_hand_resumes_and_the_keyboard_plays(
    server: Server, browsers: Browsers
) -> None:
    page = browsers.page(reduced_motion="reduce")
    new_game(page, server.url, level=1)
    page.locator(".my-hand .card").first.wait_for()
    # play a few moves with the keyboard only: T/X/S/P shortcuts and Enter on a focused card
    for _ in range(3):
        wait_turn_or_end(page)
        if stage(page) != "hand":  # the computer knocked at once (decks are random): next hand
            next_hand(page)
            page.locator(".my-hand .card").first.wait_for()
            wait_turn_or_end(page)
        if enabled(page, "pass"):
            page.keyboard.press("x")
        elif enabled(page, "stock"):
            page.keyboard.press("s")
        elif not page.locator(".my-hand .card.playable").count():
            step(page)  # answering a knock: lay out or accept
        else:
            page.locator('.my-hand .card[tabindex="0"]').focus()
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowLeft")
            focused = page.evaluate("() => document.activeElement.dataset.card")
            playable = page.locator(f'.my-hand .card[data-card="{focused}"].playable').count()
            if playable:
                page.keyboard.press("Enter")
                page.wait_for_function(
                    f"!document.querySelector('.my-hand .card[data-card=\"{focused}\"]')")
            else:
                step(page)
        page.wait_for_timeout(100)
    assert page.locator(".card.flying").count() == 0  # reduced motion: no flights
    wait_turn_or_end(page)
    before_cards = sorted(hand_cards(page))
    before_log = page.locator(".log li").all_inner_texts()
    before_pile = pile_cards(page)
    page.reload()
    page.locator(".my-hand .card").first.wait_for()
    wait_turn_or_end(page)
    assert sorted(hand_cards(page)) == before_cards
    assert pile_cards(page) == before_pile
    after_log = page.locator(".log li").all_inner_texts()
    assert after_log[0] == before_log[0] and len(after_log) == len(before_log)
    # a choice of sort survives a reload (by suit) ...
    page.keyboard.press("3")
    page.reload()
    page.locator(".my-hand .card").first.wait_for()
    assert page.locator('.sort button[aria-pressed="true"]').inner_text().startswith("suit")
    # ... and so does my own order, made by dragging the first card to the end
    wait_turn_or_end(page)
    settle(page)
    order = hand_cards(page)
    first = card_box(page, ".my-hand .card >> nth=0")
    last = card_box(page, ".my-hand .card >> nth=-1")
    page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
    page.mouse.down()
    page.mouse.move(last["x"] + last["width"] + 10, last["y"] + last["height"] / 2, steps=8)
    page.mouse.up()
    assert hand_cards(page) == order[1:] + order[:1]
    assert page.locator('.sort button[aria-pressed="true"]').count() == 0
    page.reload()
    page.locator(".my-hand .card").first.wait_for()
    assert hand_cards(page) == order[1:] + order[:1]
    play_hand(page)
    assert page.locator(".result-panel").count() == 1
    settle(page)


def test_defending_a_knock_lays_off_by_hand_or_accepts_the_best(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    """Never knock, so that the computer does: the defender's panel offers its best layoffs."""
    page = browsers.page()
    new_game(page, server.url, level=3)
    defended = False
    for _ in range(4):
        while stage(page) == "hand":
            if page.locator(".defend-panel").count():
                break
            if not step(page, knock=False, defend=False):
                page.wait_for_timeout(40)
        if page.locator(".defend-panel").count():
            defended = True
            settle(page)  # while the knocked card flies, the status tells the knock's moves
            panel = page.inner_text(".defend-panel")
            assert re.search(r"knocked with deadwood \d+|went gin", panel)
            assert re.search(r"Your best answer|Nothing to lay off|No layoffs on gin", panel)
            assert page.locator(".melds-area .melds-of").count() >= 1
            shot(page, shots / "defend.png", full_page=False)
            layoff = page.locator(".my-hand .card.layoffable")
            if layoff.count():
                card = layoff.first.get_attribute("data-card")
                layoff.first.click()
                page.wait_for_function(
                    "card => document.querySelector('.melds-area')?.innerText.includes('Laid off')"
                    " && !document.querySelector(`.my-hand .card[data-card='${card}']`)", arg=card)
                # one button per state: "I'm done" only while something could still be laid off
                if page.locator(".my-hand .card.layoffable").count():
                    click(page, "finish")
                else:
                    assert page.locator('button[data-name="finish"]').count() == 0
                    click(page, "accept")
            else:
                assert page.locator('button[data-name="finish"]').count() == 0
                click(page, "accept")
            page.locator(".result-panel").wait_for()
            assert "deadwood" in page.inner_text(".result-panel")
            break
        if stage(page) == "over":
            break
        next_hand(page)
    assert defended, "the computer never knocked in four hands"


def test_bad_links_are_explained_politely(server: Server, browsers: Browsers) -> None:
    page = browsers.page(at=server.url + "/play/NoSuchGame01")
    page.locator(".panel.fatal").wait_for()
    assert "This game does not exist" in page.inner_text(".panel.fatal")
    game = new_game(page, server.url)
    stranger = browsers.page()  # another browser: no seat cookie
    stranger.goto(f"{server.url}/play/{game}#{'x' * 24}")
    stranger.locator(".panel.fatal").wait_for()
    assert "does not open a seat" in stranger.inner_text(".panel.fatal")
    stranger.goto(f"{server.url}/play/{game}")
    stranger.locator(".panel.fatal").wait_for()
    assert "does not open a seat" in stranger.inner_text(".panel.fatal")
