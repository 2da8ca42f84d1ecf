"""The Gymnasium vector form: ``num_envs`` single-agent environments stepped together.

>>> import gymnasium, numpy as np, ginrummy.env
>>> envs = gymnasium.make_vec("ginrummy/GinRummy-v0", num_envs=4, opponent="random",
...                           vectorization_mode="vector_entry_point")
>>> obs, infos = envs.reset(seed=3)
>>> obs["observation"].shape, obs["action_mask"].shape
((4, 491), (4, 490))

Two forms, chosen by ``batched``:

* **Batched** (``batched=None``, the default, picks it whenever it can: ``opponent="random"``
  without ``opponent_params``, ``match="hand"``, two players, and rules that
  :func:`ginrummy.env.batched.supports`; ``batched=True`` insists and says why it cannot).
  The tables are NumPy arrays stepped together (:mod:`ginrummy.env.batched`): the draws and
  discards of every table, the learner's and ``random``'s, in a few array operations, the
  observations and masks written straight into the vector's arrays in
  :func:`~ginrummy.env.encoding.encode`'s layout; a knock, a big gin, the layouts, the last
  stock cards (R21, R22) and an R36 void are the exact engine's, table by table. The rules
  are the engine's to the last card (tests/env/test_env_batched.py replays every hand
  through the engine and compares every observation, mask and reward), but the deals and
  ``random``'s choices come from one NumPy generator for the whole vector, seeded by
  ``reset(seed=s)`` (a list of seeds seeds it with the list), so they are not the single
  env's for the same seed; the dealer of each hand is drawn at random, and the learner is
  player ``player`` (at two players also its seat in every hand). It takes no reset
  ``options`` (no ``deck``). Its cost per step is mostly a fixed number of NumPy calls, so
  it gains with ``num_envs`` (its learner steps per second against the single env's:
  ``bench/RESULTS.md``, "Research environments").
* **Per table** (``batched=False``, and whatever the batched form does not play):
  environment ``i`` plays exactly what :class:`~ginrummy.env.single.GinRummyEnv` plays with
  the same arguments: ``reset(seed=s)`` seeds it with ``s + i`` (as Gymnasium's
  ``SyncVectorEnv`` does) and each later reset continues its own generator, so its
  observations, masks, rewards and terminations are the single env's, step for step. The
  observations of all the environments are encoded at once into one preallocated array
  (:func:`~ginrummy.env.encoding.encode_many`), the masks too, but the engine is stepped
  one table at a time in pure Python, which bounds the gain.

Both reset an environment in the step after it terminates (Gymnasium's ``NEXT_STEP``
autoreset: that step's action is ignored, its reward is 0 and its observation is the new
hand's first), build no per-step dictionaries (no legal action names: the mask has them;
``infos`` holds only ``"illegal_action"`` when an environment got an action its mask
excludes), and :meth:`GinRummyVectorEnv.hand_state` gives a one-hand table's hand as
the engine's :class:`~ginrummy.core.hand.HandState` (the finished one in the step it ends).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from ginrummy.agents.base import Agent
from ginrummy.core.actions import NUM_ACTIONS, action_name
from ginrummy.core.hand import HandState, IllegalActionError
from ginrummy.core.views import PlayerView, view_of
from ginrummy.env.aec import Observation
from ginrummy.env.batched import OVER, BatchedTables, supports
from ginrummy.env.encoding import Scoreboard, encode_many
from ginrummy.env.rewards import points_reward, win_reward
from ginrummy.env.single import CoreTable, GinRummyEnv


class _QuietTable(CoreTable):
    """The AEC table without the per-step infos (legal action names, hand results): the
    vector form reads the mask instead."""

    def _update_infos(self) -> None:
        self.infos = {}
        self._results = {}


class _QuietEnv(GinRummyEnv):
    table_class = _QuietTable


@dataclass(slots=True)
class _Hand:
    """A one-hand, two-player environment played on its HandState directly."""

    state: HandState
    seat: int
    opponent: Agent
    view: PlayerView


class GinRummyVectorEnv(VectorEnv[Observation, NDArray[np.int64], NDArray[Any]]):
    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int, *, copy: bool = True, batched: bool | None = None,
                 **kwargs: Any) -> None:
        """``kwargs`` are :class:`GinRummyEnv`'s (``opponent``, ``rules``, ``match``,
        ``reward``, ...). ``copy=False`` returns the vector's own observation arrays, which
        the next step overwrites. ``batched``: see the module's docstring."""
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number of at least 1, got {num_envs!r}")
        if kwargs.get("render_mode") is not None:
            raise ValueError("the vector form does not render: render_mode must be None")
        if batched not in (None, True, False):
            raise ValueError(f"batched must be None, True or False, got {batched!r}")
        first = _QuietEnv(**kwargs)
        table = first.table
        why_not = _why_not_batched(first, kwargs)
        if batched and why_not:
            raise ValueError(f"the batched form cannot play this: {why_not}")
        self._batch: BatchedTables | None = None
        if batched is not False and not why_not:
            self._batch = BatchedTables(num_envs, table.table_rules.rules,
                                        table.agent_index[first.learner],
                                        np.random.default_rng())
        more = 0 if self._batch is not None else num_envs - 1
        self.envs: list[GinRummyEnv] = [first, *(_QuietEnv(**kwargs) for _ in range(more))]
        self._template = first
        self._direct = table.match == "hand" and len(table.possible_agents) == 2
        """One hand at two players: the hands are stepped without the AEC table."""
        self._hands: list[_Hand | None] = [None] * num_envs
        self._board = Scoreboard(0, (0, 0))
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        size = first.observation_space["observation"].shape  # type: ignore[index]
        self._observations = np.zeros((num_envs, *size), dtype=np.float32)
        self._masks = np.zeros((num_envs, NUM_ACTIONS), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)
        self._legal = np.zeros((num_envs, NUM_ACTIONS), dtype=np.int8)
        """With ``copy=False``, the masks handed out last, kept apart from them (a caller
        may write into those)."""

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """``seed`` an int (environment ``i`` gets ``seed + i``), a list of one seed per
        environment, or None; ``options`` go to every environment."""
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
            super().reset(seed=seed)
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} environments")
        if self._batch is not None:
            return self._reset_batched(self._batch, seed, seeds, options)
        for i, env_seed in enumerate(seeds):
            self._begin(i, env_seed, options)
        self._autoreset[:] = False
        return self._observe(), {}

    def _begin(self, i: int, seed: int | None, options: dict[str, Any] | None) -> None:
        env = self.envs[i]
        env.begin(seed=seed, options=options)
        if not self._direct:
            return
        table = env.table
        game = table.game
        assert game is not None
        player = table.agent_index[env.learner]
        slot = game.slots[0]
        state = slot.hand
        assert state is not None
        seat = slot.players.index(player)
        opponent = env.opponents[table.possible_agents[slot.players[1 - seat]]]
        self._hands[i] = _Hand(state, seat, opponent, view_of(state, seat))

    def step(self, actions: NDArray[np.int64]) -> tuple[
            Observation, NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_],
            dict[str, Any]]:
        if self._batch is not None:
            return self._step_batched(self._batch, actions)
        moves = np.asarray(actions).astype(np.int64).reshape(-1).tolist()
        if len(moves) != self.num_envs:
            raise ValueError(f"{len(moves)} actions for {self.num_envs} environments")
        rewards, terminations = self._rewards, self._terminations
        rewards[:] = 0.0
        illegal: list[int] = []
        hands = self._hands
        for i, move in enumerate(moves):
            if self._autoreset[i]:
                self._begin(i, None, None)
                terminations[i] = False
                continue
            env = self.envs[i]
            hand = hands[i]
            view = hand.view if hand is not None else env.table.current_view(env.learner)
            if view is None or move not in view.legal:
                if env.illegal_action == "raise":
                    legal = view.legal if view is not None else ()
                    raise IllegalActionError(
                        f"environment {i}: {_name(move)} is not legal now; legal: "
                        + ", ".join(action_name(a) for a in legal))
                rewards[i] = env.illegal_reward
                terminations[i] = True
                illegal.append(i)
            elif hand is not None:
                rewards[i], terminations[i] = self._play_hand(env, hand, move)
            else:
                table = env.table
                table.step(move)
                rewards[i] = table.rewards[env.learner] + env.play_opponents()
                terminations[i] = table.terminations[env.learner]
        self._autoreset[:] = terminations
        infos: dict[str, Any] = {}
        if illegal:
            flags = np.zeros(self.num_envs, dtype=np.bool_)
            flags[illegal] = True
            infos = {"illegal_action": flags, "_illegal_action": flags.copy()}
        observations = self._observe()
        if self.copy:
            return (observations, rewards.copy(), terminations.copy(),
                    self._truncations.copy(), infos)
        return observations, rewards, terminations, self._truncations, infos

    @staticmethod
    def _play_hand(env: GinRummyEnv, hand: _Hand, move: int) -> tuple[float, bool]:
        """The learner's legal ``move``, then the opponent's up to the learner's next
        decision: what the AEC table does for one hand at two players."""
        state = hand.state.apply_unchecked(move)
        seat, other = hand.seat, 1 - hand.seat
        while not state.is_over and state.turn != seat:
            state = state.apply_unchecked(hand.opponent.choose(view_of(state, other)))
        hand.state = state
        hand.view = view_of(state, seat)
        if state.is_over:
            return env.table.hand_reward(state, seat), True
        return 0.0, False

    def _observe(self) -> Observation:
        """Every environment's observation and mask, written into the vector's arrays."""
        observations, masks = self._observations, self._masks
        masks[:] = 0
        views: list[PlayerView] = []
        boards: list[Scoreboard] = []
        rows: list[int] = []
        mask_rows: list[int] = []
        mask_columns: list[int] = []
        for i, env in enumerate(self.envs):
            hand = self._hands[i]
            if hand is not None:
                view = hand.view
                board = self._board
                acting = not hand.state.is_over and hand.state.turn == hand.seat
            else:
                table, learner = env.table, env.learner
                seen = table.current_view(learner)
                if seen is None:  # sitting out (R33): the public part only
                    observations[i] = table.observe(learner)["observation"]
                    continue
                view, board = seen, table.scoreboard(learner)
                acting = not table.terminations[learner] and table.agent_selection == learner
            views.append(view)
            boards.append(board)
            rows.append(i)
            if acting:
                legal = view.legal
                mask_rows += [i] * len(legal)
                mask_columns += legal
        encode_many(views, boards, observations, rows)
        masks[mask_rows, mask_columns] = 1
        if self.copy:
            return {"observation": observations.copy(), "action_mask": masks.copy()}
        return {"observation": observations, "action_mask": masks}

    @property
    def batched(self) -> bool:
        """Whether the tables are stepped as NumPy arrays (see the module's docstring)."""
        return self._batch is not None

    def hand_state(self, i: int) -> HandState:
        """Environment ``i``'s hand as the engine's state (one-hand tables at two players);
        in the step a hand ends, the finished hand."""
        if self._batch is not None:
            return self._batch.state(i)
        hand = self._hands[i]
        if hand is None:
            raise ValueError("hand_state needs one-hand tables at two players")
        return hand.state

    # ------------------------------------------------------------ the batched form

    def _reset_batched(self, batch: BatchedTables, seed: int | list[int | None] | None,
                       seeds: list[int | None], options: dict[str, Any] | None
                       ) -> tuple[Observation, dict[str, Any]]:
        if options:
            raise ValueError("the batched form takes no reset options; batched=False does")
        given = [s for s in seeds if s is not None]
        if seed is not None and len(given) == len(seeds):
            batch.rng = np.random.default_rng(seed if isinstance(seed, int) else given)
        else:
            batch.rng = np.random.default_rng()
        batch.deal(np.arange(self.num_envs))
        self._play_batched(batch, self._batched_opponents(batch))
        self._autoreset[:] = False
        return self._observe_batched(batch), {}

    def _step_batched(self, batch: BatchedTables, actions: NDArray[np.int64]) -> tuple[
            Observation, NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_],
            dict[str, Any]]:
        moves = np.asarray(actions).astype(np.int64).reshape(-1)
        if len(moves) != self.num_envs:
            raise ValueError(f"{len(moves)} actions for {self.num_envs} environments")
        env = self._template
        waiting = ~self._autoreset
        known = (moves >= 0) & (moves < NUM_ACTIONS)
        legal = np.zeros(self.num_envs, dtype=np.bool_)
        shown = self._masks if self.copy else self._legal
        legal[known] = shown[known, moves[known]] == 1
        illegal = np.flatnonzero(waiting & ~legal)
        if illegal.size and env.illegal_action == "raise":
            i = int(illegal[0])
            raise IllegalActionError(
                f"environment {i}: {_name(int(moves[i]))} is not legal now; legal: "
                + ", ".join(action_name(int(a)) for a in np.flatnonzero(shown[i])))
        rewards, terminations = self._rewards, self._terminations
        rewards[:] = 0.0
        terminations[:] = False
        rewards[illegal] = env.illegal_reward
        terminations[illegal] = True
        batch.deal(np.flatnonzero(self._autoreset))
        playing = np.flatnonzero(waiting & legal)
        on_arrays = batch.batched[playing]
        touched = playing[~on_arrays].tolist()
        for row in touched:
            state = batch.engine[row]
            assert state is not None
            batch.engine[row] = state.apply_unchecked(int(moves[row]))
        arrays = playing[on_arrays]
        touched += batch.play(arrays, moves[arrays])
        touched += self._batched_opponents(batch)
        self._play_batched(batch, touched)
        self._void_on_arrays(batch)
        self._autoreset[:] = terminations
        infos: dict[str, Any] = {}
        if illegal.size:
            flags = np.zeros(self.num_envs, dtype=np.bool_)
            flags[illegal] = True
            infos = {"illegal_action": flags, "_illegal_action": flags.copy()}
        observations = self._observe_batched(batch)
        if self.copy:
            return (observations, rewards.copy(), terminations.copy(),
                    self._truncations.copy(), infos)
        return observations, rewards, terminations, self._truncations, infos

    @staticmethod
    def _batched_opponents(batch: BatchedTables) -> list[int]:
        """``random``'s moves at every table on the arrays up to the learner's turn; the
        tables handed to the engine meanwhile."""
        handed: list[int] = []
        while True:
            rows = np.flatnonzero(batch.batched & (batch.turn == 1 - batch.seat))
            if not rows.size:
                return handed
            handed += batch.play(rows, batch.random_moves(rows))

    def _play_batched(self, batch: BatchedTables, rows: list[int]) -> None:
        """The engine's tables ``rows``: the opponent's moves up to the learner's next
        decision, and the reward of a hand that ended."""
        seat, other = batch.seat, 1 - batch.seat
        reward = self._template.table.hand_reward
        for row in rows:
            state = batch.engine[row]
            assert state is not None
            opponent = batch.engine_opponent(row)
            while not state.is_over and state.turn != seat:
                state = state.apply_unchecked(opponent.choose(view_of(state, other)))
            batch.engine[row] = state
            if state.is_over:
                self._rewards[row] = reward(state, seat)
                self._terminations[row] = True

    def _void_on_arrays(self, batch: BatchedTables) -> None:
        """The hands that ended void on the arrays in this step (R21, R36)."""
        ended = np.flatnonzero(batch.batched & (batch.phase == OVER))
        if not ended.size:
            return
        self._terminations[ended] = True
        reward = self._template.table.hand_reward
        if reward is points_reward or reward is win_reward:
            return  # nobody wins a void hand: 0
        for row in ended.tolist():
            self._rewards[row] = reward(batch.state(row), batch.seat)

    def _observe_batched(self, batch: BatchedTables) -> Observation:
        observations, masks = self._observations, self._masks
        batch.encode(observations)
        batch.write_masks(masks)
        engine = np.flatnonzero(~batch.batched).tolist()
        if engine:
            views = [view_of(state, batch.seat) for state in
                     (batch.engine[row] for row in engine) if state is not None]
            encode_many(views, [self._board] * len(views), observations, engine)
            masks[engine] = 0
            mask_rows: list[int] = []
            mask_columns: list[int] = []
            for row, view in zip(engine, views, strict=True):
                mask_rows += [row] * len(view.legal)
                mask_columns += view.legal
            masks[mask_rows, mask_columns] = 1
        if self.copy:
            return {"observation": observations.copy(), "action_mask": masks.copy()}
        self._legal[:] = masks
        return {"observation": observations, "action_mask": masks}

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()


def _why_not_batched(env: GinRummyEnv, kwargs: dict[str, Any]) -> str:
    """Why the batched form cannot play these arguments, or "" if it can."""
    table = env.table
    if env.opponent != "random" or env.opponent_params:
        return 'it plays against opponent="random" without opponent_params'
    if table.match != "hand" or len(table.possible_agents) != 2:
        return 'it plays one hand (match="hand") at two players'
    if not supports(table.table_rules.rules):
        return ("it does not play discard_pile_draw_limit nor "
                "void_on_second_returned_discard")
    return ""


def _name(move: Any) -> str:
    return action_name(move) if isinstance(move, int) and 0 <= move < NUM_ACTIONS else repr(move)
