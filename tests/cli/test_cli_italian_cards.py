"""Cards in the Italian sentences of the gin command: gin analyze, gin play and gin replay
name a card with the article its rank takes (il 10♠, l'8♠, l'A♠, la Q♠) and use no word that
takes every card as feminine."""

from __future__ import annotations

import io
import re

import pytest

from ginrummy.cli.analyze import run_hand
from ginrummy.i18n import Messages

# ------------------------------------------------------------ gin analyze


def italian_analysis(hand: str) -> list[str]:
    out, err = io.StringIO(), io.StringIO()
    assert run_hand(hand, as_json=False, out=out, err=err, m=Messages("it")) == 0
    return out.getvalue().splitlines()


@pytest.mark.parametrize(("hand", "best", "after"), [
    ("AS 2S 3S 7H 7D 7C 9C TC JC 2D 8H", "Scarti migliori: 8♥ (punti morti a 2 dopo lo scarto)",
     "Dopo aver scartato l'8♥:"),
    ("2S 3S 4S 7H 7D 7C 9C TC JC QC AH", "Scarti migliori: A♥ (punti morti a 0 dopo lo scarto)",
     "Dopo aver scartato l'A♥:"),
    ("AS 2S 3S 7H 7D 7C 9C TC JC 5D QH", "Scarti migliori: Q♥ (punti morti a 5 dopo lo scarto)",
     "Dopo aver scartato la Q♥:"),
    ("AS 2S 3S 7H 7D 7C 9C TC JC 4D 10H",
     "Scarti migliori: 10♥ (punti morti a 4 dopo lo scarto)", "Dopo aver scartato il 10♥:"),
    ("AS 2S 3S 7H 7D 7C 9C TC JC KD QH",
     "Scarti migliori: K♦ Q♥ (punti morti a 10, qualunque si scarti)",
     "Dopo aver scartato il K♦:"),
])
def test_gin_analyze_in_italian_names_the_discard_with_the_article_of_its_rank(
        hand: str, best: str, after: str) -> None:
    assert italian_analysis(hand)[1:3] == [best, after]


@pytest.mark.parametrize(("hand", "gin_line"), [
    ("2S 3S 4S 7H 7D 7C 9C TC JC QC AH", "Gin:             sì, scartando l'A♥"),
    ("2S 3S 4S 5S 7H 7D 7C 9C TC JC QD", "Gin:             sì, scartando la Q♦"),
    ("AS 2S 3S 4S 5S 7H 7D 7C 9C TC JC", "Gin:             sì, scartando l'A♠ o il 5♠"),
    ("2S 3S 4S 5S 6S 7S 8S 7H 7D 7C 9C", "Gin:             sì, scartando il 9♣"),
])
def test_gin_analyze_in_italian_offers_each_gin_discard_with_its_article(
        hand: str, gin_line: str) -> None:
    assert gin_line in italian_analysis(hand)


def test_gin_analyze_in_italian_has_no_word_that_takes_a_card_as_feminine() -> None:
    text = "\n".join(italian_analysis("AS 2S 3S 7H 7D 7C 9C TC JC 2D 8H")
                     + italian_analysis("AS 2S 3S 7H 7D 7C 9C TC JC KD QH"))
    assert not re.search(r"\b(averla|scartata|una qualsiasi|scartandone)\b", text), text


# ------------------------------------------------------------ gin play and gin replay: cards


TAKE_SAID = ("Hai appena preso {} dalla pila degli scarti: non puoi scartare la stessa carta "
             "in questo turno (R12).")


@pytest.mark.parametrize(("upcard", "typed", "named"), [
    ("KC", "scarta KF", "il K♣"),
    ("8C", "scarta 8F", "l'8♣"),
    ("AS", "scarta AP", "l'A♠"),
    ("QC", "scarta QF", "la Q♣"),
])
def test_R12_gin_play_names_the_card_just_taken_with_its_article(
        upcard: str, typed: str, named: str) -> None:
    from ginrummy.core.views import view_of
    from ginrummy.terminal.moves import MoveError, read_move
    from tests.hand_kit import loose
    from tests.handbuilder import play

    state = play(loose(upcard=upcard), "take")
    m = Messages("it")
    with pytest.raises(MoveError) as refused:
        read_move(typed, view_of(state, state.turn), m)
    assert refused.value.text(m) == TAKE_SAID.format(named)


@pytest.mark.parametrize(("card", "colour", "said"), [
    ("TS", False, "Bussi e scarti il 10♠ a faccia in giù."),
    ("8S", False, "Bussi e scarti l'8♠ a faccia in giù."),
    ("QS", False, "Bussi e scarti la Q♠ a faccia in giù."),
    ("AH", True, "Bussi e scarti l'\033[31mA♥\033[0m a faccia in giù."),
])
def test_gin_play_says_the_knock_card_with_its_article_and_no_gendered_word(
        card: str, colour: bool, said: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrummy.core.cards import parse_card
    from ginrummy.terminal.screen import Painter

    monkeypatch.delenv("NO_COLOR", raising=False)
    paint = Painter(colour, Messages("it"))
    assert paint.m("you.knock", card=paint.card_words(parse_card(card))) == said


@pytest.mark.parametrize(("moves", "move", "said"), [
    ("", "take", "Prendi l'8♣."),
    ("take", "discard QH", "Scarti la Q♥."),
    ("take", "discard 5C", "Scarti il 5♣."),
    ("pass; pass", "stock", "Peschi l'A♠ dal tallone."),
])
def test_gin_play_tells_the_person_their_own_move_with_the_cards_article(
        moves: str, move: str, said: str) -> None:
    from ginrummy.core.actions import parse_action
    from ginrummy.terminal.moves import own_move_text
    from ginrummy.terminal.screen import Painter
    from tests.hand_kit import loose
    from tests.handbuilder import play

    before = play(loose(upcard="8C", stock="AS"), moves)
    action = parse_action(move)
    after = before.apply(action)
    assert own_move_text(action, before, after, Painter(False, Messages("it"))) == said


@pytest.mark.parametrize(("wall_card", "said"), [
    ("JC", "Nel tallone restano due carte: prendi il J♣ per bussare (s) o passi (p)? "),
    ("QC", "Nel tallone restano due carte: prendi la Q♣ per bussare (s) o passi (p)? "),
])
def test_R22_gin_play_asks_about_the_last_discard_with_its_article(
        wall_card: str, said: str) -> None:
    from ginrummy.core.rules import Rules
    from ginrummy.core.views import view_of
    from ginrummy.terminal.person import Person
    from ginrummy.terminal.screen import Painter
    from tests.hand_kit import WALL_DEALER, wall_state

    rules = Rules.preset("standard", fiftieth_card_action="different_card")
    state = wall_state(rules, WALL_DEALER, wall_card)
    person = Person(input, print, Painter(False, Messages("it")), ("Tu", "Computer"))
    assert person._prompt(view_of(state, state.turn)) == said


@pytest.mark.parametrize(("code", "said"), [
    ("illegal.just_taken", "la carta 8S è appena stata presa dal pozzo (R12)"),
    ("illegal.taken_at_wall", "la carta QS è stata presa a fine tallone; per bussare bisogna "
                              "scartare un'altra carta (R22)"),
    ("illegal.layoff_used", "la carta KS è già calata in una combinazione o già attaccata"),
])
def test_a_replayed_record_refused_on_a_card_says_the_card_as_a_card_in_italian(
        code: str, said: str) -> None:
    from ginrummy.core.errors import CodedError
    from ginrummy.i18n.errors import error_text

    card = said.split()[2]
    assert error_text(CodedError("refused", code, card=card), Messages("it")) == said


def test_gin_replay_lists_the_layoffs_without_a_gendered_participle() -> None:
    assert Messages("it")("replay.layoffs", cards="8♥") == "+attacchi 8♥"
    assert Messages("en")("replay.layoffs", cards="8H") == "+layoffs 8H"
