"""The Italian interface (from the browser's language), on a phone-size screen, with large
cards, the four-colour deck and a hint; then switched to English, which is remembered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import click, enabled, new_game, play_hand, shot, wait_turn_or_end

pytestmark = pytest.mark.shared_server

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def test_the_italian_interface_on_a_phone(server: Server, browsers: Browsers, shots: Path) -> None:
    page = browsers.page(locale="it-IT", **PHONE, at=server.url + "/")
    page.locator("form.new-game").wait_for()
    assert page.locator("html").get_attribute("lang") == "it"
    assert page.inner_text("#new-title") == "Nuova partita"
    assert "Inizia la partita" in page.inner_text("form.new-game")
    assert "Si bussa con al massimo 10 punti morti." in page.inner_text(".in-words")
    shot(page, shots / "home-it-phone.png")

    new_game(page, server.url, level=1, preset="oklahoma", name="Lucia")
    page.locator(".my-hand .card").first.wait_for()
    middle = page.inner_text(".middle")
    assert "Tallone" in middle and "Scarti" in middle and "Pila degli scarti" not in middle
    assert page.inner_text(".skip") == "Vai al tavolo"
    assert re.search(r"Carta scoperta \S+: limite per bussare \d+", middle)
    assert page.locator("html").get_attribute("lang") == "it"
    # the hand fits the phone's width
    width = page.evaluate("document.querySelector('.my-hand').scrollWidth")
    assert width <= 390
    wait_turn_or_end(page)
    if enabled(page, "hint"):
        click(page, "hint")
        page.locator(".hint p").first.wait_for()
        assert "Suggerimento" in page.inner_text(".hint")
    shot(page, shots / "table-it-phone.png")
    text = page.inner_text("body")
    for wrong in ("Si aspetta", "Gioca Computer", "cliccala.", "Bussi: clicca", "Accetta"):
        assert wrong not in text, wrong

    # large cards and the four-colour deck, remembered
    page.locator("details.display summary").click()
    page.check('input[name="large"]')
    page.check('input[name="four"]')
    assert page.evaluate("document.body.className").split() >= ["four-colour", "large-cards"] or \
        {"large-cards", "four-colour"} <= set(page.evaluate("document.body.className").split())
    page.locator("details.display summary").click()
    play_hand(page)
    text = page.inner_text(".result-panel")
    assert re.search(r"Mano 1: (bussata|gin|big gin|undercut|pareggio|mano nulla)", text)
    assert "Totali:" in text
    shot(page, shots / "hand-end-it-phone.png")

    page.select_option('select[name="language"]', "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert "Totals:" in page.inner_text(".result-panel")
    page.reload()
    page.locator(".result-panel").wait_for()
    assert page.locator("html").get_attribute("lang") == "en"
    assert {"large-cards", "four-colour"} <= set(page.evaluate("document.body.className").split())


def test_italian_keys_are_the_terminal_s_t_tallone_s_scarti_p_passo(
    server: Server, browsers: Browsers
) -> None:
    page = browsers.page(locale="it-IT")
    new_game(page, server.url, level=1, name="Lucia")
    for _ in range(40):  # pass the upcard with P until the stock is the only draw
        wait_turn_or_end(page)
        if enabled(page, "stock"):
            break
        assert enabled(page, "pass")
        assert page.inner_text('button[data-name="take"] kbd') == "S"
        assert page.inner_text('button[data-name="pass"] kbd') == "P"
        page.keyboard.press("p")
        page.wait_for_timeout(100)
    assert page.inner_text('button[data-name="stock"] kbd') == "T"
    assert "Scarti" in page.inner_text(".pile")
    status = page.inner_text(".status")
    assert "pesca dal tallone (T)" in status, status
    before = page.locator(".my-hand .card").count()
    page.keyboard.press("t")  # tallone
    page.wait_for_function(f"document.querySelectorAll('.my-hand .card').length === {before + 1}")
    assert "Peschi" in page.inner_text(".log")
