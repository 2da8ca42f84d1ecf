"""gin verify on three-player (R33) and team (R34) records: fair deals pass, each cheat is caught.

Every deck comes from a :class:`FairHand` whose hand number is the deal number ``k``
(1, 2, 3... in the order dealt, every table and void hand counted) with no client
seeds, as the server dealt table games with deck derivation version 1 (kept verifiable).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from ginrummy.agents.simple import SimpleAgent
from ginrummy.core.cut import Cut
from ginrummy.core.game import Game
from ginrummy.core.rules import Rules
from ginrummy.core.shuffle import SeededSource
from ginrummy.core.table import TableRules
from ginrummy.core.views import view_of
from ginrummy.format.provably_fair import FairHand
from ginrummy.format.record import (
    GameRecord,
    RecordError,
    parse_record,
    record_from_dict,
    record_text,
    record_to_dict,
    with_fairness,
)
from ginrummy.format.replay import dump_record, record_of
from tests.cli.test_cli_verify import problems_of, verify_file

GAME_ID = "table-game-51"
THREE = TableRules(3, Rules.preset("classic", max_hands=3))
FOUR = TableRules(4, Rules.preset("modern", max_hands=2))
CUTS = {3: Cut.parse("9H 3C KD"), 4: Cut.parse("KH 2C 9D 8S")}

Dealt = dict[tuple[int, ...], tuple[int, FairHand]]


def play_fair_table_game(table_rules: TableRules, seed: int = 1,
                         stop_after_deals: int | None = None) -> tuple[Game, Dealt]:
    """Simple agents play; tables are dealt last table first, so a team game's deal numbers
    differ from the hands' places in the record. Returns the game and deck -> (deal, hand)."""
    source = SeededSource(f"table server seeds {seed}")
    agents = [SimpleAgent(seed + p) for p in range(table_rules.players)]
    game = Game.start(table_rules, CUTS[table_rules.players])
    dealt: Dealt = {}
    while not game.is_over:
        for table in reversed(game.tables_to_deal()):
            if len(dealt) == stop_after_deals:
                break
            hand = FairHand(source.read(32), GAME_ID, len(dealt) + 1, (None, None), version=1)
            dealt[tuple(hand.deck())] = (hand.hand_number, hand)
            game = game.deal(hand.deck(), table=table)
        for table, state in enumerate(game.hands):
            while state is not None:
                player = game.players_at(table)[state.turn]
                game = game.apply(agents[player].choose(view_of(state, state.turn)), table=table)
                state = game.hands[table]
                if len(dealt) == stop_after_deals and state is not None:
                    return game, dealt  # a hand in progress, one action played
    return game, dealt


def fair_table_record(table_rules: TableRules, seed: int = 1, stop_after_deals: int | None = None,
                      reveal_all: bool = False) -> GameRecord:
    game, dealt = play_fair_table_game(table_rules, seed, stop_after_deals)
    record = record_of(game)
    fair = []
    for item in record.hands:
        deal, hand = dealt[item.deck]
        over = item.result is not None
        fair.append((deal, hand.reveal() if over or reveal_all else hand.public()))
    return with_fairness(record, fair)



@pytest.fixture(scope="module")
def three_data() -> dict[str, Any]:
    return record_to_dict(fair_table_record(THREE))


@pytest.fixture(scope="module")
def four_data() -> dict[str, Any]:
    return record_to_dict(fair_table_record(FOUR))


@pytest.fixture
def three(three_data: dict[str, Any]) -> dict[str, Any]:
    copy: dict[str, Any] = json.loads(json.dumps(three_data))
    return copy


@pytest.fixture
def four(four_data: dict[str, Any]) -> dict[str, Any]:
    copy: dict[str, Any] = json.loads(json.dumps(four_data))
    return copy


# ---------------------------------------------------------------- fair records pass


def test_R33_a_fair_three_player_record_verifies_in_english_and_italian(
    tmp_path: Path, three: dict[str, Any]
) -> None:
    count = len(three["hands"])
    assert count >= 3 and three["final"]["phase"] == "over"
    assert [h["deal"] for h in three["hands"]] == list(range(1, count + 1))
    status, text = verify_file(tmp_path, three)
    assert status == 0, text
    assert text.splitlines() == [
        f"hand {n}: OK, the deck is the one committed to ({h['fair']['commitment']}) "
        "(version 1: the record cannot show that the seeds came after it)"
        for n, h in enumerate(three["hands"], 1)
    ] + [f"All {count} hands are fair: each deck is the one its commitment fixed, and the game "
         "replays."]
    status, text = verify_file(tmp_path, three, "it")
    assert status == 0
    assert text.startswith("mano 1: OK, il mazzo è quello dell'impegno (")
    assert f"Tutte le {count} mani sono eque" in text


def test_R34_a_fair_four_player_record_verifies_with_deal_numbers_not_places(
    tmp_path: Path, four: dict[str, Any]
) -> None:
    hands = four["hands"]
    deals = [h["deal"] for h in hands]
    assert sorted(deals) == list(range(1, len(hands) + 1))
    assert deals != sorted(deals)  # table 1 is dealt before table 0 in every round
    assert {h["table"] for h in hands} == {0, 1} and four["final"]["phase"] == "over"
    assert all(h["fair"]["client_seeds"] == [None, None] for h in hands)
    status, text = verify_file(tmp_path, four)
    assert status == 0, text
    assert text.splitlines()[-1].startswith(f"All {len(hands)} hands are fair")


def test_R34_fair_data_survives_the_json_and_the_pretty_dump() -> None:
    record = fair_table_record(FOUR)
    assert record_from_dict(record_to_dict(record)) == record
    text = record_text(record)
    assert parse_record(text) == record
    assert '"deal": 2,' in text and '"client_seeds": [null, null],' in text


def test_R33_a_record_without_fair_data_is_unchanged_and_not_proved_fair(tmp_path: Path) -> None:
    game, _ = play_fair_table_game(THREE, 2)
    text = dump_record(game)
    assert '"fair"' not in text and '"deal"' not in text
    assert record_text(record_of(game)) == text
    status, out = verify_file(tmp_path, text)
    assert status == 1
    assert "hand 1: PROBLEM: the hand has no fairness data (no commitment was recorded)" in out
    assert out.splitlines()[-1].startswith("Not proved fair: ")


# ---------------------------------------------------------------- each cheat is caught


def test_R33_a_tampered_deck_is_caught(tmp_path: Path, three: dict[str, Any]) -> None:
    deck = three["hands"][1]["deck"]
    deck[50], deck[51] = deck[51], deck[50]  # the last two cards of the stock are never drawn
    status, out = verify_file(tmp_path, three)
    assert status == 1
    assert ("hand 2: PROBLEM: the deck is not the derived one: 2 positions differ; at position 51 "
            f"the deck has {deck[50]}, the derivation gives {deck[51]}") in out
    assert "hand 1: OK" in out and "hand 3: OK" in out
    assert out.splitlines()[-1] == f"Not proved fair: 1 of {len(three['hands'])} hands have a " \
                                   "problem."


def test_R34_a_wrong_commitment_is_caught(tmp_path: Path, four: dict[str, Any]) -> None:
    fair = four["hands"][2]["fair"]
    fair["commitment"] = hashlib.sha256(b"another seed").hexdigest()
    actual = hashlib.sha256(bytes.fromhex(fair["server_seed"])).hexdigest()
    status, out = verify_file(tmp_path, four, "it")
    assert status == 1
    assert (f"mano 3: PROBLEMA: l'impegno {fair['commitment']} non corrisponde al seed del "
            f"server, il cui SHA-256 è {actual}") in out
    assert problems_of(four)[2] == [f"the commitment {fair['commitment']} does not match the "
                                    f"server seed, whose SHA-256 is {actual}"]


def test_R34_a_wrong_deal_number_is_caught(four: dict[str, Any]) -> None:
    hands = four["hands"]
    hands[0]["deal"] = len(hands) + 1  # a number no hand used
    hands[1]["deal"] = hands[2]["deal"]  # the number of another hand
    problems = problems_of(four)
    assert problems[0][0].startswith("the deck is not the derived one")
    assert problems[1][0].startswith("the deck is not the derived one")
    assert problems[2] == [f"the deal number {hands[2]['deal']} was already used in hand 2"]


def test_R34_a_hand_with_fair_data_but_no_deal_number_is_caught(
    tmp_path: Path, four: dict[str, Any]
) -> None:
    del four["hands"][0]["deal"]
    status, out = verify_file(tmp_path, four)
    assert status == 1
    assert ("hand 1: PROBLEM: the hand has fairness data but no deal number (a table game's deck "
            "is derived from the deal number)") in out
    assert "hand 2: OK" in out


def test_R33_a_server_seed_used_twice_is_caught(three: dict[str, Any]) -> None:
    three["hands"][2]["fair"] = dict(three["hands"][0]["fair"])
    problems = problems_of(three)
    assert problems[2][0].startswith("the deck is not the derived one")
    assert problems[2][1:] == ["the server seed was already used in hand 1"]


def test_R33_client_seeds_are_two_per_hand(three: dict[str, Any]) -> None:
    three["hands"][0]["fair"]["client_seeds"] = [None, None, None]
    problems = problems_of(three)[0]
    assert problems[0] == "there are 3 client seeds, but the game has 2 seats"
    assert problems[1].startswith("the deck is not the derived one")  # 3 seeds, another message


def test_R34_an_unfinished_game_is_not_proved_fair(tmp_path: Path) -> None:
    honest = fair_table_record(FOUR, stop_after_deals=3)
    last = len(honest.hands)
    status, out = verify_file(tmp_path, record_to_dict(honest))
    assert status == 1
    assert f"hand {last}: PROBLEM: the hand is not over, so it cannot be checked yet" in out
    assert "game: PROBLEM: the game is not finished" in out
    assert "hand 1: OK" in out and "revealed" not in out
    leaked = fair_table_record(FOUR, stop_after_deals=3, reveal_all=True)
    status, out = verify_file(tmp_path, record_to_dict(leaked))
    assert status == 1
    assert (f"hand {last}: PROBLEM: the server seed is revealed although the hand is not over"
            in out)


def test_R33_a_record_that_does_not_replay_is_caught(three: dict[str, Any]) -> None:
    three["hands"][0]["totals"] = [999, 0, 0]
    problems = problems_of(three)
    assert problems[0][0].startswith("the record does not replay: hand 1: totals: the record says "
                                     "[999, 0, 0], the replay gives")


# ---------------------------------------------------------------- broken files exit 2


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["hands"][0].update(deal=0), "hand 1: deal must be a whole number from 1, got 0"),
    (lambda d: d["hands"][1].update(deal="3"),
     "hand 2: deal must be a whole number from 1, got '3'"),
    (lambda d: d["hands"][0].update(fair="FAIR"), "hand 1: fair must be an object, got str"),
    (lambda d: d["hands"][0]["fair"].pop("game_id"), "hand 1: fair: missing field 'game_id'"),
    (lambda d: d.update(format="ginrummy-tables"),
     "not a game record: format is 'ginrummy-tables' (this program reads 'ginrummy-game' and "
     "'ginrummy-table-game')"),
])
def test_R33_a_broken_file_exits_2_with_a_precise_error(
    tmp_path: Path, three: dict[str, Any], change: Any, message: str
) -> None:
    change(three)
    status, out = verify_file(tmp_path, three)
    assert status == 2
    assert out.strip() == f"gin verify: {tmp_path / 'game.json'}: {message}"


def test_with_table_fairness_wants_one_entry_a_hand_and_deal_numbers_from_1() -> None:
    game, dealt = play_fair_table_game(THREE, 3)
    record = record_of(game)
    deal, hand = next(iter(dealt.values()))
    with pytest.raises(RecordError, match="1 fairness entries for"):
        with_fairness(record, [(deal, hand.reveal())])
    entries: list[Any] = [None] * len(record.hands)
    entries[1] = (0, hand.reveal())
    with pytest.raises(RecordError, match="hand 2: deal must be a whole number from 1, got 0"):
        with_fairness(record, entries)
    entries[1] = None
    assert with_fairness(record, entries) == record
