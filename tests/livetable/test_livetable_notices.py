"""What a table says that is not in its log: seats taken, who is connected, rematch offers.
A notice numbers nothing and stores no log entry."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ginrummy.livetable import (
    Event,
    Join,
    Notice,
    OfferRematch,
    Presence,
    Refused,
    RematchStarted,
    SendAway,
    Table,
    WithdrawRematch,
    apply,
)
from tests.livetable.kit import START, make_table, play_game


@pytest.fixture(scope="module")
def over() -> Table:
    table = play_game(make_table(2), seed=5).last
    assert table.stage == "over"
    return table


def said(table: Table, command: object) -> tuple[Table, list[Notice]]:
    applied = apply(table, command, START)  # type: ignore[arg-type]
    assert applied.stored.entries == () and applied.table.version == table.version
    assert not [e for e in applied.events if isinstance(e, Event)]
    return applied.table, [n for n in applied.events if isinstance(n, Notice)]


def test_a_rematch_offer_is_told_to_the_players_only(over: Table) -> None:
    table, notices = said(over, OfferRematch(0))
    assert table.rematch_offers == {0}
    assert [(n.kind, n.fields) for n in notices] == [("rematch", {"offers": [0]})]
    assert notices[0].audience.admits(1) and not notices[0].audience.admits(None)


def test_withdrawing_the_other_players_offer_declines_it(over: Table) -> None:
    table, _ = said(over, OfferRematch(0))
    table, notices = said(table, WithdrawRematch(1))
    assert table.rematch_offers == frozenset()
    assert notices[0].fields == {"offers": [], "declined_by": 1}


def test_once_the_rematch_has_started_it_cannot_be_declined(over: Table) -> None:
    table, _ = said(over, RematchStarted("rematch0001"))
    with pytest.raises(Refused) as refused:
        apply(table, WithdrawRematch(0), START)
    assert (refused.value.code, refused.value.params) == ("rematch_started",
                                                          {"game_id": "rematch0001"})


def test_no_rematch_before_the_game_is_over() -> None:
    with pytest.raises(Refused) as refused:
        apply(make_table(2), OfferRematch(0), START)
    assert refused.value.code == "not_over"


def test_presence_is_told_to_everyone_and_kept() -> None:
    table, notices = said(make_table(3), Presence(frozenset({0, 2})))
    assert table.connected == {0, 2}
    assert [(n.kind, n.fields) for n in notices] == [("presence", {"connected": [0, 2]})]
    assert notices[0].audience.admits(None)


def test_a_seat_taken_is_told_and_stored_with_its_name() -> None:
    applied = apply(make_table(2, joined=False), Join(1, "Bea"), START)
    assert [(s.place, s.name, s.joined) for s in applied.stored.seats] == [(1, "Bea", True)]
    assert applied.table.seats[1].name == "Bea"
    assert [n.fields for n in applied.events if isinstance(n, Notice)] == [
        {"place": 1, "name": "Bea"}]


def test_a_player_sent_away_leaves_an_open_place_told_to_everyone_and_stored() -> None:
    table = apply(make_table(3, joined=False), Join(1, "Bea"), START).table
    applied = apply(table, SendAway(1), START)
    assert [(s.place, s.name, s.joined) for s in applied.stored.seats] == [(1, "", False)]
    assert applied.table.seats[1] == replace(table.seats[1], name="", joined=False)
    notices = [n for n in applied.events if isinstance(n, Notice)]
    assert [(n.kind, n.fields) for n in notices] == [("sent_away", {"place": 1})]
    assert notices[0].audience.admits(None)
    assert not applied.stored.entries  # nothing in the log: the place is as if never taken
    assert apply(applied.table, Join(1, "Cleo"), START).table.seats[1].name == "Cleo"


def test_no_one_is_sent_away_from_an_open_place_the_creators_or_a_computers() -> None:
    table = make_table(3, computers=(2,), joined=False)
    for place in (0, 1, 2, 7):
        with pytest.raises(Refused) as refused:
            apply(table, SendAway(place), START)
        assert (refused.value.code, refused.value.params) == ("no_player_there",
                                                              {"place": place})


def test_no_one_is_sent_away_once_the_first_deal_is_dealt(over: Table) -> None:
    with pytest.raises(Refused) as refused:
        apply(over, SendAway(1), START)
    assert refused.value.code == "already_started"
