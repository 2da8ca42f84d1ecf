"""The PettingZoo AEC environment: every player of a :class:`~ginrummy.core.game.Game` is an
agent, ``player_0`` ... ``player_{n-1}``.

``match="hand"`` plays one hand at every table (a void hand ends it too, worth 0);
``match="game"`` plays a whole game to the target (R27), dealing each next hand itself.
At three players (R33) the dealer sits out each hand: it is never selected and sees only
the hand's public part (the pile, the upcard, the phase, the stock size, the limit). At
four or more (teams, R34) each round is a hand at every table; the agent selected is the
one to act at the lowest-numbered table still playing.

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``
(:mod:`ginrummy.env.encoding`); ``infos[agent]["legal_actions"]`` names the legal actions
of the agent to act (empty for the others; an :class:`~ginrummy.env.action_names.ActionNames`
that names them when read); after the step that ends a hand its players'
infos hold ``"hand_result"``, the hand's :class:`~ginrummy.core.result.HandResult` as a
dict with the player's hand ``"seat"`` (``winner`` and ``knocker`` are hand seats). An
illegal action raises :class:`~ginrummy.core.hand.IllegalActionError` from
:class:`RawEnv`; the wrapped
:func:`ginrummy.env.gin_rummy_v0.env` ends the game instead, with -1 to the offender.
"""

from __future__ import annotations

import operator
import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv

from ginrummy.core.actions import NUM_ACTIONS, Action
from ginrummy.core.cut import Cut, cut_for_deal
from ginrummy.core.game import Game
from ginrummy.core.hand import HandState, IllegalActionError
from ginrummy.core.rules import Rules
from ginrummy.core.seating import Seating
from ginrummy.core.table import TableRules
from ginrummy.core.views import PlayerView, view_of
from ginrummy.env.action_names import NO_ACTION_NAMES, ActionNames
from ginrummy.env.compiled_hand import (
    ILLEGAL,
    PLAYED_PHASES,
    CompiledHand,
    compiled_entry,
    step_kernel,
)
from ginrummy.env.deal import first_dealer, shuffled_deck, started_game
from ginrummy.env.encoding import (
    Scoreboard,
    action_mask,
    observation_high,
    observation_size,
)
from ginrummy.env.game_so_far import GameSoFar
from ginrummy.env.heads_up_score import HeadsUpScore
from ginrummy.env.observation_cache import ObservationCache
from ginrummy.env.rewards import HandReward, reward_scheme
from ginrummy.env.table_text import result_dict, table_text

Observation = dict[str, NDArray[Any]]
MATCHES = ("hand", "game")
RENDER_MODES = ("ansi", "human")


def _read_only(mask: NDArray[np.int8]) -> NDArray[np.int8]:
    mask.flags.writeable = False
    return mask


_NO_MASK = _read_only(action_mask(()))


def table_rules_of(rules: str | Rules | TableRules, players: int) -> TableRules:
    """The table for ``rules`` (a preset name, :class:`Rules` or :class:`TableRules`)."""
    if isinstance(rules, TableRules):
        if rules.players != players:
            raise ValueError(f"the table rules are for {rules.players} players, "
                             f"players={players}")
        return rules
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a preset name, Rules or TableRules, got {rules!r}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, got {players!r}")
    return TableRules(players, rules)


class RawEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
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
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(0.0, observation_high(sides),
                                          (observation_size(sides),), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }) for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS)
                              for agent in self.possible_agents}
        self._rng = random.Random()
        self._seating = Seating(self.table_rules.kind, self.table_rules.players)
        self._so_far = GameSoFar()
        """The game up to the hand in progress, made by the core when read."""
        self._score: HeadsUpScore | None = None
        """A two-player game's numbers while the compiled step deals and plays its hands
        (else the game's are read)."""
        self._live: list[HandState | None] = []
        """The hand in progress at each table: ahead of ``_so_far`` during a hand, which
        takes it in when the hand ends (or when ``game`` is read)."""
        self._synced = True
        self._version = 0
        self._last_hand: dict[int, tuple[HandState, int]] = {}
        self._views: dict[str, PlayerView | None] = {}
        """Each agent's view of the game ``_views_of``, made when first asked for."""
        self._views_of = -1
        self._boards: dict[str, Scoreboard] = {}
        self._places: dict[int, tuple[int, int]] = {}
        self._table_players: tuple[tuple[int, int], ...] = ()
        self._results: dict[str, dict[str, Any]] = {}
        """The result of a hand that ended at this step, for the infos of its players."""
        self._hands_done: list[int] = []
        self._over = False
        self._observations = {agent: ObservationCache(sides) for agent in self.possible_agents}
        self._mask_for: tuple[Action, ...] = ()
        self._mask = _NO_MASK
        """The mask of the legal actions ``_mask_for`` (copied for each observation)."""
        self._infos: dict[str, dict[str, Any]] = {}
        self._acting_info: dict[str, Any] = {}
        self._acting_info_of = -1
        """The ``_version`` of the step ``_acting_info``, the info of the agent to act in a
        compiled hand, belongs to (``infos`` takes it in when read)."""
        self._infos_due = False
        self._info_results: dict[str, dict[str, Any]] = {}
        self._rewards_paid = False
        """``rewards`` holds a payment of this step (else all its values are 0)."""
        kernel = step_kernel() if self.compiled_steps and players == 2 else None
        self._compiled = CompiledHand(kernel) if kernel is not None else None
        self._twister_deals = False
        """The game's deals are drawn from ``_twister`` (else from ``_rng``)."""
        if self._compiled is not None:
            dealing = self._compiled.dealing
            self._twister = dealing.blank_state()
            """The state of the game's ``random.Random`` (:mod:`ginrummy.agents.kernel_random`)."""
            self._cut_cards = np.empty(2 * dealing.CUT_ROUNDS, dtype=np.int64)
            self._deck_cards = np.empty(52, dtype=np.int64)
        self._compiled_on = False
        """The hand at table 0 is played by ``_compiled`` (``_live`` may lag behind it)."""
        self._compiled_final = False
        """The one-hand match is over, its hand void: the observations are ``_compiled``'s."""
        self._seat_agents: tuple[str, ...] = ()
        self._acting = ""
        """The agent whose turn it is in the compiled hand (PettingZoo may select another
        when agents are done)."""
        self._hold_compiled_views()

    def __getstate__(self) -> dict[str, Any]:
        """What a copy or a pickle keeps: all but the compiled step's function and the
        views into its buffer, which are made again."""
        state = dict(self.__dict__)
        for name in ("_kernel_step", "_kernel_address", "_kernel_mask", "_agent_vectors"):
            del state[name]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._hold_compiled_views()

    def _hold_compiled_views(self) -> None:
        compiled = self._compiled
        self._kernel_step: Any = (compiled_entry(compiled.kernel.step_at)
                                  if compiled is not None else None)
        self._kernel_address: Any = compiled.address if compiled is not None else None
        self._kernel_mask: Any = compiled.mask if compiled is not None else None
        self._agent_vectors: dict[str, NDArray[np.float32]] = (
            dict(zip(self._seat_agents, compiled.observations, strict=True))
            if compiled is not None and self._seat_agents else {})
        """Each agent's observation as the compiled step writes it."""

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
        self._places = {player: (table, seat) for table, slot in enumerate(game.slots)
                        for seat, player in enumerate(slot.players)}
        self._table_players = tuple(slot.players for slot in game.slots)
        self._load_compiled()

    def _start_compiled(self, seed: int | None) -> bool:
        """What ``self.game = `` the game dealt from ``random.Random(seed)`` does, for two
        players and the compiled step: the same cut and cards, drawn by the compiled deal
        and dealt straight into the compiled step (the ``Game`` is made when read). False
        when the cut ties too often for it: nothing changed."""
        compiled = self._compiled
        assert compiled is not None
        dealing, twister = compiled.dealing, self._twister
        if type(seed) is int and 0 <= seed < 1 << 32:
            dealing.seed_state(twister, seed)
        else:
            twister[:] = (random.Random(seed) if seed is not None
                          else random.Random()).getstate()[1]
        rounds = dealing.cut(twister, self._cut_cards)
        if rounds < 0:
            return False
        cards = self._cut_cards[:2 * rounds].tolist()
        cut = Cut(tuple(zip(cards[0::2], cards[1::2], strict=True)))
        dealer = first_dealer(self.table_rules.rules, cut)
        self._twister_deals = True
        self._so_far.start(self.table_rules, cut)
        self._score = (HeadsUpScore(self.table_rules, dealer)
                       if self.match == "game" and self.games_made_when_read else None)
        self._synced = True
        self._compiled_final = False
        self._live = [None]
        self._version += 1
        self._boards = {}
        self._places = {0: (0, 0), 1: (0, 1)}
        self._table_players = ((0, 1),)
        self._seat_agents = seats = (self.possible_agents[0], self.possible_agents[1])
        self._agent_vectors = dict(zip(seats, compiled.observations, strict=True))
        self._acting = seats[1 - dealer]
        compiled.deal_from(twister, self.table_rules.rules, dealer,
                           (self.scoreboard(seats[0]), self.scoreboard(seats[1])))
        self._so_far.dealt(compiled.deck)
        self._compiled_on = True
        return True

    def _deal_compiled(self, score: HeadsUpScore) -> None:
        """What ``self.game = self._deal(game)`` does between the hands of a two-player game
        that the compiled step plays: the next hand dealt straight into the compiled step
        (the game takes the deck in when read)."""
        compiled = self._compiled
        assert compiled is not None
        seats = self._seat_agents
        compiled.deal_from(self._twister, self.table_rules.rules, score.dealer,
                           (self.scoreboard(seats[0]), self.scoreboard(seats[1])))
        self._so_far.dealt(compiled.deck)
        self._live = [None]
        self._synced = False
        self._compiled_final = False
        self._version += 1
        self._acting = seats[1 - score.dealer]
        self._compiled_on = True

    def _load_compiled(self) -> None:
        """Hand the hand in progress to the compiled step if it can play it."""
        compiled, hand = self._compiled, self._live[0] if self._live else None
        if compiled is None or hand is None or hand.phase not in PLAYED_PHASES:
            self._compiled_on = False
            return
        self._seat_agents = tuple(self.possible_agents[p] for p in self._table_players[0])
        self._agent_vectors = dict(zip(self._seat_agents, compiled.observations, strict=True))
        self._acting = self._seat_agents[hand.turn]
        compiled.load(hand, (self.scoreboard(self._seat_agents[0]),
                             self.scoreboard(self._seat_agents[1])))
        self._compiled_on = True

    def _compiled_state(self) -> HandState:
        assert self._compiled is not None
        return self._compiled.state()

    def _leave_compiled(self) -> None:
        """The core plays on from the compiled hand; the observations are written afresh."""
        assert self._compiled is not None
        self._live[0] = self._compiled.state(kept=self.match == "game")
        self._compiled_on = False
        self._observations = {}

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

    def _place(self, player: int) -> tuple[int, int] | None:
        """The table and hand seat of ``player`` in the round in progress, or None."""
        return self._places.get(player)

    def current_view(self, agent: str) -> PlayerView | None:
        """What ``agent`` sees of its hand: the hand in progress, or once its part is over
        the hand it finished; None when it sits out (R33)."""
        if self._views_of != self._version:
            self._views, self._views_of = {}, self._version
        elif agent in self._views:
            return self._views[agent]
        view = self._view_now(agent)
        self._views[agent] = view
        return view

    def _view_now(self, agent: str) -> PlayerView | None:
        player = self.agent_index[agent]
        place = self._place(player)
        if place is not None:
            if self._compiled_on:
                self._live[0] = self._compiled_state()
            hand = self._live[place[0]]
            if hand is not None:
                return view_of(hand, place[1])
        if (self._over or self.match == "hand") and player in self._last_hand:
            state, seat = self._last_hand[player]
            return view_of(state, seat)
        return None

    def watched_hand(self, agent: str) -> PlayerView | None:
        """At three players, the hand the dealer sits out (R33); only its public part is
        encoded (:func:`ginrummy.env.encoding.encode`)."""
        if self.table_rules.kind != "three" or self._over:
            return None
        hand = self._live[0]
        return view_of(hand, 0) if hand is not None else None

    def scoreboard(self, agent: str) -> Scoreboard:
        """The game's target and totals as ``agent`` sees them (its own side first)."""
        board = self._boards.get(agent)
        if board is None:
            board = self._boards[agent] = self._scoreboard_now(agent)
        return board

    def _scoreboard_now(self, agent: str) -> Scoreboard:
        if self.match == "hand":
            return Scoreboard(0, (0,) * self._seating.sides)
        side = self._seating.side_of(self.agent_index[agent])
        points = self._points()
        totals = tuple(points[(side + k) % len(points)] for k in range(len(points)))
        return Scoreboard(self.table_rules.target, totals)

    def _points(self) -> tuple[int, ...]:
        """The game's totals (R27), side by side."""
        if self._score is not None:
            return tuple(self._score.points)
        assert self._game is not None
        return self._game.points

    def observe(self, agent: str) -> Observation:
        """The agent's observation (:func:`ginrummy.env.encoding.encode`, written from what
        changed since its last one) and its action mask; fresh arrays at every call."""
        if self._compiled_on:
            vector = self._agent_vectors[agent].copy()
            if agent == self.agent_selection and agent == self._acting:
                return {"observation": vector, "action_mask": self._kernel_mask.copy()}
            return {"observation": vector, "action_mask": _NO_MASK.copy()}
        if self._compiled_final:
            return {"observation": self._agent_vectors[agent].copy(),
                    "action_mask": _NO_MASK.copy()}
        view = self.current_view(agent)
        board = self.scoreboard(agent)
        cache = self._observations.get(agent)
        if cache is None:
            cache = self._observations[agent] = ObservationCache(self._seating_sides())
        if view is None:
            vector = cache.observe(None, board, self.watched_hand(agent))
            return {"observation": vector, "action_mask": _NO_MASK.copy()}
        vector = cache.observe(view, board)
        if self._over or agent != self.agent_selection:
            return {"observation": vector, "action_mask": _NO_MASK.copy()}
        return {"observation": vector, "action_mask": self.acting_mask().copy()}

    def last(self, observe: bool = True
             ) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """``AECEnv.last``: the selected agent's observation (if ``observe``), cumulative
        reward, termination, truncation and info."""
        agent = self.agent_selection
        if not (self._compiled_on and agent == self._acting):
            return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                    self.terminations[agent], self.truncations[agent], self.infos[agent])
        # the usual step of a compiled hand, written out; the infos of the others when read
        if not self._infos_due:
            info = self._infos[agent]
        elif self._info_results:
            info = self.infos[agent]
        elif self._acting_info_of == self._version:
            info = self._acting_info
        else:
            info = self._acting_info = {"legal_actions": ActionNames(self._kernel_mask.tobytes())}
            self._acting_info_of = self._version
        return ({"observation": self._agent_vectors[agent].copy(),
                 "action_mask": self._kernel_mask.copy()} if observe else None,
                self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], info)

    def acting_mask(self) -> NDArray[np.int8]:
        """The action mask of the agent selected (all 0 once the game is over), made once
        for its legal actions and not copied: read-only."""
        if self._compiled_on:
            return self._kernel_mask if self.agent_selection == self._acting else _NO_MASK
        view = None if self._over else self.current_view(self.agent_selection)
        if view is None:
            return _NO_MASK
        legal = view.legal
        if legal is not self._mask_for:
            self._mask, self._mask_for = _read_only(action_mask(legal)), legal
        return self._mask

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info: ``legal_actions``, the names of its legal actions (empty
        but for the agent to act; an :class:`~ginrummy.env.action_names.ActionNames`, which
        reads as their list), and ``hand_result`` after the step that ended its hand.
        Made when first read after a step."""
        if self._infos_due:
            self._infos_due = False
            selected = self.agent_selection
            if self._compiled_on and selected == self._acting and not self._info_results:
                if self._acting_info_of != self._version:  # (last() may have made it)
                    self._acting_info = {
                        "legal_actions": ActionNames(self._kernel_mask.tobytes())}
                    self._acting_info_of = self._version
                first, second = self._seat_agents
                if selected == first:
                    self._infos = {first: self._acting_info,
                                   second: {"legal_actions": NO_ACTION_NAMES}}
                else:
                    self._infos = {first: {"legal_actions": NO_ACTION_NAMES},
                                   second: self._acting_info}
            else:
                self._infos = self._infos_now()
        return self._infos

    @infos.setter
    def infos(self, infos: dict[str, dict[str, Any]]) -> None:
        self._infos, self._infos_due = infos, False

    def hold_infos(self) -> None:
        """Make this step's infos now if :meth:`last` began to hand them out, as it stands
        before a driver changes the selection or the terminations without a step."""
        if self._infos_due and self._acting_info_of == self._version:
            self._infos = self.infos

    def _update_infos(self) -> None:
        """The step is over: its infos are made when read (:attr:`infos`)."""
        self._info_results, self._results = self._results, {}
        self._infos_due = True

    def _infos_now(self) -> dict[str, dict[str, Any]]:
        selected = self.agent_selection
        names = NO_ACTION_NAMES
        if self._compiled_on:
            if selected == self._acting:
                names = ActionNames(self._kernel_mask.tobytes())
        elif not self._over:
            view = self.current_view(selected)
            if view is not None:
                names = ActionNames(view.legal)
        infos: dict[str, dict[str, Any]] = {
            agent: {"legal_actions": names if agent == selected else NO_ACTION_NAMES}
            for agent in self.agents}
        for agent, result in self._info_results.items():
            if agent in infos:
                infos[agent]["hand_result"] = result
        return infos

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

    def compiled_step(self, agent: str, action: int) -> None:
        """:meth:`step` for ``agent``, the agent selected and not done, and an action number
        (0 to 489) while the compiled step holds the hand."""
        turn = self._kernel_step(self._kernel_address, action)
        if turn >= 0:
            self._cumulative_rewards[agent] = 0.0
            if self._rewards_paid:
                self.rewards = {name: 0.0 for name in self.agents}
                self._rewards_paid = False
            self._synced = False
            self._version += 1
            self.agent_selection = self._acting = self._seat_agents[turn]
            if self._info_results:
                self._info_results = {}
            self._infos_due = True
            if self.render_mode == "human":
                self.render()
            return
        if turn == ILLEGAL:
            self._compiled_state().apply(action)  # raises IllegalActionError
            raise AssertionError(f"the compiled step refused legal action {action}")
        self._leave_compiled()
        self._core_step(agent, action, legal_already=True)  # the kernel leaves on legal ones

    def _core_step(self, agent: str, action: Action | None, legal_already: bool) -> None:
        player = self.agent_index[agent]
        place = self._place(player)
        assert place is not None
        table = place[0]
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
