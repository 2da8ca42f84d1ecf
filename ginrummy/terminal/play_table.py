"""The terminal game for three players (R33) and two teams (R34, R35): a person and agents.

:class:`TableTerminal` drives a :class:`~ginrummy.core.table_game.ThreePlayerGame`
or :class:`~ginrummy.core.table_game.TeamGame` and keeps it up to date after
every action, so that a stop can save it and a resume goes on exactly there.
The person's own hands are played with the two-player terminal code
(:class:`~ginrummy.terminal.play_hand.TerminalGame`, on a two-player
:class:`~ginrummy.core.game.Game` holding that one hand); the hands between
computers are played out at once and shown as their results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ginrummy.agents.base import Agent
from ginrummy.core.cards import cards_of
from ginrummy.core.game import Cut, Game, GamePhase
from ginrummy.core.hand import HandState, deal_hand
from ginrummy.core.table_game import TableCut, TableGame, TableRules, TeamGame, team_of
from ginrummy.core.views import view_of
from ginrummy.i18n import Messages
from ginrummy.terminal.play_hand import Ask, Say, TerminalGame
from ginrummy.terminal.screen import Painter, laid_out, result_lines, settlement_label

_ANY_CUT = Cut.parse("AS 2S")
"""The two-player game that carries one sub-hand never shows or uses its cut."""


def seat_names(players: int, m: Messages, you: str) -> tuple[str, ...]:
    """The names at the table: the person at place 0, then computers (partners and
    opponents in a team game)."""
    if players == 3:
        return (you, m("table.computer", number=1), m("table.computer", number=2))
    names = []
    for place in range(players):
        if place == 0:
            names.append(you)
        elif team_of(place) == 0:
            names.append(m("table.partner", number=place // 2))
        else:
            names.append(m("table.opponent_name", number=place // 2 + 1))
    return tuple(names)


def team_name(players: int, team: int, names: Sequence[str], m: Messages) -> str:
    return m("table.team", names=" & ".join(names[p] for p in range(players)
                                            if team_of(p) == team))


class _OwnHand(TerminalGame):
    """The person's hand at one table: the two-player terminal code, with the table's own
    header and scoring left to :class:`TableTerminal`."""

    table: TableTerminal
    table_number: int

    def _start_hand(self, resumed: bool) -> None:
        hand = self.game.hand
        assert hand is not None
        self._warm_up(hand)

    def _apply(self, action: int) -> None:
        super()._apply(action)
        self.table.game = self.table.game.apply(self.table_number, action)

    def _end_hand(self) -> None:
        last = self.game.finished[-1]
        result = last.result
        assert result is not None
        self.table.show_hand_end(last, self.names, own_seat=self.human)


@dataclass
class TableTerminal:
    """Runs a three-player or team game with a person at place ``human`` (0).

    ``agent_for(player, hand)`` gives the agent of a player for the hand
    dealt ``hand``-th in the game (from 0, every table counted);
    ``deck_for(hand)`` the deck of that hand. Both depend on nothing else, so
    a saved game resumes exactly as it would have gone on.
    """

    game: TableGame
    ask: Ask
    say: Say
    paint: Painter
    names: tuple[str, ...]
    agent_for: Callable[[int, int], Agent]
    deck_for: Callable[[int], Sequence[int]]
    human: int = 0

    @property
    def m(self) -> Messages:
        return self.paint.m

    def run(self) -> TableGame:
        """Play until the game is over and return it; interruptions propagate to the caller."""
        while not self.game.is_over:
            for table in self.game.tables_to_deal():
                number = self._dealt()
                self.game = self.game.deal(table, self.deck_for(number))
            for table in self._tables_in_order():
                if self.game.is_over or self.game.hands[table] is None:
                    continue
                closed = self._rounds_closed()
                self._header(table)
                if self.human in self.game.players_at(table):
                    self._play_own(table)
                else:
                    self._play_computers(table)
                if self._rounds_closed() != closed:
                    self._round_end()
        return self.game

    def _dealt(self) -> int:
        """Hands dealt so far in the game, every table counted."""
        return len(self.game.finished) + sum(1 for h in self.game.hands if h is not None)

    def _hand_index(self, table: int) -> int:
        """The number (from 0) of the hand in progress at ``table`` among all hands dealt."""
        game = self.game
        order = sorted((t for t, h in enumerate(game.hands) if h is not None))
        return len(game.finished) + order.index(table)

    def _tables_in_order(self) -> list[int]:
        """The person's table first, then the others."""
        mine = [t for t in range(self.game.tables) if self.human in self.game.players_at(t)]
        return mine + [t for t in range(self.game.tables) if t not in mine]

    def _rounds_closed(self) -> int:
        game = self.game
        return len(game.rounds) if isinstance(game, TeamGame) else len(game.finished)

    # ------------------------------------------------------------ hands

    def _header(self, table: int) -> None:
        game, m, names = self.game, self.m, self.names
        players = game.players_at(table)
        hand = game.hands[table]
        assert hand is not None
        resumed = bool(hand.actions())
        self.say("")
        if isinstance(game, TeamGame):
            text = m("table.round_header", number=game.round_number, table=table + 1,
                     name0=names[players[0]], name1=names[players[1]],
                     dealer=names[game.dealer_at(table)])
        else:
            text = m("table.hand_header", number=game.round_number,
                     dealer=names[game.dealer_at(table)], name0=names[players[0]],
                     name1=names[players[1]])
        if resumed:
            text += " " + m("table.resumed_hand")
        self.say(self.paint.bold(text))
        if game.rules.oklahoma and hand.upcard is not None:
            self.say(m("hand.oklahoma_limit", card=self.paint.card(hand.upcard), limit=hand.limit))
            if game.rules.hand_multiplier(hand.upcard) > 1:
                self.say(m("hand.spade_double"))

    def _play_own(self, table: int) -> None:
        game = self.game
        players = game.players_at(table)
        hand = game.hands[table]
        assert hand is not None
        seat = players.index(self.human)
        opponent = players[1 - seat]
        agent = self.agent_for(opponent, self._hand_index(table))
        carrier = replace(Game.start(game.rules, _ANY_CUT), dealer=hand.dealer,
                          phase=GamePhase.IN_HAND, hand=hand)
        own = _OwnHand(game=carrier, ask=self.ask, say=self.say, paint=self.paint,
                       names=(self.names[players[0]], self.names[players[1]]),
                       agent_for=lambda _: agent, deck_for=lambda _: [], human=seat)
        own.table = self
        own.table_number = table
        own.agent = agent
        own._start_hand(resumed=True)
        own._play_hand()

    def _play_computers(self, table: int) -> None:
        game = self.game
        players = game.players_at(table)
        hand = game.hands[table]
        assert hand is not None
        index = self._hand_index(table)
        agents = [self.agent_for(p, index) for p in players]
        state = deal_hand(hand.rules, hand.dealer, hand.deck)
        for seat, action in hand.actions():  # a resumed hand: each agent relives its moves
            agents[seat].choose(view_of(state, seat))
            state = state.apply(action)
        while (playing := self.game.hands[table]) is not None:
            action = agents[playing.turn].choose(view_of(playing, playing.turn))
            self.game = self.game.apply(table, action)
        last = [h for h in self.game.finished if h.table == table][-1].state
        self.show_hand_end(last, (self.names[players[0]], self.names[players[1]]), None)

    def show_hand_end(self, last: HandState, names: tuple[str, str], own_seat: int | None
                      ) -> None:
        """A finished hand's result (and, after the person's own hand, the other's cards)."""
        result = last.result
        assert result is not None
        if own_seat is not None and not result.is_void:
            other = 1 - own_seat
            used = last.laid_off if other != last.knocker else 0
            for group in last.melds[other]:
                used |= group
            shown = laid_out(self.paint, last.melds[other], last.hands[other] & ~used)
            self.say(self.m("hand.opponent_cards", name=names[other], cards=shown))
        layoffs = last.laid_off if result.knocker is not None else 0
        box = self.game.rules.box_bonus if result.winner is not None else 0
        if isinstance(self.game, TeamGame):
            box = 0  # a box is won by the team that scores the round
        for line in result_lines(self.paint, result, names, layoffs, box):
            self.say(line)
        if not isinstance(self.game, TeamGame):
            for line in self.score_lines():
                self.say(line)

    def _round_end(self) -> None:
        game = self.game
        if not isinstance(game, TeamGame):
            return
        m, players = self.m, game.players
        score = game.rounds[-1].score
        teams = [team_name(players, t, self.names, m) for t in (0, 1)]
        self.say("")
        if score.winner is None:
            self.say(m("table.round_none", number=game.rounds[-1].number, team0=teams[0],
                       points0=score.team_points[0], team1=teams[1],
                       points1=score.team_points[1]))
        else:
            self.say(m("table.round_score", number=game.rounds[-1].number, team0=teams[0],
                       points0=score.team_points[0], team1=teams[1],
                       points1=score.team_points[1], team=teams[score.winner],
                       points=score.points))
        for line in self.score_lines():
            self.say(line)

    def score_lines(self) -> list[str]:
        """The running score: totals towards the target, boxes and extra boxes."""
        game, m = self.game, self.m
        labels = self.column_names()
        rules = game.rules
        totals = ", ".join(f"{labels[i]} {p}" for i, p in enumerate(game.totals))
        lines = [m("table.score", scores=totals, target=game.table_rules.target)]
        won = game.rounds_won if isinstance(game, TeamGame) else game.hands_won
        if rules.box_bonus:
            boxes = ", ".join(f"{labels[i]} {n}" for i, n in enumerate(won))
            lines.append(m("table.boxes", boxes=boxes, bonus=rules.box_bonus))
        if rules.extra_boxes and any(game.extra_boxes):
            extra = ", ".join(f"{labels[i]} {n}" for i, n in enumerate(game.extra_boxes))
            lines.append(m("table.extra_boxes", boxes=extra))
        return lines

    def column_names(self) -> tuple[str, ...]:
        """Who the totals belong to: the players, or the two teams."""
        if isinstance(self.game, TeamGame):
            return tuple(team_name(self.game.players, t, self.names, self.m) for t in (0, 1))
        return self.names

    def settlement_lines(self) -> list[str]:
        """The score sheet of the settlement, the winner and who pays whom."""
        m = self.m
        settlement = self.game.settlement()
        sheet = settlement.sheet
        labels = self.column_names()
        rows = [("", labels)]
        rules = self.game.rules
        for line in sheet.lines():
            if not any(line.values) and (
                (line.label.startswith("boxes") and not rules.box_bonus)
                or (line.label.startswith("game bonus") and not rules.game_bonus)
            ):
                continue  # an addend these rules do not have
            rows.append((settlement_label(line, sheet, m), tuple(str(v) for v in line.values)))
        width = max(len(label) for label, _ in rows)
        columns = max(7, *(len(n) for n in labels))
        text = [f"{label:<{width}}  " + "  ".join(f"{v:>{columns}}" for v in values)
                for label, values in rows]
        text.insert(-1, "-" * len(text[0]))
        if sheet.end_reason is None:
            text.append(m("settle.in_progress"))
        elif sheet.winner is None:
            text.append(m("settle.no_winner", reason=m(f"end.{sheet.end_reason}")))
        else:
            text.append(m("settle.winner", name=labels[sheet.winner],
                          reason=m(f"end.{sheet.end_reason}")))
        stake = self.game.rules.stake_per_point
        for payment in settlement.payments:
            if stake:
                text.append(m("table.pays", payer=labels[payment.payer],
                              payee=labels[payment.payee], stake=stake, points=payment.points,
                              payment=payment.amount))
            else:
                text.append(m("table.owes", payer=labels[payment.payer],
                              payee=labels[payment.payee], points=payment.points))
        return text


def cut_line(cut: TableCut, names: Sequence[str], paint: Painter) -> str:
    """The cut for the first deal in words (R4): every round, then who cut lowest."""
    m = paint.m
    rounds = []
    for cards in cut.rounds:
        rounds.append(", ".join(f"{names[p]} {paint.card(c)}" for p, c in enumerate(cards)))
    lowest = cards_of(1 << cut.rounds[-1][cut.low])
    return m("table.cut", rounds="; ".join(rounds), name=names[cut.low],
             card=paint.cards(lowest))


def table_title(table_rules: TableRules, names: Sequence[str], m: Messages) -> list[str]:
    """The opening lines: what kind of game, who plays."""
    if table_rules.kind == "three":
        return [m("table.title_three", target=table_rules.target),
                m("table.players", names=", ".join(names))]
    players = table_rules.players
    return [m("table.title_teams", size=table_rules.team_size, target=table_rules.target),
            m("table.teams", team0=team_name(players, 0, names, m),
              team1=team_name(players, 1, names, m))]


__all__ = ["TableTerminal", "cut_line", "seat_names", "table_title", "team_name"]
