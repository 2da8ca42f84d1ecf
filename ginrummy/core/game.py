"""A game of many hands at a table of 2 to 10: the cut, dealers, totals, boxes, limits, settlement.

Rules R4, R5, R27-R35. A :class:`Game` is immutable like a
:class:`~ginrummy.core.hand.HandState`: :meth:`Game.deal` and :meth:`Game.apply`
return a new game. Every deck comes in from outside (:meth:`Game.deal`), or
from an RNG passed in (:meth:`Game.deal_from`), so a game is replayed
exactly from its cut, its decks and its actions (see :mod:`ginrummy.format.record`).
Nothing here reads a clock: the driver says when time is up.

>>> import random
>>> game = new_game(Rules.preset("standard"), random.Random(7))
>>> game.phase.name, game.cut.low == game.dealer
('DEALING', True)
>>> game = game.deal_from(random.Random(8))
>>> game.phase.name, game.to_act == 1 - game.dealer
('IN_HAND', True)

Choices where RULES.md is silent (tests pin each one):

* **Cut (R4).** Each round every player cuts one card from one shuffled deck
  (so different cards); player 0's card is listed first. The lower rank
  deals (ace low); equal ranks cut again. Suits never break a tie. Under
  ``first_dealer="high_cut_chooses"`` the player with the higher card chooses
  whether to deal the first hand (:meth:`Game.choose_to_deal`, an input like
  a deck) before the first deal; :func:`prefers_to_deal` is the computer's choice.
* **Next dealer (R5).** After a void hand the same dealer deals again
  (R21), in every option. After a ``tie`` (a knock with equal counts when
  ``undercut_on_tie`` is off, as in OpenSpiel) there is no winner nor loser:
  under ``loser`` and ``winner`` the same dealer deals again; under
  ``alternate`` the deal passes on, as after every hand played to a knock.
* **Boxes (R28, R32).** A hand won (any outcome with a winner, even one
  worth 0 points) earns one box; a spade upcard doubles the hand's points
  and its extra boxes, never the ordinary box. Boxes and extra boxes are
  worth ``box_bonus`` each and count only at settlement.
* **Limits (R31).** ``max_hands`` counts hands played to a knock (ties
  included); void hands are cancelled and redealt, so they do not count.
  The time limit ends the game at the first hand end (or deal) after the
  driver reports it (:meth:`Game.time_up`, or ``elapsed_minutes`` of
  :meth:`Game.deal`). If a hand reaches the target, the target is the
  reason the game ended.
* **Winner and game bonus (R29, R31).** The player who reaches the target
  wins and gets the game bonus. When a limit ends the game, the higher game
  total (hand points, without boxes) wins the game, with no game bonus and
  no shutout (nobody reached the target); ``limit_awards_game_bonus`` gives
  the leader both, as if it had reached the target. Equal totals at a
  limit: no winner, no game bonus, no shutout; the settlement still
  compares the final totals (boxes included), so one player may pay.
* **Shutout (R29).** The loser's game total is 0. ``double_bonus`` adds a
  second game bonus; ``double_all`` doubles the winner's whole score:
  hand points, boxes, extra boxes and the (single) game bonus.
* **Settlement (R30).** Final total = hand points + boxes + extra boxes +
  game bonus (+ shutout). The margin is the difference of the two final
  totals; the player with the lower final total pays ``stake_per_point`` ×
  margin to the other. That is the game's loser in practice, but with large
  box bonuses it need not be, and the arithmetic decides.

* **Three players (R33).** Totals, boxes and limits are kept per player as for
  two; only the two playing can score, so at most one player reaches the target
  on a hand; at a limit only the one highest total wins. Shutout: both other
  players scored no points. After a void hand or a tie nobody lost: the same
  dealer deals again to the same two players.
* **Teams (R34, R35).** The lowest cut's team deals at every hand table of round 1;
  later the dealing team follows ``dealer_rule`` applied to the teams, the
  round's scoring team taking the part of a hand's winner; a round that scores
  nothing keeps the dealing team (except ``alternate``). A void hand inside a
  round is dealt again at that table by the same dealer, the other tables
  unaffected; a tie at a table is a result (it won nothing). One box per round
  scored by a team; extra boxes of every hand won go to the team. ``max_hands``
  counts rounds, a time limit ends the game at the end of the round in progress
  (or at once, before any hand of the round is dealt), and the target is
  ``team_target``.

The seatings themselves (who plays whom, who deals) are :mod:`ginrummy.core.seating`;
every game is one :class:`Game`, whatever its size.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum

from ginrummy.core.actions import Action
from ginrummy.core.cut import Cut, cut_for_deal
from ginrummy.core.errors import GameError, TableError
from ginrummy.core.hand import HandState, deal_hand, shuffled_deck
from ginrummy.core.result import HandResult
from ginrummy.core.rules import Rules
from ginrummy.core.scoring import (
    EndReason,
    RoundScore,
    Settlement,
    end_reason_word,
    leader,
    settle_game,
)
from ginrummy.core.seating import Seating
from ginrummy.core.table import OfTableRules, TableHand, TableRules


class GamePhase(IntEnum):
    DEALING = 0
    """Between hands: waiting for :meth:`Game.deal`."""
    IN_HAND = 1
    OVER = 2


def prefers_to_deal(rules: Rules) -> bool:
    """The computer's choice when its higher cut lets it choose whether to deal (R4).

    Never: the non-dealer is offered the upcard first and plays first (R13), or
    holds the eleventh card (R7), an edge under every option.
    """
    return False


@dataclass(frozen=True, slots=True)
class HandTable:
    """One hand table of the round in progress: its two players, the hand being played, and
    the hands already finished there this round (void ones, then the one that decided it)."""

    players: tuple[int, int]
    hand: HandState | None = None
    played: tuple[HandState, ...] = ()

    @property
    def decided(self) -> bool:
        return bool(self.played) and not _void(self.played[-1])

    @property
    def needs_deal(self) -> bool:
        return self.hand is None and not self.decided


@dataclass(frozen=True, slots=True)
class Round:
    """A finished round: every hand of it (table by table) and what it scored."""

    number: int
    dealer: int
    """The dealing side: the player dealing (two, three players) or the dealing team."""
    hands: tuple[TableHand, ...]
    score: RoundScore

    @property
    def dealing_team(self) -> int:
        return self.dealer


def _void(state: HandState) -> bool:
    return state.result is not None and state.result.is_void


def _table_rules(rules: Rules | TableRules) -> TableRules:
    return rules if isinstance(rules, TableRules) else TableRules(2, rules)


@dataclass(frozen=True, slots=True)
class Game(OfTableRules):
    """A game at a table of 2 to 10: pure, immutable, replayable from its cut, decks and actions.

    Two games are equal when every field is (so a replayed game equals the original). The
    moves take the table (``table=``, 0 at a game of one table).
    """

    table_rules: TableRules
    cut: Cut
    dealer: int
    """The dealing side of the round in progress or the next: the player dealing (two and
    three players; at three it sits out) or, at teams, the team dealing at every hand table."""
    slots: tuple[HandTable, ...]
    rounds: tuple[Round, ...] = ()
    points: tuple[int, ...] = ()
    """Game totals (R27) per side: what the target counts."""
    wins: tuple[int, ...] = ()
    """Rounds won per side, a box each (R28); at one hand table a round is a hand."""
    extra_boxes: tuple[int, ...] = ()
    """Oklahoma extra boxes (R32) per side."""
    time_is_up: bool = False
    """The driver reported the time limit (R31); the game ends at the next hand (teams:
    round) end."""
    winner: int | None = None
    """The winning side, once over (None after equal totals at a limit)."""
    end_reason: EndReason | None = None
    high_cut_deals: bool | None = None
    """R4, two players under ``first_dealer="high_cut_chooses"``: whether the higher cut chose
    to deal the first hand; None until it chose, and under ``low_cut_deals``."""
    forfeited_by: int | None = None
    """The player whose side lost the game by forfeit (:meth:`forfeit`) or because that player
    resigned (:meth:`resign`; ``end_reason`` tells which), once it has."""
    abandoned: tuple[tuple[int, HandState], ...] = ()
    """(table, hand) of the hands in progress when the game was forfeited: unscored, kept so
    that the game's record still holds their deals."""

    @classmethod
    def start(cls, rules: Rules | TableRules, cut: Cut) -> Game:
        """A game ready for its first deal, the dealer chosen by ``cut`` (R4); two players
        under ``high_cut_chooses`` wait for :meth:`choose_to_deal` first. ``Rules`` alone
        are a game of two."""
        table_rules = _table_rules(rules)
        if cut.players != table_rules.players:
            raise TableError(f"the cut has {cut.players} cards per round; "
                             f"{table_rules.players} players need {table_rules.players}",
                             "game.cut_players", count=cut.players, players=table_rules.players)
        seating = Seating(table_rules.kind, table_rules.players)
        dealer = seating.first_dealer(cut)
        zero = tuple(0 for _ in range(seating.sides))
        return cls(table_rules, cut, dealer, _slots(seating, 0, dealer), points=zero,
                   wins=zero, extra_boxes=zero)

    # ------------------------------------------------------------ queries

    @property
    def seating(self) -> Seating:
        return Seating(self.table_rules.kind, self.table_rules.players)

    @property
    def tables(self) -> int:
        """The hand tables of a round: one, or at teams one per pair of opponents."""
        return len(self.slots)

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    @property
    def phase(self) -> GamePhase:
        if self.is_over:
            return GamePhase.OVER
        if any(slot.hand is not None for slot in self.slots):
            return GamePhase.IN_HAND
        return GamePhase.DEALING

    @property
    def hands(self) -> tuple[HandState | None, ...]:
        """The hand in progress at each table."""
        return tuple(slot.hand for slot in self.slots)

    @property
    def hand(self) -> HandState | None:
        """The hand in progress at a game of one table, or None."""
        if len(self.slots) != 1:
            raise GameError(f"a game of {self.tables} tables has a hand at each: use hands")
        return self.slots[0].hand

    @property
    def played(self) -> tuple[TableHand, ...]:
        """Every finished hand, void ones included, with where it was played: the past
        rounds', then the round in progress' (table by table)."""
        done = tuple(hand for past in self.rounds for hand in past.hands)
        return done + self._round_hands(only_finished=True)

    @property
    def finished(self) -> tuple[HandState, ...]:
        """The final state of every hand played, void hands included (as :attr:`played`)."""
        return tuple(hand.state for hand in self.played)

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The result of every finished hand, in order."""
        return tuple(h.result for h in self.finished if h.result is not None)

    @property
    def hands_played(self) -> int:
        """What ``max_hands`` counts (R31): hands that were not void (teams: rounds)."""
        return len(self.rounds)

    @property
    def hand_number(self) -> int:
        """1-based number of the hand in progress (or about to be dealt), void hands included;
        at teams, the hands of every table count."""
        return len(self.played) + 1

    @property
    def round_number(self) -> int:
        """1-based number of the round in progress or about to be dealt (the last one, once
        over); at one table a round is a hand, void hands included."""
        later = 0 if self.is_over else 1
        if self.seating.one_table:
            return len(self.played) + later
        return len(self.rounds) + later

    @property
    def totals(self) -> tuple[int, ...]:
        """What the target counts: each side's game total."""
        return self.points

    @property
    def hands_won(self) -> tuple[int, ...]:
        """Two and three players: hands won per player (a box each, R28)."""
        return self.wins

    @property
    def rounds_won(self) -> tuple[int, ...]:
        """Teams: rounds won per team (a box each, R28, R34)."""
        return self.wins

    @property
    def dealing_team(self) -> int:
        """Teams: the team dealing at every table of the round."""
        return self.dealer

    @property
    def to_act(self) -> int | None:
        """At a game of one table, the player to act in the hand in progress, or None."""
        hand = self.hand
        return None if hand is None else self.slots[0].players[hand.turn]

    @property
    def chooser(self) -> int | None:
        """The player (0 or 1: two players only) that must choose whether to deal the first
        hand (R4), or None."""
        if (self.players == 2 and self.rules.first_dealer == "high_cut_chooses"
                and self.high_cut_deals is None and self.phase is GamePhase.DEALING
                and not self.played):
            return self.cut.high
        return None

    @property
    def box_points(self) -> tuple[int, ...]:
        return tuple(n * self.rules.box_bonus for n in self.wins)

    def legal_actions(self, table: int = 0) -> list[Action]:
        hand = self._slot(table).hand
        return hand.legal_actions() if hand is not None else []

    def players_at(self, table: int) -> tuple[int, int]:
        """The players in hand seats 0 and 1 at ``table`` (three players: the dealer's left,
        then its right)."""
        return self._slot(table).players

    def dealer_at(self, table: int) -> int:
        """The player who deals at ``table`` (three players: the one sitting out)."""
        return self.seating.dealer_at(self._slot(table).players, self.dealer)

    def sitting_out(self) -> int | None:
        """Three players: the dealer, who sits out the hand (R33); else None."""
        return self.dealer if self.table_rules.kind == "three" else None

    def tables_to_deal(self) -> tuple[int, ...]:
        if self.is_over or self.chooser is not None:
            return ()
        return tuple(t for t, slot in enumerate(self.slots) if slot.needs_deal)

    def settlement(self) -> Settlement:
        """Final totals, margin and who pays whom (R28-R30, R33, R34); provisional before the
        end."""
        return settle_game(self.table_rules.kind, self.rules, self.points, self.wins,
                           self.extra_boxes, self.winner, self.end_reason)

    def _slot(self, table: int) -> HandTable:
        if isinstance(table, bool) or not isinstance(table, int) or not (
            0 <= table < len(self.slots)
        ):
            if len(self.slots) == 1:
                raise TableError(f"table {table!r}: this game has only table 0",
                                 "game.one_table", table=repr(table))
            raise TableError(f"table {table!r}: this game has tables 0 to {len(self.slots) - 1}",
                             "game.tables", table=repr(table), last=len(self.slots) - 1)
        return self.slots[table]

    def _round_hands(self, only_finished: bool) -> tuple[TableHand, ...]:
        out: list[TableHand] = []
        seating = self.seating
        number = len(self.rounds) + 1
        before = sum(len(past.hands) for past in self.rounds)
        for table, slot in enumerate(self.slots):
            dealer = seating.dealer_at(slot.players, self.dealer)
            states = slot.played if only_finished or slot.hand is None else (
                *slot.played, slot.hand)
            for index, state in enumerate(states):
                here = before + index + 1 if seating.one_table else number
                out.append(TableHand(here, table, slot.players, dealer, state))
        return tuple(out)

    # ------------------------------------------------------------ moves

    def deal(self, deck: Sequence[int], *, table: int = 0,
             elapsed_minutes: float | None = None) -> Game:
        """Start the next hand at ``table`` from ``deck`` (index 0 is the top card).

        With ``elapsed_minutes`` at or past the time limit (R31) the game is told the time
        is up first, and ends instead if no hand of the round has been played yet.
        """
        slot = self._check_can_deal(table)
        limit = self.rules.time_limit_minutes
        game = self
        if elapsed_minutes is not None and limit is not None and elapsed_minutes >= limit:
            game = self.time_up()
            if game.is_over:
                return game
        hand = deal_hand(self.rules, self.seating.hand_dealer_seat(self.dealer), deck)
        return game._with_slot(table, replace(slot, hand=hand))

    def deal_from(self, rng: random.Random | int, *, table: int = 0,
                  elapsed_minutes: float | None = None) -> Game:
        """:meth:`deal` a deck shuffled by ``rng`` (a seed or a ``random.Random``)."""
        self._check_can_deal(table)
        generator = random.Random(rng) if isinstance(rng, int) else rng
        return self.deal(shuffled_deck(generator), table=table, elapsed_minutes=elapsed_minutes)

    def _check_can_deal(self, table: int) -> HandTable:
        slot = self._slot(table)
        if self.is_over:
            raise GameError(f"the game is over ({self.end_reason}); no more deals",
                            "game.over_no_deal", reason=end_reason_word(self.end_reason))
        if slot.hand is not None:
            if len(self.slots) == 1:
                raise GameError(f"hand {self.hand_number} is still being played; cannot deal",
                                "game.hand_on", hand=self.hand_number)
            raise GameError(f"table {table}: a hand is still being played; cannot deal",
                            "game.table_hand_on", table=table)
        if slot.decided:
            raise GameError(f"table {table}: its hand of round {self.round_number} is over; "
                            "the other tables are still playing", "game.table_waits",
                            table=table, round=self.round_number)
        if self.chooser is not None:
            raise GameError(f"seat {self.chooser} cut the higher card and first chooses whether "
                            "to deal (R4, first_dealer high_cut_chooses)", "game.choose_first",
                            seat=self.chooser)
        return slot

    def choose_to_deal(self, player: int, deals: bool) -> Game:
        """The higher cut, ``player``, chooses whether it deals the first hand (R4, seed 003)."""
        if isinstance(player, bool) or player not in (0, 1):
            raise GameError(f"seat must be 0 or 1, got {player!r}", "game.choice_seat",
                            value=repr(player))
        if not isinstance(deals, bool):
            raise GameError(f"the choice to deal must be true or false, got {deals!r}",
                            "game.choice_bool", value=repr(deals))
        if self.players != 2 or self.rules.first_dealer != "high_cut_chooses":
            raise GameError("the lower cut deals (first_dealer low_cut_deals): nobody chooses",
                            "game.nobody_chooses")
        if self.high_cut_deals is not None:
            raise GameError(f"seat {self.cut.high} already chose "
                            f"{'to deal' if self.high_cut_deals else 'not to deal'}",
                            "game.chose_deal" if self.high_cut_deals else "game.chose_no_deal",
                            seat=self.cut.high)
        if self.chooser is None:
            raise GameError("the first hand has been dealt: too late to choose the dealer",
                            "game.choice_late")
        if player != self.chooser:
            raise GameError(f"seat {player} cut the lower card; seat {self.chooser} chooses (R4)",
                            "game.not_chooser", seat=player, chooser=self.chooser)
        return replace(self, high_cut_deals=deals, dealer=player if deals else 1 - player)

    def apply(self, action: Action, *, table: int = 0) -> Game:
        """The game after ``action`` in the hand in progress at ``table``; raises if it is
        illegal."""
        return self._after(table, self._hand_in_progress(table, action).apply(action))

    def apply_unchecked(self, action: Action, *, table: int = 0) -> Game:
        """:meth:`apply` for an action known to be legal."""
        return self._after(table, self._hand_in_progress(table, action).apply_unchecked(action))

    def with_hand(self, hand: HandState, *, table: int = 0) -> Game:
        """The game with ``hand`` in progress at ``table`` instead (a driver's undo: an earlier
        state of the same hand)."""
        slot = self._slot(table)
        if slot.hand is None:
            raise GameError(f"table {table}: no hand in progress to replace")
        return self._with_slot(table, replace(slot, hand=hand))

    def _hand_in_progress(self, table: int, action: Action) -> HandState:
        slot = self._slot(table)
        if slot.hand is None:
            if self.is_over:
                raise GameError(f"action {action!r}: the game is over", "game.action_over",
                                action=repr(action))
            if len(self.slots) == 1:
                raise GameError(f"action {action!r}: no hand in progress; deal first",
                                "game.action_no_hand", action=repr(action))
            raise GameError(f"action {action!r}: no hand in progress at table {table}",
                            "game.action_no_table_hand", action=repr(action), table=table)
        return slot.hand

    def time_up(self) -> Game:
        """The driver says the time limit has passed (R31).

        The game ends now when no hand of the round is being played (teams: none has been
        dealt yet); else when the hand (teams: the round) in progress ends.
        """
        if self.rules.time_limit_minutes is None:
            raise GameError("these rules have no time limit (time_limit_minutes is not set)",
                            "game.no_time_limit")
        if self.is_over:
            return self
        game = replace(self, time_is_up=True)
        if self.seating.one_table:
            fresh = self.slots[0].hand is None
        else:
            fresh = all(slot.hand is None and not slot.played for slot in self.slots)
        return game._end("time_limit") if fresh else game

    def forfeit(self, player: int) -> Game:
        """``player`` loses the game now by forfeit (the driver says why: a server's clock).

        The hand in progress stops unscored (kept in :attr:`abandoned`, for the record); the
        other side wins (two players, teams),
        or at three players the other player with the higher total (none if they are equal).
        As at a limit (R31) there is no game bonus and no shutout unless
        ``limit_awards_game_bonus``; the totals settle as they stand."""
        return self._lost_by(player, "forfeit")

    def resign(self, player: int) -> Game:
        """``player`` resigns: their side loses the game now, as by :meth:`forfeit`, but the
        game ends ``"resigned"`` (the player chose to)."""
        return self._lost_by(player, "resigned")

    def _lost_by(self, player: int, reason: EndReason) -> Game:
        if isinstance(player, bool) or player not in range(self.players):
            raise GameError(f"player must be 0 to {self.players - 1} in this game, "
                            f"got {player!r}", "game.forfeit_player", value=repr(player),
                            last=self.players - 1)
        if self.is_over and reason == "forfeit":
            raise GameError(f"the game is over ({self.end_reason}): nobody can forfeit it",
                            "game.forfeit_over", reason=end_reason_word(self.end_reason))
        if self.is_over:
            raise GameError(f"the game is over ({self.end_reason}): nobody can resign it",
                            "game.resign_over", reason=end_reason_word(self.end_reason))
        seating = self.seating
        loser = seating.side_of(player)
        if seating.sides == 2:
            winner: int | None = 1 - loser
        else:
            others = [s for s in range(seating.sides) if s != loser]
            top = max(self.points[s] for s in others)
            leaders = [s for s in others if self.points[s] == top]
            winner = leaders[0] if len(leaders) == 1 else None
        idle = tuple(HandTable(slot.players, None, slot.played) for slot in self.slots)
        stopped = tuple((table, hand) for table, hand in enumerate(self.hands) if hand is not None)
        return replace(self, slots=idle, winner=winner, end_reason=reason,
                       forfeited_by=player, abandoned=stopped)

    def _with_slot(self, table: int, slot: HandTable) -> Game:
        slots = list(self.slots)
        slots[table] = slot
        return replace(self, slots=tuple(slots))

    def _after(self, table: int, hand: HandState) -> Game:
        slot = self.slots[table]
        if not hand.is_over:
            return self._with_slot(table, replace(slot, hand=hand))
        game = self._with_slot(table, replace(slot, hand=None, played=(*slot.played, hand)))
        if all(s.decided for s in game.slots):
            return game._close_round()
        if game.time_is_up and self.seating.one_table:
            return game._end("time_limit")
        return game

    def _close_round(self) -> Game:
        seating = self.seating
        decided = []
        for slot in self.slots:
            result = slot.played[-1].result
            assert result is not None
            decided.append((slot.players, result))
        score = seating.score(tuple(decided))
        finished = Round(len(self.rounds) + 1, self.dealer, self._round_hands(True), score)
        points, wins = list(self.points), list(self.wins)
        if score.winner is not None:
            points[score.winner] += score.points
            wins[score.winner] += 1
        extra = tuple(a + b for a, b in zip(self.extra_boxes, score.extra_boxes, strict=True))
        players, result = decided[-1]
        dealer = seating.next_dealer(self.rules, self.dealer, players, result, score)
        rounds = (*self.rounds, finished)
        game = replace(self, rounds=rounds, points=tuple(points), wins=tuple(wins),
                       extra_boxes=extra, dealer=dealer,
                       slots=_slots(seating, len(rounds), dealer))
        if max(points) >= self.table_rules.target:
            return game._end("target")
        if self.rules.max_hands is not None and len(rounds) >= self.rules.max_hands:
            return game._end("max_hands")
        if game.time_is_up:
            return game._end("time_limit")
        return game

    def _end(self, reason: EndReason) -> Game:
        idle = tuple(HandTable(slot.players, None, slot.played) for slot in self.slots)
        return replace(self, slots=idle, winner=leader(self.points), end_reason=reason)


def _slots(seating: Seating, round_index: int, dealer: int) -> tuple[HandTable, ...]:
    return tuple(HandTable(pair) for pair in seating.tables(round_index, dealer))


def new_game(rules: Rules | TableRules, rng: random.Random | int) -> Game:
    """Cut for the deal with ``rng`` (R4) and return a game ready for its first deal."""
    table_rules = _table_rules(rules)
    return Game.start(table_rules, cut_for_deal(rng, table_rules.players))
