"""``gin replay``: a recorded game shown step by step."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest

from ginrummy.cli import main
from ginrummy.core.game import new_game
from ginrummy.core.rules import Rules
from ginrummy.format.notation import dump_notation
from ginrummy.format.replay import dump_record

DATA = Path(__file__).parent.parent / "data"
GOLDEN_JSON = str(DATA / "golden_classic.json")
GOLDEN_TXT = str(DATA / "golden_classic.txt")


def replay(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["replay", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_replay_shows_every_action_hands_and_scores(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = replay(capsys, GOLDEN_JSON)
    assert status == 0 and err == ""
    assert out.startswith("Rules: classic\nCut: seat 0 cuts 6H, seat 1 cuts 7D; seat 0 cut")
    assert "=== Hand 1: seat 0 deals; upcard AS; knock limit 10 ===" in out
    assert "  1. seat 1: take AS" in out
    assert "  3. seat 0: stock (drew AC)" in out  # a finished record is public
    assert "stock 30, pile TS" in out
    assert "        seat 0: 9C TC AD 2D 4D KD 5H JH 5S 7S  (deadwood 63)" in out
    assert "knock: seat 1 scores 41 - 7 = 34" in out
    assert "undercut: seat 1 scores (10 - 10) + 10 undercut bonus = 10" in out
    assert "totals: seat 0 11, seat 1 102 (hands won: 1, 3)" in out
    assert out.count("=== Hand ") == 4
    assert "final total                  31      262" in out
    assert out.rstrip().endswith("margin 231: seat 0 pays seat 1 1 × 231 = 231")
    assert replay(capsys, GOLDEN_JSON, "--all")[1] == out


def test_replay_reads_the_notation(capsys: pytest.CaptureFixture[str]) -> None:
    from_json = replay(capsys, GOLDEN_JSON)[1]
    status, out, _ = replay(capsys, GOLDEN_TXT)
    assert status == 0 and out == from_json


def test_replay_as_one_seat_hides_the_other(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = replay(capsys, GOLDEN_JSON, "--seat", "0")
    assert status == 0
    hand_one = out.split("=== Hand 2")[0]
    assert "       *seat 1: [10 unseen]" in hand_one
    assert "  1. seat 1: take AS" in hand_one and "seat 1: AS [9 unseen]" in hand_one
    assert "  5. seat 1: stock                        stock 29" in hand_one
    assert "  3. seat 0: stock (drew AC)" in hand_one  # its own draws are shown
    assert "knock (discard face down)" in hand_one
    # the end of the hand shows everything
    assert "knock: seat 1 scores 41 - 7 = 34" in hand_one
    seat1 = replay(capsys, GOLDEN_JSON, "--seat", "1")[1]
    assert "  3. seat 0: stock   " in seat1 and "(drew AC)" not in seat1.split("=== Hand 2")[0]


def test_replay_step_waits_and_can_stop(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n\nq\n"))
    status, out, _ = replay(capsys, GOLDEN_JSON, "--step")
    assert status == 0
    assert "  2. seat 1: discard TS" in out and "  3. seat 0" not in out
    assert "final total" not in out
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # end of input: keeps going
    status, out, _ = replay(capsys, GOLDEN_JSON, "--step")
    assert status == 0 and "final total" in out


def test_replay_of_an_unfinished_game(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    rng = random.Random(2)
    game = new_game(Rules.preset("oklahoma"), rng).deal_from(rng)
    for _ in range(5):
        game = game.apply(game.legal_actions()[0])
    path = tmp_path / "partial.txt"
    path.write_text(dump_notation(game), encoding="utf-8")
    status, out, _ = replay(capsys, str(path))
    assert status == 0
    assert "The record ends with the game in progress (hand 1)." in out
    assert "game in progress: no game bonus yet" in out


def test_replay_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = json.loads(Path(GOLDEN_JSON).read_text(encoding="utf-8"))
    data["hands"][1]["result"]["points"] = 99
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = replay(capsys, str(bad))
    assert status == 2
    assert "hand 2: result points: the record says 99, the replay gives 58" in err
    assert "=== Hand 2" in out  # shown up to the disagreement
    status, _, err = replay(capsys, str(tmp_path / "missing.json"))
    assert status == 2 and "cannot read" in err
    assert replay(capsys, GOLDEN_JSON, "--seat", "2")[0] == 2
    assert replay(capsys, GOLDEN_JSON, "--seat", "0", "--all")[0] == 2


def test_replay_of_a_json_dump(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rng = random.Random(11)
    game = new_game(Rules.preset("oklahoma", max_hands=1, extra_boxes=True), rng)
    while not game.is_over:
        game = game.deal_from(rng) if game.hand is None else game.apply(
            rng.choice(game.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(dump_record(game), encoding="utf-8")
    status, out, _ = replay(capsys, str(path))
    assert status == 0 and "game over (max hands)" in out


def test_replay_of_three_player_and_team_records(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    """R33, R34: ``gin replay`` reads three-player and team records too."""
    from ginrummy.format.replay import dump_record
    from tests.format.test_multiplayer_record import rotation_game, team_game

    path = tmp_path / "three.json"
    path.write_text(dump_record(rotation_game()), encoding="utf-8")
    status, out, err = replay(capsys, str(path))
    assert status == 0 and err == ""
    assert out.startswith("Rules: classic; three players (R33); target 100\nCut: player 0 cuts")
    assert ("=== Hand 2: round 2, table 0; player 0 deals; seat 0 is player 1, seat 1 is "
            "player 2;") in out
    assert "totals: player 0 0, player 1 0, player 2 95" in out
    assert "The record ends with the game in progress (round 3)." in out
    hidden = replay(capsys, str(path), "--seat", "1")[1]
    assert "seat 1: [10 unseen]" in hidden.split("=== Hand 2")[0]  # player 1 sat out hand 1
    assert replay(capsys, str(path), "--seat", "3")[0] == 2
    path.write_text(dump_record(team_game()), encoding="utf-8")
    status, out, err = replay(capsys, str(path))
    assert status == 0 and "(the round goes on at the other tables)" in out
    assert "round 1: team 0 won 55, team 1 won 33: team 0 scores 22 (R34)" in out
    assert "totals: team 0 22, team 1 0" in out


GOLDEN_RECORDS = Path(__file__).parent.parent / "golden" / "records"
ENGLISH = re.compile(r"\b(seat|seats|deals|knock|limit|stock|pile|totals|winner|team|player|"
                     r"round|table|hand|points|boxes|cut|rules|unseen|layoffs|deadwood|"
                     r"take|discard|pays|margin|game|nobody|over)\b", re.IGNORECASE)


ENGINE_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")


@pytest.mark.parametrize("name", ["two_classic_v1.json", "two_classic_v1_notation.txt",
                                  "three_server_fair_v1.json", "teams_server_fair_v1.json"])
@pytest.mark.parametrize("seat", [None, "1"])
def test_replay_in_italian_has_no_english_word(capsys: pytest.CaptureFixture[str], name: str,
                                               seat: str | None) -> None:
    """Two players, three and teams, all of it or one seat's: every line in Italian."""
    path = str(GOLDEN_RECORDS / name)
    code, out, err = replay(capsys, "--lang", "it", path, *(["--seat", seat] if seat else []))
    assert code == 0 and err == ""
    assert out.startswith("Regole: ") and "\nTaglio: " in out and "=== Mano 1" in out
    for line in out.splitlines():
        assert not ENGLISH.search(line), line
        assert not ENGINE_CARD.search(line), line  # cards as the Italian screens show them: 6♠
    english = replay(capsys, "--lang", "en", path, *(["--seat", seat] if seat else []))[1]
    assert len(english.splitlines()) == len(out.splitlines())  # the same replay, line by line


def test_replay_errors_in_italian(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = replay(capsys, "--lang", "it", str(tmp_path / "missing.json"))
    assert code == 2 and "impossibile leggere" in err
    code, _, err = replay(capsys, "--lang", "it", "--seat", "5",
                          str(GOLDEN_RECORDS / "two_classic_v1.json"))
    assert code == 2 and "--seat deve essere 0 o 1 in una partita a due, non 5" in err
    code, _, err = replay(capsys, "--lang", "it", "--seat", "4",
                          str(GOLDEN_RECORDS / "three_server_fair_v1.json"))
    assert code == 2 and "--seat deve essere un giocatore da 0 a 2, non 4" in err


def test_replay_in_italian_names_why_a_hand_was_void(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    rng = random.Random(1)  # random legal play: void hands (R21), then a knock
    game = new_game(Rules.preset("standard", max_hands=1), rng)
    while not game.is_over:
        game = game.deal_from(rng)
        while game.hand is not None:
            game = game.apply(rng.choice(game.hand.legal_actions()))
    assert "void" in [r.outcome for r in game.results]
    path = tmp_path / "voids.json"
    path.write_text(dump_record(game), encoding="utf-8")
    code, out, _ = replay(capsys, "--lang", "it", str(path))
    assert code == 0 and "mano nulla: nel tallone sono rimaste solo due carte" in out
    for line in out.splitlines():
        assert not ENGLISH.search(line) and "only two cards" not in line, line
