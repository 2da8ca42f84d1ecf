"""What ``gin replay`` prints, for a game of any number of players, in the reader's language.

One renderer for every game: a game of two speaks of seats (a seat is a player), a game of
three or of teams of players and their seat at each table. Every word comes from the
catalogue (``replay.*``, ``settle.*``, ``outcome.*``, ``void.*``), so an Italian reader sees
the replay in Italian.
"""

from __future__ import annotations

from typing import TextIO

from ginrummy.core import actions as act
from ginrummy.core.actions import Action
from ginrummy.core.cards import RANKS, cards_of, rank_of
from ginrummy.core.cut import Cut
from ginrummy.core.game import Game
from ginrummy.core.hand import HandState
from ginrummy.core.melds import min_deadwood
from ginrummy.core.result import HandResult
from ginrummy.core.scoring import Settlement, SettlementLine
from ginrummy.core.table import TableRules
from ginrummy.format.replay import Step
from ginrummy.i18n import Messages
from ginrummy.terminal.screen import void_reason

_SIMPLE = {act.DRAW_STOCK: "replay.act.stock", act.DRAW_DISCARD: "replay.act.take_top",
           act.PASS: "replay.act.pass", act.DONE: "replay.act.done",
           act.BIG_GIN: "replay.act.big_gin"}


class ReplayText:
    """Prints a replay to ``out``: the header, each step, the footer."""

    def __init__(self, m: Messages, table_rules: TableRules, viewer: int | None, out: TextIO):
        self.m, self.table_rules, self.viewer, self.out = m, table_rules, viewer, out
        self.two = table_rules.players == 2

    def rank(self, rank: int) -> str:
        """A rank as the reader's cards write it (``10``, not ``T``, with card symbols)."""
        return RANKS[rank].replace("T", "10") if self.m.symbols else RANKS[rank]

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    # ------------------------------------------------------------ the header

    def header(self, cut: Cut) -> None:
        m, table = self.m, self.table_rules
        name = table.rules.name
        if self.two:
            self.say(m("replay.rules", rules=name))
        elif table.kind == "three":
            self.say(m("replay.rules_three", rules=name, target=table.target))
        else:
            self.say(m("replay.rules_teams", rules=name, size=table.team_size,
                       target=table.target))
        self.say(m("replay.cut", cut=self.cut_text(cut)))

    def cut_text(self, cut: Cut) -> str:
        m = self.m
        if not self.two:
            parts = []
            for cards in cut.rounds:
                text = ", ".join(m("replay.cut_player", player=p, card=self.m.card(c))
                                 for p, c in enumerate(cards))
                ranks = [rank_of(c) for c in cards]
                parts.append(m("replay.cut_tie_lowest", cut=text)
                             if ranks.count(min(ranks)) > 1 else text)
            rank = self.rank(rank_of(cut.rounds[-1][cut.low]))
            return "; ".join([*parts, m("replay.cut_lowest", player=cut.low, rank=rank)])
        parts = []
        for first, second in cut.rounds:
            text = m("replay.cut_two", first=self.m.card(first), second=self.m.card(second))
            parts.append(m("replay.cut_tie", cut=text) if rank_of(first) == rank_of(second)
                         else text)
        if self.table_rules.rules.first_dealer == "high_cut_chooses":
            rank = self.rank(rank_of(cut.rounds[-1][cut.high]))
            return "; ".join([*parts, m("replay.cut_higher", seat=cut.high, rank=rank)])
        rank = self.rank(rank_of(cut.rounds[-1][cut.low]))
        return "; ".join([*parts, m("replay.cut_lower", seat=cut.low, rank=rank)])

    # ------------------------------------------------------------ the steps

    def step(self, step: Step) -> None:
        m, game = self.m, step.game
        if step.kind == "time_up":
            self.say()
            self.say(m("replay.time_up"))
            return
        if step.kind in ("forfeit", "resign"):
            self.say()
            self.say(m(f"replay.{step.kind}", player=step.player))
            return
        # Once a hand ends the game already seats the next one: take the players from before.
        players = (step.before if step.kind == "action" else game).players_at(step.table)
        viewer = self.viewer
        # The viewer's seat at this table; -1 when the viewer plays elsewhere (sees neither).
        seat = None if viewer is None else (players.index(viewer) if viewer in players else -1)
        if step.kind == "deal":
            hand = game.hands[step.table]
            assert hand is not None
            upcard = m("replay.no_upcard") if hand.upcard is None else self.m.card(hand.upcard)
            self.say()
            if self.two:
                self.say(m("replay.deal_two", hand=step.hand, dealer=hand.dealer, upcard=upcard,
                           limit=hand.limit))
            else:
                self.say(m("replay.deal_table", hand=step.hand, round=game.round_number,
                           table=step.table, dealer=game.dealer_at(step.table),
                           first=players[0], second=players[1], upcard=upcard,
                           limit=hand.limit))
            self.hands(hand, seat)
            return
        before = step.before.hands[step.table]
        assert before is not None and step.action is not None and step.seat is not None
        after = game.hands[step.table]
        if after is None:
            after = [h for h in game.played if h.table == step.table][-1].state
        who = (m("replay.who_seat", index=step.index, seat=step.seat) if self.two else
               m("replay.who_player", index=step.index, player=step.player, seat=step.seat))
        if self.move(who, before, after, step.seat, step.action, seat):
            self.totals(step)

    def move(self, who: str, before: HandState, after: HandState, seat: int, action: Action,
             viewer: int | None) -> bool:
        """One move's line and the hands after it; at the hand's end its result. True then."""
        text = self.action_text(before, after, seat, action, viewer)
        pile = self.m.card(after.pile[-1]) if after.pile else "-"
        self.say(self.m("replay.move", who=who, text=text, stock=after.stock_size, pile=pile))
        if not after.is_over:
            self.hands(after, viewer)
            return False
        self.hands(after, None)
        assert after.result is not None
        for line in self.result_lines(after.result):
            self.say(f"     {line}")
        return True

    def action_text(self, before: HandState, after: HandState, seat: int, action: Action,
                    viewer: int | None) -> str:
        m = self.m
        hidden = viewer is not None and viewer != seat and not after.is_over
        if action == act.DRAW_STOCK:
            drawn = before.deck[before.stock_pos]
            return m("replay.act.stock") if hidden else m("replay.act.stock_drew",
                                                          card=self.m.card(drawn))
        if action == act.DRAW_DISCARD and before.pile:
            return m("replay.act.take", card=self.m.card(before.pile[-1]))
        if act.KNOCK_BASE <= action < act.LAYOFF_BASE and hidden:
            return m("replay.act.knock_hidden")
        if action in _SIMPLE:
            return m(_SIMPLE[action])
        if action >= act.MELD_BASE:
            return m("replay.act.meld", cards=self.m.cards(cards_of(act.action_meld(action))))
        if action >= act.LAYOFF_BASE:
            return m("replay.act.layoff", card=self.m.card(action - act.LAYOFF_BASE))
        if action >= act.KNOCK_BASE:
            return m("replay.act.knock", card=self.m.card(action - act.KNOCK_BASE))
        return m("replay.act.discard", card=self.m.card(action - act.DISCARD_BASE))

    def hands(self, state: HandState, viewer: int | None) -> None:
        for seat in (0, 1):
            self.say(f"       {self.hand_text(state, seat, viewer)}")

    def hand_text(self, state: HandState, seat: int, viewer: int | None) -> str:
        m = self.m
        mark = "*" if state.turn == seat else " "
        melds = state.melds[seat]
        shown = " ".join(f"[{self.m.cards(cards_of(meld))}]" for meld in melds)
        laid = state.laid_off if seat != state.knocker and state.knocker >= 0 else 0
        if laid:
            shown += " " + m("replay.layoffs", cards=self.m.cards(cards_of(laid)))
        free = state.free_cards(seat)
        public = (viewer is None or viewer == seat or state.is_over
                  or (seat == state.knocker and state.phase.name == "DEFENDER"))
        if public:
            cards = self.m.cards(cards_of(free))
            tail = ("  " + m("replay.deadwood", count=min_deadwood(free))
                    if not melds and free.bit_count() == 10 else "")
            body = f"{shown} {cards}".strip() + tail
        else:
            known = free & state.known[seat]
            unseen = m("replay.unseen", count=(free & ~known).bit_count())
            body = " ".join(x for x in (shown, self.m.cards(cards_of(known)), unseen) if x)
        return m("replay.hand_line", mark=mark, seat=seat, body=body)

    def result_lines(self, result: HandResult) -> list[str]:
        m = self.m
        if result.outcome == "void":
            reason = (str(result.void_reason) if m.lang == "en" else
                      void_reason(result.void_reason, m))
            return [m("replay.void", reason=reason)]
        lines = [m("replay.knock_counts", knocker=result.knocker,
                   knocker_deadwood=result.knocker_deadwood,
                   defender_deadwood=result.defender_deadwood, limit=result.knock_limit)]
        outcome = m(f"outcome.{result.outcome}") if m.lang != "en" else result.outcome
        if result.winner is None:
            lines.append(m("replay.equal", outcome=outcome))
            return lines
        kd, dd = result.knocker_deadwood, result.defender_deadwood
        if result.outcome == "knock":
            total = m("replay.sum_knock", defender=dd, knocker=kd)
        elif result.outcome == "undercut":
            total = m("replay.sum_undercut", knocker=kd, defender=dd, bonus=result.bonus)
        else:
            kind = result.outcome.replace("_", " ") if m.lang == "en" else outcome
            total = m("replay.sum_gin", defender=dd, bonus=result.bonus, outcome=kind)
        if result.multiplier != 1:
            total = m("replay.sum_spade", sum=total, multiplier=result.multiplier)
        extra = m("replay.extra_boxes", count=result.extra_boxes) if result.extra_boxes else ""
        lines.append(m("replay.scores", outcome=outcome, winner=result.winner, sum=total,
                       points=result.points, extra=extra))
        return lines

    def totals(self, step: Step) -> None:
        m, game, before = self.m, step.game, step.before
        if self.two:
            points = ", ".join(m("replay.seat_points", seat=s, points=p)
                               for s, p in enumerate(game.points))
            boxes = ", ".join(str(n) for n in game.hands_won)
            self.say("     " + m("replay.totals_two", points=points, boxes=boxes))
            return
        if self.table_rules.kind == "teams":
            if len(game.rounds) == len(before.rounds):
                self.say("     " + m("replay.round_goes_on"))
                return
            score = game.rounds[-1].score
            who = (m("replay.round_nobody") if score.winner is None else
                   m("replay.round_team", team=score.winner, points=score.points))
            self.say("     " + m("replay.round_score", round=game.rounds[-1].number,
                                  first=score.team_points[0], second=score.team_points[1],
                                  who=who))
        totals = ", ".join(m("replay.side_points", side=self.side(i), points=p)
                           for i, p in enumerate(game.totals))
        self.say("     " + m("replay.totals", totals=totals))

    # ------------------------------------------------------------ the footer

    def side(self, number: int) -> str:
        key = ("replay.seat" if self.two else
               "replay.team" if self.table_rules.kind == "teams" else "replay.player")
        return self.m(key, number=number)

    def footer(self, game: Game) -> None:
        m = self.m
        self.say()
        if not game.is_over:
            self.say(m("replay.in_progress_hand", number=game.hand_number) if self.two else
                     m("replay.in_progress_round", number=game.round_number))
        settlement = game.settlement()
        rows = [("", tuple(self.side(i) for i in range(len(settlement.final))))]
        rows += [(self.label(line, settlement), tuple(str(v) for v in line.values))
                 for line in settlement.lines()]
        width = max(len(name) for name, _ in rows)
        column = 7 if self.two else 8
        text = [f"{name:<{width}}  " + "  ".join(f"{v:>{column}}" for v in values)
                for name, values in rows]
        if self.two:
            text.insert(-1, "-" * len(text[0]))
        for line in text:
            self.say(line)
        self.outcome(game, settlement)

    def label(self, line: SettlementLine, settlement: Settlement) -> str:
        bonus = settlement.rules.box_bonus
        if line.key == "boxes" and settlement.box_unit == "rounds":
            return self.m("settle.boxes_rounds", bonus=bonus)
        return self.m(f"settle.{line.key}", bonus=bonus)

    def outcome(self, game: Game, settlement: Settlement) -> None:
        m = self.m
        if game.is_over:
            reason = m(f"replay.end.{game.end_reason}")
            who = (m("replay.nobody_equal") if game.winner is None else self.side(game.winner))
            self.say(m("replay.game_over", reason=reason, who=who))
        elif self.two:
            self.say(m("replay.no_bonus_yet"))
        if not self.two:
            for pay in settlement.payments:
                self.say(m("replay.pays", payer=self.side(pay.payer), payee=self.side(pay.payee),
                           amount=pay.amount, points=pay.points))
            return
        stake = settlement.rules.stake_per_point
        if settlement.payer is None:
            self.say(m("replay.margin_none"))
        elif stake == 0:
            self.say(m("replay.margin_no_stake", margin=settlement.margin))
        else:
            self.say(m("replay.margin_pays", margin=settlement.margin,
                       payer=self.side(settlement.payer), payee=self.side(1 - settlement.payer),
                       stake=stake, payment=settlement.payment))
