"""Game records: JSON and notation round trips, verified replay, precise errors."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ginrummy.agents.base import least_deadwood_knock
from ginrummy.core import actions
from ginrummy.core.actions import (
    DISCARD_BASE,
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK_BASE,
    PASS,
    Action,
    action_name,
    parse_action,
)
from ginrummy.core.cut import Cut
from ginrummy.core.game import Game, new_game
from ginrummy.core.hand import Phase
from ginrummy.core.melds import min_deadwood, min_deadwood_after_discard
from ginrummy.core.rules import BEFORE_OPTION, Rules
from ginrummy.format.notation import (
    action_token,
    dump_notation,
    format_notation,
    load_notation,
    parse_notation,
    parse_token,
    read_any,
)
from ginrummy.format.record import RecordError, parse_record
from ginrummy.format.replay import dump_record, load_record, record_of, replay, walk

DATA = Path(__file__).parent.parent / "data"


def choose(game: Game, rng: random.Random) -> Action:
    """A greedy player with some noise: games end in a few hands, with every outcome."""
    state = game.hand
    assert state is not None
    legal = state.legal_actions()
    mine = state.hands[state.turn]
    if state.phase in (Phase.DRAW, Phase.FIRST_UPCARD) and DRAW_DISCARD in legal:
        gain = min_deadwood(mine) - min_deadwood_after_discard(mine | 1 << state.pile[-1])
        if gain > 2 or rng.random() < 0.1:
            return DRAW_DISCARD
        return DRAW_STOCK if DRAW_STOCK in legal else PASS
    if state.phase is Phase.DISCARD:
        knocks = [a for a in legal if actions.is_knock(a)]
        if knocks and rng.random() < 0.7:
            return least_deadwood_knock(mine, knocks)
        plain = [a for a in legal if actions.is_discard(a)] or legal
        return min(plain, key=lambda a: (
            min_deadwood(mine & ~(1 << (a - DISCARD_BASE))) if a >= DISCARD_BASE else 0,
            rng.random()))
    return rng.choice(legal)


def play_game(rules: Rules, seed: int, stop_after: int | None = None) -> list[Game]:
    """Every state of a game played by ``choose`` (up to ``stop_after`` steps)."""
    rng = random.Random(seed)
    game = new_game(rules, rng)
    if game.chooser is not None:  # R4, high_cut_chooses: a random choice, to record both
        game = game.choose_to_deal(game.chooser, rng.random() < 0.5)
    states = [game]
    while not game.is_over and (stop_after is None or len(states) <= stop_after):
        game = game.deal_from(rng) if game.hand is None else game.apply(choose(game, rng))
        states.append(game)
    return states


RANDOM_RULES = [
    Rules.preset("standard"),
    Rules.preset("classic", stake_per_point=2),
    Rules.preset("oklahoma", extra_boxes=True, ace_upcard_gin_only=True),
    Rules.preset("oklahoma_online"),
    Rules.preset("gra", max_hands=3),
    Rules.preset("openspiel"),
    Rules.preset("modern", eleven_card_deal=True, big_gin=True, shutout_rule="double_all"),
    Rules.preset("lotoflaughs", name="house", fiftieth_card_action=True, target=60),
    Rules.preset("lotoflaughs", fiftieth_card_action="different_card", max_hands=2,
                 knocker_may_hide_melds=True),
]


@pytest.mark.parametrize("rules", RANDOM_RULES, ids=lambda r: r.name)
@pytest.mark.parametrize("seed", [1, 2])
def test_replay_reproduces_every_state_and_score(rules: Rules, seed: int) -> None:
    states = play_game(rules, seed)
    game = states[-1]
    assert game.is_over
    for text, load in ((dump_record(game), load_record), (dump_notation(game), load_notation)):
        assert load(text) == game
        record = read_any(text)
        # each deal and each action gives the same game, hands compared field by field
        assert [step.game for step in walk(record)] == states[1:]
        assert replay(record).settlement() == game.settlement()


@pytest.mark.parametrize("rules", RANDOM_RULES[:3], ids=lambda r: r.name)
def test_unfinished_games_round_trip(rules: Rules) -> None:
    for stop in (0, 1, 2, 30, 75):
        game = play_game(rules, 9, stop_after=stop)[-1]
        assert load_record(dump_record(game)) == game
        assert load_notation(dump_notation(game)) == game


def test_time_up_is_recorded() -> None:
    rules = Rules.preset("lotoflaughs", time_limit_minutes=45)
    states = play_game(rules, 3, stop_after=40)
    game = states[-1]
    assert game.hand is not None
    game = game.time_up()
    assert load_record(dump_record(game)) == game
    text = dump_notation(game)
    assert "[TimeUp yes]" in text and load_notation(text) == game
    rng = random.Random(0)
    while not game.is_over:
        game = game.apply(choose(game, rng))
    assert game.end_reason in ("time_limit", "target")
    assert load_record(dump_record(game)) == game and load_notation(dump_notation(game)) == game


# ---------------------------------------------------------------- golden playthrough


def test_golden_playthrough_json_and_notation() -> None:
    """The golden files were written before the options of BEFORE_OPTION existed: they
    replay exactly as then, and are written again with those options spelled out."""
    game = load_record((DATA / "golden_classic.json").read_text(encoding="utf-8"))
    assert game.rules == Rules.preset("classic", stake_per_point=1, **BEFORE_OPTION)
    assert str(game.cut) == "6H 7D" and game.cut.low == 0
    assert [(r.outcome, r.winner, r.points) for r in game.results] == [
        ("knock", 1, 34), ("knock", 1, 58), ("knock", 0, 11), ("undercut", 1, 10),
    ]
    assert game.points == (11, 102) and game.hands_won == (1, 3)
    sheet = game.settlement()
    assert sheet.final == (31, 262) and sheet.margin == 231 and sheet.payment == 231
    assert game.winner == 1 and game.end_reason == "target" and not sheet.shutout
    text = (DATA / "golden_classic.txt").read_text(encoding="utf-8")
    assert load_notation(text) == game
    now = text.replace("[Notation 1]\n", "[Notation 2]\n").replace(
        "[Option stake_per_point 1]\n", "[Option knocker_may_hide_melds true]\n"
        "[Option limit_awards_game_bonus true]\n[Option stake_per_point 1]\n")
    assert dump_notation(game) == now
    assert format_notation(parse_notation(now)) == now  # canonical text round-trips exactly
    old = json.loads((DATA / "golden_classic.json").read_text(encoding="utf-8"))
    written = json.loads(dump_record(game))
    assert written["rules"] == {**old["rules"], **BEFORE_OPTION, "fiftieth_card_action": "off"}
    assert (written["format"], written["version"], written["players"]) == ("ginrummy-game", 2, 2)
    assert written["cut"] == old["cut"] and written["time_up"] == old["time_up"]
    place = ("round", "table", "players")
    assert [{k: v for k, v in hand.items() if k not in place} for hand in written["hands"]] == \
        old["hands"]  # version 2 says where each hand was played, and nothing else changed
    assert [(h["round"], h["table"], h["players"]) for h in written["hands"]] == [
        (number, 0, [0, 1]) for number in range(1, 5)]
    assert old["final"].items() <= written["final"].items()
    assert load_record(dump_record(game)) == game


# ---------------------------------------------------------------- notation details


def test_action_tokens_round_trip() -> None:
    from ginrummy.core.actions import NUM_ACTIONS

    for action in range(NUM_ACTIONS):
        token = action_token(action)
        assert " " not in token and parse_token(token) == action
    assert action_token(KNOCK_BASE + 3 * 13 + 2) == "knock:3S"
    assert parse_token("MELD:3s,as,2S") == parse_token("meld:AS,2S,3S")
    assert parse_token("d:10h") == DISCARD_BASE + 2 * 13 + 9


def test_notation_is_lenient_on_layout() -> None:
    game = play_game(Rules.preset("standard"), 4)[-1]
    text = dump_notation(game)
    loose = "# a comment\n" + text.replace(" | ", " ").replace("[Rules", "\n[Rules")
    loose = loose.replace("[Notation 2]\n", "[Notation 2] ")
    assert load_notation(loose) == game
    assert format_notation(parse_notation(loose)) == text


# ---------------------------------------------------------------- broken records


def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "golden_classic.json").read_text(encoding="utf-8"))
    return data


def broken(change: Any) -> str:
    data = golden()
    change(data)
    return json.dumps(data)


def _set(path: list[Any], value: Any) -> Any:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value
    return change


def _delete(path: list[Any]) -> Any:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]
    return change


def _swap_actions(hand: int, i: int, j: int) -> Any:
    def change(data: Any) -> None:
        item = data["hands"][hand]
        for key in ("actions", "action_ids"):
            item[key][i], item[key][j] = item[key][j], item[key][i]
    return change


def _append_action(hand: int, text: str, number: int) -> Any:
    def change(data: Any) -> None:
        data["hands"][hand]["actions"].append(text)
        data["hands"][hand]["action_ids"].append(number)
    return change


def _truncate(hand: int, keep: int) -> Any:
    def change(data: Any) -> None:
        for key in ("actions", "action_ids"):
            data["hands"][hand][key] = data["hands"][hand][key][:keep]
        del data["hands"][hand]["result"]
    return change


BROKEN_JSON = {
    "broken JSON": (lambda d: None, "not valid JSON"),
    "wrong version": (_set(["version"], 3), r"unsupported record version 3 of ginrummy-game "
                                            r"\(this program reads 1, 2\)"),
    "wrong format": (_set(["format"], "chess"), "not a ginrummy-game record"),
    "unknown field": (_set(["moves"], []), "unknown record field 'moves'"),
    "unknown rules option": (_set(["rules", "jokers"], True),
                             "rules: unknown rules option 'jokers'"),
    "bad rules value": (_set(["rules", "gin_bonus"], -5),
                        "rules: gin_bonus must be a whole number"),
    "cut tie at the end": (_set(["cut"], [["7H", "7C"]]),
                           "cut: cut round 1: the lowest rank is tied"),
    "bad cut card": (_set(["cut"], [["7H", "ZZ"]]), "cut: 'ZZ' is not a card"),
    "bad card": (_set(["hands", 0, "deck", 4], "1X"), "hand 1: deck card 5: '1X' is not a card"),
    "short deck": (_delete(["hands", 1, "deck", 51]), "hand 2: deck has 51 cards, not 52"),
    "duplicate card": (_set(["hands", 0, "deck", 0], "JH"),
                       "hand 1: cannot deal this deck: deck has JH twice"),
    "unreadable action": (_set(["hands", 0, "actions", 2], "fly away"),
                          "hand 1, action 3: 'fly away' is not an action"),
    "ids disagree": (_set(["hands", 0, "action_ids", 1], 99),
                     "hand 1, action 2: 'discard TS' is action 53, but action_ids says 99"),
    "illegal action": (_swap_actions(0, 0, 1),
                       "hand 1, action 1: discard TS is illegal: discard TS in phase FIRST_UPCARD"),
    "action after the end": (_append_action(1, "stock", 0),
                             "hand 2, action 10: stock: the hand was already over"),
    "unfinished hand": (_truncate(0, 10), "hand 1: the hand is not over after its 10 actions, "
                                          "but hand 2 follows"),
    "wrong result": (_set(["hands", 1, "result", "points"], 99),
                     "hand 2: result points: the record says 99, the replay gives 58"),
    "unknown result field": (_set(["hands", 1, "result", "style"], 1),
                             "hand 2: result: unknown field 'style'"),
    "wrong totals": (_set(["hands", 2, "totals"], [11, 93]),
                     r"hand 3: totals: the record says \[11, 93\], the replay gives \[11, 92\]"),
    "wrong dealer": (_set(["hands", 1, "dealer"], 1),
                     r"hand 2: the record says seat 1 deals, but R5 \(loser\) makes seat 0"),
    "hand after the end": (lambda d: d["hands"].append(d["hands"][0]),
                           r"hand 5: the game ended \(target\) before this hand"),
    "wrong final": (_set(["final", "final_totals"], [31, 263]),
                    r"final final_totals: the record says \[31, 263\], "
                    r"the replay gives \[31, 262\]"),
    "time up without limit": (_set(["time_up"], True),
                              "time_up: these rules have no time limit"),
    "not an object": (lambda d: d.clear(), "a record is a JSON object, got list"),
    "hand not an object": (_set(["hands", 0], 7), "hand 1: a hand is an object"),
    "unknown hand field": (_set(["hands", 0, "seat"], 1), "hand 1: unknown hand field 'seat'"),
}


@pytest.mark.parametrize("kind", list(BROKEN_JSON))
def test_broken_json_records(kind: str) -> None:
    change, message = BROKEN_JSON[kind]
    text = broken(change)
    if kind == "broken JSON":
        text = text[:-5]
    if kind == "not an object":
        text = "[1, 2]"
    with pytest.raises(RecordError, match=message):
        load_record(text)


def test_record_error_locates_the_action() -> None:
    with pytest.raises(RecordError) as caught:
        load_record(broken(_swap_actions(2, 4, 5)))
    assert (caught.value.hand, caught.value.action) == (3, 5)
    assert str(caught.value).startswith("hand 3, action 5: ")


def golden_text() -> str:
    return (DATA / "golden_classic.txt").read_text(encoding="utf-8")


BROKEN_NOTATION = {
    "no version": (("[Notation 1]\n", ""), "unsupported notation version None"),
    "unknown tag": (("[Dealer 0]", "[Dealer 0] [Colour red]"), "unknown tag 'Colour'"),
    "bad option": (("[Option stake_per_point 1]", "[Option stake 1]"),
                   "rules: unknown rules option 'stake'"),
    "bad option value": (("[Option stake_per_point 1]", "[Option stake_per_point one]"),
                         "line 3: option stake_per_point: 'one' is not a JSON value"),
    "dealer disagrees": (("[Dealer 0]", "[Dealer 1]"), r"\[Dealer 1\] but the cut makes seat 0"),
    "bad token": (("1. take d:TS", "1. take x:TS"), "line 11: hand 1, action 2: 'x:TS' is not"),
    "bad card token": (("1. take d:TS", "1. take d:TZ"),
                       "line 11: hand 1, action 2: 'd:TZ': 'TZ' is not a card"),
    "hand out of order": (("2. deck", "3. deck"), "hand 3 starts, but hand 2 was expected"),
    "actions before deck": (("2. pass | pass", "5. pass | pass"), "hand 5 has no deck line"),
    "bad result line": (("1. result knock 1 34 totals 0 34", "1. result knock 1 34"),
                        "hand 1: write the result as 'result OUTCOME WINNER POINTS totals A B'"),
    "wrong result": (("1. result knock 1 34", "1. result gin 1 34"),
                     "hand 1: result outcome: the record says 'gin', the replay gives 'knock'"),
    "wrong totals": (("totals 0 92", "totals 1 92"),
                     r"hand 2: totals: the record says \[1, 92\], the replay gives \[0, 92\]"),
    "wrong winner": (("[Winner 1]", "[Winner 0]"),
                     "final winner: the record says 0, the replay gives 1"),
    "stray text": (("[Dealer 0]", "Dealer 0"), "line 5: expected a tag or 'N. ...'"),
    "bad tag": (("[Dealer 0]", "[Dealer 0"), "cannot read a tag"),
    "illegal action": (("1. take d:TS | stock d:TC", "1. take d:TS | stock d:TS"),
                       "hand 1, action 4: discard TS is illegal"),
    "short deck": ((" 2H\n1. take", "\n1. take"), "hand 1: deck has 51 cards, not 52"),
    "twice": (("[Dealer 0]", "[Dealer 0] [Dealer 0]"), "tag Dealer given twice"),
}


@pytest.mark.parametrize("kind", list(BROKEN_NOTATION))
def test_broken_notation(kind: str) -> None:
    (old, new), message = BROKEN_NOTATION[kind]
    text = golden_text()
    assert old in text
    with pytest.raises(RecordError, match=message):
        load_notation(text.replace(old, new, 1))


def test_parse_record_reads_without_replaying() -> None:
    record = parse_record(broken(_set(["hands", 1, "result", "points"], 99)))
    assert len(record.hands) == 4 and record.hands[1].result is not None
    assert record_of(load_record(dump_record(replay(read_any(golden_text()))))) == record_of(
        load_notation(golden_text()))
    assert action_name(record.hands[0].actions[0]) == "take"


# ---------------------------------------------------------------- records of older versions


def test_R20_R31_an_old_record_with_a_hidden_meld_and_a_limit_bonus_replays_identically() -> None:
    """A record written before knocker_may_hide_melds and limit_awards_game_bonus existed:
    its knocker kept A-2-3 of clubs among the deadwood and the hand limit gave the game
    bonus. Without those options in its rules it still replays, checks included."""
    from tests.handbuilder import deck_for

    rules = Rules.preset("classic", max_hands=1, **BEFORE_OPTION)
    deck = deck_for("AC 2C 3C 5H 6H 7H 9S 9D 9H AD", "4C 8C JC 2D 6D QD 3S 7S JS KH", "KD",
                    "KS")
    game = Game.start(rules, Cut.parse("KD 2S")).deal(deck)
    for move in ("pass", "pass", "stock", "knock KS", "meld 5H 6H 7H", "meld 9D 9H 9S",
                 "done", "done"):
        game = game.apply(parse_action(move))
    assert game.end_reason == "max_hands" and game.settlement().game_bonus == (100, 0)
    data = json.loads(dump_record(game))
    for option in BEFORE_OPTION:
        del data["rules"][option]
    data["rules"]["fiftieth_card_action"] = False
    replayed = load_record(json.dumps(data))
    assert replayed == game and replayed.results[0].knocker_deadwood == 7
    # the same record read with today's defaults would not replay: done is refused
    data["rules"].update(knocker_may_hide_melds=False)
    with pytest.raises(RecordError, match="hand 1, action 7: done is illegal.*AC 2C 3C"):
        load_record(json.dumps(data))


def test_R4_the_higher_cut_choice_is_recorded_and_required() -> None:
    rules = Rules.preset("lotoflaughs")
    game = Game.start(rules, Cut.parse("KD 2S")).choose_to_deal(0, True)
    game = game.deal(list(range(52)))
    data = json.loads(dump_record(game))
    assert data["high_cut_deals"] is True and data["hands"][0]["dealer"] == 0
    assert load_record(dump_record(game)) == game
    assert "[HighCutDeals yes]\n[Dealer 0]" in dump_notation(game)
    assert load_notation(dump_notation(game)) == game
    del data["high_cut_deals"]
    with pytest.raises(RecordError, match="high_cut_deals is missing.*seat 0"):
        load_record(json.dumps(data))
    data["high_cut_deals"] = "yes"
    with pytest.raises(RecordError, match="high_cut_deals must be true or false, got 'yes'"):
        load_record(json.dumps(data))
