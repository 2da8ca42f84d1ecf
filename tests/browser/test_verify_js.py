"""The browser's own check of fair decks (ginrummy/web/static/fairdeck.js) against the Python.

The module runs in Debian's Chromium with its WebCrypto (SHA-256, HMAC-SHA256), served
from a routed http://localhost page (a secure context, so ``crypto.subtle`` exists) without
a server. Its decks and commitments must equal :mod:`ginrummy.format.provably_fair` exactly.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ginrummy.format.provably_fair import commitment_of, deck_message, derive_cut, derive_deck

EXAMPLE_SEED = "bd26cba844b7ca27ccecd4f96a1daba48efdf4ac686b197df927e917cd247acc"
EXAMPLE_DECK = ("TH QC KS QD 9S KH 4S 4D 7H 8S TS 3D 7S KD JS 2H 6S QS 3C AC 6D 6C KC 3S 8H JD "
                "9H 3H TC 5C AS 4C 5S 8C 6H JH 7D 9D QH 2C AH JC 9C 5H 7C 5D AD 2S 2D TD 4H 8D")
EXAMPLE_DECK_V1 = ("5S 8S 9C TH 2H 9D 8D 9H 6D 6C 4S 5H KS QC 7D 6H 3H 7S TD 4C JS 6S 5D 7C QD "
                   "QS 8H AH 3S JD AS JC 3C 3D AD 4H 2S KD 2C KH 2D AC JH 9S 7H 8C 5C TC KC 4D "
                   "TS QH")


@pytest.fixture
def js(fairdeck_page: Any) -> Any:
    return fairdeck_page


def js_deck(page: Any, seed: str, game_id: str, number: int, seeds: list[str | None],
            version: int = 2) -> list[int]:
    deck: list[int] = page.evaluate(
        "([seed, id, n, seeds, v]) => window.fair.deriveDeck(seed, id, n, seeds, v)",
        [seed, game_id, number, seeds, version])
    return deck


def test_R1_the_worked_example_of_fairness_md() -> None:
    from ginrummy.core.cards import card_name

    deck = derive_deck(bytes.fromhex(EXAMPLE_SEED), "table-42", 1, ["alice", None])
    assert " ".join(card_name(c) for c in deck) == EXAMPLE_DECK


def test_R1_js_derives_the_worked_example(js: Any) -> None:
    deck = js_deck(js, EXAMPLE_SEED, "table-42", 1, ["alice", None])
    names = js.evaluate("deck => deck.map(window.fair.cardName).join(' ')", deck)
    assert names == EXAMPLE_DECK
    old = js_deck(js, EXAMPLE_SEED, "table-42", 1, ["alice", None], 1)
    assert js.evaluate("deck => deck.map(window.fair.cardName).join(' ')", old) == EXAMPLE_DECK_V1
    commitment = commitment_of(bytes.fromhex(EXAMPLE_SEED))
    message = js.evaluate(
        "(c) => window.fair.bytesToHex("
        "window.fair.deckMessage('table-42', 1, ['alice', null], 2, c))",
        commitment)
    assert message == deck_message("table-42", 1, ["alice", None], 2, commitment).hex()
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
        cases.append((seed.hex(), game_id, rng.randint(1, 1_000_000), seeds, rng.choice([1, 2])))
    got = js.evaluate(
        """async (cases) => Promise.all(cases.map(async ([seed, id, n, seeds, v]) => ({
             deck: await window.fair.deriveDeck(seed, id, n, seeds, v),
             cut: await window.fair.deriveCut(seed, id, 2 + (n % 5)),
             commitment: await window.fair.sha256Hex(window.fair.hexToBytes(seed))})))""",
        cases)
    for (seed, game_id, number, seeds, version), answer in zip(cases, got, strict=True):
        assert answer["deck"] == derive_deck(bytes.fromhex(seed), game_id, number, seeds,
                                             version), (seed, game_id, number, seeds)
        assert answer["cut"] == [list(r) for r in derive_cut(bytes.fromhex(seed), game_id,
                                                             2 + number % 5)]
        assert answer["commitment"] == commitment_of(bytes.fromhex(seed))


def _record_hand(number: int, seeds: list[str | None], game_id: str = "g-1") -> dict[str, Any]:
    from ginrummy.core.cards import card_name
    from ginrummy.core.shuffle import SeededSource
    from ginrummy.format.provably_fair import FairHand

    hand = FairHand.draw(SeededSource(f"hand {number}"), game_id, number).with_client_seeds(seeds)
    return {"deck": [card_name(c) for c in hand.deck()], "fair": hand.reveal().to_dict()}


def _tampered_hands() -> list[tuple[str, dict[str, Any]]]:
    """Hand 1 of a record, whole and broken in each way the check must name."""
    def changed(change: Any) -> dict[str, Any]:
        hand = _record_hand(1, ["alice", None])
        change(hand, hand["fair"])
        return hand

    def swap(hand: dict[str, Any], fair: dict[str, Any]) -> None:
        hand["deck"][0], hand["deck"][51] = hand["deck"][51], hand["deck"][0]

    return [
        ("whole", changed(lambda hand, fair: None)),
        ("two cards swapped", changed(swap)),
        ("seed not revealed", changed(lambda hand, fair: fair.update(server_seed=None))),
        ("seed not hex", changed(lambda hand, fair: fair.update(server_seed="XYZ"))),
        ("a wrong seed", changed(lambda hand, fair: fair.update(server_seed="ab" * 32))),
        ("commitment upper case",
         changed(lambda hand, fair: fair.update(commitment=fair["commitment"].upper()))),
        ("empty client seed", changed(lambda hand, fair: fair["client_seeds"].__setitem__(0, ""))),
        ("newline in a seed",
         changed(lambda hand, fair: fair["client_seeds"].__setitem__(1, "a\nb"))),
        ("a seed too long",
         changed(lambda hand, fair: fair["client_seeds"].__setitem__(0, "é" * 65))),
        ("three seeds", changed(lambda hand, fair: fair["client_seeds"].append("x"))),
        ("game id too long", changed(lambda hand, fair: fair.update(game_id="g" * 129))),
        ("51 cards", changed(lambda hand, fair: hand["deck"].pop())),
        ("a card twice", changed(lambda hand, fair: hand["deck"].__setitem__(0, hand["deck"][1]))),
        ("version 3", changed(lambda hand, fair: fair.update(version=3))),
        ("seeds not bound to the commitment (version 1)",
         changed(lambda hand, fair: fair.update(version=1))),
    ]


def test_R1_js_names_the_same_problems_as_python_for_each_tampered_hand(js: Any) -> None:
    from ginrummy.core.cards import parse_card
    from ginrummy.format.provably_fair import verify_hand

    cases = _tampered_hands()
    got = js.evaluate(
        """async (hands) => Promise.all(hands.map((hand) => window.fair.checkHand(hand, 1)))""",
        [hand for _, hand in cases])
    for (name, hand), problems in zip(cases, got, strict=True):
        fair = hand["fair"]
        try:
            deck = [parse_card(card) for card in hand["deck"]]
        except ValueError:
            deck = hand["deck"]
        expected = verify_hand(fair["commitment"], fair["server_seed"], fair["client_seeds"],
                               fair["game_id"], 1, deck, version=fair["version"], seats=2)
        assert [(p["code"], p.get("seat")) for p in problems] == [
            (p.code, p.seat) for p in expected], name
        for mine, theirs in zip(problems, expected, strict=True):
            if mine["code"] in ("deck_mismatch", "commitment_mismatch", "client_seed_count"):
                assert {k: v for k, v in mine.items() if k != "code"} == dict(theirs.params), name
    assert got[0] == [] and got[1][0]["position"] == 1


def test_R1_js_checks_a_whole_record_and_says_what_is_wrong_with_a_file(js: Any) -> None:
    from ginrummy.core.cards import card_name

    hands = [_record_hand(n, ["s", None]) for n in (1, 2, 3)]
    cut = derive_cut(bytes.fromhex(hands[0]["fair"]["server_seed"]), "g-1", 2)
    record = {"format": "ginrummy-game", "version": 1, "hands": hands,
              "cut": [[card_name(c) for c in r] for r in cut]}
    check = "record => window.fair.checkRecord(window.fair.gameRecordOf(record))"
    assert js.evaluate(check, record) == {"hands": [[], [], []], "game": []}
    other_cut = {**record, "cut": [["AC", "2C"]]}  # not the cut the first seed fixes
    assert js.evaluate(check, other_cut)["game"] == [{
        "code": "cut_mismatch", "cut": "AC 2C",
        "expected": ", ".join(" ".join(card_name(c) for c in r) for r in cut)}]
    # hand 2's deck and fair data moved to hand 3: its number no longer gives its deck
    moved = {**record, "hands": [hands[0], hands[2], hands[1]]}
    verdict = js.evaluate(check, {"record": {"game_id": "g-1", "record": moved}})
    assert [[p["code"] for p in problems] for problems in verdict["hands"]] == [
        [], ["deck_mismatch"], ["deck_mismatch"]]
    # one seed for two hands, another game's hand
    second = {**hands[1], "fair": {**hands[1]["fair"],
                                   "server_seed": hands[0]["fair"]["server_seed"]}}
    reused = {**record, "hands": [hands[0], second, _record_hand(3, ["s", None], game_id="other")]}
    verdict = js.evaluate(check, reused)
    assert verdict["hands"][1][-1] == {"code": "seed_reused", "other": 1}
    assert verdict["hands"][2] == [{"code": "game_id_differs", "game_id": '"other"',
                                    "first": '"g-1"'}]
    assert js.evaluate(check, {**record, "hands": []})["game"] == [{"code": "no_hands"}]
    problems = js.evaluate(
        """texts => texts.map((text) => { try { window.fair.parseRecord(text); return null; }
                                          catch (error) { return error.problem; } })""",
        ['{"hands": [', "[1, 2]", '{"format": "ginrummy-game", "hands": {}}', json.dumps(record)])
    assert problems[0]["code"] == "json" and problems[1] == {"code": "not_object"}
    assert problems[2] == {"code": "hands", "value": "{}"} and problems[3] is None
