"""Every option of RULES.md in one frozen object, and the named presets.

>>> rules = Rules.preset("oklahoma")
>>> rules.target, rules.spade_double
(150, True)
>>> Rules.preset("standard").replace(gin_bonus=-1)
Traceback (most recent call last):
...
ginrummy.core.rules.RulesError: gin_bonus must be a whole number from 0 to 1000, got -1
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from ginrummy.core.errors import CodedError

DealerRule = Literal["loser", "winner", "alternate"]
ShutoutRule = Literal["none", "double_bonus", "double_all"]
FirstDealer = Literal["low_cut_deals", "high_cut_chooses"]
WallRule = Literal["off", "same_card", "different_card"]

DEALER_RULES: tuple[str, ...] = ("loser", "winner", "alternate")
SHUTOUT_RULES: tuple[str, ...] = ("none", "double_bonus", "double_all")
FIRST_DEALERS: tuple[str, ...] = ("low_cut_deals", "high_cut_chooses")
WALL_RULES: tuple[str, ...] = ("off", "same_card", "different_card")
CHOICES: dict[str, tuple[str, ...]] = {
    "first_dealer": FIRST_DEALERS, "dealer_rule": DEALER_RULES, "shutout_rule": SHUTOUT_RULES,
    "fiftieth_card_action": WALL_RULES,
}
"""The options that take one of a few words, with their words."""
_POINTS_RANGE = (0, 1000)


class RulesError(CodedError):
    """A rules option is unknown, out of range, or inconsistent with another."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of one game; each field names the rule of RULES.md it sets."""

    name: str = "custom"
    knock_limit: int = 10
    """R15: the most deadwood a knocker may keep (0 means gin only)."""
    oklahoma: bool = False
    """R32: the first upcard's value sets each hand's knock limit."""
    ace_upcard_gin_only: bool = False
    """R32: with an ace upcard only gin ends the hand (otherwise the limit is 1)."""
    spade_double: bool = False
    """R32: a spade upcard doubles the hand's score, bonuses included."""
    extra_boxes: bool = False
    """R32: an undercut earns 1 extra box, gin 2 (doubled with a spade upcard)."""
    first_dealer: FirstDealer = "low_cut_deals"
    """R4: ``low_cut_deals`` (the lower cut deals the first hand) or ``high_cut_chooses``
    (the higher cut chooses whether to deal it: :meth:`~ginrummy.core.game.Game.choose_to_deal`)."""
    dealer_rule: DealerRule = "loser"
    """R5: who deals the next hand."""
    eleven_card_deal: bool = False
    """R7: the non-dealer gets 11 cards and there is no upcard."""
    allow_discard_of_drawn_upcard: bool = False
    """R12: a card taken from the discard pile may be thrown back in the same turn."""
    big_gin: bool = False
    """R17: going out with all eleven cards melded, without a discard."""
    gin_bonus: int = 25
    """R25."""
    undercut_bonus: int = 25
    """R24."""
    big_gin_bonus: int = 31
    """R26."""
    undercut_on_tie: bool = True
    """R24: a defender whose count equals the knocker's undercuts; if false, a tie scores 0."""
    knocker_may_hide_melds: bool = False
    """R14, R20: if true, a knocker may leave whole melds among its deadwood (to deny
    layoffs); by default the arrangement shown is maximal: no set or run can be formed
    from its deadwood cards."""
    fiftieth_card_action: WallRule = "off"
    """R22: when the stock is down to two cards, the last discard may be taken only to knock
    or go gin: ``off`` (never: the hand is void), ``same_card`` (the knock may discard that
    same card face down), ``different_card`` (the knock must discard another card). The
    spellings of older records, ``true`` and ``false``, read as ``same_card`` and ``off``."""
    max_turns_without_stock_draw: int = 40
    """R36: this many consecutive turns with no draw from the stock void the hand."""
    discard_pile_draw_limit: int | None = None
    """OpenSpiel compatibility: the hand is void when a player tries to take from the
    discard pile once more after this many such draws (its first-turn offer excepted)."""
    void_on_second_returned_discard: bool = False
    """OpenSpiel compatibility: two discards in a row that each throw back the card just
    taken from the pile void the hand."""
    target: int = 100
    """R27: the game total that ends the game."""
    box_bonus: int = 0
    """R28: points per hand won, kept apart from the total."""
    game_bonus: int = 0
    """R29: points for the player who reaches the target."""
    shutout_rule: ShutoutRule = "none"
    """R29: what a shutout (the loser scored nothing) does."""
    max_hands: int | None = None
    """R31: the game ends after this many hands; the higher total wins."""
    time_limit_minutes: int | None = None
    """R31: the game ends at the first hand's end past this time; the higher total wins."""
    limit_awards_game_bonus: bool = False
    """R31: when ``max_hands`` or the time limit ends the game before anyone reached the
    target, the leader still gets the game bonus (and a shutout) if true; by default only
    reaching the target earns them."""
    stake_per_point: int = 0
    """R30: what the loser pays per point of margin (0: no stake)."""

    def __post_init__(self) -> None:
        wall = self.fiftieth_card_action
        if isinstance(wall, bool):  # the spelling before different_card existed
            object.__setattr__(self, "fiftieth_card_action", "same_card" if wall else "off")
        _validate(self)

    @classmethod
    def preset(cls, name: str, /, **changes: Any) -> Rules:
        """A named preset of RULES.md, with any options changed."""
        try:
            base = PRESETS[name]
        except KeyError:
            known = ", ".join(PRESETS)
            raise RulesError(f"unknown preset {name!r}; known presets: {known}",
                             "rules.unknown_preset", name=repr(name), known=known) from None
        return base.replace(**changes) if changes else base

    def replace(self, **changes: Any) -> Rules:
        unknown = sorted(set(changes) - {f.name for f in fields(self)})
        if unknown:
            raise RulesError(f"unknown rules option {unknown[0]!r}", "rules.unknown_option",
                             option=repr(unknown[0]))
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules written by :meth:`to_dict`, now or by an older version.

        :meth:`to_dict` writes every option, so a missing one was written before that
        option existed: it gets the value that plays as the program did then
        (:data:`BEFORE_OPTION`), and old records and stored games replay identically.
        """
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object of options, got {type(data).__name__}",
                             "rules.not_object", type=type(data).__name__)
        unknown = sorted(set(data) - {f.name for f in fields(cls)})
        if unknown:
            raise RulesError(f"unknown rules option {unknown[0]!r}", "rules.unknown_option",
                             option=repr(unknown[0]))
        return cls(**{**BEFORE_OPTION, **data})

    def knock_limit_for(self, upcard: int | None) -> int:
        """The knock limit of a hand whose first upcard is ``upcard`` (R15, R32)."""
        if not self.oklahoma or upcard is None:
            return self.knock_limit
        rank = upcard % 13
        if rank == 0:
            return 0 if self.ace_upcard_gin_only else 1
        return min(rank + 1, 10)

    def hand_multiplier(self, upcard: int | None) -> int:
        """R32: 2 when a spade upcard doubles the hand, else 1."""
        spade = upcard is not None and upcard // 13 == 3
        return 2 if self.oklahoma and self.spade_double and spade else 1


def _check_bool(rules: Rules, name: str) -> None:
    value = getattr(rules, name)
    if not isinstance(value, bool):
        raise RulesError(f"{name} must be true or false, got {value!r}", "field.bool",
                         field=name, value=repr(value))


def _check_int(rules: Rules, name: str, low: int, high: int, optional: bool = False) -> None:
    value = getattr(rules, name)
    if optional and value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(f"{name} must be a whole number from {low} to {high}, got {value!r}",
                         "field.int_range", field=name, low=low, high=high, value=repr(value))


def _check_choice(rules: Rules, name: str, choices: tuple[str, ...]) -> None:
    value = getattr(rules, name)
    if value not in choices:
        raise RulesError(f"{name} must be one of {', '.join(choices)}; got {value!r}",
                         "field.choice", field=name, choices=", ".join(choices),
                         value=repr(value))


def _validate(rules: Rules) -> None:
    if not isinstance(rules.name, str) or not rules.name:
        raise RulesError(f"name must be a non-empty string, got {rules.name!r}",
                         "rules.name", value=repr(rules.name))
    for option in (
        "oklahoma", "ace_upcard_gin_only", "spade_double", "extra_boxes", "eleven_card_deal",
        "allow_discard_of_drawn_upcard", "big_gin", "undercut_on_tie", "knocker_may_hide_melds",
        "void_on_second_returned_discard", "limit_awards_game_bonus",
    ):
        _check_bool(rules, option)
    _check_int(rules, "knock_limit", 0, 10)
    for option in ("gin_bonus", "undercut_bonus", "big_gin_bonus", "box_bonus", "game_bonus"):
        _check_int(rules, option, *_POINTS_RANGE)
    _check_int(rules, "target", 1, 10_000)
    _check_int(rules, "max_turns_without_stock_draw", 2, 1000)
    _check_int(rules, "discard_pile_draw_limit", 1, 1000, optional=True)
    _check_int(rules, "max_hands", 1, 1000, optional=True)
    _check_int(rules, "time_limit_minutes", 1, 24 * 60, optional=True)
    _check_int(rules, "stake_per_point", 0, 1_000_000)
    _check_choice(rules, "dealer_rule", DEALER_RULES)
    _check_choice(rules, "shutout_rule", SHUTOUT_RULES)
    _check_choice(rules, "first_dealer", FIRST_DEALERS)
    _check_choice(rules, "fiftieth_card_action", WALL_RULES)
    if not rules.oklahoma:
        for option in ("ace_upcard_gin_only", "spade_double", "extra_boxes"):
            if getattr(rules, option):
                raise RulesError(f"{option} needs oklahoma (R32): the upcard decides it",
                                 "rules.needs_oklahoma", option=option)
    if rules.oklahoma and rules.eleven_card_deal:
        raise RulesError("oklahoma needs an upcard, but eleven_card_deal deals none (R7, R32)",
                         "rules.oklahoma_eleven")


BEFORE_OPTION: dict[str, Any] = {
    "first_dealer": "low_cut_deals", "knocker_may_hide_melds": True,
    "limit_awards_game_bonus": True,
}
"""Options added after records were first written, each with the value that plays as the
program did before it (read into rules written without it)."""

_BASE = Rules()

PRESETS: dict[str, Rules] = {
    "standard": _BASE.replace(name="standard", dealer_rule="alternate"),
    "classic": _BASE.replace(
        name="classic", gin_bonus=20, undercut_bonus=10, box_bonus=20, game_bonus=100,
        shutout_rule="double_bonus",
    ),
    "modern": _BASE.replace(
        name="modern", box_bonus=25, game_bonus=100, shutout_rule="double_bonus"
    ),
    "lotoflaughs": _BASE.replace(
        name="lotoflaughs", box_bonus=25, game_bonus=100, first_dealer="high_cut_chooses"
    ),
    "oklahoma": _BASE.replace(
        name="oklahoma", oklahoma=True, spade_double=True, box_bonus=25, game_bonus=100,
        shutout_rule="double_bonus", target=150,
    ),
    "oklahoma_online": _BASE.replace(
        name="oklahoma_online", oklahoma=True, ace_upcard_gin_only=True, target=150
    ),
    "gra": _BASE.replace(
        name="gra", box_bonus=25, game_bonus=100, allow_discard_of_drawn_upcard=True
    ),
    "openspiel": _BASE.replace(
        name="openspiel", undercut_on_tie=False, allow_discard_of_drawn_upcard=True,
        knocker_may_hide_melds=True,
        fiftieth_card_action="same_card", max_turns_without_stock_draw=1000,
        discard_pile_draw_limit=49, void_on_second_returned_discard=True,
    ),
}
"""The presets of RULES.md, plus ``openspiel``: OpenSpiel's gin_rummy, for comparison."""
