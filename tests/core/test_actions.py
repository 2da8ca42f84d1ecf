"""The integer action codec: stable ids, names and parsing."""

from __future__ import annotations

import pytest

from ginrummy.core import actions
from ginrummy.core.actions import (
    ActionError,
    action_card,
    action_meld,
    action_name,
    parse_action,
)
from ginrummy.core.melds import ALL_MELDS, is_meld
from tests.handbuilder import cards, mask


def test_codec_constants_are_stable() -> None:
    assert actions.DRAW_STOCK == 0
    assert actions.DRAW_DISCARD == 1
    assert actions.PASS == 2
    assert actions.DONE == 3
    assert actions.BIG_GIN == 4
    assert actions.DISCARD_BASE == 5
    assert actions.KNOCK_BASE == 57
    assert actions.LAYOFF_BASE == 109
    assert actions.MELD_BASE == 161
    assert actions.NUM_ACTIONS == 490
    assert len(ALL_MELDS) == 329


@pytest.mark.parametrize(
    ("action", "name"),
    [
        (0, "stock"),
        (1, "take"),
        (2, "pass"),
        (3, "done"),
        (4, "big gin"),
        (5, "discard AC"),
        (17, "discard KC"),
        (18, "discard AD"),
        (56, "discard KS"),
        (57, "knock AC"),
        (108, "knock KS"),
        (109, "layoff AC"),
        (160, "layoff KS"),
        (161, "meld AC AD AH"),
        (165, "meld AC AD AH AS"),
        (166, "meld 2C 2D 2H"),
        (225, "meld KC KD KH KS"),
        (226, "meld AC 2C 3C"),
        (236, "meld JC QC KC"),
        (237, "meld AC 2C 3C 4C"),
        (489, "meld AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"),
    ],
)
def test_specific_ids_are_stable(action: int, name: str) -> None:
    assert action_name(action) == name
    assert parse_action(name) == action


def test_card_builders_match_the_table() -> None:
    seven_h = cards("7H")[0]
    assert seven_h == 32
    assert actions.discard(seven_h) == 37
    assert actions.knock(seven_h) == 89
    assert actions.layoff(seven_h) == 141
    assert actions.meld(mask("7H 8H 9H")) == parse_action("meld 7H 8H 9H")
    for action in (37, 89, 141):
        assert action_card(action) == seven_h


def test_each_action_is_of_exactly_one_kind_by_its_name() -> None:
    kinds = {"discard": actions.is_discard, "knock": actions.is_knock,
             "layoff": actions.is_layoff, "meld": actions.is_meld_action}
    for action in range(actions.NUM_ACTIONS):
        word = action_name(action).split()[0]
        assert [kind for kind, test in kinds.items() if test(action)] == (
            [word] if word in kinds else []), action_name(action)


def test_cards_of_a_legal_list_keep_its_order_and_only_their_kind() -> None:
    legal = [parse_action(t) for t in ("big gin", "discard 7H", "discard 2C", "knock 7H",
                                       "knock 2C", "layoff 9S", "meld 7H 8H 9H", "done")]
    assert actions.discard_cards(legal) == cards("7H 2C")
    assert actions.knock_cards(legal) == cards("7H 2C")
    assert actions.layoff_cards(legal) == cards("9S")


def test_name_parse_round_trip_for_every_action() -> None:
    names = [action_name(a) for a in range(actions.NUM_ACTIONS)]
    assert len(set(names)) == actions.NUM_ACTIONS
    for action, name in enumerate(names):
        assert parse_action(name) == action
        assert parse_action(name.upper()) == action
        assert parse_action(f"  {name.lower()}  ") == action


def test_every_meld_action_is_a_meld_and_every_meld_has_an_action() -> None:
    seen = set()
    for action in range(actions.MELD_BASE, actions.NUM_ACTIONS):
        meld = action_meld(action)
        assert is_meld(meld)
        assert actions.meld(meld) == action
        seen.add(meld)
    assert len(seen) == len(ALL_MELDS)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("s", 0), ("draw", 0), ("t", 1), ("pile", 1), ("p", 2), ("biggin", 4), ("BIG   GIN", 4),
        ("d 7h", 37), ("discard 10h", 40), ("discard 7♥", 37), ("k 7H", 89), ("lay 7h", 141),
        ("l 7H", 141), ("m 9h 7h 8h", actions.meld(mask("7H 8H 9H"))),
        ("meld 7c 7d 7s", actions.meld(mask("7C 7D 7S"))),
    ],
)
def test_short_forms(text: str, action: int) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize(
    "text",
    [
        "fly",
        "discard",
        "discard 7X",
        "discard 7H 8H",
        "knock 7H 8H",
        "knock ZH",
        "layoff",
        "meld 7H 8H",
        "meld 7H 8C 9H",
        "meld 7H 7H 7D",
        "meld QH KH AH",
        "meld",
        "take 7H",
        "stock please",
    ],
)
def test_parse_error_names_the_bad_text(text: str) -> None:
    with pytest.raises(ActionError) as info:
        parse_action(text)
    assert repr(text) in str(info.value)


def test_parse_empty_text() -> None:
    for text in ("", "   "):
        with pytest.raises(ActionError, match="empty"):
            parse_action(text)


@pytest.mark.parametrize("bad", [-1, 490, 10_000])
def test_action_name_refuses_out_of_range(bad: int) -> None:
    with pytest.raises(ActionError, match=str(bad)):
        action_name(bad)


def test_action_name_refuses_non_int() -> None:
    with pytest.raises(ActionError, match="'3'"):
        action_name("3")  # type: ignore[arg-type]


def test_action_card_and_meld_refuse_other_actions() -> None:
    for action in (0, 1, 2, 3, 4, 161, 489):
        with pytest.raises(ActionError, match=str(action)):
            action_card(action)
    for action in (0, 4, 5, 160, 490):
        with pytest.raises(ActionError, match=str(action)):
            action_meld(action)


def test_meld_builder_refuses_a_non_meld() -> None:
    with pytest.raises(ActionError, match="7H 8H"):
        actions.meld(mask("7H 8H"))
