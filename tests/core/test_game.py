"""A game of many hands (R4, R5, R27-R32); worked examples per preset: test_game_presets.py.

Hands are dealt from explicit decks (``tests.handbuilder.deck_for``), so each
outcome is known: the scenarios below give the non-dealer a gin, a knock, or
a knock that the dealer undercuts, whoever the dealer is.
"""

from __future__ import annotations

import io
import random
from typing import NamedTuple

import pytest

from ginrummy.cli.replay_text import ReplayText
from ginrummy.core.actions import DONE, DRAW_STOCK, PASS, discard, layoff, meld, parse_action
from ginrummy.core.cut import Cut, cut_for_deal
from ginrummy.core.errors import GameError
from ginrummy.core.game import Game, GamePhase, new_game, prefers_to_deal
from ginrummy.core.hand import IllegalActionError, Phase
from ginrummy.core.melds import best_arrangement, best_defence
from ginrummy.core.result import HandResult
from ginrummy.core.rules import Rules
from ginrummy.core.scoring import Payment, next_dealer, settle
from ginrummy.core.table import TableRules
from ginrummy.i18n import Messages
from tests.handbuilder import deck_for

SEAT1_DEALS = Cut.parse("KD 2S")
"""A cut that makes seat 1 the first dealer, so seat 0 is the first non-dealer."""

ND_MELDED = "AS 2S 3S 7H 7D 7C 9C TC JC KD"
DEALER_57 = "4H 5H 6H 5C 5D 8S 9H JD QD KH"
"""Deadwood 57 (5C 5D or 4H 6H, 8S, 9H, JD, QD, KH); nothing lays off on ND_MELDED's melds."""
ND_NINE = "AS 2S 3S 7H 7D 7C JC QC KC 9D"
"""Three melds and 9D: knocks with 9."""
DEALER_ONE = "2H 3H 4H 5C 5D 5S 8S 8H 8D AD"
"""Three melds and AD: deadwood 1."""


class Scenario(NamedTuple):
    non_dealer: str
    dealer: str
    upcard: str
    stock: str
    moves: str


GIN = Scenario(ND_MELDED, DEALER_57, "QC", "", "take; knock KD")
"""The non-dealer takes QC and goes gin: gin bonus + 57."""
KNOCK = Scenario(ND_MELDED, DEALER_57, "2D", "", "take; knock KD")
"""The non-dealer takes 2D and knocks with 2: scores 55."""
UNDERCUT = Scenario(ND_NINE, DEALER_ONE, "KD", "KS", "pass; pass; stock; knock KS")
"""The non-dealer knocks with 9, the dealer has 1: the dealer scores 8 + undercut bonus."""
TIE = Scenario(ND_NINE, DEALER_ONE.replace("AD", "9H"), "KD", "KS", "pass; pass; stock; knock KS")
"""Both count 9: an undercut, or a tie when undercut_on_tie is off."""
SPADE_GIN = Scenario("AH 2H 3H 7H 7D 7C 9S TS JS KD", DEALER_57, "QS", "", "take; knock KD")
"""Oklahoma: a gin on a spade upcard (limit 10): (25 + 57) x 2."""
SPADE_UNDERCUT = Scenario(ND_NINE, DEALER_ONE, "QS", "KH", "pass; pass; stock; knock KH")
"""Oklahoma: an undercut on a spade upcard: (8 + 25) x 2."""
ACE_GIN = Scenario(ND_MELDED, DEALER_57, "AD", "QC", "pass; pass; stock; knock KD")
"""An ace upcard; the non-dealer draws QC from the stock and goes gin."""
KEEP_UPCARD = Scenario("AS 2S 3S 7H 7D 7C 9C TC JC 4D", DEALER_57, "KD", "", "take; knock KD")
"""GRA (R12 lifted): take KD and knock with that same card, deadwood 4: scores 53."""


def start(rules: Rules | str, cut: Cut = SEAT1_DEALS) -> Game:
    """A game whose first dealer is the lower cut (under high_cut_chooses, the higher
    cut lets the other deal)."""
    game = Game.start(Rules.preset(rules) if isinstance(rules, str) else rules, cut)
    return game if game.chooser is None else game.choose_to_deal(game.chooser, False)


def play(game: Game, moves: str) -> Game:
    for move in moves.split(";"):
        game = game.apply(parse_action(move))
    return game


def lay_out(game: Game) -> Game:
    """The knocker shows its best melds; the defender its best melds and layoffs."""
    while game.hand is not None and game.hand.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
        hand = game.hand
        free = hand.free_cards(hand.turn)
        if hand.phase is Phase.KNOCKER_MELDS:
            for shown in best_arrangement(free).melds:
                game = game.apply(meld(shown))
        else:
            gin = hand.free_cards(hand.knocker) == 0
            defence = best_defence(free, hand.melds[hand.knocker], gin=gin)
            for shown in defence.melds:
                game = game.apply(meld(shown))
            left = list(defence.layoffs)
            while left:
                card = next(c for c in left if layoff(c) in game.legal_actions())
                game = game.apply(layoff(card))
                left.remove(card)
        game = game.apply(DONE)
    return game


def hand(game: Game, scenario: Scenario) -> Game:
    """Deal ``scenario`` (whoever deals) and play it to its end."""
    deck = deck_for(scenario.non_dealer, scenario.dealer, scenario.upcard, scenario.stock)
    game = play(game.deal(deck), scenario.moves)
    return lay_out(game)


def void_hand(game: Game) -> Game:
    """Deal GIN's deck and let both players draw from the stock and throw it back until void."""
    game = game.deal(deck_for(GIN.non_dealer, GIN.dealer, GIN.upcard))
    while game.hand is not None:
        state = game.hand
        if state.phase in (Phase.FIRST_UPCARD, Phase.WALL):
            game = game.apply(PASS)
        elif state.phase is Phase.DRAW:
            game = game.apply(DRAW_STOCK)
        else:
            game = game.apply(discard(state.deck[state.stock_pos - 1]))
    return game


def last(game: Game) -> HandResult:
    return game.results[-1]


# ---------------------------------------------------------------- the scenarios themselves


def test_scenarios_score_as_described() -> None:
    game = hand(start("standard"), GIN)
    assert (last(game).outcome, last(game).winner, last(game).points) == ("gin", 0, 82)
    game = hand(start("standard"), KNOCK)
    assert (last(game).outcome, last(game).winner, last(game).points) == ("knock", 0, 55)
    game = hand(start("standard"), UNDERCUT)
    assert (last(game).outcome, last(game).winner, last(game).points) == ("undercut", 1, 33)
    game = hand(start("openspiel"), TIE)
    assert (last(game).outcome, last(game).winner, last(game).points) == ("tie", None, 0)
    game = void_hand(start("standard"))
    assert last(game).is_void and game.points == (0, 0)


# ---------------------------------------------------------------- R4, R5: dealers


class ScriptedRandom(random.Random):
    """A Random whose ``sample`` returns scripted pairs (to force ties in the cut)."""

    def __init__(self, pairs: list[tuple[int, int]]) -> None:
        super().__init__(0)
        self.pairs = list(pairs)

    def sample(self, population: object, k: int, *, counts: object = None) -> list[int]:
        assert k == 2
        return list(self.pairs.pop(0))


def card(text: str) -> int:
    from ginrummy.core.cards import parse_card

    return parse_card(text)


def _replay_text(rules: Rules) -> ReplayText:
    return ReplayText(Messages("en"), TableRules(2, rules), None, io.StringIO())


def test_R4_cut_lower_card_deals_ties_recut() -> None:
    rng = ScriptedRandom([(card("7H"), card("7C")), (card("AD"), card("AS")),
                          (card("KD"), card("2S"))])
    cut = cut_for_deal(rng)
    assert str(cut) == "7H 7C, AD AS, KD 2S"
    assert cut.low == 1
    words = _replay_text(Rules.preset("standard")).cut_text(cut)  # the cut in words, at the edge
    assert "tie: cut again" in words and "seat 1 cut the lower card (2)" in words
    assert Cut.parse("3C QH").low == 0
    assert Cut.parse("TC 9H").low == 1  # ten is higher than nine: rank, not suit
    # reproducible from a seed, and always decided
    for seed in range(200):
        first, again = cut_for_deal(seed), cut_for_deal(random.Random(seed))
        assert first == again
        low, high = first.rounds[-1][first.low], first.rounds[-1][1 - first.low]
        assert low % 13 < high % 13
        assert all(a % 13 == b % 13 for a, b in first.rounds[:-1])
    assert any(len(cut_for_deal(seed).rounds) > 1 for seed in range(200))
    game = new_game(Rules.preset("standard"), 5)
    assert game.dealer == game.cut.low and game.phase is GamePhase.DEALING


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7H 7C", "the lowest rank is tied; another round is needed"),
        ("7H 8C, KD 2S", "not a tie, yet more rounds follow"),
        ("7H 7H", "7H is cut twice"),
        ("7H", "at least two players; got 1 card$"),
        ("7H XX", "not a card"),
        ("", "at least two players; got 0 cards"),
    ],
)
def test_R4_cut_errors(text: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        Cut.parse(text)


def test_R4_higher_cut_chooses_to_deal_under_lotoflaughs() -> None:
    rules = Rules.preset("lotoflaughs")
    assert rules.first_dealer == "high_cut_chooses"
    cut = Cut.parse("7H 7C, KD 2S")  # seat 0 cut the king: the higher card
    game = Game.start(rules, cut)
    assert game.chooser == 0 and cut.high == 0
    deck = deck_for(*KNOCK[:4])
    with pytest.raises(GameError, match="seat 0 cut the higher card.*R4"):
        game.deal(deck)
    with pytest.raises(GameError, match="seat 1 cut the lower card; seat 0 chooses"):
        game.choose_to_deal(1, True)
    with pytest.raises(GameError, match="true or false, got 'yes'"):
        game.choose_to_deal(0, "yes")  # type: ignore[arg-type]
    deals = game.choose_to_deal(0, True)
    assert (deals.dealer, deals.chooser, deals.high_cut_deals) == (0, None, True)
    assert deals.deal(deck).hand is not None and deals.deal(deck).to_act == 1
    with pytest.raises(GameError, match="already chose to deal"):
        deals.choose_to_deal(0, False)
    declines = game.choose_to_deal(0, False)
    assert declines.dealer == 1 and declines.deal(deck).to_act == 0
    assert game.chooser == 0  # the game the choice was made in is unchanged


def test_R4_lower_cut_deals_without_a_choice_by_default() -> None:
    game = Game.start(Rules.preset("classic"), Cut.parse("KD 2S"))
    assert game.chooser is None and game.dealer == 1
    with pytest.raises(GameError, match="low_cut_deals.*nobody chooses"):
        game.choose_to_deal(0, True)


def test_R4_the_computer_lets_the_other_player_deal() -> None:
    assert prefers_to_deal(Rules.preset("lotoflaughs")) is False


def test_R5_loser_deals_next() -> None:
    game = start("classic")
    assert game.dealer == 1
    game = hand(game, GIN)  # seat 0 (non-dealer) wins: the dealer lost and deals again
    assert game.dealer == 1
    game = hand(game, UNDERCUT)  # the dealer, seat 1, undercuts: seat 0 lost and deals
    assert last(game).winner == 1 and game.dealer == 0
    game = hand(game, GIN)  # seat 1 (non-dealer) wins: seat 0 deals again
    assert last(game).winner == 1 and game.dealer == 0


def test_R5_winner_deals() -> None:
    game = start(Rules.preset("classic", dealer_rule="winner"))
    game = hand(game, GIN)
    assert last(game).winner == 0 and game.dealer == 0
    game = hand(game, UNDERCUT)  # the dealer (seat 0) wins and deals again
    assert last(game).winner == 0 and game.dealer == 0
    game = hand(game, GIN)  # seat 1 wins
    assert last(game).winner == 1 and game.dealer == 1


def test_R5_alternate() -> None:
    game = start(Rules.preset("standard", target=500))
    dealers = [game.dealer]
    for scenario in (GIN, UNDERCUT, KNOCK):
        game = hand(game, scenario)
        dealers.append(game.dealer)
    assert dealers == [1, 0, 1, 0]


@pytest.mark.parametrize("dealer_rule", ["loser", "winner", "alternate"])
def test_R5_void_hand_same_dealer(dealer_rule: str) -> None:
    game = start(Rules.preset("classic", dealer_rule=dealer_rule))
    game = void_hand(game)
    assert last(game).is_void and game.dealer == 1
    game = hand(game, GIN)
    game = void_hand(game)
    assert last(game).is_void
    assert game.dealer == {"loser": 1, "winner": 0, "alternate": 0}[dealer_rule]
    assert game.points == (77, 0) and game.hands_won == (1, 0)
    assert game.hands_played == 1 and len(game.finished) == 3


@pytest.mark.parametrize(("dealer_rule", "next_seat"),
                         [("loser", 1), ("winner", 1), ("alternate", 0)])
def test_R5_after_a_tie(dealer_rule: str, next_seat: int) -> None:
    """No winner nor loser: the same dealer deals again, except under ``alternate``."""
    game = start(Rules.preset("openspiel", dealer_rule=dealer_rule))
    game = hand(game, TIE)
    assert last(game).outcome == "tie" and game.dealer == next_seat
    assert game.points == (0, 0) and game.hands_won == (0, 0) and game.hands_played == 1


def test_R5_next_dealer_table() -> None:
    rules = Rules.preset("classic")
    won_by_0 = hand(start(rules), GIN).results[-1]
    assert next_dealer(rules, 1, won_by_0) == 1
    assert next_dealer(rules.replace(dealer_rule="winner"), 1, won_by_0) == 0
    assert next_dealer(rules.replace(dealer_rule="alternate"), 1, won_by_0) == 0


# ---------------------------------------------------------------- R27-R31: the game


def test_R27_target() -> None:
    game = hand(start("standard"), GIN)
    assert game.points == (82, 0) and not game.is_over
    assert game.phase is GamePhase.DEALING and game.hand is None
    game = hand(game, UNDERCUT)  # standard alternates: seat 0 deals, seat 1 knocks with 9...
    assert last(game).winner == 0 and game.points == (115, 0)
    assert game.is_over and game.end_reason == "target" and game.winner == 0
    with pytest.raises(GameError, match="the game is over"):
        game.deal(deck_for(*GIN[:4]))
    with pytest.raises(GameError, match="the game is over"):
        game.apply(DRAW_STOCK)
    exact = hand(start(Rules.preset("standard", target=82)), GIN)
    assert exact.is_over and exact.winner == 0  # reaching the target exactly is enough


def test_R28_box_bonus_kept_apart() -> None:
    rules = Rules.preset("modern", target=70)
    game = hand(start(rules), KNOCK)
    assert game.points == (55, 0) and game.hands_won == (1, 0) and game.box_points == (25, 0)
    assert not game.is_over  # 55 + a 25-point box passes 70, but boxes do not count
    sheet = game.settlement()
    assert sheet.final == (80, 0) and sheet.game_bonus == (0, 0) and sheet.winner is None


def test_R29_game_bonus() -> None:
    game = start("lotoflaughs")
    for scenario in (KNOCK, UNDERCUT, GIN):  # 55 to seat 0; 33 to seat 1; 82 to seat 1
        game = hand(game, scenario)
    assert game.points == (55, 115) and game.winner == 1
    sheet = game.settlement()
    assert sheet.game_bonus == (0, 100) and not sheet.shutout


def test_R29_shutout_double_bonus() -> None:
    game = hand(hand(start("modern"), UNDERCUT), GIN)  # seat 1: 33, then 82
    assert game.points == (0, 115) and game.winner == 1
    sheet = game.settlement()
    assert sheet.shutout and sheet.game_bonus == (0, 100) and sheet.shutout_points == (0, 100)
    assert sheet.final == (0, 115 + 50 + 200)
    assert [line.label for line in sheet.lines()] == [
        "hand points", "boxes (hands won × 25)", "game bonus", "shutout (bonus doubled)",
        "final total",
    ]


def test_R29_shutout_double_all() -> None:
    rules = Rules.preset("modern", shutout_rule="double_all")
    game = hand(hand(start(rules), UNDERCUT), GIN)
    sheet = game.settlement()
    assert sheet.shutout and sheet.shutout_points == (0, 265)
    assert sheet.final == (0, 2 * (115 + 50 + 100))


def test_R29_no_shutout_when_loser_scored() -> None:
    game = start("modern")
    for scenario in (KNOCK, UNDERCUT, GIN):
        game = hand(game, scenario)
    sheet = game.settlement()
    assert sheet.winner == 1 and not sheet.shutout and sheet.shutout_points == (0, 0)
    assert hand(hand(start(Rules.preset("modern", shutout_rule="none")), UNDERCUT),
                GIN).settlement().shutout is False


def test_R30_settlement() -> None:
    rules = Rules.preset("modern", stake_per_point=3)
    game = start(rules)
    for scenario in (KNOCK, UNDERCUT, GIN):
        game = hand(game, scenario)
    sheet = game.settlement()
    assert sheet.points == (55, 115) and sheet.box_points == (25, 50)
    assert sheet.final == (80, 265) and sheet.margin == 185
    assert sheet.payer == 0 and sheet.payment == 555
    out = io.StringIO()
    ReplayText(Messages("en"), TableRules(2, rules), None, out).footer(game)
    text = out.getvalue()
    assert "game over (target): winner seat 1" in text
    assert "margin 185: seat 0 pays seat 1 3 × 185 = 555" in text
    # the seat with the lower final total pays, even if it won the game (big boxes)
    boxes = settle(Rules.preset("modern", box_bonus=50), (100, 90), (1, 5), (0, 0), 0, "target")
    assert boxes.final == (250, 340) and boxes.payer == 0 and boxes.margin == 90
    even = settle(Rules.preset("modern"), (0, 0), (0, 0), (0, 0), None, "time_limit")
    assert even.payer is None and even.margin == 0 and even.payment == 0


def test_R31_max_hands_and_time_limit() -> None:
    rules = Rules.preset("lotoflaughs", max_hands=2, limit_awards_game_bonus=True)
    game = hand(start(rules), KNOCK)
    game = void_hand(game)  # a void hand is cancelled: it does not count
    assert not game.is_over and game.hands_played == 1
    game = hand(game, UNDERCUT)
    assert game.is_over and game.end_reason == "max_hands" and game.points == (55, 33)
    sheet = game.settlement()
    assert sheet.winner == 0 and sheet.game_bonus == (100, 0)
    assert sheet.final == (55 + 25 + 100, 33 + 25)

    timed = Rules.preset("lotoflaughs", time_limit_minutes=30, limit_awards_game_bonus=True)
    game = hand(start(timed), KNOCK)
    deck = deck_for(*UNDERCUT[:4])
    assert game.deal(deck, elapsed_minutes=29.5).phase is GamePhase.IN_HAND
    ended = game.deal(deck, elapsed_minutes=30)
    assert ended.is_over and ended.end_reason == "time_limit" and ended.winner == 0
    assert ended.hand is None and len(ended.finished) == 1
    # reported during a hand: the game ends when that hand ends
    playing = game.deal(deck).time_up()
    assert playing.phase is GamePhase.IN_HAND and playing.time_is_up
    done = lay_out(play(playing, UNDERCUT.moves))
    assert done.is_over and done.end_reason == "time_limit" and done.points == (55, 33)
    # between hands: at once; equal totals at a limit: no winner, no bonus
    level = start(timed).time_up()
    assert level.is_over and level.winner is None and level.settlement().game_bonus == (0, 0)
    with pytest.raises(GameError, match="no time limit"):
        start("lotoflaughs").time_up()
    # without a time limit, elapsed minutes change nothing
    assert start("lotoflaughs").deal(deck, elapsed_minutes=1e9).phase is GamePhase.IN_HAND


def test_R31_limit_without_target_gives_no_game_bonus() -> None:
    rules = Rules.preset("classic", max_hands=2)  # game bonus 100, a shutout doubles it
    game = hand(hand(start(rules), KNOCK), KNOCK)  # seat 0 knocks twice for 55
    assert game.is_over and game.end_reason == "target"  # 110 reaches the target of 100
    game = hand(start(rules.replace(target=150)), KNOCK)
    game = hand(game, KNOCK)
    assert game.end_reason == "max_hands" and game.points == (110, 0) and game.winner == 0
    sheet = game.settlement()
    assert sheet.game_bonus == (0, 0) and not sheet.shutout and sheet.shutout_points == (0, 0)
    assert sheet.final == (110 + 2 * 20, 0) and sheet.payer == 1
    timed = rules.replace(time_limit_minutes=30)
    ended = hand(start(timed), KNOCK).time_up()
    assert ended.end_reason == "time_limit" and ended.winner == 0
    assert ended.settlement().game_bonus == (0, 0) and not ended.settlement().shutout


def test_R31_limit_awards_game_bonus_option_gives_the_leader_bonus_and_shutout() -> None:
    rules = Rules.preset("classic", max_hands=2, target=150, limit_awards_game_bonus=True)
    game = hand(hand(start(rules), KNOCK), KNOCK)
    sheet = game.settlement()
    assert game.end_reason == "max_hands" and sheet.winner == 0
    assert sheet.game_bonus == (100, 0) and sheet.shutout and sheet.shutout_points == (100, 0)
    assert sheet.final == (110 + 40 + 200, 0)


def test_R31_equal_totals_at_a_limit_no_winner_boxes_still_settle() -> None:
    rules = Rules.preset("modern", max_hands=2, box_bonus=30, limit_awards_game_bonus=True)
    game = hand(hand(start(rules), UNDERCUT), UNDERCUT)  # 33 each: seat 1, then seat 0
    assert game.points == (33, 33) and game.end_reason == "max_hands"
    sheet = game.settlement()
    assert game.winner is None and sheet.winner is None
    assert sheet.game_bonus == (0, 0) and not sheet.shutout
    assert sheet.final == (63, 63) and sheet.payer is None


def test_R31_target_wins_over_a_limit() -> None:
    rules = Rules.preset("standard", max_hands=2)
    game = hand(hand(start(rules), GIN), UNDERCUT)
    assert game.end_reason == "target"


def test_R32_oklahoma_spade_double_and_extra_boxes() -> None:
    rules = Rules.preset("oklahoma", extra_boxes=True)
    game = hand(start(rules), SPADE_GIN)
    result = last(game)
    assert (result.outcome, result.multiplier, result.points) == ("gin", 2, 164)
    assert result.extra_boxes == 4 and game.extra_boxes == (4, 0) and game.hands_won == (1, 0)
    assert game.is_over and game.winner == 0  # 164 passes the target of 150
    sheet = game.settlement()
    assert sheet.box_points == (25, 0) and sheet.extra_box_points == (100, 0)
    assert sheet.final == (164 + 25 + 100 + 100 + 100, 0)
    assert "extra boxes (× 25)" in [line.label for line in sheet.lines()]

    game = hand(start(rules), SPADE_UNDERCUT)
    assert (last(game).points, last(game).extra_boxes) == (66, 2)
    game = hand(game, UNDERCUT)  # KD upcard: no doubling, one extra box; seat 0 deals now
    assert last(game).winner == 0 and (last(game).points, last(game).extra_boxes) == (33, 1)
    assert game.extra_boxes == (1, 2) and game.hands_won == (1, 1)
    # the upcard sets the knock limit: a 2 allows 2, an ace only gin in oklahoma_online
    knock = hand(start("oklahoma"), KNOCK)
    assert last(knock).knock_limit == 2 and last(knock).points == 55
    with pytest.raises(IllegalActionError, match="knock limit 0"):
        play(start("oklahoma_online").deal(deck_for(*ACE_GIN[:3], stock="2D")),
             "pass; pass; stock; knock KD")


def test_game_moves_are_checked_and_pure() -> None:
    game = start("standard")
    with pytest.raises(GameError, match="no hand in progress"):
        game.apply(DRAW_STOCK)
    dealt = game.deal(deck_for(*GIN[:4]))
    with pytest.raises(GameError, match="hand 1 is still being played"):
        dealt.deal(deck_for(*GIN[:4]))
    with pytest.raises(IllegalActionError, match="stock"):
        dealt.apply(DRAW_STOCK)  # the first upcard must be taken or passed
    assert dealt.hand is not None and dealt.hand.phase is Phase.FIRST_UPCARD
    assert game.phase is GamePhase.DEALING and game.hand is None  # untouched
    assert dealt.to_act == 0 and dealt.legal_actions() == dealt.hand.legal_actions()
    assert dealt.apply_unchecked(PASS) == dealt.apply(PASS)
    rng_game = new_game(Rules.preset("standard"), random.Random(3)).deal_from(random.Random(4))
    again = new_game(Rules.preset("standard"), random.Random(3)).deal_from(random.Random(4))
    assert rng_game == again and rng_game.hand is not None


def test_docstring_examples() -> None:
    import doctest

    import ginrummy.core.game

    failures, tried = doctest.testmod(ginrummy.core.game)
    assert failures == 0 and tried > 0


def test_a_game_of_two_is_a_table_of_two_with_the_same_cut_deals_and_scores() -> None:
    """One game class: ``TableRules(2, rules)`` and ``rules`` alone make the same game, and a
    two-player game answers the table questions like any other (one table, players 0 and 1)."""
    rules = Rules.preset("standard", max_hands=4)
    alone, table = new_game(rules, 11), new_game(TableRules(2, rules), 11)
    assert alone == table and alone.cut.players == 2 and alone.tables == 1
    rng_a, rng_b = random.Random(3), random.Random(3)
    while not alone.is_over:
        assert alone.tables_to_deal() == (0,) and alone.players_at(0) == (0, 1)
        alone, table = alone.deal_from(rng_a), table.deal_from(rng_b, table=0)
        while alone.hand is not None:
            action = rng_a.choice(alone.hand.legal_actions())
            rng_b.choice(alone.hand.legal_actions())
            alone, table = alone.apply(action), table.apply(action, table=0)
    assert alone == table
    assert [h.state for h in alone.played] == list(alone.finished)
    assert [h.round for h in alone.played] == list(range(1, len(alone.finished) + 1))
    settlement = alone.settlement()
    assert settlement.winner == alone.winner and alone.end_reason in ("target", "max_hands")
    assert settlement.payer is not None
    assert settlement.payments == (Payment(settlement.payer, 1 - settlement.payer,
                                           settlement.margin, settlement.payment),)
