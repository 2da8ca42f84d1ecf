"""The raw AEC environment's hand at table 0 while the compiled step plays it
(:mod:`ginrummy.env.compiled_hand`): two players, with Numba. A game's first hand, and each
next hand of a game whose ``Game`` is made when read, are dealt straight into the compiled
step from the game's twister (:mod:`ginrummy.env.kernel_deal`); a hand set by the driver is
loaded into it. The core takes over at a knock, big gin or a void hand."""

from __future__ import annotations

import random
from typing import Any

from ginrummy.core.cut import Cut
from ginrummy.core.hand import HandState
from ginrummy.env.aec_state import AecState
from ginrummy.env.compiled_hand import ILLEGAL, PLAYED_PHASES, compiled_entry
from ginrummy.env.deal import first_dealer
from ginrummy.env.heads_up_score import HeadsUpScore


class CompiledTable(AecState):
    """The compiled step's part of :class:`ginrummy.env.aec.RawEnv`."""

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
        self._kernel_step = (compiled_entry(compiled.kernel.step_at)
                             if compiled is not None else None)
        self._kernel_address = compiled.address if compiled is not None else None
        self._kernel_mask = compiled.mask if compiled is not None else None
        self._agent_vectors = (dict(zip(self._seat_agents, compiled.observations, strict=True))
                               if compiled is not None and self._seat_agents else {})

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
        self._hand_seats = {0: (0, 0), 1: (0, 1)}
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
