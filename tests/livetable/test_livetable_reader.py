"""A reader's snapshot and the events it is sent, over random games of two, three and four
players: no card reaches a reader who may not see it, whatever field it is in."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.core.actions import (
    action_card,
    action_meld,
    is_discard,
    is_knock,
    is_layoff,
    is_meld_action,
)
from ginrummy.core.cards import cards_of
from ginrummy.core.rules import Rules
from ginrummy.livetable import Event, Table
from ginrummy.livetable.reader import event_json, snapshot
from tests.livetable.kit import make_table, play_game
from tests.livetable.test_livetable_events import events_with_hands, face_up_before, unseen_by

SEATINGS = [(2, ()), (2, (1,)), (3, ()), (3, (2,)), (4, (1,)), (4, ())]


def action_cards(action: int) -> set[int]:
    if action < 0:
        return set()
    if is_discard(action) or is_knock(action) or is_layoff(action):
        return {action_card(action)}
    if is_meld_action(action):
        return set(cards_of(action_meld(action)))
    return set()


def shown(sent: dict[str, Any]) -> set[int]:
    """Every card a JSON object as sent shows: cards, hands, piles and actions."""
    cards: set[int] = set()
    for key in ("card", "upcard"):
        if isinstance(sent.get(key), int):
            cards.add(sent[key])
    for key in ("cards", "pile", "hand"):
        cards.update(sent.get(key) or ())
    for hand in sent.get("hands") or ():
        cards.update(hand or ())
    if isinstance(sent.get("action"), int):
        cards |= action_cards(sent["action"])
    for action in sent.get("actions") or ():
        cards |= action_cards(action)
    return cards


def readers(table: Table) -> list[int | None]:
    return [*range(table.game.players), None]


def snapshot_leaks(table: Table, reader: int | None) -> set[int]:
    """The cards of ``reader``'s snapshot of ``table`` it may not see, table by table."""
    game = table.game
    seen = snapshot(table, reader)
    leaked: set[int] = set()
    for at, hand in enumerate(game.hands):
        view = seen["tables"][at]
        if hand is None:
            assert view is None
            continue
        legal = seen["legal"]
        cards = shown(view) | (shown(legal) if legal and legal["table"] == at else set())
        leaked |= cards & unseen_by(reader, hand, game.players_at(at))
    return leaked


@settings(max_examples=10, deadline=None)
@given(seating=st.sampled_from(SEATINGS), seed=st.integers(0, 10_000),
       preset=st.sampled_from(["standard", "oklahoma", "classic"]))
def test_no_snapshot_or_event_sent_shows_a_card_the_reader_may_not_see(
        seating: tuple[int, tuple[int, ...]], seed: int, preset: str) -> None:
    players, computers = seating
    played = play_game(make_table(players, Rules.preset(preset), computers, seed=seed),
                       seed=seed, limit=300)
    for _, step in played.tables():
        for reader in readers(step.table):
            assert not snapshot_leaks(step.table, reader), (reader, step.table.n)
    for event, hand, at_table in events_with_hands(played):
        cards = shown(event_json(event)) - face_up_before(event, hand)
        for reader in readers(played.first):
            if cards and event.audience.admits(reader):
                assert hand is not None, event
                assert not cards & unseen_by(reader, hand, at_table), (event, reader)


def test_a_player_sees_its_own_hand_and_only_counts_of_the_others() -> None:
    played = play_game(make_table(2, computers=(1,), seed=2), seed=2, limit=5)
    table = played.last
    hand = table.game.hands[0]
    assert hand is not None
    mine, theirs = snapshot(table, 0)["tables"][0], snapshot(table, 1)["tables"][0]
    assert mine["hand"] == cards_of(hand.hands[0]) and theirs["hand"] == cards_of(hand.hands[1])
    assert mine["counts"] == theirs["counts"] == [len(mine["hand"]), len(theirs["hand"])]
    assert snapshot(table, None)["tables"][0]["hand"] is None


def test_only_the_place_to_act_is_told_its_legal_actions() -> None:
    played = play_game(make_table(2, computers=(1,), seed=2), seed=2, limit=5)
    table = played.last
    hand = table.game.hands[0]
    assert hand is not None
    mover = table.game.players_at(0)[hand.turn]
    assert snapshot(table, mover)["legal"] == {"table": 0, "actions": hand.legal_actions()}
    assert snapshot(table, 1 - mover)["legal"] is None
    assert snapshot(table, None)["legal"] is None


def test_an_event_is_sent_with_its_kind_version_and_fields_but_not_its_audience() -> None:
    played = play_game(make_table(2, computers=(1,), seed=2), seed=2, limit=3)
    event = next(e for step in played.steps for e in step.events
                 if isinstance(e, Event) and e.kind == "hand")
    assert event_json(event) == {"kind": "hand", "version": event.version, **event.fields}
