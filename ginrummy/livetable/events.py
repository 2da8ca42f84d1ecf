"""What a table tells its readers: events, each with the audience that may see it.

An :class:`Event` is data: a ``kind``, its ``fields`` (JSON-ready: cards are ints 0..51,
actions are the ids of :mod:`ginrummy.core.actions`; ``n``, the number of the log entry that
made it, which a person's command gives back as ``expect``), its :class:`Audience` and its
``version``, consecutive per table. The events of a log entry follow from the table before
and after it (:func:`entry_events`), so a table rebuilt from its log has the same version.
A :class:`Notice` says something that is not in the log (a seat taken, who is connected, a
rematch offer): it carries the version it follows and numbers nothing.

Hidden cards go only to the seat that holds them: a card drawn from the stock reaches the
drawer alone (``drew``), a deal sends each player their own hand (``hand``), a face-down
knock discard reaches the knocker alone (``own_action``); everyone else sees the public
form of each move (``played``, with the place to act next), and the hands once the rules
show them (``hand_over``, with the totals after it). The place to act is told what it may
do (``legal``). A reader folds these into its view of the table
(:mod:`~ginrummy.livetable.reader`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Literal

from ginrummy.core.actions import DRAW_STOCK, KNOCK_BASE
from ginrummy.core.cards import cards_of
from ginrummy.core.hand import HandState
from ginrummy.core.table import team_of
from ginrummy.core.views import view_of
from ginrummy.livetable.clocks import Clocks
from ginrummy.livetable.fairness import slot_of
from ginrummy.livetable.log import LogEntry
from ginrummy.livetable.state import Table

AudienceKind = Literal["seat", "team", "players", "watchers", "everyone"]


@dataclass(frozen=True, slots=True)
class Audience:
    """Who may see an event: one ``seat`` (a place), a ``team``, the ``players``, the
    ``watchers`` or ``everyone``; ``who`` is the place or the team."""

    kind: AudienceKind
    who: int | None = None

    def admits(self, reader: int | None) -> bool:
        """Whether the reader at place ``reader`` (None: a watcher) may see it. A team is
        the places of one colour of :func:`ginrummy.core.table.team_of`."""
        if self.kind == "everyone":
            return True
        if reader is None:
            return self.kind == "watchers"
        if self.kind == "players":
            return True
        if self.kind == "seat":
            return reader == self.who
        return self.kind == "team" and team_of(reader) == self.who


EVERYONE = Audience("everyone")
PLAYERS = Audience("players")
WATCHERS = Audience("watchers")


def seat(place: int) -> Audience:
    return Audience("seat", place)


def team(number: int) -> Audience:
    return Audience("team", number)


@dataclass(frozen=True, slots=True)
class Event:
    version: int
    kind: str
    audience: Audience
    fields: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Notice:
    """Something not in the log, said after event ``after``."""

    after: int
    kind: str
    audience: Audience
    fields: Mapping[str, object] = field(default_factory=dict)


Said = tuple[str, Audience, dict[str, object]]
"""An event before it is numbered: kind, audience, fields."""


def numbered(said: list[Said], version: int) -> tuple[Event, ...]:
    """``said`` as events numbered from ``version + 1``."""
    return tuple(Event(version + i, kind, audience, fields)
                 for i, (kind, audience, fields) in enumerate(said, 1))


def entry_events(before: Table, entry: LogEntry, after: Table) -> list[Said]:
    """The events of ``entry``, which took the table from ``before`` to ``after``."""
    said: list[Said] = []
    place = entry.seat
    if entry.kind == "deal":
        said += _dealt(after, entry)
        said += _legal(after, 0 if place is None else place)
    elif entry.kind == "play":
        said += _played(before, entry, after)
    elif entry.kind == "ready":
        said.append(("ready", EVERYONE, {"place": place}))
    elif entry.kind == "choose":
        said.append(("dealer_chosen", EVERYONE, {"place": place, "deals": entry.action == 1}))
    elif entry.kind == "time_up":
        said.append(("time_up", EVERYONE, {}))
    elif entry.kind in ("idle", "back"):
        said.append(("stand_in", EVERYONE, {"place": place, "on": entry.kind == "idle"}))
    elif entry.kind == "timeout":
        said.append(("clock_ran_out", EVERYONE, {"place": place}))
    elif entry.kind == "forfeit":
        said.append(("forfeited", EVERYONE, {"place": place}))
    elif entry.kind == "resign":
        said.append(("resigned", EVERYONE, {"place": place}))
    game = after.game
    if game.is_over and not before.game.is_over:
        said.append(("game_over", EVERYONE, {"winner": game.winner, "totals": list(game.totals),
                                             "end_reason": game.end_reason}))
    if after.clocks is not None and after.clocks != before.clocks:
        said.append(("clocks", EVERYONE, clock_fields(after.clocks)))
    return said


def clock_fields(clocks: Clocks) -> dict[str, object]:
    """The clocks as a reader gets them: seconds left when each last stopped or started,
    timeouts, and each running clock's deadline (ISO 8601)."""
    return {
        "left": list(clocks.left), "timeouts": list(clocks.timeouts),
        "running_since": [None if at is None else at.isoformat() for at in clocks.since],
        "deadlines": [None if at is None else (at + timedelta(seconds=left)).isoformat()
                      for at, left in zip(clocks.since, clocks.left, strict=True)]}


def _legal(after: Table, at: int) -> list[Said]:
    """What the place to act at table ``at`` may do now, for it alone."""
    hand = after.game.hands[at]
    if hand is None or after.game.is_over:
        return []
    mover = after.game.players_at(at)[hand.turn]
    return [("legal", seat(mover), {"table": at, "actions": list(hand.legal_actions())})]


def _dealt(after: Table, entry: LogEntry) -> list[Said]:
    game = after.game
    at = 0 if entry.seat is None else entry.seat
    hand = game.hands[at]
    assert hand is not None
    players = game.players_at(at)
    said: list[Said] = [("dealt", EVERYONE, {
        "table": at, "deal": entry.action, "dealer": players[hand.dealer],
        "players": list(players), "upcard": hand.upcard, "knock_limit": hand.limit,
        "stock": hand.stock_size, "turn": players[hand.turn],
        "phase": hand.phase.name.lower()})]
    for index, place in enumerate(players):
        said.append(("hand", seat(place), {"table": at, "cards": cards_of(hand.hands[index])}))
    upcoming = after.fair.get(slot_of(at))
    if after.setup.deal_key is None and upcoming is not None:
        said.append(("committed", EVERYONE, {"table": at,
                                             "commitment": upcoming.commitment}))
    return said


def _played(before: Table, entry: LogEntry, after: Table) -> list[Said]:
    game = before.game
    place, action = entry.seat, entry.action
    assert place is not None and action is not None
    at = next(t for t in range(game.tables) if place in game.players_at(t))
    hand = game.hands[at]
    assert hand is not None
    mover = hand.turn
    later = hand.apply(action)
    public = later.history[2] if later.history is not None else action
    turn = None if later.result is not None else game.players_at(at)[later.turn]
    said: list[Said] = [("played", EVERYONE, {"table": at, "place": place, "action": public,
                                              "turn": turn,
                                              "phase": later.phase.name.lower()})]
    if public != action:
        card = action - KNOCK_BASE
        if hand.known[mover] >> card & 1:  # it lay face up on the pile: everyone knows it
            said[0][2]["card"] = card
        said.append(("own_action", seat(place), {"table": at, "action": action}))
    if action == DRAW_STOCK:
        drawn = later.hands[mover] & ~hand.hands[mover]
        said.append(("drew", seat(place), {"table": at, "card": drawn.bit_length() - 1}))
    if later.result is not None:
        said.append(_hand_over(before, at, later, after))
    else:
        said += _legal(after, at)
    return said


def _hand_over(before: Table, at: int, hand: HandState, after: Table) -> Said:
    """The end of the hand at table ``at``: its result, and the hands the rules show."""
    players = before.game.players_at(at)
    result = hand.result
    assert result is not None
    shown = [cards_of(hand.hands[i]) if view_of(hand, 1 - i).opponent_hand is not None else None
             for i in (0, 1)]
    deal = before.position.current_deal(at)
    fields: dict[str, object] = {
        "table": at, "deal": deal, "outcome": result.outcome,
        "winner": None if result.winner is None else players[result.winner],
        "points": result.points, "hands": shown, "totals": list(after.game.totals)}
    row = None if deal is None else before.fair.get(deal)
    if row is not None and before.setup.deal_key is None:
        fields["server_seed"] = row.server_seed
        fields["client_seeds"] = list(row.client_seeds)
    return ("hand_over", EVERYONE, fields)
