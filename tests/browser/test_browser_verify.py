"""The fair-deal check at /verify: a finished game against the computer, every hand verified by
the browser itself, then records tampered with (a card swapped, a wrong seed, a broken file)
and the precise problem said, in English and in Italian."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import new_game, next_hand, play_hand, shot, stage

pytestmark = pytest.mark.shared_server

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_text(name: str) -> str:
    return ("10" if name[0] == "T" else name[0]) + SUITS[name[1]]


def check(page: Any, record: Any) -> str:
    """Paste ``record`` (an object, or text as it is) and check it; the result's text."""
    text = record if isinstance(record, str) else json.dumps(record)
    page.fill("#verify-record", text)
    page.click('button[data-name="check"]')
    page.locator(".verify-result .verify-summary").wait_for()
    return str(page.inner_text(".verify-result"))


def finished_game(page: Any, base: str) -> str:
    game_id = new_game(page, base, level=1, preset="modern", options={"target": 10})
    for _ in range(30):
        play_hand(page)
        if stage(page) == "over":
            return game_id
        next_hand(page)
    raise AssertionError("the game did not end in 30 hands")


def test_R1_every_deal_of_a_finished_game_is_verified_in_the_browser_and_tampering_is_named(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    page = browsers.page()
    game_id = finished_game(page, server.url)
    page.locator('.result-panel a[data-name="verify"]').click()
    page.wait_for_url(f"**/verify?game={game_id}")
    page.locator(".verify-result .verify-summary").wait_for()
    record = json.loads(page.input_value("#verify-record"))
    count = len(record["hands"])
    summary = page.inner_text(".verify-summary")
    if count == 1:
        assert summary == "The hand is verified: its deck is the one its commitment fixed."
    else:
        assert summary == (f"All {count} hands are verified: each deck is the one its "
                           "commitment fixed.")
    lines = page.locator(".verify-hands li").all_inner_texts()
    assert lines == [f"✔ Hand {n}: OK, the deck is the one committed to "
                     f"({hand['fair']['commitment']}), and every player's seed was given for "
                     "that commitment, after it was shown"
                     for n, hand in enumerate(record["hands"], 1)]
    shot(page, shots / "verify-ok.png")

    # one card swapped: the first position that differs, with both cards
    swapped = json.loads(json.dumps(record))
    deck = swapped["hands"][0]["deck"]
    deck[3], deck[40] = deck[40], deck[3]
    text = check(page, swapped)
    assert "Not proved fair: 1 of" in text
    assert ("✘ Hand 1: PROBLEM: the deck is not the derived one: 2 positions differ; at position "
            f"4 the deck has {card_text(deck[3])}, the derivation gives {card_text(deck[40])}"
            ) in text
    assert text.count("✘") == 1 and text.count("✔") == count - 1

    # a wrong server seed: its SHA-256 is not the commitment (and the deck is not its deck)
    wrong = json.loads(json.dumps(record))
    fair = wrong["hands"][-1]["fair"]
    fair["server_seed"] = "0" * 64
    text = check(page, wrong)
    last = len(wrong["hands"])
    assert (f"✘ Hand {last}: PROBLEM: the commitment {fair['commitment']} does not match the "
            "server seed, whose SHA-256 is "
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925") in text
    assert f"✘ Hand {last}: PROBLEM: the deck is not the derived one" in text
    shot(page, shots / "verify-tampered.png")

    # a broken file, loaded from disk: what is wrong with it
    broken = shots / "broken-record.json"
    broken.write_text('{"format": "ginrummy-game", "hands": ', encoding="utf-8")
    page.set_input_files('input[type="file"]', str(broken))
    page.wait_for_function(
        "document.querySelector('.verify-summary')?.textContent.includes('not valid JSON')")
    assert page.inner_text(".verify-summary").startswith(
        "This is not a game record that can be checked: it is not valid JSON (")
    text = check(page, {"format": "chess", "hands": []})
    assert text == ('This is not a game record that can be checked: its format is "chess", '
                    'not "ginrummy-game" or "ginrummy-table-game".')

    # the same in Italian, from a file of the record as the server's API gives it
    page.select_option('select[name="language"]', "it")
    page.locator("h1:has-text('Verifica le smazzate')").wait_for()
    api_file = shots / "api-record.json"
    api_file.write_text(json.dumps({"game_id": game_id, "record": swapped}), encoding="utf-8")
    page.set_input_files('input[type="file"]', str(api_file))
    page.wait_for_function("document.querySelector('.verify-summary.problem') !== null")
    text = page.inner_text(".verify-result")
    assert "Equità non dimostrata: 1 mani su" in text
    assert ("✘ Mano 1: PROBLEMA: il mazzo non è quello derivato: 2 posizioni diverse; alla "
            f"posizione 4 il mazzo ha {card_text(deck[3])}") in text


def test_my_games_links_a_finished_game_to_its_check(server: Server, browsers: Browsers) -> None:
    page = browsers.page(locale="it-IT")
    game_id = finished_game(page, server.url)
    page.goto(server.url + "/#games")
    link = page.locator(f'.game-item[data-game="{game_id}"] a:has-text("Verifica le smazzate")')
    link.click()
    page.locator(".verify-summary.ok").wait_for()
    assert "Mano 1: OK, il mazzo è quello dell'impronta" in page.inner_text(".verify-hands")


def test_the_seed_shown_under_check_the_deals_is_in_the_record_and_verifies(
    server: Server, browsers: Browsers
) -> None:
    page = browsers.page()
    new_game(page, server.url, level=1, preset="modern", options={"target": 10})
    page.locator('details[data-name="fair-seed"] summary').click()
    field = page.locator('input[data-name="client-seed"]')
    drawn = field.input_value()
    assert len(drawn) == 32 and all(ch in "0123456789abcdef" for ch in drawn)
    field.fill("la mia fortuna ✓")
    field.press("Enter")
    field.blur()
    for _ in range(30):
        play_hand(page)
        if stage(page) == "over":
            break
        next_hand(page)
    assert page.locator('[data-name="commitments-ok"]').count() == 1
    page.locator('.result-panel a[data-name="verify"]').click()
    page.locator(".verify-result .verify-summary").wait_for()
    record = json.loads(page.input_value("#verify-record"))
    seeds = [hand["fair"]["client_seeds"] for hand in record["hands"]]
    assert seeds[0] == [drawn, None]  # hand 1 was dealt with the seed first shown
    assert all(s == ["la mia fortuna ✓", None] for s in seeds[1:])
    assert all(hand["fair"]["version"] == 2 for hand in record["hands"])
    assert page.locator(".verify-hands li.ok").count() == len(record["hands"])
    assert "verified" in page.inner_text(".verify-summary")


def test_a_seed_being_typed_outlives_the_table_being_drawn_again(
    server: Server, browsers: Browsers
) -> None:
    ann = browsers.page()
    game = new_game(ann, server.url, level=1)
    ann.locator(".my-hand .card").first.wait_for()
    ann.locator('details[data-name="fair-seed"] summary').click()
    field = ann.locator('input[data-name="client-seed"]')
    field.click()
    field.press("Control+a")
    ann.keyboard.type("half typed")
    watch = ann.evaluate(f"JSON.parse(localStorage.getItem('gin.links.{game}')).watch")
    watcher = browsers.page()
    watcher.goto(watch)  # a watcher arrives: the players' tables are drawn again
    ann.locator(".felt .watchers", has_text="1 person is watching").wait_for()
    assert ann.locator('details[data-name="fair-seed"][open]').count() == 1
    assert field.input_value() == "half typed"
    assert ann.evaluate("document.activeElement.dataset.name") == "client-seed"
    ann.keyboard.type(", then finished")
    field.press("Enter")
    assert ann.evaluate(f"localStorage.getItem('gin.seed.{game}')") == '"half typed, then finished"'
