"""Rules options and presets (R5, R7, R12, R15, R17, R22, R24-R32, R36)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from ginrummy.core.rules import PRESETS, Rules, RulesError
from tests.handbuilder import cards

# preset: knock limit (None: set by the upcard), gin, undercut, box, game bonus, shutout,
# target, dealer rule, and the other options that differ from the defaults.
TABLE = {
    "standard": (10, 25, 25, 0, 0, "none", 100, "alternate", {}),
    "classic": (10, 20, 10, 20, 100, "double_bonus", 100, "loser", {}),
    "modern": (10, 25, 25, 25, 100, "double_bonus", 100, "loser", {}),
    "lotoflaughs": (10, 25, 25, 25, 100, "none", 100, "loser",
                    {"first_dealer": "high_cut_chooses"}),
    "oklahoma": (None, 25, 25, 25, 100, "double_bonus", 150, "loser",
                 {"oklahoma": True, "spade_double": True}),
    "oklahoma_online": (None, 25, 25, 0, 0, "none", 150, "loser",
                        {"oklahoma": True, "ace_upcard_gin_only": True}),
    "gra": (10, 25, 25, 25, 100, "none", 100, "loser", {"allow_discard_of_drawn_upcard": True}),
}

DEFAULT_OTHERS = {
    "oklahoma": False,
    "ace_upcard_gin_only": False,
    "spade_double": False,
    "extra_boxes": False,
    "eleven_card_deal": False,
    "allow_discard_of_drawn_upcard": False,
    "big_gin": False,
    "undercut_on_tie": True,
    "fiftieth_card_action": "off",
    "first_dealer": "low_cut_deals",
    "knocker_may_hide_melds": False,
    "limit_awards_game_bonus": False,
    "discard_pile_draw_limit": None,
    "void_on_second_returned_discard": False,
    "max_hands": None,
    "time_limit_minutes": None,
    "stake_per_point": 0,
    "max_turns_without_stock_draw": 40,
}


def test_presets_are_exactly_the_table_and_openspiel() -> None:
    assert set(PRESETS) == set(TABLE) | {"openspiel"}


@pytest.mark.parametrize("name", sorted(TABLE))
def test_R27_R29_R32_preset_matches_rules_table(name: str) -> None:
    limit, gin, undercut, box, game, shutout, target, dealer, others = TABLE[name]
    rules = Rules.preset(name)
    assert rules.name == name
    if limit is None:
        assert rules.oklahoma
    else:
        assert not rules.oklahoma
        assert rules.knock_limit == limit
    assert rules.gin_bonus == gin
    assert rules.undercut_bonus == undercut
    assert rules.box_bonus == box
    assert rules.game_bonus == game
    assert rules.shutout_rule == shutout
    assert rules.target == target
    assert rules.dealer_rule == dealer
    expected = {**DEFAULT_OTHERS, **others}
    assert {option: getattr(rules, option) for option in expected} == expected


def test_R31_lotoflaughs_allows_hand_and_time_limits() -> None:
    rules = Rules.preset("lotoflaughs", max_hands=12, time_limit_minutes=90)
    assert (rules.max_hands, rules.time_limit_minutes) == (12, 90)
    assert rules.box_bonus == 25


def test_R32_oklahoma_options_can_be_added() -> None:
    rules = Rules.preset("oklahoma", ace_upcard_gin_only=True, extra_boxes=True)
    assert rules.ace_upcard_gin_only and rules.extra_boxes and rules.spade_double


def test_openspiel_preset() -> None:
    rules = Rules.preset("openspiel")
    assert rules.knock_limit == 10 and not rules.oklahoma
    assert (rules.gin_bonus, rules.undercut_bonus) == (25, 25)
    assert rules.undercut_on_tie is False
    assert rules.allow_discard_of_drawn_upcard is True
    assert rules.fiftieth_card_action == "same_card"
    assert rules.knocker_may_hide_melds is True  # OpenSpiel stops melding at will
    assert rules.discard_pile_draw_limit == 49
    assert rules.void_on_second_returned_discard is True
    assert rules.max_turns_without_stock_draw == 1000
    assert rules.big_gin is False and rules.eleven_card_deal is False


def test_every_preset_is_changeable_option_by_option() -> None:
    for name in PRESETS:
        changed = Rules.preset(name, gin_bonus=30)
        assert changed.gin_bonus == 30
        assert changed.replace(gin_bonus=PRESETS[name].gin_bonus) == PRESETS[name]


def test_to_dict_from_dict_round_trip() -> None:
    for rules in PRESETS.values():
        assert Rules.from_dict(rules.to_dict()) == rules


def test_unknown_preset_names_it() -> None:
    with pytest.raises(RulesError, match="'texas'"):
        Rules.preset("texas")


BAD_OPTIONS = [
    ("gin_bonus", -1),
    ("undercut_bonus", -5),
    ("big_gin_bonus", -1),
    ("box_bonus", -25),
    ("game_bonus", -100),
    ("gin_bonus", 1001),
    ("knock_limit", 11),
    ("knock_limit", -1),
    ("target", 0),
    ("max_turns_without_stock_draw", 1),
    ("discard_pile_draw_limit", 0),
    ("max_hands", 0),
    ("time_limit_minutes", 0),
    ("stake_per_point", -1),
    ("dealer_rule", "random"),
    ("shutout_rule", "triple"),
    ("name", ""),
    # bools given as ints, and ints given as bools or strings
    ("oklahoma", 1),
    ("big_gin", 0),
    ("eleven_card_deal", "yes"),
    ("undercut_on_tie", None),
    ("fiftieth_card_action", 1),
    ("fiftieth_card_action", "other_card"),
    ("first_dealer", "high_cut_deals"),
    ("knocker_may_hide_melds", 1),
    ("limit_awards_game_bonus", "no"),
    ("allow_discard_of_drawn_upcard", 1),
    ("void_on_second_returned_discard", 0),
    ("knock_limit", True),
    ("gin_bonus", 25.0),
    ("target", "100"),
]


@pytest.mark.parametrize(("option", "value"), BAD_OPTIONS)
def test_out_of_range_option_raises_naming_it(option: str, value: object) -> None:
    with pytest.raises(RulesError, match=option):
        Rules(**{option: value})
    with pytest.raises(RulesError, match=option):
        Rules.preset("standard").replace(**{option: value})
    with pytest.raises(RulesError, match=option):
        Rules.preset("classic", **{option: value})
    with pytest.raises(RulesError, match=option):
        Rules.from_dict({**Rules().to_dict(), option: value})


@pytest.mark.parametrize("option", ["ace_upcard_gin_only", "spade_double", "extra_boxes"])
def test_R32_oklahoma_suboption_without_oklahoma_raises(option: str) -> None:
    with pytest.raises(RulesError, match=f"{option}.*oklahoma"):
        Rules.preset("standard", **{option: True})


def test_R32_turning_oklahoma_off_with_spade_double_left_on_raises() -> None:
    with pytest.raises(RulesError, match="spade_double"):
        Rules.preset("oklahoma", oklahoma=False)


def test_R7_R32_oklahoma_with_eleven_card_deal_raises() -> None:
    with pytest.raises(RulesError, match="oklahoma") as info:
        Rules.preset("oklahoma", eleven_card_deal=True)
    assert "eleven_card_deal" in str(info.value)


def test_unknown_option_names_it() -> None:
    with pytest.raises(RulesError, match="'knock_limt'"):
        Rules.preset("standard").replace(knock_limt=5)
    with pytest.raises(RulesError, match="'knock_limt'"):
        Rules.preset("standard", knock_limt=5)
    with pytest.raises(RulesError, match="'knock_limt'"):
        Rules.from_dict({"knock_limt": 5})


def test_from_dict_refuses_a_non_object() -> None:
    with pytest.raises(RulesError, match="list"):
        Rules.from_dict([("gin_bonus", 25)])  # type: ignore[arg-type]


def test_every_option_is_documented_with_a_rule() -> None:
    assert {f.name for f in fields(Rules)} >= set(DEFAULT_OTHERS)


def card(text: str) -> int:
    return cards(text)[0]


@pytest.mark.parametrize("name", ["standard", "classic", "modern", "lotoflaughs", "gra"])
def test_R15_knock_limit_is_the_option_whatever_the_upcard(name: str) -> None:
    rules = Rules.preset(name)
    for upcard in [None, *range(52)]:
        assert rules.knock_limit_for(upcard) == 10
    assert Rules.preset(name, knock_limit=7).knock_limit_for(card("AS")) == 7
    assert Rules.preset(name, knock_limit=0).knock_limit_for(card("KS")) == 0


@pytest.mark.parametrize(
    ("upcard", "limit"),
    [("AC", 1), ("2D", 2), ("5H", 5), ("9S", 9), ("TC", 10), ("JD", 10), ("QH", 10), ("KS", 10)],
)
def test_R32_oklahoma_knock_limit_from_upcard(upcard: str, limit: int) -> None:
    assert Rules.preset("oklahoma").knock_limit_for(card(upcard)) == limit


def test_R32_ace_upcard_gin_only() -> None:
    online = Rules.preset("oklahoma_online")
    for ace in cards("AC AD AH AS"):
        assert online.knock_limit_for(ace) == 0
        assert Rules.preset("oklahoma").knock_limit_for(ace) == 1
    assert online.knock_limit_for(card("7D")) == 7
    assert online.knock_limit_for(card("KD")) == 10


def test_R32_oklahoma_knock_limit_option_ignored() -> None:
    rules = Rules.preset("oklahoma", knock_limit=3)
    assert rules.knock_limit_for(card("9C")) == 9


def test_R32_hand_multiplier() -> None:
    oklahoma = Rules.preset("oklahoma")
    for upcard in range(52):
        expected = 2 if upcard // 13 == 3 else 1
        assert oklahoma.hand_multiplier(upcard) == expected
    assert oklahoma.hand_multiplier(None) == 1
    online = Rules.preset("oklahoma_online")
    standard = Rules.preset("standard")
    for upcard in cards("AS 5S KS 5H"):
        assert online.hand_multiplier(upcard) == 1
        assert standard.hand_multiplier(upcard) == 1


def test_preset_can_rename_the_rules() -> None:
    # Rules.preset(name, **changes) once took ``name`` both as the preset and as an option,
    # so changing the rules' own name raised TypeError.
    rules = Rules.preset("classic", name="club classic", gin_bonus=30)
    assert (rules.name, rules.gin_bonus, rules.box_bonus) == ("club classic", 30, 20)


def test_rules_written_before_an_option_existed_read_as_they_played() -> None:
    old = Rules.preset("lotoflaughs").to_dict()
    for option in ("first_dealer", "knocker_may_hide_melds", "limit_awards_game_bonus"):
        del old[option]
    old["fiftieth_card_action"] = True
    rules = Rules.from_dict(old)
    assert rules.first_dealer == "low_cut_deals"
    assert rules.knocker_may_hide_melds is True and rules.limit_awards_game_bonus is True
    assert rules.fiftieth_card_action == "same_card"
    assert Rules.from_dict(rules.to_dict()) == rules
