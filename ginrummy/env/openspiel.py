"""OpenSpiel games over the exact rules: ``import ginrummy.env.openspiel`` registers them.

* ``python_gin_rummy_hand``: one hand between two players; player 1 deals, so player 0
  is offered the upcard first (as in OpenSpiel's own ``gin_rummy``). The returns are the
  hand's points, won by the winner and lost by the loser (0 each for a void hand).
* ``python_gin_rummy``: a whole game to the target (R27-R30). The cut for the first deal
  (R4) is chance: one card per player, again while the lowest ranks tie. The returns at
  the end are the final totals' difference (hand points, boxes, bonuses: R30).

Both take ``rules`` (a preset name, ``"standard"`` by default) and ``target`` (0: the
preset's; a small one makes short games for tests):
``pyspiel.load_game("python_gin_rummy(rules=oklahoma,target=50)")``. Player actions are the
engine's 490-action codec (:mod:`ginrummy.core.actions`). Each deal is 51 chance nodes,
each drawing the next card of the deck uniformly from the cards not drawn yet (the 52nd
card is the one left); chance actions are card numbers 0..51.

Observations: ``observation_tensor`` is :func:`ginrummy.env.encoding.encode` of the
player's view (its own side first in the scores of a full game), so no hidden card reaches
it; a public observer (``private_info=NONE``) gets only the hand's public part.
``information_state_tensor`` is that same vector: it is not a perfect-recall tensor
(the encoding already keeps the pile in order and the cards known). The strings are
perfect recall: ``information_state_string`` adds to the observation string the hand's
public history (the opponent's knock face down) and, in a full game, every hand played
before. ``resample_from_infostate`` draws the hidden cards of the hand in progress with
:func:`ginrummy.env.determinize.determinize`; the resampled state's ``history()`` still
lists the original deal's chance outcomes, while its cards, its strings and its tensors
are the resampled ones.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pyspiel  # untyped: ignore_missing_imports in pyproject.toml
from numpy.typing import NDArray

from ginrummy.core.actions import NUM_ACTIONS, Action, action_name
from ginrummy.core.cards import card_name, cards_of, format_cards, rank_of
from ginrummy.core.cut import Cut
from ginrummy.core.game import Game, prefers_to_deal
from ginrummy.core.hand import HandState, Phase, deal_hand
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView, view_of
from ginrummy.env.determinize import determinize
from ginrummy.env.encoding import Scoreboard, encode, observation_size

HAND_GAME = "python_gin_rummy_hand"
FULL_GAME = "python_gin_rummy"
HAND_DEALER = 1
"""The dealer of the one-hand game: player 0 plays first."""
MAX_HAND_LENGTH = 51 + 400
"""Chance nodes of a deal plus a generous bound on the moves of a hand (R36 ends a hand
whose players stop drawing from the stock)."""
MAX_HANDS = 1000
"""The bound the full game declares on its hands (void hands are dealt again, R21)."""
_SIDES = 2


def _hand_bound(rules: Rules) -> int:
    """More than any hand can score under ``rules`` (11 cards of deadwood and a bonus,
    doubled by a spade upcard, R32)."""
    bonus = max(rules.gin_bonus, rules.undercut_bonus, rules.big_gin_bonus)
    return (110 + bonus) * 2


def _game_bound(rules: Rules) -> int:
    """The full game's declared utility bound: a loose one (boxes count every hand won)."""
    return 2 * (rules.target + _hand_bound(rules) + rules.game_bonus
                + MAX_HANDS * (rules.box_bonus * 3))


def _game_type(short_name: str, long_name: str) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_SIDES,
        min_num_players=_SIDES,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"rules": "standard", "target": 0},
    )


_HAND_TYPE = _game_type(HAND_GAME, "Python Gin Rummy (one hand, exact rules)")
_FULL_TYPE = _game_type(FULL_GAME, "Python Gin Rummy (a game to the target, exact rules)")


def _rules_of(params: dict[str, Any] | None) -> Rules:
    name = (params or {}).get("rules", "standard")
    rules = Rules.preset(str(name))
    target = int((params or {}).get("target", 0))
    return rules.replace(target=target) if target else rules


class GinRummyHandGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of two players under a preset's rules."""

    full = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.rules = _rules_of(params)
        bound = float(self._bound())
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS, max_chance_outcomes=52, num_players=_SIDES,
            min_utility=-bound, max_utility=bound, utility_sum=0.0,
            max_game_length=self._max_length())
        super().__init__(self._type(), info, params or {})

    def _type(self) -> Any:
        return _HAND_TYPE

    def _bound(self) -> int:
        return _hand_bound(self.rules)

    def _max_length(self) -> int:
        return MAX_HAND_LENGTH

    def new_initial_state(self) -> GinRummyState:
        return GinRummyState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> GinRummyObserver:
        if params:
            raise ValueError(f"the gin rummy observer takes no parameters, got {params}")
        return GinRummyObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class GinRummyGame(GinRummyHandGame):
    """A whole game to the target under a preset's rules."""

    full = True

    def _type(self) -> Any:
        return _FULL_TYPE

    def _bound(self) -> int:
        return _game_bound(self.rules)

    def _max_length(self) -> int:
        return 8 + MAX_HANDS * MAX_HAND_LENGTH


@dataclass(frozen=True, slots=True)
class _Position:
    """The engine's immutable objects: a clone (OpenSpiel deep-copies a Python state)
    shares them, so cloning does not grow with the game's history."""

    hand: HandState | None = None
    """The hand in progress, or the last one once it is over."""
    engine: Game | None = None
    """The full game around the hand (None in the one-hand game, and during the cut)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self


class GinRummyState(pyspiel.State):  # type: ignore[misc]
    """A hand (or a game) of gin rummy: the engine's state and the chance draws pending."""

    def __init__(self, game: GinRummyHandGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.full = game.full
        self.position = _Position()
        self.cut_rounds: list[tuple[int, ...]] = []
        self.drawn: list[int] = []
        """Cards drawn so far for the next deal, or for the cut round in progress."""
        self.over = False

    @property
    def hand(self) -> HandState | None:
        return self.position.hand

    @hand.setter
    def hand(self, hand: HandState | None) -> None:
        self.position = replace(self.position, hand=hand)

    @property
    def engine(self) -> Game | None:
        return self.position.engine

    @engine.setter
    def engine(self, engine: Game | None) -> None:
        self.position = replace(self.position, engine=engine)

    # ------------------------------------------------------------ who acts

    def _cutting(self) -> bool:
        return self.full and self.engine is None

    def _dealing(self) -> bool:
        if self._cutting():
            return False
        if self.engine is not None:
            return bool(self.engine.tables_to_deal())
        return self.hand is None

    def current_player(self) -> int:
        if self.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._cutting() or self._dealing():
            return int(pyspiel.PlayerId.CHANCE)
        assert self.hand is not None
        return self._player_of(self.hand.turn)

    def _players(self) -> tuple[int, int]:
        """The player at each hand seat."""
        if self.engine is None:
            return (0, 1)
        return self.engine.players_at(0)

    def _player_of(self, seat: int) -> int:
        return self._players()[seat]

    def _seat_of(self, player: int) -> int:
        return self._players().index(player)

    def is_terminal(self) -> bool:
        return self.over

    # ------------------------------------------------------------ moves

    def _legal_actions(self, player: int) -> list[Action]:
        assert self.hand is not None and player == self.current_player()
        return self.hand.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.is_chance_node()
        left = sorted(set(range(52)) - set(self.drawn))
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self._draw(int(action))
            return
        assert self.hand is not None
        after = self.hand.apply(int(action))
        if self.engine is None:
            self.hand = after
            self.over = after.is_over
            return
        if after.is_over:
            self.engine = self.engine.apply_unchecked(int(action))
        else:
            self.engine = self.engine.with_hand(after)
        self.hand = after
        game = self.engine
        self.over = game.is_over

    def _draw(self, card: int) -> None:
        self.drawn.append(card)
        if self._cutting():
            if len(self.drawn) == _SIDES:
                self._cut_round_done()
            return
        if len(self.drawn) < 51:
            return
        deck = [*self.drawn, *(set(range(52)) - set(self.drawn))]
        self.drawn = []
        if self.engine is None:
            self.hand = deal_hand(self.rules, HAND_DEALER, deck)
        else:
            self.engine = self.engine.deal(deck)
            self.hand = self.engine.hand

    def _cut_round_done(self) -> None:
        cards = tuple(self.drawn)
        self.cut_rounds.append(cards)
        self.drawn = []
        if rank_of(cards[0]) == rank_of(cards[1]):
            return  # equal ranks cut again (R4)
        game = Game.start(self.rules, Cut(tuple(self.cut_rounds)))
        if game.chooser is not None:
            game = game.choose_to_deal(game.chooser, prefers_to_deal(game.rules))
        self.engine = game

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"{'cut' if self._cutting() else 'deal'} {card_name(int(action))}"
        return action_name(int(action))

    # ------------------------------------------------------------ returns

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        if self.engine is not None:
            final = self.engine.settlement().final
            return [float(final[0] - final[1]), float(final[1] - final[0])]
        assert self.hand is not None and self.hand.result is not None
        result = self.hand.result
        if result.winner is None:
            return [0.0, 0.0]
        won = self._player_of(result.winner)
        return [float(result.points if p == won else -result.points) for p in (0, 1)]

    # ------------------------------------------------------------ what a player sees

    def view(self, player: int) -> PlayerView | None:
        """``player``'s view of the hand in progress (or just over), None before a deal."""
        if self.hand is None or self._dealing():
            return None
        return view_of(self.hand, self._seat_of(player))

    def scoreboard(self, player: int) -> Scoreboard:
        if self.engine is None:
            return Scoreboard(0, (0, 0))
        points = self.engine.points
        return Scoreboard(self.rules.target, (points[player], points[1 - player]))

    def encoded(self, player: int, *, public: bool = False) -> NDArray[np.float32]:
        view = self.view(player)
        board = self.scoreboard(player)
        if public:
            return encode(None, board, watching=view)
        return encode(view, board)

    def observation_text(self, player: int) -> str:
        lines = [f"player {player}"]
        board = self.scoreboard(player)
        if board.target:
            lines.append(f"totals {board.totals[0]}-{board.totals[1]} of {board.target}")
        if self._cutting():
            lines.append(f"cutting (round {len(self.cut_rounds) + 1})")
        view = self.view(player)
        if view is None:
            if self._dealing():
                lines.append(f"dealing ({len(self.drawn)} cards drawn)")
            return "\n".join(lines)
        lines.append(f"phase {view.phase.name}, stock {view.stock_size}, "
                     f"knock limit {view.knock_limit}, "
                     f"{'my turn' if view.is_my_turn else 'waiting'}")
        lines.append("hand: " + format_cards(cards_of(view.free_cards())))
        lines.append("pile: " + (format_cards(view.pile) or "-"))
        if view.opponent_known:
            lines.append("opponent holds: " + format_cards(cards_of(view.opponent_known)))
        for seat in (view.seat, view.opponent):
            if view.melds[seat]:
                who = "my" if seat == view.seat else "opponent's"
                lines.append(f"{who} melds: " + ", ".join(
                    format_cards(cards_of(meld)) for meld in view.melds[seat]))
        if view.laid_off:
            lines.append("laid off: " + format_cards(cards_of(view.laid_off)))
        if view.opponent_hand is not None:
            lines.append("opponent's hand: " + format_cards(cards_of(view.opponent_hand)))
        if view.result is not None:
            lines.append(f"result: {view.result.outcome}, {view.result.points} points")
        return "\n".join(lines)

    def information_text(self, player: int) -> str:
        lines = [self.observation_text(player)]
        if self.engine is not None:
            lines.append("cut: " + str(self.engine.cut))
            for past in self.engine.played:
                result = past.state.result
                assert result is not None
                winner = "-" if result.winner is None else past.players[result.winner]
                lines.append(f"hand {past.round}: {result.outcome}, winner {winner}, "
                             f"{result.points} points")
        view = self.view(player)
        if view is not None:
            lines.append("moves: " + " ".join(
                f"{seat}:{'knock' if action < 0 else action_name(action)}"
                for seat, action in view.history))
        return "\n".join(lines)

    # ------------------------------------------------------------ search

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> GinRummyState:
        """A state ``player`` cannot tell from this one: the hidden cards of the hand in
        progress drawn again (:func:`ginrummy.env.determinize.determinize`)."""
        copy: GinRummyState = self.clone()
        view = self.view(player)
        if view is None or view.phase is Phase.OVER:
            return copy
        seed = int(probability_sampler() * (1 << 53))
        hand = determinize(view, random.Random(seed))
        copy.hand = hand
        if copy.engine is not None:
            copy.engine = copy.engine.with_hand(hand)
        return copy

    def __str__(self) -> str:
        if self.hand is None:
            return "dealing" if not self._cutting() else "cutting"
        return repr(self.hand)


class GinRummyObserver:
    """OpenSpiel's Python observer: the encoding of :mod:`ginrummy.env.encoding`."""

    def __init__(self, iig_obs_type: Any) -> None:
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(observation_size(_SIDES), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GinRummyState, player: int) -> None:
        self.tensor[:] = state.encoded(player, public=self.public)

    def string_from(self, state: GinRummyState, player: int) -> str:
        if self.perfect_recall:
            return state.information_text(player)
        return state.observation_text(player)


for _type, _class in ((_HAND_TYPE, GinRummyHandGame), (_FULL_TYPE, GinRummyGame)):
    if _type.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_type, _class)
