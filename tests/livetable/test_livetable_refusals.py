"""A command the table may not take is refused with a code and the facts it names, and the
table is left as it was: it takes the right command next as if nothing had been sent."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from ginrummy.core.actions import DRAW_STOCK, PASS, discard
from ginrummy.core.cards import card_name, cards_of
from ginrummy.core.rules import Rules
from ginrummy.livetable import (
    Back,
    ChooseDealer,
    ComputerPlay,
    Join,
    Play,
    Ready,
    Refused,
    Table,
    Tick,
    apply,
)
from ginrummy.livetable.fairness import slot_of
from tests.livetable.kit import START, make_table, play_game

NOW = START + timedelta(seconds=5)


def both_ready(table: Table) -> Table:
    rng = random.Random(3)
    for place in (0, 1):
        table = apply(table, Ready(place, seed=f"seed {place}"), NOW, rng).table
    return table


@pytest.fixture
def dealt() -> Table:
    """Two people, hand 1 dealt: the non-dealer decides on the first upcard (R13)."""
    table = both_ready(make_table(2))
    assert table.stage == "hand"
    return table


def mover_of(table: Table) -> int:
    hand = table.game.hand
    assert hand is not None
    return hand.turn


def refusal(table: Table, command: object) -> Refused:
    with pytest.raises(Refused) as refused:
        apply(table, command, NOW, random.Random(0))  # type: ignore[arg-type]
    return refused.value


def test_a_move_out_of_turn_is_refused_naming_who_is_to_move(dealt: Table) -> None:
    mover = mover_of(dealt)
    refused = refusal(dealt, Play(1 - mover, PASS, expect=dealt.n))
    assert refused.code == "not_your_turn"
    assert refused.params == {"place": 1 - mover, "mover": mover, "table": 0}
    after = apply(dealt, Play(mover, PASS, expect=dealt.n), NOW).table
    assert after.n == dealt.n + 1


def test_an_illegal_action_is_refused_with_the_cores_own_code(dealt: Table) -> None:
    """A discard in the first-upcard phase, of a card the mover does not hold: the core's
    ``illegal.in_phase`` and its parameters reach the refusal (no English in between)."""
    mover = mover_of(dealt)
    hand = dealt.game.hand
    assert hand is not None
    missing = next(c for c in range(52) if c not in cards_of(hand.hands[mover]))
    refused = refusal(dealt, Play(mover, discard(missing), expect=dealt.n))
    assert refused.code == "illegal_action"
    assert refused.params["reason"] == "illegal.in_phase"
    assert refused.cause is not None and refused.cause.code == "illegal.in_phase"
    assert refused.cause.params["action"] == f"discard {card_name(missing)}"
    assert apply(dealt, Play(mover, PASS, expect=dealt.n), NOW).table.n == dealt.n + 1


def test_a_move_sent_on_an_old_state_is_stale(dealt: Table) -> None:
    mover = mover_of(dealt)
    refused = refusal(dealt, Play(mover, PASS, expect=dealt.n - 1))
    assert refused.code == "stale"
    assert refused.params["latest"] == dealt.n
    assert refusal(dealt, Play(mover, PASS)).code == "stale"  # an action must say what it saw


def test_a_seed_sent_for_another_deal_is_refused_as_a_stale_commitment() -> None:
    table = make_table(2)
    refused = refusal(table, Ready(0, seed="mine", commitment="0" * 64))
    assert refused.code == "stale_commitment"
    assert refused.params["commitment"] == table.fair[slot_of(0)].commitment
    commitment = table.fair[slot_of(0)].commitment
    assert apply(table, Ready(0, seed="mine", commitment=commitment), NOW).table.position.ready \
        == frozenset({0})


def test_ready_twice_is_refused() -> None:
    table = apply(make_table(2), Ready(0), NOW).table
    assert refusal(table, Ready(0)).code == "already_ready"


def test_ready_during_a_hand_is_refused(dealt: Table) -> None:
    assert refusal(dealt, Ready(0)).code == "in_hand"


def test_nothing_is_played_before_the_invited_player_has_joined() -> None:
    table = make_table(2, joined=False)
    refused = refusal(table, Ready(0))
    assert (refused.code, refused.params) == ("not_started",
                                              {"waiting_for": "players", "missing": 2})


def test_a_seat_taken_cannot_be_taken_again() -> None:
    table = make_table(2, joined=False)
    table = apply(table, Join(1, "Bea"), NOW).table
    assert refusal(table, Join(1, "Eve")).code == "seat_taken"


def test_the_computer_cannot_move_for_a_person_who_plays(dealt: Table) -> None:
    mover = mover_of(dealt)
    refused = refusal(dealt, ComputerPlay(mover, PASS))
    assert (refused.code, refused.params) == ("not_computers_turn", {"place": mover})


def test_back_is_refused_when_the_computer_does_not_play_for_the_place(dealt: Table) -> None:
    assert refusal(dealt, Back(0)).code == "not_away"


def test_a_tick_with_nothing_due_is_refused(dealt: Table) -> None:
    assert refusal(dealt, Tick()).code == "nothing_due"


def test_a_cut_choice_where_the_low_cut_deals_is_refused() -> None:
    refused = refusal(make_table(2), ChooseDealer(0, True))
    assert (refused.code, refused.params) == ("no_cut_choice", {"why": "low_cut_deals"})


def test_the_lower_cut_may_not_choose_the_first_dealer() -> None:
    table = make_table(2, Rules.from_dict({"first_dealer": "high_cut_chooses"}))
    chooser = table.game.chooser
    assert chooser is not None
    refused = refusal(table, ChooseDealer(1 - chooser, True))
    assert (refused.code, refused.params) == ("not_your_choice",
                                              {"place": 1 - chooser, "chooser": chooser})


def test_a_finished_game_refuses_every_move() -> None:
    over = play_game(make_table(2), seed=5).last
    assert over.stage == "over"
    refused = refusal(over, Play(0, DRAW_STOCK, expect=over.n))
    assert (refused.code, refused.params) == ("game_over", {"end_reason": over.game.end_reason})
