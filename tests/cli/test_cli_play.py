"""`gin play` driven through the CLI with scripted input, in English and Italian."""

from __future__ import annotations

import builtins
import json
import sys
from pathlib import Path

import pytest
from handbuilder import deck_for, mask

from ginrummy.agents.base import best_layout_action, least_deadwood_knock
from ginrummy.cli import main
from ginrummy.cli.play import deck_for as play_deck
from ginrummy.cli.play import load_saved
from ginrummy.core import actions
from ginrummy.core.actions import DRAW_STOCK, PASS
from ginrummy.core.cut import Cut
from ginrummy.core.game import Game
from ginrummy.core.hand import Phase
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView
from ginrummy.i18n import Messages
from ginrummy.terminal.screen import Painter
from ginrummy.terminal.session import Session
from tests.terminal_answers import answer, shown_hand


class Player:
    """A scripted person: draws from the stock, knocks when it can, else throws its last card.

    Its answers depend only on what the game printed, so two runs that print the
    same things get the same answers. ``stop_after`` ends the input (EOF) at that prompt.
    """

    def __init__(self, lang: str, capsys: pytest.CaptureFixture[str],
                 extra: list[str] | None = None, stop_after: int | None = None) -> None:
        self.lang, self.capsys = lang, capsys
        self.extra = list(extra or [])
        self.stop_after = stop_after
        self.prompts = 0
        self.output: list[str] = []
        self.hand: list[str] = []

    def read(self) -> None:
        text = self.capsys.readouterr().out
        self.output.append(text)
        for line in text.splitlines():
            hand = shown_hand(line, self.lang)
            if hand is not None:
                self.hand = hand

    def __call__(self, prompt: str = "") -> str:
        self.read()
        self.output.append(prompt)
        self.prompts += 1
        if self.stop_after is not None and self.prompts > self.stop_after:
            raise EOFError
        if self.extra:
            return self.extra.pop(0)
        return answer(prompt, self.lang, self.hand)

    def text(self) -> str:
        self.read()
        return "".join(self.output)


def play(args: list[str], player: Player, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(builtins, "input", player)
    return main(["play", "--level", "1", "--no-colour", *args])


def saved(path: Path) -> dict[str, object]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("lang", "rules"), [("en", "standard"), ("it", "standard"),
                                             ("en", "classic"), ("it", "oklahoma")])
def test_a_whole_game_to_the_settlement(lang: str, rules: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    player = Player(lang, capsys)
    path = tmp_path / "game.json"
    assert play(["--seed", "3", "--lang", lang, "--rules", rules, "--save", str(path)], player,
                monkeypatch) == 0
    out = player.text()
    game, setup = load_saved(path.read_text(encoding="utf-8"))
    assert game.is_over and setup is not None and setup.lang == lang and setup.level == 1
    if lang == "it":
        for words in ("Mano 1, mazziere:", "Tallone", "pila degli scarti", "punti morti",
                      "Punteggio:", "Partita finita.", "totale finale", "Vincitore:",
                      "Partita registrata in"):
            assert words in out, words
        assert "deadwood" not in out and "Stock" not in out
    else:
        for words in ("Hand 1, dealer:", "Stock", "discard pile", "deadwood", "Score:",
                      "Game over.", "final total", "Winner:", "Game record saved to"):
            assert words in out, words
    assert "Traceback" not in out
    if rules == "classic":
        assert "Boxes: You" in out and "boxes (hands won × 20)" in out and "game bonus" in out
    if rules == "oklahoma":
        assert "in questa mano il limite per bussare è" in out and "si gioca a 150" in out


@pytest.mark.parametrize("lang", ["en", "it"])
def test_hint_and_mistyped_input_in_the_chosen_language(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    words = {"en": ["hint", "xyz", "7X", "help", "moves"],
             "it": ["sugg", "xyz", "7X", "aiuto", "mosse"]}[lang]
    player = Player(lang, capsys, extra=words, stop_after=3 + len(words))
    path = tmp_path / "stopped.json"
    assert play(["--seed", "5", "--lang", lang, "--save", str(path)], player, monkeypatch) == 0
    out = player.text()
    if lang == "it":
        assert "Suggerimento: " in out and "Stime: " in out
        assert "Non capisco «xyz»." in out
        assert "«7X» non è una carta" in out
        assert "pesca dal tallone" in out and "Mosse possibili:" in out
        assert "Partita salvata in" in out
    else:
        assert "Hint: " in out and "Estimates: " in out
        assert "I don't understand 'xyz'." in out
        assert "'7X' is not a card" in out
        assert "draw from the stock" in out and "Possible moves:" in out
        assert "Game saved to" in out
    assert path.exists()


def test_end_of_input_saves_under_data_games(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    player = Player("en", capsys, stop_after=6)
    assert play(["--seed", "9", "--lang", "en"], player, monkeypatch) == 0
    files = list((tmp_path / "data" / "games").glob("*.json"))
    assert len(files) == 1
    out = player.text()
    assert f"Game saved to {Path('data/games') / files[0].name}" in out
    game, setup = load_saved(files[0].read_text(encoding="utf-8"))
    assert not game.is_over and setup is not None and setup.seed == 9
    assert game.finished or game.hand is not None
    data = saved(files[0])
    assert data["format"] == "ginrummy-terminal-game" and data["lang"] == "en"


def test_ctrl_c_saves_too(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    path = tmp_path / "ctrl_c.json"
    monkeypatch.setattr(builtins, "input", interrupt)
    assert main(["play", "--seed", "2", "--lang", "it", "--save", str(path), "--no-colour"]) == 0
    assert "Partita salvata in" in capsys.readouterr().out
    game, _ = load_saved(path.read_text(encoding="utf-8"))
    assert game.hand is not None and game.hand_number == 1


@pytest.mark.parametrize(("lang", "stop"), [("it", 9), ("en", 23)])
def test_resume_continues_exactly_like_an_uninterrupted_game(
        lang: str, stop: int, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    whole = tmp_path / "whole.json"
    assert play(["--seed", "11", "--lang", lang, "--save", str(whole)], Player(lang, capsys),
                monkeypatch) == 0
    part = tmp_path / "part.json"
    first = Player(lang, capsys, stop_after=stop)
    assert play(["--seed", "11", "--lang", lang, "--save", str(part)], first, monkeypatch) == 0
    stopped, _ = load_saved(part.read_text(encoding="utf-8"))
    assert stopped.hand is not None and stopped.hand.actions()  # stopped in the middle of a hand
    second = Player(lang, capsys)
    assert play(["--resume", str(part), "--rules", "classic"], second, monkeypatch) == 0
    resumed_text = second.text()
    assert ("mantiene le sue regole" if lang == "it" else "keeps its own rules") in resumed_text
    assert ("Riprendo la partita" if lang == "it" else "Resuming the game") in resumed_text
    expected, _ = load_saved(whole.read_text(encoding="utf-8"))
    got, setup = load_saved(part.read_text(encoding="utf-8"))
    assert got.is_over and got == expected
    assert setup is not None and setup.lang == lang
    assert saved(part)["record"] == saved(whole)["record"]


def test_decks_come_from_the_seed_and_the_hand_number() -> None:
    assert play_deck(4, 2) == play_deck(4, 2)
    assert play_deck(4, 2) != play_deck(4, 3) != play_deck(5, 3)
    assert sorted(play_deck(4, 2)) == list(range(52))


def test_resume_of_a_bad_file_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    assert main(["play", "--resume", str(bad), "--lang", "it"]) == 2
    assert "Non riesco a riprendere" in capsys.readouterr().out
    assert main(["play", "--resume", str(tmp_path / "missing.json"), "--lang", "en"]) == 2
    assert "Cannot resume" in capsys.readouterr().out


def test_a_bare_game_record_can_be_resumed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    part = tmp_path / "part.json"
    assert play(["--seed", "4", "--lang", "en", "--save", str(part)],
                Player("en", capsys, stop_after=5), monkeypatch) == 0
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(saved(part)["record"]), encoding="utf-8")
    assert play(["--resume", str(bare), "--lang", "en"], Player("en", capsys), monkeypatch) == 0
    game, _ = load_saved(bare.read_text(encoding="utf-8"))
    assert game.is_over


class KnockAtOnce:
    """Passes the upcard, draws from the stock, knocks as soon as it may, lays out its best."""

    name = "knocker"

    def choose(self, view: PlayerView) -> int:
        if view.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
            return best_layout_action(view)
        if PASS in view.legal:
            return PASS
        if DRAW_STOCK in view.legal:
            return DRAW_STOCK
        knocks = [a for a in view.legal if actions.is_knock(a)]
        hand = view.hand
        if knocks:
            return least_deadwood_knock(hand, knocks)
        return view.legal[0]


def _terminal(deck: list[int], answers: list[str], lang: str = "en",
              name: str = "You") -> tuple[Session, list[str]]:
    """A standard hand dealt from ``deck`` against a computer that knocks as soon as it can;
    the person at seat 0 answers ``answers`` in turn, then the input ends (EOFError)."""
    game = Game.start(Rules.preset("standard"), Cut.parse("KH 2S"))
    out: list[str] = []
    pending = list(answers)

    def ask(prompt: str) -> str:
        out.append(prompt)
        if not pending:
            raise EOFError
        return pending.pop(0)

    table = Session(game=game, ask=ask, say=out.append, paint=Painter(False, Messages(lang)),
                    names=(name, "Computer"), agent_for=lambda player, n: KnockAtOnce(),
                    deck_for=lambda n: deck)
    return table, out


def _table(lang: str, answers: list[str]) -> tuple[Session, list[str]]:
    """A hand where the computer (seat 1, dealer) knocks at once and seat 0 defends."""
    deck = deck_for(non_dealer="8H 5S AS 7H QD QC QS 2D 3D 4C",
                    dealer="7C 7D 7S 2S 3S 4S 9H TH JH KC", upcard="KD", stock="6C AD")
    return _terminal(deck, answers, lang, name="Anna")


def test_defender_accepts_the_best_layoffs() -> None:
    table, out = _table("en", ["p", "s", "6C", ""])
    with pytest.raises(EOFError):
        table.run()
    text = "\n".join(out)
    assert "Computer knocks: [9H TH JH] [2S 3S 4S] [7C 7D 7S] AD (deadwood 1)" in text
    assert "Your best answer: lay off 7H 8H AS 5S, leaving deadwood 9." in text
    result = table.game.finished[0].result
    assert result is not None and result.defender_deadwood == 9 and result.points == 8
    assert "Points to Computer: difference 8 = 8" in text
    assert "Anna: deadwood 9 after laying off 7H 8H AS 5S." in text


def test_defender_chooses_layoffs_by_hand_in_italian() -> None:
    table, out = _table("it", ["p", "t", "6F", "x", "sugg", "m", "9F", "2Q", "8C 7C", ""])
    with pytest.raises(EOFError):
        table.run()
    text = "\n".join(out)
    assert "Computer bussa: [9♥ 10♥ J♥] [2♠ 3♠ 4♠] [7♣ 7♦ 7♠] A♦ (punti morti: 1)" in text
    assert "La tua risposta migliore: attacchi" in text
    assert "Premi Invio per accettare, oppure scrivi 'm'" in text
    assert "Suggerimento: attacca" in text
    assert "Non hai il 9♣ in mano." in text
    assert "2♦: non si può attaccare alle combinazioni di Computer." in text
    assert "Attacchi 7♥ 8♥: punti morti 15." in text
    result = table.game.finished[0].result
    assert result is not None and result.defender_deadwood == 15 and result.points == 14
    assert "Punti della mano: Computer +14 (differenza 14)" in text


def test_knocker_chooses_an_arrangement_with_hint_and_typo() -> None:
    deck = deck_for(non_dealer="TC JC QC KC KD KH KS AC AD 2D",
                    dealer="7C 7D 7S 2S 3S 4S 9H TH JH 5C", upcard="6D", stock="5H")
    table, out = _terminal(deck, ["p", "s", "knock", "9", "hint", "2"])
    with pytest.raises(EOFError):
        table.run()
    text = "\n".join(out)
    assert "You knock, discarding 5H face down." in text
    assert "Choose how to lay out your hand:" in text
    assert "  2. [KC KD KH KS] [TC JC QC] AC AD 2D  deadwood 4" in text
    assert "Type a number from 1 to 2, or Enter for 1." in text
    assert "Hint: arrangement 1: deadwood 4" in text
    assert "You lay out [KC KD KH KS] [TC JC QC] AC AD 2D: deadwood 4." in text
    state = table.game.finished[0]
    assert sorted(state.melds[0]) == sorted([mask("KC KD KH KS"), mask("TC JC QC")])


# ---------------------------------------------------------------- three players and teams


@pytest.mark.parametrize(("players", "lang"), [(3, "en"), (3, "it"), (4, "en"), (4, "it")])
def test_R33_R34_play_a_whole_table_game(players: int, lang: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:

    player = Player(lang, capsys)
    path = tmp_path / "table.json"
    assert play(["--players", str(players), "--seed", "4", "--lang", lang, "--rules", "classic",
                 "--save", str(path)], player, monkeypatch) == 0
    out = player.text()
    game, setup = load_saved(path.read_text(encoding="utf-8"))
    assert game.is_over and setup is not None and len(setup.names) == players
    assert game.table_rules.kind == ("three" if players == 3 else "teams")
    words = {
        (3, "en"): ("Gin Rummy for three", "deals and sits out", "Score: You ", "Game over.",
                    "final total", "Winner:", "To "),
        (3, "it"): ("Gin Rummy in tre", "fa il mazziere e non gioca", "Punteggio: Tu ",
                    "Partita finita.", "totale finale", "Vincitore:"),
        (4, "en"): ("two teams of 2", "Teams: team You & Partner 1 against team Opponent 1 & "
                    "Opponent 2", "Round 1, table 1: You against Opponent 1",
                    "Round 1, table 2: Partner 1 against Opponent 2", "Round 2, table 1: You "
                    "against Opponent 2", "(playing to 125)", "Game over.", "Winner: team"),
        (4, "it"): ("due squadre da 2", "Giro 1, tavolo 1: Tu contro Avversario 1",
                    "(si gioca a 125)", "Partita finita.", "Vincitore: squadra"),
    }[players, lang]
    for text in words:
        assert text in out, text
    assert "Traceback" not in out


@pytest.mark.parametrize(("players", "stop"), [(3, 14), (4, 9)])
def test_R33_R34_a_stopped_table_game_resumes_exactly(players: int, stop: int, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    whole = tmp_path / "whole.json"
    args = ["--players", str(players), "--seed", "8", "--lang", "en"]
    assert play([*args, "--save", str(whole)], Player("en", capsys), monkeypatch) == 0
    part = tmp_path / "part.json"
    assert play([*args, "--save", str(part)], Player("en", capsys, stop_after=stop),
                monkeypatch) == 0
    stopped, _ = load_saved(part.read_text(encoding="utf-8"))
    assert not stopped.is_over and any(h is not None for h in stopped.hands)
    second = Player("en", capsys)
    assert play(["--resume", str(part)], second, monkeypatch) == 0
    assert "Resuming the game saved in" in second.text()
    expected, _ = load_saved(whole.read_text(encoding="utf-8"))
    got, _ = load_saved(part.read_text(encoding="utf-8"))
    assert got.is_over and got == expected
    assert saved(part)["record"] == saved(whole)["record"]


def test_R33_the_persons_hand_stopped_before_any_move_resumes_as_at_two_players(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "three.json"
    # seed 8: the person deals hand 1 and sits out, then stops at the first prompt of hand 2
    assert play(["--players", "3", "--seed", "8", "--lang", "en", "--save", str(path)],
                Player("en", capsys, stop_after=0), monkeypatch) == 0
    stopped, _ = load_saved(path.read_text(encoding="utf-8"))
    assert stopped.hands[0] is not None and not stopped.hands[0].actions()
    second = Player("en", capsys, stop_after=0)
    assert play(["--resume", str(path)], second, monkeypatch) == 0
    assert "Hand 2: Computer 2 deals and sits out; You against Computer 1 (resumed)" in (
        second.text())


@pytest.mark.parametrize(("lang", "answers", "dealer"), [
    ("en", ["maybe", "y"], "You"), ("en", ["n"], "Computer"), ("it", ["boh", "s"], "Tu"),
])
def test_R4_higher_cut_chooses_to_deal_under_lotoflaughs(
        lang: str, answers: list[str], dealer: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    player = Player(lang, capsys, extra=answers, stop_after=len(answers) + 1)
    path = tmp_path / "game.json"
    # seed 0: the person (seat 0) cuts the higher card
    assert play(["--seed", "0", "--lang", lang, "--rules", "lotoflaughs", "--save", str(path)],
                player, monkeypatch) == 0
    out = player.text()
    if lang == "it":
        assert "sceglie chi distribuisce: Tu" in out
        assert "vuoi distribuire tu la prima mano?" in out
        assert "Rispondi s per distribuire tu la prima mano, o n per lasciarla a Computer." in out
        assert "Distribuisci tu la prima mano." in out and "mazziere: Tu" in out
    else:
        assert "the higher card chooses who deals: You" in out
        assert "do you deal the first hand? (y: I deal, n: Computer deals)" in out
        if answers[0] == "maybe":
            assert "Answer y to deal the first hand, or n to let Computer deal." in out
        expected = "You deal the first hand." if dealer == "You" else "Computer deals the first"
        assert expected in out and f"Hand 1, dealer: {dealer}" in out
    game, _ = load_saved(path.read_text(encoding="utf-8"))
    assert game.high_cut_deals is (dealer != "Computer")


def test_R4_the_computer_with_the_higher_cut_lets_the_person_deal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    player = Player("en", capsys, stop_after=1)
    # seed 1: the computer (seat 1) cuts the higher card
    assert play(["--seed", "1", "--lang", "en", "--rules", "lotoflaughs",
                 "--save", str(tmp_path / "g.json")], player, monkeypatch) == 0
    out = player.text()
    assert "the higher card chooses who deals: Computer" in out
    assert "Computer lets you deal the first hand." in out and "Hand 1, dealer: You" in out
    assert "do you deal" not in out


def test_R4_a_game_stopped_at_the_cut_choice_asks_again_on_resume(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cut.json"
    first = Player("en", capsys, stop_after=0)  # end of input at the choice itself
    assert play(["--seed", "0", "--lang", "en", "--rules", "lotoflaughs", "--save", str(path)],
                first, monkeypatch) == 0
    assert "Game saved to" in first.text()
    stopped, _ = load_saved(path.read_text(encoding="utf-8"))
    assert stopped.chooser == 0 and stopped.hand is None and stopped.finished == ()
    second = Player("en", capsys, extra=["n"], stop_after=2)
    assert play(["--resume", str(path)], second, monkeypatch) == 0
    assert "do you deal the first hand?" in second.text()
    resumed, _ = load_saved(path.read_text(encoding="utf-8"))
    assert resumed.high_cut_deals is False and resumed.dealer == 1


@pytest.mark.parametrize(("lang", "typed", "words"), [
    ("en", "knock JC", "You took JC at the end of the stock: knock by discarding another card"),
    ("it", "bussa JF", "Hai preso il J♣ a fine tallone: per bussare devi scartare "
                      "un'altra carta"),
])
def test_R22_different_card_the_terminal_says_to_knock_with_another_card(
        lang: str, typed: str, words: str) -> None:
    from ginrummy.core.views import view_of
    from ginrummy.terminal.moves import MoveError, read_move
    from tests.hand_kit import WALL_DEALER, wall_state

    rules = Rules.preset("standard", fiftieth_card_action="different_card")
    state = wall_state(rules, WALL_DEALER, "JC").apply(1)  # take the last discard
    m = Messages(lang)
    with pytest.raises(MoveError) as refused:
        read_move(typed, view_of(state, state.turn), m)
    assert words in refused.value.text(m)


def test_gin_play_deals_from_the_os_generator(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --seed every deck is the provably fair derivation of a server seed read from
    os.urandom (through ginrummy.core.shuffle) and the player's seed, committed on screen first."""
    import hashlib

    import ginrummy.core.shuffle
    from ginrummy.format.provably_fair import FairHand

    reads: list[bytes] = []

    def fake_urandom(count: int) -> bytes:
        reads.append(hashlib.sha256(f"os {len(reads)}".encode()).digest()[:count])
        return reads[-1]

    monkeypatch.setattr(ginrummy.core.shuffle.os, "urandom", fake_urandom)
    path = tmp_path / "live.json"
    player = Player("en", capsys, stop_after=3)
    assert play(["--lang", "en", "--client-seed", "my lucky seed", "--save", str(path)], player,
                monkeypatch) == 0
    out = player.text()
    game_id = "terminal-" + next(r for r in reads if len(r) == 6).hex()
    server_seed = next(r for r in reads if len(r) == 32)
    hand = FairHand(server_seed, game_id, 1, ("my lucky seed", None))
    assert "Your seed for the deals: my lucky seed" in out
    assert f"Hand 1: the deck is committed to {hand.commitment}" in out
    assert out.index(hand.commitment) < out.index("You: ")  # committed before any card is seen
    game, setup = load_saved(path.read_text(encoding="utf-8"))
    assert setup is not None and setup.seed is None and setup.client_seed == "my lucky seed"
    assert game.hand is not None and list(game.hand.deck) == hand.deck()


def test_gin_play_refuses_a_bad_client_seed(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit, match="--client-seed: a client seed has 1 to 64 characters"):
        play(["--lang", "en", "--client-seed", "x" * 65], Player("en", capsys), monkeypatch)


def test_the_computer_is_the_registry_agent_never_a_random_stand_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ginrummy.cli.play import make_agent_named

    assert make_agent_named("level2", 1).name == "level2"
    monkeypatch.setitem(sys.modules, "ginrummy.agents.registry", None)  # as if not installed
    with pytest.raises(ModuleNotFoundError):
        make_agent_named("level2", 1)


@pytest.mark.parametrize(("lang", "header"), [
    ("en", "Hand 1: you deal and sit out; "), ("it", "Mano 1: sei tu il mazziere e non giochi; "),
])
def test_R33_the_person_who_deals_is_told_so_in_good_english_and_italian(
        lang: str, header: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # seed 8: the person deals hand 1 and sits out, then stops at the first prompt of hand 2
    person = Player(lang, capsys, stop_after=0)
    assert play(["--players", "3", "--seed", "8", "--lang", lang], person, monkeypatch) == 0
    assert header in person.text() and "You deals" not in person.text()
