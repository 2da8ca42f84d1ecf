"""``gin analyze``: one hand for people, ``--json``, and the ``--jsonl`` request stream.

Expected values are worked out by hand in the comments (R3 values: ace 1,
two to ten face value, faces 10).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.cli import COMMANDS, main
from ginrummy.coach.analyze import answer_line
from ginrummy.core.cards import card_name, parse_card
from ginrummy.core.melds import best_arrangement, deadwood, is_big_gin, is_meld

ROOT = Path(__file__).resolve().parent.parent.parent


def cards(text: str) -> list[str]:
    return text.split()


def run_jsonl(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str
) -> tuple[int, list[dict[str, Any]]]:
    """Feed ``text`` to ``gin analyze --jsonl``; return the exit status and the decoded answers."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(["analyze", "--jsonl"])
    out = capsys.readouterr().out
    assert out == "" or out.endswith("\n")
    return status, [json.loads(line) for line in out.splitlines()]


def ask(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], request: object
) -> dict[str, Any]:
    """One request through ``main``; checks that the exit status matches the answer."""
    status, answers = run_jsonl(monkeypatch, capsys, json.dumps(request) + "\n")
    assert len(answers) == 1
    assert status == (2 if "error" in answers[0] else 0)
    return answers[0]


def error_of(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], line: str) -> str:
    status, answers = run_jsonl(monkeypatch, capsys, line + "\n")
    assert status == 2
    assert len(answers) == 1 and list(answers[0]) == ["error"]
    message = answers[0]["error"]
    assert isinstance(message, str)
    return message


TEN = cards("AS 2S 3S 7H 7D 7C 9C TC JC KD")

# Knock used in the layoff tests: run 5H 6H 7H, set 9C 9D 9S, unmatched 2C 3C AD AS
# (10 cards, knocker deadwood 2+3+1+1 = 7).
KNOCK_MELDS = [cards("5H 6H 7H"), cards("9C 9D 9S")]
KNOCK_UNMATCHED = cards("2C 3C AD AS")
DEFENDER = cards("4H 8H 9H TC JC QC 2D 5D KD KS")


# ------------------------------------------------------------ 10 and 11 cards


def test_R10_ten_card_hand_melds_unmatched_deadwood(monkeypatch, capsys) -> None:
    # 7C 7D 7H set, 9C TC JC run, AS 2S 3S run; KD left over: 10.
    assert ask(monkeypatch, capsys, {"hand": TEN}) == {
        "deadwood": 10,
        "melds": [["7C", "7D", "7H"], ["9C", "TC", "JC"], ["AS", "2S", "3S"]],
        "unmatched": ["KD"],
    }


def test_R3_deadwood_values_with_no_melds(monkeypatch, capsys) -> None:
    hand = cards("AC 3D 5H 7S 9C JD QH KS 2H 4S")
    # 1 + 3 + 5 + 7 + 9 + 10 + 10 + 10 + 2 + 4 = 61; unmatched in card order (C D H S).
    assert ask(monkeypatch, capsys, {"hand": hand}) == {
        "deadwood": 61,
        "melds": [],
        "unmatched": cards("AC 9C 3D JD 2H 5H QH 4S 7S KS"),
    }


def test_R2_ace_is_low_only(monkeypatch, capsys) -> None:
    # A-2-3 of spades is a run; Q-K-A is not, so QS KS stay: 4+5+5+9+10+10+10 = 53.
    answer = ask(monkeypatch, capsys, {"hand": cards("QS KS AS 2S 3S 5C 5D 9H TH 4C")})
    assert answer["melds"] == [["AS", "2S", "3S"]]
    assert answer["deadwood"] == 53
    assert answer["unmatched"] == cards("4C 5C 5D 9H TH QS KS")


def test_card_spellings_are_read_and_written_canonically(monkeypatch, capsys) -> None:
    hand = ["10h", "9♥", "8H", "7h", "as", "2♠", "3S", "kd", "KC", "1s"]
    answer = answer_line(json.dumps({"hand": hand}))
    assert answer == {"error": "duplicated card AS: hand[4] and hand[9]"}
    hand[9] = "KH"
    # Melds by lowest card: KC (12) < 7H (32) < AS (39); each meld in rank order.
    assert ask(monkeypatch, capsys, {"hand": hand}) == {
        "deadwood": 0,
        "melds": [["KC", "KD", "KH"], ["7H", "8H", "9H", "TH"], ["AS", "2S", "3S"]],
        "unmatched": [],
    }


def test_R16_eleven_cards_best_discard_and_gin(monkeypatch, capsys) -> None:
    hand = cards("AS 2S 3S 4S 7H 7D 7C 9C TC JC KD")
    assert ask(monkeypatch, capsys, {"hand": hand}) == {
        "big_gin": False,
        "deadwood": 0,
        "discards": ["KD"],
        "gin": True,
        "melds": [["7C", "7D", "7H"], ["9C", "TC", "JC"], ["AS", "2S", "3S", "4S"]],
        "unmatched": [],
    }


def test_R14_eleven_cards_every_best_discard_listed(monkeypatch, capsys) -> None:
    # Discarding KD or QH leaves the other (10); any other discard breaks a meld.
    # Discards in card order: KD (25) before QH (37); melds follow the first.
    hand = cards("AS 2S 3S 7H 7D 7C 9C TC JC KD QH")
    assert ask(monkeypatch, capsys, {"hand": hand}) == {
        "big_gin": False,
        "deadwood": 10,
        "discards": ["KD", "QH"],
        "gin": False,
        "melds": [["7C", "7D", "7H"], ["9C", "TC", "JC"], ["AS", "2S", "3S"]],
        "unmatched": ["QH"],
    }


def test_R17_big_gin_with_a_five_card_run(monkeypatch, capsys) -> None:
    # All 11 meld; dropping either end of AS-5S keeps a 4-card run: gin too.
    hand = cards("AS 2S 3S 4S 5S 7H 7D 7C 9C TC JC")
    answer = ask(monkeypatch, capsys, {"hand": hand})
    assert answer["big_gin"] is True and answer["gin"] is True
    assert answer["deadwood"] == 0
    assert answer["discards"] == ["AS", "5S"]
    assert answer["melds"] == [["7C", "7D", "7H"], ["9C", "TC", "JC"], ["2S", "3S", "4S", "5S"]]


def test_R17_big_gin_with_four_of_a_kind(monkeypatch, capsys) -> None:
    # Any seven, or either end of 9C-QC, can go; the melds follow 7C (the first):
    # 9C TC JC QC (lowest 9C = 8), 7D 7H 7S (lowest 7D = 19), AS 2S 3S (39).
    hand = cards("7C 7D 7H 7S AS 2S 3S 9C TC JC QC")
    answer = ask(monkeypatch, capsys, {"hand": hand})
    assert answer["big_gin"] is True
    assert answer["discards"] == cards("7C 9C QC 7D 7H 7S")
    assert answer["melds"] == [cards("9C TC JC QC"), cards("7D 7H 7S"), cards("AS 2S 3S")]


# ------------------------------------------------------------ the defender


def test_R18_layoffs_reported_for_defender(monkeypatch, capsys) -> None:
    # 4H extends 5H-7H downwards; 8H extends it upwards, then 9H extends that
    # (9H could also complete the nines). Left: 2D 5D KD KS = 2+5+10+10 = 27.
    request = {
        "hand": DEFENDER,
        "knocker_melds": KNOCK_MELDS,
        "knocker_unmatched": KNOCK_UNMATCHED,
    }
    assert ask(monkeypatch, capsys, request) == {
        "deadwood": 27,
        "layoffs": ["4H", "8H", "9H"],
        "melds": [["TC", "JC", "QC"]],
        "unmatched": ["2D", "5D", "KD", "KS"],
    }


def test_R18_own_set_beats_layoffs(monkeypatch, capsys) -> None:
    # Knocker: 5H 6H 7H, JS QS KS, 2C 3C 4C, AD. Defender has 8C 8D 8H 9H:
    # the set 8C 8D 8H leaves 9H (9), laying off 8H 9H leaves 8C 8D (16).
    request = {
        "hand": cards("8C 8D 8H 9H AS 2D 6S TD QD KH"),
        "knocker_melds": [cards("5H 6H 7H"), cards("JS QS KS"), cards("2C 3C 4C")],
        "knocker_unmatched": ["AD"],
    }
    # 9 + 1 + 2 + 6 + 10 + 10 + 10 = 48
    assert ask(monkeypatch, capsys, request) == {
        "deadwood": 48,
        "layoffs": [],
        "melds": [["8C", "8D", "8H"]],
        "unmatched": cards("2D TD QD 9H KH AS 6S"),
    }


def test_R18_set_of_four_broken_to_lay_off_a_chain(monkeypatch, capsys) -> None:
    # With all four eights, 8C 8D 8S stay a set and 8H then 9H go on 5H-7H:
    # left AS 2D 6S TD QD = 1+2+6+10+10 = 29 (keeping the four eights: 38).
    request = {
        "hand": cards("8C 8D 8H 8S 9H AS 2D 6S TD QD"),
        "knocker_melds": [cards("5H 6H 7H"), cards("JS QS KS"), cards("2C 3C 4C")],
        "knocker_unmatched": ["AD"],
    }
    assert ask(monkeypatch, capsys, request) == {
        "deadwood": 29,
        "layoffs": ["8H", "9H"],
        "melds": [["8C", "8D", "8S"]],
        "unmatched": cards("2D TD QD AS 6S"),
    }


def test_R25_gin_knocker_allows_no_layoffs(monkeypatch, capsys) -> None:
    # Same defender as above, but the knocker melds all ten: 4H 8H 9H stay.
    # 4+8+9+2+5+10+10 = 48.
    request = {
        "hand": DEFENDER,
        "knocker_melds": [*KNOCK_MELDS, cards("AC 2C 3C 4C")],
        "knocker_unmatched": [],
    }
    assert ask(monkeypatch, capsys, request) == {
        "deadwood": 48,
        "layoffs": [],
        "melds": [["TC", "JC", "QC"]],
        "unmatched": cards("2D 5D KD 4H 8H 9H KS"),
    }


def test_R15_knocker_deadwood_above_ten_is_not_an_error(monkeypatch, capsys) -> None:
    # Knocker shows 5H 6H 7H and 48 deadwood; the knock limit is not ours to check.
    # Defender lays off 4H and 8H; left AS 3S 5S 7S 9S JS KS 2H = 47.
    request = {
        "hand": cards("4H 8H AS 3S 5S 7S 9S JS KS 2H"),
        "knocker_melds": [cards("5H 6H 7H")],
        "knocker_unmatched": cards("KC QC JD 9D 2S 3D 4D"),
    }
    answer = ask(monkeypatch, capsys, request)
    assert answer["layoffs"] == ["4H", "8H"]
    assert answer["deadwood"] == 47
    # A knocker with no melds at all is answered too (nothing to lay off on).
    request = {
        "hand": request["hand"],
        "knocker_melds": [],
        "knocker_unmatched": cards("KC QC JD 9D 2S 3D 4D 5H 6H 7H"),
    }
    assert ask(monkeypatch, capsys, request)["layoffs"] == []


# ------------------------------------------------------------ the stream


def test_answers_stay_aligned_with_requests(monkeypatch, capsys) -> None:
    lines = [
        json.dumps({"hand": TEN}),
        "",
        "not json",
        json.dumps(
            {"hand": DEFENDER, "knocker_melds": KNOCK_MELDS, "knocker_unmatched": KNOCK_UNMATCHED}
        ),
        "   ",
        json.dumps({"hand": ["AS"]}),
        "\r",
        json.dumps({"hand": cards("AS 2S 3S 4S 7H 7D 7C 9C TC JC KD")}),
        json.dumps({"hand": TEN}),  # the last line has no newline
    ]
    status, answers = run_jsonl(monkeypatch, capsys, "\n".join(lines))
    assert status == 2
    assert len(answers) == len(lines)
    failed = [i for i, answer in enumerate(answers) if "error" in answer]
    assert failed == [1, 2, 4, 5, 6]
    assert answers[0] == answers[8] and answers[0]["deadwood"] == 10
    assert answers[3]["layoffs"] == ["4H", "8H", "9H"]
    assert answers[7]["gin"] is True
    assert answers[2]["error"].startswith("bad JSON: Expecting value")


def test_all_good_lines_exit_zero(monkeypatch, capsys) -> None:
    status, answers = run_jsonl(monkeypatch, capsys, json.dumps({"hand": TEN}) + "\n")
    assert status == 0 and len(answers) == 1
    status, answers = run_jsonl(monkeypatch, capsys, "")
    assert status == 0 and answers == []


def test_jsonl_subprocess_answers_each_line_as_it_comes() -> None:
    """A real ``python -m ginrummy.cli analyze --jsonl``: each answer comes before the next ask."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "ginrummy.cli", "analyze", "--jsonl"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
    )
    watchdog = threading.Timer(60, proc.kill)
    watchdog.start()
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps({"hand": ["10♥", *TEN[1:]]}) + "\n")
        proc.stdin.flush()
        first = json.loads(proc.stdout.readline())  # would hang without a flush per line
        # TH 2S 3S 7H 7D 7C 9C TC JC KD: KD TH 2S 3S left, 10+10+2+3 = 25.
        assert first == {
            "deadwood": 25,
            "melds": [["7C", "7D", "7H"], ["9C", "TC", "JC"]],
            "unmatched": ["KD", "TH", "2S", "3S"],
        }
        proc.stdin.write('{"hand": [1]}\n\n' + json.dumps({"hand": TEN}) + "\n")
        proc.stdin.close()
        rest = [json.loads(line) for line in proc.stdout.read().splitlines()]
        assert proc.wait() == 2
    finally:
        watchdog.cancel()
    assert [list(answer) for answer in rest[:2]] == [["error"], ["error"]]
    assert rest[2]["deadwood"] == 10
    assert len(rest) == 3


# ------------------------------------------------------------ for people


def test_cards_as_arguments_or_one_string(capsys) -> None:
    assert main(["analyze", *TEN]) == 0
    separate = capsys.readouterr().out
    assert main(["analyze", " ".join(TEN)]) == 0
    assert capsys.readouterr().out == separate
    assert separate.splitlines() == [
        "Hand:          7C 9C TC JC 7D KD 7H AS 2S 3S (10 cards)",
        "Melds:         [7C 7D 7H] [9C TC JC] [AS 2S 3S]",
        "Unmatched:     KD",
        "Deadwood:      10",
    ]


def test_R16_R17_eleven_cards_for_people(capsys) -> None:
    assert main(["analyze", "AS 2S 3S 4S 5S 7H 7D 7C 9C TC JC"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Hand:          7C 9C TC JC 7D 7H AS 2S 3S 4S 5S (11 cards)",
        "Best discards: AS 5S (each leaves deadwood 0)",
        "After discarding AS:",
        "  Melds:       [7C 7D 7H] [9C TC JC] [2S 3S 4S 5S]",
        "  Unmatched:   none",
        "  Deadwood:    0",
        "Gin:           yes, discard AS or 5S",
        "Big gin:       yes, all 11 cards meld",
    ]
    assert main(["analyze", *cards("AS 2S 3S 7H 7D 7C 9C TC JC KD QH")]) == 0
    out = capsys.readouterr().out
    assert "Best discards: KD QH (each leaves deadwood 10)" in out
    assert "Gin:           no" in out and "Big gin:       no" in out


def test_json_flag_prints_the_jsonl_answer(monkeypatch, capsys) -> None:
    hand = cards("AS 2S 3S 7H 7D 7C 9C TC JC KD QH")
    assert main(["analyze", "--json", *hand]) == 0
    printed = capsys.readouterr().out
    assert printed.count("\n") == 1
    assert json.loads(printed) == ask(monkeypatch, capsys, {"hand": hand})


@pytest.mark.parametrize(
    "argv, message",
    [
        (["analyze", *TEN[:9]], "a hand has 10 or 11 cards, got 9"),
        (["analyze", *TEN[:9], "ZZ"], "'ZZ' is not a card: unknown rank 'Z'"),
        (["analyze", *TEN[:9], "AS"], "card AS appears twice"),
        (["analyze"], "give 10 or 11 cards"),
        (["analyze", "--jsonl", *TEN], "--jsonl reads requests from stdin"),
        (["analyze", "--json", "--jsonl"], "not allowed with argument"),
        ([], "required: COMMAND"),
    ],
)
def test_bad_command_lines_exit_2(capsys, argv: list[str], message: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err


def test_help_exits_zero(capsys) -> None:
    assert main(["--help"]) == 0
    assert "analyze" in capsys.readouterr().out
    assert main(["analyze", "--help"]) == 0
    assert "--jsonl" in capsys.readouterr().out


def test_console_script_gin_is_declared() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["gin"] == "ginrummy.cli:main"
    assert set(COMMANDS) >= {"analyze"}


# ------------------------------------------------------------ properties

hands = st.integers(10, 11).flatmap(
    lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)
)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_R10_answers_agree_with_the_melds_module(hand: list[int]) -> None:
    mask = sum(1 << card for card in hand)
    answer = answer_line(json.dumps({"hand": [card_name(card) for card in hand]}))
    assert answer["deadwood"] == deadwood(mask)
    melds = [[parse_card(name) for name in meld] for meld in answer["melds"]]
    unmatched = [parse_card(name) for name in answer["unmatched"]]
    # Melds are real, disjoint, in order of their lowest card, each in card order.
    assert all(is_meld(sum(1 << c for c in meld)) for meld in melds)
    assert all(meld == sorted(meld) for meld in melds)
    assert [meld[0] for meld in melds] == sorted(meld[0] for meld in melds)
    assert unmatched == sorted(unmatched)
    used = [c for meld in melds for c in meld] + unmatched
    assert len(used) == len(set(used)) == 10
    kept = sum(1 << c for c in used)
    assert sum(min(card % 13 + 1, 10) for card in unmatched) == deadwood(kept)
    shown = best_arrangement(kept)
    assert sorted(map(int, shown.melds)) == sorted(sum(1 << c for c in m) for m in melds)
    if len(hand) == 11:
        discards = [parse_card(name) for name in answer["discards"]]
        assert discards == sorted(discards) and kept == mask & ~(1 << discards[0])
        assert all(deadwood(mask & ~(1 << d)) == answer["deadwood"] for d in discards)
        assert answer["gin"] == (answer["deadwood"] == 0)
        assert answer["big_gin"] == is_big_gin(mask)
