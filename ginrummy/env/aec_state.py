"""What the raw AEC environment (:class:`ginrummy.env.aec.RawEnv`) holds between its calls,
declared once for the parts it is made of: :mod:`ginrummy.env.aec_observe` (views,
observations, ``last``), :mod:`ginrummy.env.aec_infos` (the infos) and
:mod:`ginrummy.env.aec_compiled` (the hand at table 0 in the compiled step)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ginrummy.core.actions import Action
from ginrummy.core.game import Game
from ginrummy.core.hand import HandState
from ginrummy.core.seating import Seating
from ginrummy.core.table import TableRules
from ginrummy.core.views import PlayerView
from ginrummy.env.compiled_hand import CompiledHand
from ginrummy.env.encoding import Scoreboard
from ginrummy.env.game_so_far import GameSoFar
from ginrummy.env.heads_up_score import HeadsUpScore
from ginrummy.env.observation_cache import ObservationCache
from ginrummy.env.rewards import HandReward


class AecState:
    # PettingZoo's part
    possible_agents: list[str]
    agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    render_mode: str | None

    # the table and the game
    games_made_when_read: bool
    table_rules: TableRules
    match: str
    reward_name: str
    hand_reward: HandReward
    agent_index: dict[str, int]
    _rng: random.Random
    _seating: Seating
    _so_far: GameSoFar
    """The game up to the hand in progress, made by the core when read."""
    _score: HeadsUpScore | None
    """A two-player game's numbers while the compiled step deals and plays its hands
    (else the game's are read)."""
    _live: list[HandState | None]
    """The hand in progress at each table: ahead of ``_so_far`` during a hand, which takes
    it in when the hand ends (or when ``game`` is read)."""
    _synced: bool
    _version: int
    """Counts the steps and deals: what the views, boards and infos made were made for."""
    _last_hand: dict[int, tuple[HandState, int]]
    _hand_seats: dict[int, tuple[int, int]]
    _table_players: tuple[tuple[int, int], ...]
    _hands_done: list[int]
    _over: bool
    _given: dict[str, float]
    _rewards_paid: bool
    """``rewards`` holds a payment of this step (else all its values are 0)."""

    # what the agents see
    _views: dict[str, PlayerView | None]
    """Each agent's view of the game ``_views_of``, made when first asked for."""
    _views_of: int
    _boards: dict[str, Scoreboard]
    _observations: dict[str, ObservationCache]
    _mask_for: tuple[Action, ...]
    _mask: NDArray[np.int8]
    """The mask of the legal actions ``_mask_for`` (copied for each observation)."""
    _results: dict[str, dict[str, Any]]
    """The result of a hand that ended at this step, for the infos of its players."""
    _infos: dict[str, dict[str, Any]]
    _acting_info: dict[str, Any]
    _acting_info_of: int
    """The ``_version`` of the step ``_acting_info``, the info of the agent to act in a
    compiled hand, belongs to (``infos`` takes it in when read)."""
    _infos_due: bool
    _info_results: dict[str, dict[str, Any]]

    # the compiled step
    _compiled: CompiledHand | None
    _twister_deals: bool
    """The game's deals are drawn from ``_twister`` (else from ``_rng``)."""
    _twister: Any
    """The state of the game's ``random.Random`` (:mod:`ginrummy.agents.kernel_random`)."""
    _cut_cards: NDArray[np.int64]
    _deck_cards: NDArray[np.int64]
    _compiled_on: bool
    """The hand at table 0 is played by ``_compiled`` (``_live`` may lag behind it)."""
    _compiled_final: bool
    """The one-hand match is over, its hand void: the observations are ``_compiled``'s."""
    _seat_agents: tuple[str, ...]
    _acting: str
    """The agent whose turn it is in the compiled hand (PettingZoo may select another when
    agents are done)."""
    _kernel_step: Any
    _kernel_address: Any
    _kernel_mask: Any
    _agent_vectors: dict[str, NDArray[np.float32]]
    """Each agent's observation as the compiled step writes it."""

    if TYPE_CHECKING:  # what one part calls of another
        @property
        def _game(self) -> Game | None: ...

        @property
        def infos(self) -> dict[str, dict[str, Any]]: ...

        def current_view(self, agent: str) -> PlayerView | None: ...

        def scoreboard(self, agent: str) -> Scoreboard: ...

        def _hand_seat(self, player: int) -> tuple[int, int] | None: ...

        def _seating_sides(self) -> int: ...

        def _compiled_state(self) -> HandState: ...

        def _core_step(self, agent: str, action: Action | None, legal_already: bool) -> None:
            ...

        def render(self) -> str | None: ...
