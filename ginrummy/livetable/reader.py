"""A reader's view of a table, JSON-ready: what a socket is sent when it connects or falls
behind (:func:`snapshot`), and each event as it is sent (:func:`event_json`).

A **reader** is a place (a player; in a team game a team member is a place too) or None (a
watcher). A snapshot holds exactly what that reader may see: its own cards, how many cards
every other player holds, each table's first upcard and knock limit, discard pile, stock,
whose turn it is, the hand's phase, its moves, its lay-out and the cards taken from the pile,
the scores,
the clocks with their deadlines, the actions the reader may take, the stage, and the log's
length ``n`` (what a command gives as ``expect``: every log entry has an event for everyone,
so every reader knows it) (rematch
offers are the players' alone, as their notices are). A reader
that takes the snapshot at version ``v`` and folds into it the events of versions above
``v`` that it may see (the browser's ``tablestate.js`` ``reduce``) holds the snapshot of
the table it ends at: that is the resync guarantee.
"""

from __future__ import annotations

from typing import Any

from ginrummy.core.actions import FACE_DOWN_KNOCK, KNOCK_BASE, LAYOFF_BASE
from ginrummy.core.cards import cards_of
from ginrummy.core.hand import HandState
from ginrummy.core.views import view_of
from ginrummy.livetable.events import Event, Notice, clock_fields
from ginrummy.livetable.fairness import slot_of
from ginrummy.livetable.state import Table


def snapshot(table: Table, reader: int | None) -> dict[str, Any]:
    """What ``reader`` (a place, or None: a watcher) may see of ``table`` now."""
    game = table.game
    position = table.position
    over = game.is_over
    hands = [None if hand is None else _table_view(hand, game.players_at(at), reader)
             for at, hand in enumerate(game.hands)]
    legal = None
    for at, hand in enumerate(game.hands):
        if hand is not None and not over and game.players_at(at)[hand.turn] == reader:
            legal = {"table": at, "actions": list(hand.legal_actions())}
    commitments = []
    for at in range(game.tables):
        row = table.fair.get(slot_of(at))
        commitments.append(None if row is None or table.setup.deal_key is not None
                           else row.commitment)
    return {
        "version": table.version,
        "n": table.n,
        "reader": reader,
        "stage": table.stage,
        "seats": [{"place": s.place, "kind": s.kind, "name": s.name, "joined": s.joined}
                  for s in table.seats],
        "connected": sorted(table.connected),
        "tables": hands,
        "legal": legal,
        "totals": list(game.totals),
        "ready": sorted(position.ready),
        "stand_in": sorted(position.stand_in),
        "chooser": game.chooser,
        "commitments": commitments,
        "clocks": None if table.clocks is None else clock_fields(table.clocks),
        "winner": game.winner if over else None,
        "end_reason": game.end_reason if over else None,
        "rematch_offers": sorted(table.rematch_offers) if reader is not None else [],
        "rematch_id": table.rematch_id if reader is not None else None,
    }


def _table_view(hand: HandState, players: tuple[int, int], reader: int | None
                ) -> dict[str, Any]:
    """One table's hand in progress as ``reader`` sees it: its own cards if it plays there;
    its phase, its moves in hand seats (the reader's own face-down knock face up), the knocker
    (a hand seat), the melds laid out by each hand seat, the cards laid off, and the cards each
    hand seat took from the pile and holds."""
    mine = players.index(reader) if reader in players else None
    history = view_of(hand, 0 if mine is None else mine).history
    if mine is None:  # a watcher's: every knock face down
        history = tuple((seat, FACE_DOWN_KNOCK if KNOCK_BASE <= action < LAYOFF_BASE else action)
                        for seat, action in history)
    return {
        "phase": hand.phase.name.lower(),
        "history": [[seat, action] for seat, action in history],
        "knocker": None if hand.knocker < 0 else hand.knocker,
        "melds": [[cards_of(meld) for meld in side] for side in hand.melds],
        "laid_off": cards_of(hand.laid_off),
        "known": [cards_of(hand.known[i]) for i in (0, 1)],
        "players": list(players),
        "dealer": players[hand.dealer],
        "turn": players[hand.turn],
        "upcard": hand.upcard,
        "knock_limit": hand.limit,
        "stock": hand.stock_size,
        "pile": list(hand.pile),
        "counts": [hand.hands[i].bit_count() for i in (0, 1)],
        "hand": None if mine is None else cards_of(hand.hands[mine]),
    }


def event_json(event: Event | Notice) -> dict[str, Any]:
    """An event as it goes on the wire: its kind, its version (a notice: the version it
    follows, as ``after``) and its fields. The audience routes it and is not sent."""
    if isinstance(event, Event):
        return {"kind": event.kind, "version": event.version, **event.fields}
    return {"kind": event.kind, "after": event.after, **event.fields}
