"""The browser's own check of fair decks (ginrummy/web/static/fairdeck.js) against the Python.

The module runs in Debian's Chromium with its WebCrypto (SHA-256, HMAC-SHA256), served
from a routed http://localhost page (a secure context, so ``crypto.subtle`` exists) without
a server. Its decks and commitments must equal :mod:`ginrummy.provably_fair` exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from ginrummy.provably_fair import commitment_of, deck_message, derive_deck
from tests.browser.conftest import ROOT

MODULE = ROOT / "ginrummy" / "web" / "static" / "fairdeck.js"
ORIGIN = "http://localhost"

EXAMPLE_SEED = "bd26cba844b7ca27ccecd4f96a1daba48efdf4ac686b197df927e917cd247acc"
EXAMPLE_DECK = ("5S 8S 9C TH 2H 9D 8D 9H 6D 6C 4S 5H KS QC 7D 6H 3H 7S TD 4C JS 6S 5D 7C QD QS "
                "8H AH 3S JD AS JC 3C 3D AD 4H 2S KD 2C KH 2D AC JH 9S 7H 8C 5C TC KC 4D TS QH")


@pytest.fixture(scope="module")
def js(browser: Any) -> Iterator[Any]:
    """A page that has imported fairdeck.js as ``window.fair``."""
    context = browser.new_context()
    page = context.new_page()

    def serve(route: Any) -> None:
        if route.request.url.endswith("/fairdeck.js"):
            route.fulfill(body=MODULE.read_text(encoding="utf-8"),
                          content_type="text/javascript")
        else:
            route.fulfill(body="<!doctype html><title>fair</title>", content_type="text/html")

    page.route(f"{ORIGIN}/**", serve)
    page.goto(f"{ORIGIN}/")
    page.evaluate("async () => { window.fair = await import('/fairdeck.js'); }")
    try:
        yield page
    finally:
        context.close()


def js_deck(page: Any, seed: str, game_id: str, number: int, seeds: list[str | None]) -> list[int]:
    deck: list[int] = page.evaluate(
        "([seed, id, n, seeds]) => window.fair.deriveDeck(seed, id, n, seeds)",
        [seed, game_id, number, seeds])
    return deck


def test_R1_the_worked_example_of_fairness_md() -> None:
    from ginrummy.cards import card_name

    deck = derive_deck(bytes.fromhex(EXAMPLE_SEED), "table-42", 1, ["alice", None])
    assert " ".join(card_name(c) for c in deck) == EXAMPLE_DECK


def test_R1_js_derives_the_worked_example(js: Any) -> None:
    deck = js_deck(js, EXAMPLE_SEED, "table-42", 1, ["alice", None])
    names = js.evaluate("deck => deck.map(window.fair.cardName).join(' ')", deck)
    assert names == EXAMPLE_DECK
    message = js.evaluate(
        "() => window.fair.bytesToHex(window.fair.deckMessage('table-42', 1, ['alice', null]))")
    assert message == deck_message("table-42", 1, ["alice", None]).hex()
    commitment = js.evaluate("seed => window.fair.sha256Hex(window.fair.hexToBytes(seed))",
                             EXAMPLE_SEED)
    assert commitment == "2452a049d323d086d0c7c23abfe300c3c5b1429b97d731dcb641e3407db98d4c"


def test_R1_js_derivation_equals_python_for_random_inputs(js: Any) -> None:
    rng = random.Random(20261129)
    alphabet = "abcXYZ019 -_àèé€ßΩ中文🂡"
    cases = []
    for _ in range(40):
        seed = bytes(rng.randrange(256) for _ in range(32))
        game_id = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 128)))
        seeds: list[str | None] = [
            None if rng.random() < 0.3 else "".join(rng.choice(alphabet)
                                                    for _ in range(rng.randint(1, 64)))
            for _ in range(2)]
        cases.append((seed.hex(), game_id, rng.randint(1, 1_000_000), seeds))
    got = js.evaluate(
        """async (cases) => Promise.all(cases.map(async ([seed, id, n, seeds]) => ({
             deck: await window.fair.deriveDeck(seed, id, n, seeds),
             commitment: await window.fair.sha256Hex(window.fair.hexToBytes(seed))})))""",
        cases)
    for (seed, game_id, number, seeds), answer in zip(cases, got, strict=True):
        assert answer["deck"] == derive_deck(bytes.fromhex(seed), game_id, number, seeds), (
            seed, game_id, number, seeds)
        assert answer["commitment"] == commitment_of(bytes.fromhex(seed))
