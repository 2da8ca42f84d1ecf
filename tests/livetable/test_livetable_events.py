"""The events of games played through :func:`ginrummy.livetable.apply`: no event carries a
card to a reader who may not see it (a property over random games of two to six players),
versions run on without a gap, and the log folds back to the table the commands made, with
the scores the rules core gives."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.core.actions import (
    DISCARD_BASE,
    action_card,
    action_meld,
    is_discard,
    is_knock,
    is_layoff,
    is_meld_action,
)
from ginrummy.core.cards import cards_of
from ginrummy.core.game import Game
from ginrummy.core.hand import HandState
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from ginrummy.livetable import Event, Join, Notice, Table, apply, replay
from ginrummy.livetable.draft import advance
from ginrummy.livetable.events import entry_events
from tests.livetable.kit import (
    START,
    Played,
    make_table,
    play_game,
    stored_decks,
    stored_fair,
)

SEATINGS = [(2, ()), (2, (1,)), (3, ()), (3, (2,)), (4, (1,)), (6, (1, 2, 4))]
"""(players, the computer's places): heads-up, three-handed (R33), teams (R34, R35)."""


def carried(event: Event) -> set[int]:
    """Every card an event shows, whatever field it is in."""
    fields = event.fields
    cards: set[int] = set()
    for key in ("card", "upcard"):
        value = fields.get(key)
        if isinstance(value, int):
            cards.add(value)
    listed = fields.get("cards")
    if isinstance(listed, list):
        cards.update(listed)
    hands = fields.get("hands")
    for hand in hands if isinstance(hands, list) else []:
        cards.update(hand or ())
    action = fields.get("action")
    if isinstance(action, int) and action >= 0:
        if is_discard(action) or is_knock(action) or is_layoff(action):
            cards.add(action_card(action))
        elif is_meld_action(action):
            cards.update(cards_of(action_meld(action)))
    return cards


def unseen_by(reader: int | None, hand: HandState, players: tuple[int, int]) -> set[int]:
    """The cards of ``hand`` that ``reader`` (None: a watcher) may not know: a player at
    the table what its own view cannot place; anyone else what either player's cannot."""
    if reader in players:
        return set(cards_of(view_of(hand, players.index(reader)).unseen()))
    return set(cards_of(view_of(hand, 0).unseen() | view_of(hand, 1).unseen()))


def events_with_hands(played: Played) -> Iterator[tuple[Event, HandState | None,
                                                        tuple[int, int]]]:
    """Every event, with the hand of its table just after the entry that made it (the
    finished hand, for the move that ended it) and that table's players."""
    for before, step in played.tables():
        events = [e for e in step.events if isinstance(e, Event)]
        table = replace(before, decks=step.table.decks, fair=step.table.fair)
        for entry in step.stored.entries:
            after = advance(table, entry)
            for _ in entry_events(table, entry, after):
                event = events.pop(0)
                at = event.fields.get("table")
                if not isinstance(at, int):
                    yield event, None, (0, 1)
                    continue
                hand = after.game.hands[at]
                old = table.game.hands[at]
                if hand is None and entry.kind == "play" and old is not None:
                    assert entry.action is not None
                    hand = old.apply(entry.action)
                yield event, hand, table.game.players_at(at)
            table = after
        assert events == []


@settings(max_examples=12, deadline=None)
@given(seating=st.sampled_from(SEATINGS), seed=st.integers(0, 10_000),
       preset=st.sampled_from(["standard", "oklahoma", "classic"]))
def test_no_event_shows_a_card_to_a_reader_who_may_not_see_it(
        seating: tuple[int, tuple[int, ...]], seed: int, preset: str) -> None:
    players, computers = seating
    played = play_game(make_table(players, Rules.preset(preset), computers, seed=seed),
                       seed=seed, limit=600)
    readers: list[int | None] = [*range(players), None]
    for event, hand, at_table in events_with_hands(played):
        shown = carried(event) - face_up_before(event, hand)
        if not shown:
            continue
        assert hand is not None, event
        for reader in readers:
            if event.audience.admits(reader):
                leaked = shown & unseen_by(reader, hand, at_table)
                assert not leaked, (event, reader, leaked)


def face_up_before(event: Event, hand: HandState | None) -> set[int]:
    """A face-down knock's ``card``, named because it lay face up on the pile before (the
    upcard, or a discard): everyone saw it taken."""
    card = event.fields.get("card") if event.kind == "played" else None
    if not isinstance(card, int) or hand is None:
        return set()
    discards = {action for _, action in hand.actions()}
    assert card == hand.upcard or DISCARD_BASE + card in discards, event
    return {card}


def test_watchers_are_never_sent_a_hand_or_a_drawn_card() -> None:
    played = play_game(make_table(4, computers=(1,), seed=4), seed=4)
    kinds = {e.kind for step in played.steps for e in step.events
             if e.audience.admits(None) and isinstance(e, Event)}
    assert "hand" not in kinds and "drew" not in kinds and "own_action" not in kinds
    assert {"dealt", "played", "hand_over"} <= kinds


def test_versions_are_consecutive_and_notices_follow_the_last_event() -> None:
    played = play_game(make_table(3, computers=(1,), seed=9), seed=9)
    versions = [e.version for step in played.steps for e in step.events if isinstance(e, Event)]
    assert versions == list(range(1, len(versions) + 1))
    assert played.last.version == len(versions)



def test_a_notice_follows_the_events_of_its_command() -> None:
    """A seat taken that makes the first deal due: the deal's events are numbered, the
    notice says it comes after them."""
    table = make_table(4, computers=(1, 2, 3), joined=False)
    applied = apply(table, Join(0, "Ann"), START, random.Random(1))
    events = [e for e in applied.events if isinstance(e, Event)]
    notices = [n for n in applied.events if isinstance(n, Notice)]
    assert [n.kind for n in notices] == ["joined"]
    assert [e.kind for e in events][:1] == ["dealt"]
    assert notices[0].after == events[-1].version == applied.table.version


def folded(played: Played) -> Table:
    last = played.last
    return replay(last.setup, last.seats, played.entries(), stored_decks(played),
                  stored_fair(played))


def test_a_finished_games_log_folds_to_the_table_its_commands_made() -> None:
    for players, computers in SEATINGS:
        played = play_game(make_table(players, computers=computers, seed=players), seed=2)
        assert played.last.stage == "over"
        assert folded(played) == played.last, (players, computers)


def test_a_finished_games_log_scores_as_the_rules_core_scores_its_hands() -> None:
    """The hands of the fold, dealt and played again on a game of the core alone, give
    the same totals, results and settlement."""
    for players, computers in SEATINGS:
        played = play_game(make_table(players, computers=computers, seed=7), seed=7)
        table = folded(played)
        game = Game.start(table.setup.rules, table.position.game.cut)
        for entry in played.entries():
            if entry.kind == "deal":
                assert entry.action is not None
                at = 0 if entry.seat is None else entry.seat
                game = game.deal(table.decks[entry.action], table=at)
            elif entry.kind == "play":
                assert entry.seat is not None and entry.action is not None
                at = next(t for t in range(game.tables) if entry.seat in game.players_at(t))
                game = game.apply(entry.action, table=at)
            elif entry.kind == "choose":
                assert entry.seat is not None
                game = game.choose_to_deal(entry.seat, entry.action == 1)
        assert game.is_over and table.game.is_over
        assert game.totals == table.game.totals
        assert game.results == table.game.results
        assert game.settlement() == table.game.settlement()
