"""The review of a finished game (ginrummy.coach.review): decisions clearly below the best are
marked, from the player's own view only."""

from __future__ import annotations

import io
import re
from argparse import Namespace
from pathlib import Path

import pytest

from ginrummy.cli import replay as replay_cli
from ginrummy.coach.hints import Reason, render, sentence, with_card_text
from ginrummy.coach.review import MIN_LOSS, review_lines, review_record
from ginrummy.core.actions import action_name, parse_action
from ginrummy.core.cards import parse_card
from ginrummy.core.cut import Cut
from ginrummy.core.game import Game
from ginrummy.core.rules import Rules
from ginrummy.format.record import GameRecord
from ginrummy.format.replay import dump_record, record_of
from ginrummy.i18n import CATALOGUES, Messages
from tests.handbuilder import deck_for

ANN = "AS 2S 3S 7H 7D 7C 9C TC JC KD"
"""Player 0, not dealing: the upcard QC makes 9C TC JC QC, and with KD thrown that is gin."""
CUT = Cut.parse("KH 2D")  # player 1 cuts lower and deals


def game_of(moves: str, dealer_hand: str = "4H 5D 6C 8S 9S JD QS KS 2C 3H",
            stock: str = "") -> GameRecord:
    game = Game.start(Rules.preset("standard"), CUT)
    deck = deck_for(non_dealer=ANN, dealer=dealer_hand, upcard="QC", stock=stock)
    game = game.deal(deck)
    for move in moves.split(", "):
        game = game.apply(parse_action(move))
    return record_of(game)


def test_passing_on_an_upcard_that_makes_gin_is_marked_with_the_take() -> None:
    review = review_record(game_of("pass"), 0)
    assert review.judged == 1 and len(review.marks) == 1
    mark = review.marks[0]
    assert (mark.hand, mark.index, mark.phase) == (1, 1, "first_upcard")
    assert action_name(mark.chosen) == "pass" and action_name(mark.better) == "take"
    assert mark.loss >= MIN_LOSS and mark.better_value > mark.chosen_value
    assert [r.key for r in mark.reasons] == ["left_upcard"]
    assert mark.reasons[0].params["after"] == 0  # with QC, deadwood 0 after throwing KD
    assert review.accuracy == 0.0


def test_not_going_gin_when_it_was_there_is_marked_missed_gin() -> None:
    review = review_record(game_of("take, discard AS"), 0)
    assert [m.index for m in review.marks] == [2]
    mark = review.marks[0]
    assert action_name(mark.better) == "knock KD"
    assert [r.key for r in mark.reasons] == ["missed_gin"]


def test_the_best_moves_are_not_marked() -> None:
    review = review_record(game_of("take, knock KD"), 0)
    assert review.judged == 2 and review.marks == () and review.accuracy == 100.0


def test_the_review_reads_only_the_players_view_not_the_hidden_cards() -> None:
    one = review_record(game_of("pass"), 0)
    other = review_record(game_of("pass", dealer_hand="AH 2H 3H 4C 5C 6C 8D 9D TD KC",
                                  stock="QD QH"), 0)
    assert one.marks == other.marks and one.judged == other.judged


def test_the_review_in_words_in_english_and_italian(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = Game.start(Rules.preset("standard"), CUT).deal(deck_for(non_dealer=ANN,
                      dealer="4H 5D 6C 8S 9S JD QS KS 2C 3H", upcard="QC"))
    path.write_text(dump_record(game.apply(parse_action("pass"))), encoding="utf-8")
    texts = {}
    for lang in ("en", "it"):
        out = io.StringIO()
        args = Namespace(file=str(path), seat=0, all=False, step=False, review=True, lang=lang)
        assert replay_cli.run(args, out) == 0
        texts[lang] = out.getvalue()
    assert texts["en"].startswith("Review of player 0's game\n"
                                  "decisions judged: 1; clearly below the best: 1;")
    assert "Hand 1, move 1: pass was played; take the discard was better, by about" in texts["en"]
    assert "The QC on the discard pile was worth taking: with it your deadwood would have " \
           "been 0." in texts["en"]
    assert "Analisi della partita del giocatore 0" in texts["it"]
    assert "Mano 1, mossa 1: è stato giocato «passa»" in texts["it"]
    assert "Conveniva prendere dal pozzo la Q♣" in texts["it"]
    assert review_lines(review_record(game_of("take, knock KD"), 0), Messages("en"))[-1] == \
        "No decision was clearly below the best: well played."


def italian_reason(key: str, card: str, **params: object) -> str:
    reason = with_card_text(Reason(key, {"card": parse_card(card), **params}))
    return sentence(render(reason, Messages("it"), "review"))


@pytest.mark.parametrize(("card", "said"), [
    ("KC", "Prendere il K♣ a fine tallone non conveniva."),
    ("8C", "Prendere l'8♣ a fine tallone non conveniva."),
    ("AC", "Prendere l'A♣ a fine tallone non conveniva."),
    ("QC", "Prendere la Q♣ a fine tallone non conveniva."),
])
def test_R22_the_italian_review_says_end_of_the_stock_as_the_rules_errors_do(
        card: str, said: str) -> None:
    assert italian_reason("took_upcard_wall", card) == said


def test_no_italian_message_calls_the_end_of_the_stock_a_wall() -> None:
    walls = [key for key, text in CATALOGUES["it"].items() if re.search(r"\bmur[oi]\b", text)]
    assert walls == []


@pytest.mark.parametrize(("card", "said"), [
    ("TD", "Conveniva prendere dal pozzo il 10♦: con quella carta i punti morti sarebbero "
           "stati 4."),
    ("8D", "Conveniva prendere dal pozzo l'8♦: con quella carta i punti morti sarebbero stati 4."),
    ("QD", "Conveniva prendere dal pozzo la Q♦: con quella carta i punti morti sarebbero stati 4."),
])
def test_the_italian_review_names_the_upcard_it_missed_with_the_article_of_its_rank(
        card: str, said: str) -> None:
    assert italian_reason("left_upcard", card, after=4) == said


@pytest.mark.parametrize(("card", "said"), [
    ("JS", "Potevi fare gin scartando il J♠ (un premio di 25)."),
    ("AS", "Potevi fare gin scartando l'A♠ (un premio di 25)."),
    ("QS", "Potevi fare gin scartando la Q♠ (un premio di 25)."),
])
def test_the_italian_review_names_the_gin_discard_with_the_article_of_its_rank(
        card: str, said: str) -> None:
    assert italian_reason("missed_gin", card, bonus=25) == said


def test_a_defender_who_lays_off_nothing_is_marked_with_the_layoff_missed() -> None:
    game = Game.start(Rules.preset("standard"), CUT)
    game = game.deal(deck_for(non_dealer="8H AS 4S 6D 8C TD QS KD 3C 2H",
                              dealer="5H 6H 7H 9S 9D 9C JC QC KC 2D", upcard="KH", stock="AD"))
    moves = ("pass, pass, stock, discard AD, take, knock 2D, meld 5H 6H 7H, meld 9S 9D 9C, "
             "meld JC QC KC, done")
    for move in moves.split(", "):
        game = game.apply(parse_action(move))
    kept = review_record(record_of(game.apply(parse_action("done"))), 0)
    layout = [m for m in kept.marks if m.phase == "defender"]
    assert len(layout) == 1 and layout[0].index == 11 and layout[0].loss == 8.0
    assert action_name(layout[0].better) == "layoff 8H"
    assert [r.key for r in layout[0].reasons] == ["layout_deadwood"]
    laid = review_record(record_of(game.apply(parse_action("layoff 8H"))
                                   .apply(parse_action("done"))), 0)
    assert not [m for m in laid.marks if m.phase == "defender"]


def after(game: Game, moves: str) -> Game:
    """``game`` after ``moves``, written as in the log and separated by commas."""
    for move in moves.split(", "):
        game = game.apply(parse_action(move))
    return game


def test_a_knocker_who_lays_out_worse_melds_is_marked_with_the_best_arrangement() -> None:
    game = Game.start(Rules.preset("standard"), CUT)
    game = game.deal(deck_for(non_dealer="8H AS 5S 6D 8C TD QS KD 3C 7S",
                              dealer="AH 2H 3H 4H 4S 4D JC QC KC 9D", upcard="KH",
                              stock="5D AC"))
    game = after(game, "pass, pass, stock, discard 5D, stock, knock 9D")
    worse = after(game, "meld AH 2H 3H 4H, meld JC QC KC, done, done")
    result = worse.played[-1].state.result
    assert result is not None and result.knocker_deadwood == 9
    marks = [m for m in review_record(record_of(worse), 1).marks if m.phase == "knocker_melds"]
    assert len(marks) == 1 and marks[0].loss == 8.0
    assert action_name(marks[0].better) == "meld 4D 4H 4S"  # the set that takes the 4H
    assert [r.key for r in marks[0].reasons] == ["knock_layout_deadwood"]
    lines = review_lines(review_record(record_of(worse), 1), Messages("it"))
    assert any("ti hanno lasciato 9 punti morti" in line and "ne restano 1" in line
               for line in lines), lines
    best = after(game, "meld AH 2H 3H, meld 4H 4S 4D, meld JC QC KC, done, done")
    assert not [m for m in review_record(record_of(best), 1).marks
                if m.phase == "knocker_melds"]
