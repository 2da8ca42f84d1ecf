"""gin verify: every hand of a provably fair record is checked; each kind of cheat is caught."""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from ginrummy.agents.simple import SimpleAgent
from ginrummy.cli import COMMANDS, main
from ginrummy.cli.verify import run, verify_record
from ginrummy.core.cut import Cut
from ginrummy.core.game import Game
from ginrummy.core.rules import Rules
from ginrummy.core.shuffle import SeededSource
from ginrummy.core.views import view_of
from ginrummy.format.provably_fair import FairHand, FairRecord, derive_cut, verify_hand
from ginrummy.format.record import GameRecord, parse_record, record_to_dict, with_fairness
from ginrummy.format.replay import dump_record, record_of

GAME_ID = "table-7f3a"
RULES = Rules.preset("standard", max_hands=3)


def play_fair_game(seed: int, stop_after_hand: int | None = None) -> tuple[Game, list[FairHand]]:
    """A game between two simple agents whose every deck comes from a :class:`FairHand`."""
    source = SeededSource(f"server seeds {seed}")
    agents = [SimpleAgent(seed), SimpleAgent(seed + 1)]
    first = source.read(32)
    game = Game.start(RULES, Cut(tuple((a, b) for a, b in derive_cut(first, GAME_ID, 2))))
    hands: list[FairHand] = []
    while not game.is_over:
        if game.hand is None:
            if stop_after_hand is not None and len(hands) == stop_after_hand:
                break
            hand = FairHand(first if not hands else source.read(32), GAME_ID, game.hand_number)
            hand = hand.with_client_seeds(("lucky 7", None) if len(hands) % 2 else (None, "ciao"))
            hands.append(hand)
            game = game.deal(hand.deck())
        else:
            state = game.hand
            game = game.apply(agents[state.turn].choose(view_of(state, state.turn)))
    return game, hands


def fair_record(seed: int = 1) -> GameRecord:
    game, hands = play_fair_game(seed)
    assert game.is_over and len(hands) >= 2
    return with_fairness(record_of(game), [hand.reveal() for hand in hands])


def record_dict(seed: int = 1) -> dict[str, Any]:
    return record_to_dict(fair_record(seed))


def verify_file(tmp_path: Path, data: dict[str, Any] | str, lang: str = "en") -> tuple[int, str]:
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = run(argparse.Namespace(file=str(path), lang=lang), out, err)
    return status, out.getvalue() + err.getvalue()


def problems_of(data: dict[str, Any]) -> list[list[str]]:
    verdict = verify_record(parse_record(json.dumps(data)))
    return [[str(p) for p in hand] for hand in verdict.hands] + [[str(p) for p in verdict.game]]


def test_gin_verify_is_a_subcommand() -> None:
    assert COMMANDS["verify"] == "ginrummy.cli.verify"
    assert main(["verify", "--help"]) == 0


def test_a_fair_game_verifies_in_english_and_italian(tmp_path: Path) -> None:
    data = record_dict()
    count = len(data["hands"])
    status, text = verify_file(tmp_path, data)
    assert status == 0, text
    lines = text.splitlines()
    assert lines[:count] == [
        f"hand {n}: OK, the deck is the one committed to ({h['fair']['commitment']}), and every "
        "player's seed was given for that commitment, after it was shown"
        for n, h in enumerate(data["hands"], 1)
    ]
    assert lines[-1] == (f"All {count} hands are fair: each deck is the one its commitment fixed,"
                         " and the game replays.")
    status, text = verify_file(tmp_path, data, "it")
    assert status == 0
    assert text.startswith("mano 1: OK, il mazzo è quello dell'impegno (")
    assert f"Tutte le {count} mani sono eque" in text


def test_the_record_keeps_the_fair_object_through_json() -> None:
    record = fair_record()
    text = json.dumps(record_to_dict(record))
    again = parse_record(text)
    assert again == record
    assert all(hand.fair is not None and hand.fair.server_seed for hand in again.hands)


def test_a_record_without_fair_data_is_unchanged_and_not_proved_fair(tmp_path: Path) -> None:
    game, _ = play_fair_game(2)
    text = dump_record(game)
    assert '"fair"' not in text
    assert dump_record(game) == text and parse_record(text).hands[0].fair is None
    status, out = verify_file(tmp_path, text)
    assert status == 1
    assert "hand 1: PROBLEM: the hand has no fairness data (no commitment was recorded)" in out
    assert out.splitlines()[-1].startswith("Not proved fair: ")


def test_a_tampered_deck_is_caught(tmp_path: Path) -> None:
    data = record_dict()
    deck = data["hands"][1]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    data["hands"][1]["actions"], data["hands"][1]["action_ids"] = [], []
    data["hands"] = data["hands"][:2]
    data.pop("final")
    problems = problems_of(data)
    assert problems[0] == []
    assert any(p.startswith("the deck is not the derived one: 2 positions differ; at position 1 "
                            f"the deck has {deck[0]}, the derivation gives {deck[1]}")
               for p in problems[1])


def test_a_wrong_server_seed_is_caught(tmp_path: Path) -> None:
    data = record_dict()
    fair = data["hands"][0]["fair"]
    real = fair["server_seed"]
    fair["server_seed"] = ("0" if real[0] != "0" else "1") + real[1:]
    status, out = verify_file(tmp_path, data)
    assert status == 1
    actual = hashlib.sha256(bytes.fromhex(fair["server_seed"])).hexdigest()
    assert (f"hand 1: PROBLEM: the commitment {fair['commitment']} does not match the server "
            f"seed, whose SHA-256 is {actual}") in out
    assert "hand 1: PROBLEM: the deck is not the derived one" in out
    assert "hand 2: OK" in out
    assert "Not proved fair: 1 of" in out


def test_a_seed_and_commitment_both_replaced_still_fail_on_the_deck(tmp_path: Path) -> None:
    data = record_dict()
    fair = data["hands"][0]["fair"]
    fair["server_seed"] = "ab" * 32
    fair["commitment"] = hashlib.sha256(bytes.fromhex(fair["server_seed"])).hexdigest()
    assert problems_of(data)[0] == [problems_of(data)[0][0]]
    assert problems_of(data)[0][0].startswith("the deck is not the derived one")


def test_swapped_client_seeds_are_caught() -> None:
    data = record_dict()
    seeds = data["hands"][0]["fair"]["client_seeds"]
    seeds.reverse()
    assert problems_of(data)[0][0].startswith("the deck is not the derived one")


def test_a_hand_moved_to_another_number_or_game_is_caught() -> None:
    data = record_dict()
    data["hands"][0]["fair"]["game_id"] = "another-table"
    problems = problems_of(data)
    assert problems[0][0].startswith("the deck is not the derived one")
    assert "the game id 'table-7f3a' differs from hand 1's ('another-table')" in problems[1]


def test_a_server_seed_used_twice_is_caught() -> None:
    data = record_dict()
    data["hands"][1]["fair"] = dict(data["hands"][0]["fair"])
    problems = problems_of(data)
    assert "the server seed was already used in hand 1" in problems[1]


def test_a_seed_revealed_before_the_hand_ended_is_caught(tmp_path: Path) -> None:
    game, hands = play_fair_game(3, stop_after_hand=1)
    hands.append(FairHand(b"\x07" * 32, GAME_ID, 2, (None, None)))
    game = game.deal(hands[-1].deck())
    game = game.apply(game.legal_actions()[0])
    fair = [h.reveal() for h in hands]
    leaked = record_to_dict(with_fairness(record_of(game), fair))
    status, out = verify_file(tmp_path, leaked)
    assert status == 1
    assert (f"hand {len(hands)}: PROBLEM: the server seed is revealed although the hand is "
            "not over") in out
    assert "game: PROBLEM: the game is not finished" in out
    honest = record_to_dict(with_fairness(record_of(game), fair[:-1] + [hands[-1].public()]))
    status, out = verify_file(tmp_path, honest)
    assert status == 1
    assert (f"hand {len(hands)}: PROBLEM: the hand is not over, so it cannot be checked yet"
            in out)
    assert "hand 1: OK" in out and "revealed" not in out


def test_a_record_that_does_not_replay_is_caught() -> None:
    data = record_dict()
    data["hands"][0]["totals"] = [999, 0]
    problems = problems_of(data)
    assert problems[0] == ["the record does not replay: hand 1: totals: the record says "
                           f"[999, 0], the replay gives {record_dict()['hands'][0]['totals']}"]


def test_wrong_shapes_of_fair_data_are_problems_with_precise_messages() -> None:
    data = record_dict()
    fair = data["hands"][0]["fair"]
    fair.update(version=3, commitment="F" * 64, client_seeds=["x" * 65, "tab\there", None])
    problems = problems_of(data)[0]
    assert problems == [
        "unknown deck derivation version 3 (this program knows 1, 2)",
        "the commitment must be 64 lowercase hex digits (a SHA-256), got '" + "F" * 64 + "'",
        "there are 3 client seeds, but the game has 2 seats",
        "seat 0: a client seed has 1 to 64 characters, this one has 65",
        "seat 1: the client seed has a character that cannot be printed (U+0009)",
    ]


@pytest.mark.parametrize(("content", "message"), [
    ("{", "gin verify: {path}: not valid JSON: Expecting property name enclosed in double "
          "quotes: line 1 column 2 (char 1)"),
    ("[]", "gin verify: {path}: a record is a JSON object, got list"),
    ("FAIR", "gin verify: {path}: hand 1: fair must be an object, got str"),
    ({"version": 1}, "gin verify: {path}: hand 1: fair: missing field 'client_seeds'"),
    ({"server_seed": 5}, "gin verify: {path}: hand 1: fair: server_seed must be hex text or "
                         "null, got 5"),
    ({"extra": 1}, "gin verify: {path}: hand 1: fair: unknown field 'extra'"),
])
def test_bad_input_exits_2_with_a_precise_error(tmp_path: Path, content: Any, message: str) -> None:
    if isinstance(content, str) and content != "FAIR":
        data: Any = content
    else:
        data = record_dict()
        fair = data["hands"][0]["fair"]
        if content == "FAIR":
            data["hands"][0]["fair"] = "FAIR"
        elif "version" in content:
            data["hands"][0]["fair"] = {"version": 1, "commitment": "", "game_id": ""}
        else:
            fair.update(content)
    status, out = verify_file(tmp_path, data)
    assert status == 2
    assert out.strip() == message.format(path=tmp_path / "game.json")


def test_a_notation_file_is_named_as_such_not_as_broken_json() -> None:
    path = Path(__file__).parent.parent / "data" / "golden_classic.txt"
    out, err = io.StringIO(), io.StringIO()
    status = run(argparse.Namespace(file=str(path), lang="en"), out, err)
    assert status == 2
    assert "this is the text notation, which keeps no seeds or commitments" in err.getvalue()


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    path = tmp_path / "none.json"
    status = run(argparse.Namespace(file=str(path), lang="it"), out, err)
    assert status == 2
    assert err.getvalue().strip() == f"gin verify: impossibile leggere {path}: il file non esiste"


def test_the_fair_record_dataclass_round_trip() -> None:
    record = fair_record().hands[0].fair
    assert record is not None
    assert FairRecord.from_dict(record.to_dict()) == record
    assert dataclasses.replace(record, server_seed=None).to_dict()["server_seed"] is None


def test_gin_verify_proves_commitment_came_first(tmp_path: Path) -> None:
    """Version 2 binds the seeds to the commitment: a deck derived for the same seeds under
    another commitment (a seed the server could have had before it committed) fails."""

    data = record_dict()
    status, text = verify_file(tmp_path, data)
    assert status == 0
    assert "every player's seed was given for that commitment, after it was shown" in text
    fair = data["hands"][0]["fair"]
    seed = bytes.fromhex(fair["server_seed"])
    unbound = FairHand(seed, GAME_ID, 1, tuple(fair["client_seeds"]), version=1).deck()
    problems = verify_hand(fair["commitment"], seed, fair["client_seeds"], GAME_ID, 1, unbound,
                           version=2)
    assert [p.code for p in problems] == ["deck_mismatch"]


def test_gin_verify_checks_the_cut_against_the_first_server_seed() -> None:
    data = record_dict()
    assert problems_of(data)[-1] == []
    data["cut"] = [["AC", "2C"]]
    assert problems_of(data)[-1][0].startswith("the cut AC 2C is not the one the first hand's "
                                               "server seed fixes (")


def test_gin_verify_checks_that_my_seed_is_in_my_hand(tmp_path: Path) -> None:
    data = record_dict()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    mine = data["hands"][1]["fair"]["client_seeds"][0]
    out = io.StringIO()
    assert run(argparse.Namespace(file=str(path), lang="en", seed=[f"2={mine}"]), out,
               io.StringIO()) == 0
    out = io.StringIO()
    assert run(argparse.Namespace(file=str(path), lang="it", seed=["1=not mine", "9=x", "x"]),
               out, io.StringIO()) == 1
    text = out.getvalue()
    assert "il tuo seed 'not mine' non è tra i seed della mano 1" in text
    assert "--seed: non c'è una mano 9" in text and "--seed vuole MANO=SEED, non 'x'" in text
