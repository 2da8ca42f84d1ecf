"""The terminal game: a person and the computer at a table of any seating, hand after hand.

:class:`Session` drives one :class:`~ginrummy.core.game.Game` (two players, three
players R33, or two teams R34/R35) and keeps it up to date after every single action,
so that whoever stops it (Ctrl-C, end of input, ``quit``) can save ``session.game`` and
resume exactly there. The person plays the hand at their table through
:class:`~ginrummy.terminal.person.Person`; the hands between computers at the other
tables are played out at once and shown as their results. Every message comes from
:mod:`ginrummy.i18n`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ginrummy.agents.base import Agent
from ginrummy.core.actions import DONE, FACE_DOWN_KNOCK, is_knock
from ginrummy.core.game import Game
from ginrummy.core.hand import HandState, Phase, deal_hand
from ginrummy.core.views import view_of
from ginrummy.i18n import Messages
from ginrummy.terminal.moves import Ask, Say, describe, own_move_text
from ginrummy.terminal.person import Person
from ginrummy.terminal.scores import round_lines, score_lines
from ginrummy.terminal.screen import Painter, laid_out, result_lines


@dataclass
class Session:
    """Runs a game with the person at place ``human`` and the computer at every other place.

    ``agent_for(player, index)`` gives the computer at ``player`` for the hand dealt
    ``index``-th in the game (from 0, every table and void hand counted);
    ``deck_for(number)`` the deck of the ``number``-th deal (from 1). Both depend on nothing
    else, so a saved game resumes exactly as it would have gone on.
    """

    game: Game
    ask: Ask
    say: Say
    paint: Painter
    names: tuple[str, ...]
    """One name a player, by place."""
    agent_for: Callable[[int, int], Agent]
    deck_for: Callable[[int], Sequence[int]]
    human: int = 0
    _dealt_here: set[int] = field(default_factory=set, init=False)
    """The tables whose hand in progress was dealt in this session. A hand dealt before
    resumes (and its header says so) if the person saw it or moves were made in it."""

    @property
    def m(self) -> Messages:
        return self.paint.m

    def run(self) -> Game:
        """Play until the game is over and return it; interruptions propagate to the caller."""
        while not self.game.is_over:
            for table in self.game.tables_to_deal():
                number = len(self.game.played) + sum(h is not None for h in self.game.hands)
                self.game = self.game.deal(self.deck_for(number + 1), table=table)
                self._dealt_here.add(table)
            for table in self._tables_in_order():
                if self.game.is_over or self.game.hands[table] is None:
                    continue
                rounds = len(self.game.rounds)
                self._play(table)
                if self.game.table_rules.kind == "teams" and len(self.game.rounds) != rounds:
                    for line in round_lines(self.game, self.names, self.m):
                        self.say(line)
        return self.game

    def _tables_in_order(self) -> list[int]:
        """The person's table first, then the others."""
        tables = range(self.game.tables)
        mine = [t for t in tables if self.human in self.game.players_at(t)]
        return mine + [t for t in tables if t not in mine]

    def _hand_index(self, table: int) -> int:
        """The number (from 0) of the hand in progress at ``table`` among all hands dealt."""
        game = self.game
        order = [t for t, h in enumerate(game.hands) if h is not None]
        return len(game.played) + order.index(table)

    # ------------------------------------------------------------ one hand

    def _play(self, table: int) -> None:
        players = self.game.players_at(table)
        hand = self.game.hands[table]
        assert hand is not None
        index = self._hand_index(table)
        agents = {seat: self.agent_for(player, index) for seat, player in enumerate(players)
                  if player != self.human}
        own = players.index(self.human) if self.human in players else None
        seen = own is not None or bool(hand.actions())
        self._header(table, hand, resumed=seen and table not in self._dealt_here)
        self._dealt_here.discard(table)
        self._warm_up(hand, agents)
        names = (self.names[players[0]], self.names[players[1]])
        person = Person(self.ask, self.say, self.paint, names)
        while (state := self.game.hands[table]) is not None:
            if state.turn == own:
                for action in person.actions(view_of(state, own)):
                    self.game = self.game.apply(action, table=table)
                    after = self._latest(table)
                    if (said := own_move_text(action, state, after, self.paint)) is not None:
                        self.say(said)
                    state = after
                continue
            action = agents[state.turn].choose(view_of(state, state.turn))
            if own is not None and not (state.phase is Phase.KNOCKER_MELDS and action != DONE):
                shown = FACE_DOWN_KNOCK if is_knock(action) else action
                self.say(describe(shown, names[state.turn], state, self.m))
            self.game = self.game.apply(action, table=table)
        self._hand_end(self._latest(table), names, own)

    def _latest(self, table: int) -> HandState:
        """The hand in progress at ``table``, or the one just finished there."""
        hand = self.game.hands[table]
        if hand is not None:
            return hand
        return [h for h in self.game.played if h.table == table][-1].state

    def _header(self, table: int, hand: HandState, resumed: bool) -> None:
        game, m, names = self.game, self.m, self.names
        players = game.players_at(table)
        dealer = names[game.dealer_at(table)]
        kind = game.table_rules.kind
        self.say("")
        if kind == "two":
            text = m("hand.resumed" if resumed else "hand.header", number=game.hand_number,
                     dealer=dealer)
        else:
            key = "table.round_header" if kind == "teams" else "table.hand_header"
            if kind == "three" and game.dealer_at(table) == self.human:
                key = "table.hand_header_you"  # "You deals" would not be English
            text = m(key, number=game.round_number, table=table + 1, name0=names[players[0]],
                     name1=names[players[1]], dealer=dealer)
            if resumed:
                text += " " + m("table.resumed_hand")
        self.say(self.paint.bold(text))
        rules = game.rules
        if rules.oklahoma and hand.upcard is not None:
            self.say(m("hand.oklahoma_limit", card=self.paint.card(hand.upcard), limit=hand.limit))
            if rules.hand_multiplier(hand.upcard) > 1:
                self.say(m("hand.spade_double"))

    def _warm_up(self, hand: HandState, agents: dict[int, Agent]) -> None:
        """Replay the computers' own past decisions of a resumed hand, so that their state
        (their random numbers, their memory) is what it would have been without the stop."""
        state = deal_hand(hand.rules, hand.dealer, hand.deck)
        for seat, action in hand.actions():
            if seat in agents:
                agents[seat].choose(view_of(state, seat))
            state = state.apply(action)

    def _hand_end(self, last: HandState, names: tuple[str, str], own: int | None) -> None:
        """A finished hand's result (after the person's own hand, the other's cards first),
        then, but in a team game (scored by the round), the running score."""
        result = last.result
        assert result is not None
        if own is not None and not result.is_void:
            other = 1 - own
            used = last.laid_off if other != last.knocker else 0
            for group in last.melds[other]:
                used |= group
            shown = laid_out(self.paint, last.melds[other], last.hands[other] & ~used)
            self.say(self.m("hand.opponent_cards", name=names[other], cards=shown))
        teams = self.game.table_rules.kind == "teams"
        layoffs = last.laid_off if result.knocker is not None else 0
        box = self.game.rules.box_bonus if result.winner is not None and not teams else 0
        for line in result_lines(self.paint, result, names, layoffs, box):
            self.say(line)
        if not teams:
            for line in score_lines(self.game, self.names, self.m):
                self.say(line)
