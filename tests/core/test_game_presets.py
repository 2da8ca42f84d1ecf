"""Worked scoring examples, one game for every preset (R23-R32 as each preset sets them).

Hands are dealt from explicit decks (``tests.game_kit``), so each outcome is known.
"""

from __future__ import annotations

import pytest

from ginrummy.core.hand import IllegalActionError
from ginrummy.core.rules import Rules
from tests.core.test_game import (
    ACE_GIN,
    GIN,
    KEEP_UPCARD,
    KNOCK,
    SPADE_GIN,
    TIE,
    UNDERCUT,
    hand,
    last,
    start,
    void_hand,
)

# ---------------------------------------------------------------- worked examples per preset


def test_preset_standard_worked_example() -> None:
    """Gin 25, undercut 25, no boxes, no game bonus, dealers alternate."""
    game = start(Rules.preset("standard", stake_per_point=1))
    game = hand(game, GIN)  # seat 0: 25 + 57 = 82; seat 0 deals next
    game = hand(game, UNDERCUT)  # seat 0 (dealer) undercuts seat 1: 8 + 25 = 33
    assert [r.points for r in game.results] == [82, 33]
    sheet = game.settlement()
    assert sheet.final == (115, 0) and sheet.margin == 115 and sheet.payment == 115
    assert sheet.game_bonus == (0, 0) and not sheet.shutout  # shutout rule: none


def test_preset_classic_worked_example() -> None:
    """Gin 20, undercut 10, box 20, game bonus 100 doubled by a shutout, loser deals."""
    game = start("classic")
    game = hand(game, UNDERCUT)  # seat 1 (dealer) undercuts: 8 + 10 = 18; seat 0 deals
    game = hand(game, GIN)  # seat 1: 20 + 57 = 77; seat 0 deals again
    game = hand(game, KNOCK)  # seat 1: 57 - 2 = 55 -> 150
    assert [r.points for r in game.results] == [18, 77, 55] and game.points == (0, 150)
    sheet = game.settlement()
    assert sheet.box_points == (0, 60) and sheet.game_bonus == (0, 100)
    assert sheet.shutout and sheet.final == (0, 150 + 60 + 100 + 100)


def test_preset_modern_worked_example() -> None:
    game = hand(hand(start("modern"), UNDERCUT), GIN)  # 33, then 82
    sheet = game.settlement()
    assert [r.points for r in game.results] == [33, 82]
    assert sheet.final == (0, 115 + 50 + 100 + 100)


def test_preset_lotoflaughs_worked_example() -> None:
    """Box 25, game bonus 100 for the first to 100, no shutout rule; optional limits."""
    game = start("lotoflaughs")
    for scenario in (KNOCK, UNDERCUT, GIN):
        game = hand(game, scenario)
    sheet = game.settlement()
    assert sheet.final == (55 + 25, 115 + 50 + 100) and sheet.margin == 185


def test_preset_oklahoma_worked_example() -> None:
    game = hand(start("oklahoma"), SPADE_GIN)  # (25 + 57) x 2 = 164: past 150 at once
    sheet = game.settlement()
    assert sheet.points == (164, 0) and sheet.extra_boxes == (0, 0)  # extra boxes are optional
    assert sheet.final == (164 + 25 + 100 + 100, 0)


def test_preset_oklahoma_online_worked_example() -> None:
    """Ace upcard: gin only. No spade doubling, no boxes, no game bonus, target 150."""
    game = hand(start("oklahoma_online"), ACE_GIN)
    assert last(game).knock_limit == 0 and last(game).points == 82
    assert game.dealer == 1  # the loser (the dealer) deals again
    game = hand(game, SPADE_GIN)
    assert last(game).multiplier == 1 and last(game).points == 82
    assert game.is_over and game.settlement().final == (164, 0)


def test_preset_gra_worked_example() -> None:
    """GRA: the card taken from the pile may go straight back (here as the knock card)."""
    with pytest.raises(IllegalActionError, match="R12"):
        hand(start("modern"), KEEP_UPCARD)
    game = hand(start("gra"), KEEP_UPCARD)  # 57 - 4 = 53
    game = hand(game, GIN)  # 82 -> 135
    sheet = game.settlement()
    assert [r.points for r in game.results] == [53, 82]
    assert sheet.final == (135 + 50 + 100, 0) and not sheet.shutout  # gra: no shutout rule


def test_preset_openspiel_worked_example() -> None:
    """OpenSpiel: an equal count is a tie, not an undercut; no boxes nor game bonus."""
    game = start("openspiel")
    game = hand(game, TIE)
    game = void_hand(game)  # the wall (R22) offered, passed: void
    assert [r.outcome for r in game.results] == ["tie", "void"] and game.dealer == 1
    game = hand(hand(game, GIN), GIN)
    assert game.points == (164, 0) and game.hands_played == 3 and len(game.finished) == 4
    assert game.settlement().final == (164, 0)
