"""The PettingZoo AEC environment: every player of a :class:`~ginrummy.core.game.Game` is an
agent, ``player_0`` ... ``player_{n-1}``.

``match="hand"`` plays one hand at every hand table (a void hand ends it too, worth 0);
``match="game"`` plays a whole game to the target (R27), dealing each next hand itself.
At three players (R33) the dealer sits out each hand: it is never selected and sees only
the hand's public part (the pile, the upcard, the phase, the stock size, the limit). At
four or more (teams, R34) each round is a hand at every hand table; the agent selected is
the one to act at the lowest-numbered hand table still playing.

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``
(:mod:`ginrummy.env.encoding`); ``infos[agent]["legal_actions"]`` names the legal actions
of the agent to act (empty for the others; an :class:`~ginrummy.env.action_names.ActionNames`
that names them when read); after the step that ends a hand its players'
infos hold ``"hand_result"``, the hand's :class:`~ginrummy.core.result.HandResult` as a
dict with the player's hand ``"seat"`` (``winner`` and ``knocker`` are hand seats). An
illegal action raises :class:`~ginrummy.core.hand.IllegalActionError` from
:class:`RawEnv`; the wrapped
:func:`ginrummy.env.gin_rummy_v0.env` ends the game instead, with -1 to the offender.

:class:`RawEnv` is made of parts: what it holds (:mod:`ginrummy.env.aec_state`), its spaces
(:mod:`ginrummy.env.aec_spaces`), what the agents see (:mod:`ginrummy.env.aec_observe`), the
infos (:mod:`ginrummy.env.aec_infos`) and the compiled step's hand
(:mod:`ginrummy.env.aec_compiled`); here are the reset, the step, the hands' ends, the
rewards and the display. Its game is made when read (:mod:`ginrummy.env.game_so_far`).
"""

from __future__ import annotations

import operator
import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ginrummy.core.actions import NUM_ACTIONS, Action
from ginrummy.core.cut import cut_for_deal
from ginrummy.core.game import Game
from ginrummy.core.hand import HandState, IllegalActionError
from ginrummy.core.rules import Rules
from ginrummy.core.seating import Seating
from ginrummy.core.table import TableRules
from ginrummy.env.aec_compiled import CompiledTable
from ginrummy.env.aec_infos import AgentInfos
from ginrummy.env.aec_observe import AgentViews
from ginrummy.env.aec_spaces import (
    MATCHES,
    NO_MASK,
    RENDER_MODES,
    Observation,
    action_space,
    observation_space,
    table_rules_of,
)
from ginrummy.env.compiled_hand import (
    CompiledHand,
    step_kernel,
)
from ginrummy.env.deal import shuffled_deck, started_game
from ginrummy.env.game_so_far import GameSoFar
from ginrummy.env.observation_cache import ObservationCache
from ginrummy.env.rewards import HandReward, reward_scheme
from ginrummy.env.table_text import result_dict, table_text

__all__ = ["MATCHES", "RENDER_MODES", "Observation", "RawEnv", "table_rules_of"]


class RawEnv(CompiledTable, AgentInfos, AgentViews, AECEnv):  # type: ignore[misc]
    # (pettingzoo ships no type information)
    metadata = {"render_modes": list(RENDER_MODES), "name": "gin_rummy_v0",
                "is_parallelizable": False}
    compiled_steps = True
    """Two-player hands are played by the compiled step where Numba is installed
    (:mod:`ginrummy.env.compiled_hand`): the same game, faster."""
    games_made_when_read = True
    """A two-player game whose hands the compiled step deals and plays is made by the core
    only when read (:mod:`ginrummy.env.game_so_far`): the same game, faster."""

    def __init__(self, rules: str | Rules | TableRules = "standard", match: str = "hand",
                 reward: str | HandReward = "points", players: int = 2,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if match not in MATCHES:
            raise ValueError(f'match must be "hand" or "game", got {match!r}')
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f'render_mode must be None, "ansi" or "human", got {render_mode!r}')
        self.table_rules = table_rules_of(rules, players)
        self.match = match
        self.reward_name = reward if isinstance(reward, str) else "callable"
        self.hand_reward = reward_scheme(reward)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.table_rules.players)]
        self.agent_index = {agent: i for i, agent in enumerate(self.possible_agents)}
        sides = self._seating_sides()
        self.observation_spaces = {agent: observation_space(sides)
                                   for agent in self.possible_agents}
        self.action_spaces = {agent: action_space() for agent in self.possible_agents}
        self._rng = random.Random()
        self._seating = Seating(self.table_rules.kind, self.table_rules.players)
        self._so_far = GameSoFar()
        self._score = None
        self._live = []
        self._synced = True
        self._version = 0
        self._last_hand = {}
        self._views = {}
        self._views_of = -1
        self._boards = {}
        self._hand_seats = {}
        self._table_players = ()
        self._results = {}
        self._hands_done = []
        self._over = False
        self._observations = {agent: ObservationCache(sides) for agent in self.possible_agents}
        self._mask_for = ()
        self._mask = NO_MASK
        self._infos = {}
        self._acting_info = {}
        self._acting_info_of = -1
        self._infos_due = False
        self._info_results = {}
        self._rewards_paid = False
        kernel = step_kernel() if self.compiled_steps and players == 2 else None
        self._compiled = CompiledHand(kernel) if kernel is not None else None
        self._twister_deals = False
        if self._compiled is not None:
            dealing = self._compiled.dealing
            self._twister = dealing.blank_state()
            self._cut_cards = np.empty(2 * dealing.CUT_ROUNDS, dtype=np.int64)
            self._deck_cards = np.empty(52, dtype=np.int64)
        self._compiled_on = False
        self._compiled_final = False
        self._seat_agents = ()
        self._acting = ""
        self._hold_compiled_views()

    def _seating_sides(self) -> int:
        return 3 if self.table_rules.kind == "three" else 2

    @property
    def _game(self) -> Game | None:
        """The game up to the hand in progress (which ``_live`` holds)."""
        return self._so_far.made()

    @property
    def game(self) -> Game | None:
        """The game as it stands (None before the first reset)."""
        if not self._synced:
            if self._compiled_on:
                self._live[0] = self._compiled_state()
            game = self._game
            assert game is not None
            for table, hand in enumerate(self._live):
                if hand is not None and hand is not game.slots[table].hand:
                    game = game.with_hand(hand, table=table)
            self._so_far.keep(game)
            self._synced = True
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._so_far.keep(game)
        self._synced = True
        self._score = None
        self._compiled_final = False
        self._live = [slot.hand for slot in game.slots]
        self._version += 1
        self._boards = {}
        self._hand_seats = {player: (table, seat) for table, slot in enumerate(game.slots)
                        for seat, player in enumerate(slot.players)}
        self._table_players = tuple(slot.players for slot in game.slots)
        self._load_compiled()

    # ------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------ the game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """``options={"deck": [52 card numbers]}`` deals the first hand at table 0 from that
        deck (index 0 the top card, dealt first to the non-dealer, R6), to replay a deal."""
        deck = (options or {}).get("deck")
        if deck is not None or self._compiled is None or not self._start_compiled(seed):
            rng = random.Random(seed) if seed is not None else random.Random()
            players = self.table_rules.players
            game = started_game(self.table_rules, cut_for_deal(rng, players))
            if deck is not None:
                game = game.deal(deck, table=0)  # a bad deck raises here, nothing changed yet
            self._rng, self._twister_deals = rng, False
            self.game = self._deal(game)
        self._last_hand = {}
        self._hands_done = [0] * len(self._table_players)
        self._over = False
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewards_paid = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._given = dict.fromkeys(self.agents, 0.0)
        self._results = {}
        self.agent_selection = self.possible_agents[self._actor()]
        self._update_infos()

    def _deal(self, game: Game) -> Game:
        for table in game.tables_to_deal():
            game = game.deal(self._next_deck(), table=table)
        return game

    def _next_deck(self) -> list[int]:
        """The next deck the game's ``random.Random`` shuffles (the compiled deal's twister
        when it drew the game's first deal)."""
        if not self._twister_deals:
            return shuffled_deck(self._rng)
        assert self._compiled is not None
        self._compiled.dealing.shuffle(self._twister, self._deck_cards)
        deck: list[int] = self._deck_cards.tolist()
        return deck

    def _actor(self) -> int:
        """The player to act at the lowest-numbered table with a hand in progress."""
        if self._compiled_on:
            return self.agent_index[self._acting]
        for players, hand in zip(self._table_players, self._live, strict=True):
            if hand is not None and not hand.is_over:
                return players[hand.turn]
        raise AssertionError("no hand in progress")  # the game would be over

    def _hand_seat(self, player: int) -> tuple[int, int] | None:
        """The table and hand seat of ``player`` in the round in progress, or None."""
        return self._hand_seats.get(player)

    def step(self, action: Action | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if self._compiled_on:
            if type(action) is not int and hasattr(action, "__index__") \
                    and not isinstance(action, bool):
                action = operator.index(action)  # type: ignore[arg-type]  # a NumPy integer
            if type(action) is int and 0 <= action < NUM_ACTIONS:
                self.compiled_step(agent, action)
                return
            self._live[0] = self._compiled_state()  # not an action number: the core refuses it
        self._core_step(agent, action, legal_already=False)

    def _core_step(self, agent: str, action: Action | None, legal_already: bool) -> None:
        player = self.agent_index[agent]
        at = self._hand_seat(player)
        assert at is not None
        table = at[0]
        hand = self._live[table]
        assert hand is not None
        if action is None:
            raise IllegalActionError(f"{agent} must act in phase {hand.phase.name}; None is "
                                     "only for an agent whose game is over")
        if not legal_already:
            view = self.current_view(agent)
            legal = view.legal if view is not None else ()
            if isinstance(action, bool) or not hasattr(action, "__index__") \
                    or action not in legal:
                hand.apply(action)  # raises IllegalActionError, naming what is wrong
        assert not self._compiled_on, "the compiled step plays every action number"
        move = operator.index(action)  # a NumPy integer too
        after = hand.apply_unchecked(move)
        self._cumulative_rewards[agent] = 0.0
        if self._rewards_paid:
            self.rewards = {name: 0.0 for name in self.agents}
            self._rewards_paid = False
        players = self._table_players[table]
        if after.is_over and self.match == "hand" and self._compiled is not None:
            self._live[table] = None  # the game takes the hand's end when it is read
            self._so_far.hand_ended(hand, move, table)
            self._synced = False
            self._version += 1
            if legal_already and after.result is not None and after.result.is_void:
                self._compiled.finish_void(move)
                self._compiled_final = True
        elif after.is_over and self._score is not None:
            assert after.result is not None
            self._live[table] = None  # as above; the score is kept here
            self._so_far.hand_ended(hand, move, table)
            self._score.take(after.result)
            self._boards = {}
            self._synced = False
            self._version += 1
        elif after.is_over:
            game = self._game
            assert game is not None
            self.game = game.with_hand(hand, table=table).apply_unchecked(move, table=table)
        else:
            self._live[table] = after
            self._synced = False
            self._version += 1
        if after.is_over:
            self._hand_over(after, players, table)
        if not self._over:
            self.agent_selection = self.possible_agents[self._actor()]
        if self._rewards_paid:
            self._accumulate_rewards()
        self._update_infos()
        if self.render_mode == "human":
            self.render()

    def _hand_over(self, state: HandState, players: tuple[int, int], table: int) -> None:
        self._hands_done[table] += 1
        per_hand = not (self.match == "game" and self.reward_name == "win")
        assert state.result is not None
        shown = result_dict(state.result)
        for seat, player in enumerate(players):
            self._last_hand[player] = (state, seat)
            self._results[self.possible_agents[player]] = {**shown, "seat": seat}
            if per_hand:
                self._pay(self.possible_agents[player], self.hand_reward(state, seat))
        if self.match == "hand":
            if all(self._hands_done):
                self._end()
            return
        if self._score is not None:
            if self._score.is_over:
                self._settle()
                self._end()
            else:
                self._deal_compiled(self._score)
            return
        game = self.game
        assert game is not None
        if game.is_over:
            self._settle()
            self._end()
        else:
            self.game = self._deal(game)

    def _pay(self, agent: str, amount: float) -> None:
        if not self._rewards_paid:  # a new dict: one read before this step keeps its 0s
            self.rewards = dict(self.rewards)
            self._rewards_paid = True
        self.rewards[agent] += amount
        self._given[agent] += amount

    def _settle(self) -> None:
        """End of a full game: ``points`` brings each agent's sum to its final total less
        the best other side's (R28-R30); ``win`` pays +1 to the winner, -1 to the others."""
        if self._score is not None:
            winner, final = self._score.winner, self._score.settlement().final
        else:
            game = self.game
            assert game is not None
            winner, final = game.winner, game.settlement().final
        for agent in self.agents:
            side = self._seating.side_of(self.agent_index[agent])
            if self.reward_name == "win":
                self._pay(agent, 0.0 if winner is None else 1.0 if side == winner else -1.0)
            elif self.reward_name == "points":
                best_other = max(v for s, v in enumerate(final) if s != side)
                self._pay(agent, final[side] - best_other - self._given[agent])

    def _end(self) -> None:
        self._over = True
        self.terminations = {agent: True for agent in self.agents}

    # ------------------------------------------------------------ display

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode "
                                  '(gin_rummy_v0.env(render_mode="ansi") or "human")')
            return None
        text = self.describe(self.agent_selection)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def describe(self, agent: str) -> str:
        """The table as ``agent`` sees it, in words (nothing hidden from it shown)."""
        points = self._points() if self.match == "game" else None
        return table_text(agent, self.current_view(agent), self._over, points,
                          self.table_rules.target)

    def close(self) -> None:
        pass
