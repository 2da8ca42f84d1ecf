"""``gin analyze``: every bad request gets an error that names what was wrong (R1-R3, R10)."""

from __future__ import annotations

import json

import pytest

from ginrummy.coach.analyze import AnalyzeError, analyze_request, answer_line
from ginrummy.core.cards import CardError
from ginrummy.core.melds import MeldError
from tests.coach.test_analyze import DEFENDER, KNOCK_MELDS, KNOCK_UNMATCHED, TEN, cards, error_of

# ------------------------------------------------------------ errors


HAND10 = json.dumps(TEN)
KNOCK = (
    f'"knocker_melds": {json.dumps(KNOCK_MELDS)}, '
    f'"knocker_unmatched": {json.dumps(KNOCK_UNMATCHED)}'
)
DEF10 = json.dumps(DEFENDER)

ERRORS = {
    # not an object / missing / unknown / repeated keys
    "array": ("[1, 2]", "expected a JSON object, got an array"),
    "string": ('"AS 2S"', "expected a JSON object, got a string"),
    "null": ("null", "expected a JSON object, got null"),
    "no hand": ("{}", 'missing key "hand"'),
    "melds alone": (
        f'{{"hand": {DEF10}, "knocker_melds": []}}',
        'missing key "knocker_unmatched" (it goes with "knocker_melds")',
    ),
    "unmatched alone": (
        f'{{"hand": {DEF10}, "knocker_unmatched": []}}',
        'missing key "knocker_melds" (it goes with "knocker_unmatched")',
    ),
    "unknown key": (
        f'{{"hand": {HAND10}, "limit": 10}}',
        'unknown key "limit" (allowed: "hand", "knocker_melds", "knocker_unmatched")',
    ),
    "unknown keys": (
        '{"cards": [], "Hand": []}',
        'unknown keys "cards", "Hand" (allowed: "hand", "knocker_melds", "knocker_unmatched")',
    ),
    "repeated key": (f'{{"hand": {HAND10}, "hand": {HAND10}}}', 'duplicate key "hand"'),
    # field types
    "hand string": ('{"hand": "AS 2S 3S"}', "hand must be an array of cards, got a string"),
    "hand object": ('{"hand": {"AS": 1}}', "hand must be an array of cards, got an object"),
    "hand null": ('{"hand": null}', "hand must be an array of cards, got null"),
    "melds object": (
        f'{{"hand": {DEF10}, "knocker_melds": {{}}, "knocker_unmatched": []}}',
        "knocker_melds must be an array of melds (arrays of cards), got an object",
    ),
    "meld string": (
        f'{{"hand": {DEF10}, "knocker_melds": ["5H 6H 7H"], "knocker_unmatched": []}}',
        "knocker_melds[0] must be an array of cards, got a string",
    ),
    "unmatched string": (
        f'{{"hand": {DEF10}, "knocker_melds": [], "knocker_unmatched": "AD"}}',
        "knocker_unmatched must be an array of cards, got a string",
    ),
    # cards
    "number card": (
        '{"hand": ["AS", 7]}',
        "hand[1] must be a card string such as 7H, got 7",
    ),
    "null card": ('{"hand": [null]}', "hand[0] must be a card string such as 7H, got null"),
    "nested card": (
        '{"hand": [["AS"]]}',
        'hand[0] must be a card string such as 7H, got ["AS"]',
    ),
    "boolean in meld": (
        f'{{"hand": {DEF10}, "knocker_melds": [["5H", true]], "knocker_unmatched": []}}',
        "knocker_melds[0][1] must be a card string such as 7H, got true",
    ),
    "unknown rank": (
        '{"hand": ["AS", "2S", "3S", "ZS"]}',
        "hand[3]: 'ZS' is not a card: unknown rank 'Z' (use A 2-10 T J Q K)",
    ),
    "rank 11": (
        '{"hand": ["11H"]}',
        "hand[0]: '11H' is not a card: unknown rank '11' (use A 2-10 T J Q K)",
    ),
    "unknown suit": (
        '{"hand": ["7X"]}',
        "hand[0]: '7X' is not a card: unknown suit 'X' (use C D H S)",
    ),
    "empty card": (
        '{"hand": [""]}',
        "hand[0]: '' is not a card: expected a rank and a suit, like 7H or 10♥",
    ),
    "bad unmatched card": (
        f'{{"hand": {DEF10}, "knocker_melds": [], "knocker_unmatched": ["AD", "Q"]}}',
        "knocker_unmatched[1]: 'Q' is not a card: expected a rank and a suit, like 7H or 10♥",
    ),
    # repeated cards
    "duplicated card": (
        '{"hand": ["7h", "8H", "7♥"]}',
        "duplicated card 7H: hand[0] and hand[2]",
    ),
    "duplicated in a meld": (
        f'{{"hand": {DEF10}, "knocker_melds": [["5H", "6H", "5h"]], "knocker_unmatched": []}}',
        "duplicated card 5H: knocker_melds[0][0] and knocker_melds[0][2]",
    ),
    "hand and knocker meld": (
        f'{{"hand": {DEF10}, "knocker_melds": [["7H", "8H", "9H"]], "knocker_unmatched": []}}',
        "card 8H is in both hand[1] and knocker_melds[0][1]",
    ),
    "hand and knocker unmatched": (
        f'{{"hand": {DEF10}, "knocker_melds": [], "knocker_unmatched": ["AD", "KS"]}}',
        "card KS is in both hand[9] and knocker_unmatched[1]",
    ),
    "two knocker melds": (
        f'{{"hand": {DEF10}, "knocker_melds": [["5H", "6H", "7H"], ["7C", "7D", "7H"]], '
        '"knocker_unmatched": []}',
        "card 7H is in both knocker_melds[0][2] and knocker_melds[1][2]",
    ),
    "knocker meld and unmatched": (
        f'{{"hand": {DEF10}, "knocker_melds": [["5H", "6H", "7H"]], '
        '"knocker_unmatched": ["AD", "6H"]}',
        "card 6H is in both knocker_melds[0][1] and knocker_unmatched[1]",
    ),
    # counts
    "nine cards": (
        f'{{"hand": {json.dumps(TEN[:9])}}}',
        "hand has 9 cards: expected 10 or 11",
    ),
    "twelve cards": (
        f'{{"hand": {json.dumps([*TEN, "QH", "KH"])}}}',
        "hand has 12 cards: expected 10 or 11",
    ),
    "no cards": ('{"hand": []}', "hand has 0 cards: expected 10 or 11"),
    "eleven against a knock": (
        f'{{"hand": {json.dumps([*DEFENDER, "QH"])}, {KNOCK}}}',
        "hand has 11 cards: expected 10 when the knocker's hand is given",
    ),
    "knocker shows nine": (
        f'{{"hand": {DEF10}, "knocker_melds": {json.dumps(KNOCK_MELDS)}, '
        '"knocker_unmatched": ["2C", "3C", "AD"]}',
        "the knocker shows 9 cards (6 in knocker_melds, 3 in knocker_unmatched): expected 10",
    ),
    "knocker shows eleven": (
        f'{{"hand": {DEF10}, "knocker_melds": {json.dumps(KNOCK_MELDS)}, '
        '"knocker_unmatched": ["2C", "3C", "AD", "AS", "QS"]}',
        "the knocker shows 11 cards (6 in knocker_melds, 5 in knocker_unmatched): expected 10",
    ),
    # melds
    "not a set": (
        f'{{"hand": {DEF10}, "knocker_melds": [["5H", "6H", "7H"], ["9C", "9D", "8S"]], '
        '"knocker_unmatched": ["2C", "3C", "AD", "AS"]}',
        "knocker_melds[1] (9C 9D 8S) is not a meld: a meld is 3 or 4 cards of one rank, "
        "or 3 or more cards in sequence in one suit",
    ),
    "gap in run": (
        f'{{"hand": {DEF10}, "knocker_melds": [["5H", "3H", "2H"]], '
        '"knocker_unmatched": ["2C", "3C", "AD", "AS", "QS", "JS", "9S"]}',
        "knocker_melds[0] (2H 3H 5H) is not a meld: a meld is 3 or 4 cards of one rank, "
        "or 3 or more cards in sequence in one suit",
    ),
    "R2 no wrap": (
        '{"hand": ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC"], '
        '"knocker_melds": [["QS", "KS", "AS"]], '
        '"knocker_unmatched": ["2D", "3D", "4D", "5D", "6D", "7D", "8D"]}',
        "knocker_melds[0] (AS QS KS) is not a meld: a meld is 3 or 4 cards of one rank, "
        "or 3 or more cards in sequence in one suit",
    ),
    "two cards": (
        f'{{"hand": {DEF10}, "knocker_melds": [["5H", "6H"]], '
        '"knocker_unmatched": ["2C", "3C", "AD", "AS", "QS", "JS", "9S", "8S"]}',
        "knocker_melds[0] (5H 6H) is not a meld: a meld is 3 or 4 cards of one rank, "
        "or 3 or more cards in sequence in one suit",
    ),
    "empty meld": (
        f'{{"hand": {DEF10}, "knocker_melds": [[], ["AC", "2C", "3C", "4C", "5C", "6C", '
        '"7C"]], "knocker_unmatched": ["AD", "3D", "4D"]}',
        "knocker_melds[0] (empty) is not a meld: a meld is 3 or 4 cards of one rank, "
        "or 3 or more cards in sequence in one suit",
    ),
    # lines
    "empty line": ("", 'empty line: expected a JSON object like {"hand": [...]}'),
    "blank line": ("   \t", 'empty line: expected a JSON object like {"hand": [...]}'),
}


@pytest.mark.parametrize("line, message", list(ERRORS.values()), ids=list(ERRORS))
def test_error_answers_name_what_is_wrong(monkeypatch, capsys, line: str, message: str) -> None:
    assert error_of(monkeypatch, capsys, line) == message


@pytest.mark.parametrize(
    "line",
    ['{"hand": ["AS", "2S"', "{hand: []}", "{'hand': []}", '{"hand": []} x', "nul", "[" * 100_000],
)
def test_bad_json_is_reported_with_the_json_error(monkeypatch, capsys, line: str) -> None:
    message = error_of(monkeypatch, capsys, line)
    assert message.startswith("bad JSON: ")
    assert "line 1 column" in message or message == "bad JSON: nested too deeply"


def test_bad_json_message_quotes_the_decoder() -> None:
    assert answer_line('{"hand": ["AS", "2S"') == {
        "error": "bad JSON: Expecting ',' delimiter: line 1 column 21 (char 20)"
    }


def test_errors_are_value_errors_of_the_right_kind() -> None:
    with pytest.raises(AnalyzeError, match="expected a JSON object"):
        analyze_request(["AS"])
    with pytest.raises(CardError, match="duplicated card AS"):
        analyze_request({"hand": ["AS", "as"]})
    with pytest.raises(MeldError, match="is not a meld"):
        analyze_request(
            {
                "hand": DEFENDER,
                "knocker_melds": [cards("9C 9D 8S")],
                "knocker_unmatched": cards("2C 3C AD AS QS JS 9S"),
            }
        )
    assert issubclass(AnalyzeError, ValueError)
