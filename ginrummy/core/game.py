"""A game of many hands: the cut, dealers, totals, boxes, bonuses, limits, settlement.

Rules R4, R5 and R27-R32. A :class:`Game` is immutable like a
:class:`~ginrummy.core.hand.HandState`: :meth:`Game.deal` and :meth:`Game.apply`
return a new game. Every deck comes in from outside (:meth:`Game.deal`), or
from an RNG passed in (:meth:`Game.deal_from`), so a game is replayed
exactly from its cut, its decks and its actions (see :mod:`ginrummy.format.record`).
Nothing here reads a clock: the driver says when time is up.

>>> import random
>>> game = new_game(Rules.preset("standard"), random.Random(7))
>>> game.phase.name, game.cut.dealer == game.dealer
('DEALING', True)
>>> game = game.deal_from(random.Random(8))
>>> game.phase.name, game.to_act == 1 - game.dealer
('IN_HAND', True)

Choices where RULES.md is silent (tests pin each one):

* **Cut (R4).** Each round both seats cut one card from one shuffled deck
  (so two different cards); seat 0's card is listed first. The lower rank
  deals (ace low); equal ranks cut again. Suits never break a tie. Under
  ``first_dealer="high_cut_chooses"`` the seat with the higher card chooses
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
  compares the final totals (boxes included), so one seat may pay.
* **Shutout (R29).** The loser's game total is 0. ``double_bonus`` adds a
  second game bonus; ``double_all`` doubles the winner's whole score:
  hand points, boxes, extra boxes and the (single) game bonus.
* **Settlement (R30).** Final total = hand points + boxes + extra boxes +
  game bonus (+ shutout). The margin is the difference of the two final
  totals; the seat with the lower final total pays ``stake_per_point`` ×
  margin to the other. That is the game's loser in practice, but with large
  box bonuses it need not be, and the arithmetic decides.

Three players and team games (R33-R35) are in :mod:`ginrummy.core.table_game`,
which plays every hand as an ordinary two-player hand and reuses the
settlement here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum
from typing import Literal

from ginrummy.core.actions import Action
from ginrummy.core.cards import RANKS, Card, CardError, card_name, parse_card, rank_of
from ginrummy.core.hand import HandState, deal_hand, shuffled_deck
from ginrummy.core.result import HandResult
from ginrummy.core.rules import Rules

EndReason = Literal["target", "max_hands", "time_limit"]
PLAYERS = 2
"""Seats in a game of this module (more players: :mod:`ginrummy.core.table_game`)."""


class GameError(ValueError):
    """A game-level move that is not allowed now (dealing mid-hand, playing after the end...)."""


class GamePhase(IntEnum):
    DEALING = 0
    """Between hands: waiting for :meth:`Game.deal`."""
    IN_HAND = 1
    OVER = 2


def _rng(rng: random.Random | int) -> random.Random:
    return random.Random(rng) if isinstance(rng, int) else rng


# ---------------------------------------------------------------- the cut (R4)


@dataclass(frozen=True, slots=True)
class Cut:
    """The cut for the first deal: one or more rounds of one card per seat.

    Every round but the last is a tie on rank; in the last, the lower rank deals.

    >>> cut = Cut.parse("7H 7C, KD 2S")
    >>> cut.dealer, str(cut)
    (1, '7H 7C, KD 2S')
    """

    rounds: tuple[tuple[Card, Card], ...]

    def __post_init__(self) -> None:
        if not self.rounds:
            raise GameError("a cut needs at least one round")
        for number, pair in enumerate(self.rounds, 1):
            if len(pair) != PLAYERS or any(
                isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52 for c in pair
            ):
                raise GameError(f"cut round {number}: needs one card number 0..51 per seat")
            if pair[0] == pair[1]:
                raise GameError(f"cut round {number}: both seats cut {card_name(pair[0])}")
            tie = rank_of(pair[0]) == rank_of(pair[1])
            last = number == len(self.rounds)
            if tie and last:
                raise GameError(f"cut round {number}: a tie on rank needs another round (R4)")
            if not tie and not last:
                raise GameError(f"cut round {number}: not a tie, yet more rounds follow (R4)")

    @property
    def dealer(self) -> int:
        """The seat that cut the lower card in the deciding round (R4)."""
        first, second = self.rounds[-1]
        return 0 if rank_of(first) < rank_of(second) else 1

    @property
    def high(self) -> int:
        """The seat that cut the higher card in the deciding round."""
        return 1 - self.dealer

    @classmethod
    def parse(cls, text: str) -> Cut:
        """Read rounds written as ``"7H 7C, KD 2S"`` (seat 0's card first)."""
        rounds: list[tuple[Card, Card]] = []
        for number, part in enumerate(text.split(","), 1):
            words = part.split()
            if len(words) != PLAYERS:
                raise GameError(f"cut round {number}: expected two cards, got {part.strip()!r}")
            try:
                rounds.append((parse_card(words[0]), parse_card(words[1])))
            except CardError as error:
                raise GameError(f"cut round {number}: {error}") from None
        return cls(tuple(rounds))

    def __str__(self) -> str:
        return ", ".join(f"{card_name(a)} {card_name(b)}" for a, b in self.rounds)

    def describe(self, high_chooses: bool = False) -> str:
        """The cut in words, as shown to players; ``high_chooses``: under
        ``first_dealer="high_cut_chooses"``."""
        parts = []
        for a, b in self.rounds:
            tie = " (tie: cut again)" if rank_of(a) == rank_of(b) else ""
            parts.append(f"seat 0 cuts {card_name(a)}, seat 1 cuts {card_name(b)}{tie}")
        if high_chooses:
            high = RANKS[rank_of(self.rounds[-1][self.high])]
            return "; ".join(parts) + (f"; seat {self.high} cut the higher card ({high}) and "
                                       "chooses who deals")
        low = RANKS[rank_of(self.rounds[-1][self.dealer])]
        return "; ".join(parts) + f"; seat {self.dealer} cut the lower card ({low}) and deals"


def cut_for_deal(rng: random.Random | int) -> Cut:
    """Cut for the first deal (R4) with ``rng`` (a seed or a ``random.Random``)."""
    generator = _rng(rng)
    rounds: list[tuple[Card, Card]] = []
    while True:
        first, second = generator.sample(range(52), 2)
        rounds.append((first, second))
        if rank_of(first) != rank_of(second):
            return Cut(tuple(rounds))


def prefers_to_deal(rules: Rules) -> bool:
    """The computer's choice when its higher cut lets it choose whether to deal (R4).

    Never: the non-dealer is offered the upcard first and plays first (R13), or
    holds the eleventh card (R7), an edge under every option.
    """
    return False


def next_dealer(rules: Rules, dealer: int, result: HandResult) -> int:
    """Who deals after a hand dealt by ``dealer`` ended with ``result`` (R5)."""
    if result.is_void:
        return dealer
    if rules.dealer_rule == "alternate":
        return 1 - dealer
    if result.winner is None:  # a tie: nobody lost, nobody won
        return dealer
    return result.winner if rules.dealer_rule == "winner" else 1 - result.winner


# ---------------------------------------------------------------- settlement (R28-R30)


@dataclass(frozen=True, slots=True)
class SettlementLine:
    """One line of the score sheet: a label and one number per seat."""

    label: str
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end-of-game arithmetic (R28-R30), every step kept for display.

    While the game is going on this is the provisional account: no game
    bonus, no shutout.
    """

    rules: Rules
    points: tuple[int, ...]
    """Game totals: the sum of the hand points (what the target counts)."""
    hands_won: tuple[int, ...]
    box_points: tuple[int, ...]
    extra_boxes: tuple[int, ...]
    extra_box_points: tuple[int, ...]
    game_bonus: tuple[int, ...]
    shutout: bool
    shutout_points: tuple[int, ...]
    """What the shutout adds: a second game bonus, or (double_all) the winner's subtotal again."""
    final: tuple[int, ...]
    winner: int | None
    """The winner of the game (R29, R31), or None while it goes on or after a tie at a limit."""
    end_reason: EndReason | None
    margin: int
    payer: int | None
    """The seat with the lower final total, which pays; None if the totals are equal."""
    payment: int
    box_unit: str = "hands"
    """What earns a box (R28): ``hands`` won, or (a team game, R34) ``rounds`` won."""

    def lines(self) -> list[SettlementLine]:
        """The score sheet, top to bottom: each addend, then the final totals."""
        bonus = self.rules.box_bonus
        out = [SettlementLine("hand points", self.points)]
        out.append(SettlementLine(f"boxes ({self.box_unit} won × {bonus})", self.box_points))
        if self.rules.extra_boxes:
            out.append(SettlementLine(f"extra boxes (× {bonus})", self.extra_box_points))
        out.append(SettlementLine("game bonus", self.game_bonus))
        if self.shutout:
            kind = "bonus doubled" if self.rules.shutout_rule == "double_bonus" else "score doubled"
            out.append(SettlementLine(f"shutout ({kind})", self.shutout_points))
        out.append(SettlementLine("final total", self.final))
        return out

    def describe(self) -> list[str]:
        """The score sheet as text lines, with the margin and payment."""
        rows = [("", tuple(f"seat {s}" for s in range(len(self.final))))]
        for line in self.lines():
            rows.append((line.label, tuple(str(v) for v in line.values)))
        width = max(len(label) for label, _ in rows)
        text = [f"{label:<{width}}  " + "  ".join(f"{v:>7}" for v in values)
                for label, values in rows]
        text.insert(-1, "-" * len(text[0]))
        if self.end_reason is None:
            text.append("game in progress: no game bonus yet")
        else:
            who = "nobody (equal totals)" if self.winner is None else f"seat {self.winner}"
            text.append(f"game over ({self.end_reason.replace('_', ' ')}): winner {who}")
        stake = self.rules.stake_per_point
        if self.payer is None:
            text.append("margin 0: nobody pays")
        elif stake == 0:
            text.append(f"margin {self.margin} (no stake per point)")
        else:
            text.append(
                f"margin {self.margin}: seat {self.payer} pays seat {1 - self.payer} "
                f"{stake} × {self.margin} = {self.payment}"
            )
        return text


def settle(
    rules: Rules,
    points: Sequence[int],
    hands_won: Sequence[int],
    extra_boxes: Sequence[int],
    winner: int | None,
    end_reason: EndReason | None,
) -> Settlement:
    """Compute the settlement from the running numbers of a game."""
    seats = range(len(points))
    box_points = tuple(n * rules.box_bonus for n in hands_won)
    extra_points = tuple(n * rules.box_bonus for n in extra_boxes)
    game_bonus = [0 for _ in seats]
    shutout_points = [0 for _ in seats]
    shutout = False
    if winner is not None and (end_reason == "target" or rules.limit_awards_game_bonus):
        game_bonus[winner] = rules.game_bonus
        shutout = rules.shutout_rule != "none" and all(
            points[s] == 0 for s in seats if s != winner
        )
        if shutout and rules.shutout_rule == "double_bonus":
            shutout_points[winner] = rules.game_bonus
        elif shutout:
            shutout_points[winner] = (
                points[winner] + box_points[winner] + extra_points[winner] + game_bonus[winner]
            )
    final = tuple(
        points[s] + box_points[s] + extra_points[s] + game_bonus[s] + shutout_points[s]
        for s in seats
    )
    margin = abs(final[0] - final[1])
    payer = None if margin == 0 else (0 if final[0] < final[1] else 1)
    return Settlement(
        rules=rules,
        points=tuple(points),
        hands_won=tuple(hands_won),
        box_points=box_points,
        extra_boxes=tuple(extra_boxes),
        extra_box_points=extra_points,
        game_bonus=tuple(game_bonus),
        shutout=shutout,
        shutout_points=tuple(shutout_points),
        final=final,
        winner=winner,
        end_reason=end_reason,
        margin=margin,
        payer=payer,
        payment=margin * rules.stake_per_point,
    )


# ---------------------------------------------------------------- the game


@dataclass(frozen=True, slots=True)
class Game:
    """A two-player game: pure, immutable, replayable from its cut, decks and actions.

    Two games are equal when every field is (so a replayed game equals the original).
    """

    rules: Rules
    cut: Cut
    dealer: int
    """The dealer of the hand in progress, or of the next hand."""
    phase: GamePhase = GamePhase.DEALING
    hand: HandState | None = None
    """The hand in progress, or None between hands and at the end."""
    finished: tuple[HandState, ...] = ()
    """The final state of every hand played, void hands included."""
    points: tuple[int, ...] = (0, 0)
    """Game totals (R27): the hand points each seat has scored."""
    hands_won: tuple[int, ...] = (0, 0)
    """Boxes (R28): hands won by each seat."""
    extra_boxes: tuple[int, ...] = (0, 0)
    """Oklahoma extra boxes (R32)."""
    time_is_up: bool = False
    """The driver reported the time limit (R31); the game ends at the next hand end."""
    winner: int | None = None
    end_reason: EndReason | None = None
    high_cut_deals: bool | None = None
    """R4 under ``first_dealer="high_cut_chooses"``: whether the higher cut chose to deal
    the first hand; None until it chose, and under ``low_cut_deals``."""

    @classmethod
    def start(cls, rules: Rules, cut: Cut) -> Game:
        """A game ready for its first deal, the dealer chosen by ``cut`` (R4); under
        ``high_cut_chooses`` the first deal waits for :meth:`choose_to_deal`."""
        return cls(rules=rules, cut=cut, dealer=cut.dealer)

    # ------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        return self.phase is GamePhase.OVER

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The result of every finished hand, in order."""
        return tuple(h.result for h in self.finished if h.result is not None)

    @property
    def hands_played(self) -> int:
        """Hands that count for ``max_hands`` (R31): every finished hand but void ones."""
        return sum(1 for r in self.results if not r.is_void)

    @property
    def hand_number(self) -> int:
        """1-based number of the hand in progress (or about to be dealt), void hands included."""
        return len(self.finished) + 1

    @property
    def to_act(self) -> int | None:
        """The seat to act in the hand in progress, or None."""
        return self.hand.turn if self.hand is not None else None

    @property
    def chooser(self) -> int | None:
        """The seat that must choose whether to deal the first hand (R4), or None."""
        if (self.rules.first_dealer == "high_cut_chooses" and self.high_cut_deals is None
                and self.phase is GamePhase.DEALING and not self.finished):
            return self.cut.high
        return None

    @property
    def box_points(self) -> tuple[int, ...]:
        return tuple(n * self.rules.box_bonus for n in self.hands_won)

    def legal_actions(self) -> list[Action]:
        return self.hand.legal_actions() if self.hand is not None else []

    def settlement(self) -> Settlement:
        """Final totals, margin and payment (R28-R30); provisional before the end."""
        return settle(
            self.rules, self.points, self.hands_won, self.extra_boxes, self.winner,
            self.end_reason,
        )

    # ------------------------------------------------------------ moves

    def deal(self, deck: Sequence[int], *, elapsed_minutes: float | None = None) -> Game:
        """Start the next hand from ``deck`` (index 0 is the top card).

        With ``elapsed_minutes`` at or past the time limit (R31), the game
        ends instead and ``deck`` is not used.
        """
        self._check_can_deal()
        limit = self.rules.time_limit_minutes
        if elapsed_minutes is not None and limit is not None and elapsed_minutes >= limit:
            return self.time_up()
        hand = deal_hand(self.rules, self.dealer, deck)
        return replace(self, phase=GamePhase.IN_HAND, hand=hand)

    def deal_from(self, rng: random.Random | int, *, elapsed_minutes: float | None = None) -> Game:
        """:meth:`deal` a deck shuffled by ``rng`` (a seed or a ``random.Random``)."""
        self._check_can_deal()
        return self.deal(shuffled_deck(_rng(rng)), elapsed_minutes=elapsed_minutes)

    def _check_can_deal(self) -> None:
        if self.phase is GamePhase.OVER:
            raise GameError(f"the game is over ({self.end_reason}); no more deals")
        if self.phase is GamePhase.IN_HAND:
            raise GameError(f"hand {self.hand_number} is still being played; cannot deal")
        if self.chooser is not None:
            raise GameError(f"seat {self.chooser} cut the higher card and first chooses whether "
                            "to deal (R4, first_dealer high_cut_chooses)")

    def choose_to_deal(self, seat: int, deals: bool) -> Game:
        """The higher cut, ``seat``, chooses whether it deals the first hand (R4, seed 003)."""
        if isinstance(seat, bool) or seat not in (0, 1):
            raise GameError(f"seat must be 0 or 1, got {seat!r}")
        if not isinstance(deals, bool):
            raise GameError(f"the choice to deal must be true or false, got {deals!r}")
        if self.rules.first_dealer != "high_cut_chooses":
            raise GameError("the lower cut deals (first_dealer low_cut_deals): nobody chooses")
        if self.high_cut_deals is not None:
            raise GameError(f"seat {self.cut.high} already chose "
                            f"{'to deal' if self.high_cut_deals else 'not to deal'}")
        if self.chooser is None:
            raise GameError("the first hand has been dealt: too late to choose the dealer")
        if seat != self.chooser:
            raise GameError(f"seat {seat} cut the lower card; seat {self.chooser} chooses (R4)")
        dealer = seat if deals else 1 - seat
        return replace(self, high_cut_deals=deals, dealer=dealer)

    def apply(self, action: Action) -> Game:
        """The game after ``action`` in the hand in progress; raises if it is illegal."""
        hand = self._hand_in_progress(action)
        return self._after(hand.apply(action))

    def apply_unchecked(self, action: Action) -> Game:
        """:meth:`apply` for an action known to be legal."""
        hand = self._hand_in_progress(action)
        return self._after(hand.apply_unchecked(action))

    def _hand_in_progress(self, action: Action) -> HandState:
        if self.hand is None:
            if self.phase is GamePhase.OVER:
                raise GameError(f"action {action!r}: the game is over")
            raise GameError(f"action {action!r}: no hand in progress; deal first")
        return self.hand

    def time_up(self) -> Game:
        """The driver says the time limit has passed (R31).

        Between hands the game ends now; during a hand it ends when the hand does.
        """
        if self.rules.time_limit_minutes is None:
            raise GameError("these rules have no time limit (time_limit_minutes is not set)")
        if self.phase is GamePhase.OVER:
            return self
        game = replace(self, time_is_up=True)
        return game._end("time_limit") if self.phase is GamePhase.DEALING else game

    def _after(self, hand: HandState) -> Game:
        if not hand.is_over:
            return replace(self, hand=hand)
        result = hand.result
        assert result is not None
        points, won, extra = list(self.points), list(self.hands_won), list(self.extra_boxes)
        if result.winner is not None:
            points[result.winner] += result.points
            won[result.winner] += 1
            extra[result.winner] += result.extra_boxes
        game = replace(
            self,
            phase=GamePhase.DEALING,
            hand=None,
            finished=(*self.finished, hand),
            points=tuple(points),
            hands_won=tuple(won),
            extra_boxes=tuple(extra),
            dealer=next_dealer(self.rules, self.dealer, result),
        )
        rules = self.rules
        if max(points) >= rules.target:
            return game._end("target")
        if rules.max_hands is not None and game.hands_played >= rules.max_hands:
            return game._end("max_hands")
        if game.time_is_up:
            return game._end("time_limit")
        return game

    def _end(self, reason: EndReason) -> Game:
        top = max(self.points)
        leaders = [s for s, p in enumerate(self.points) if p == top]
        winner = leaders[0] if len(leaders) == 1 else None
        return replace(self, phase=GamePhase.OVER, hand=None, winner=winner, end_reason=reason)


def new_game(rules: Rules, rng: random.Random | int) -> Game:
    """Cut for the deal with ``rng`` (R4) and return a game ready for its first deal."""
    return Game.start(rules, cut_for_deal(rng))

