"""An Italian reader of the ``gin`` command sees no English: the help of every subcommand,
argparse's own words and errors, gin analyze, gin serve and its --verify-records report.

The help texts stay English in the source; the ``cli`` catalogue translates them at format
time, so a new option without an Italian entry (or an English text changed since it was
translated) fails here.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import inspect
import io
import json
import re
import sqlite3
from pathlib import Path

import pytest

from ginrummy.cli import COMMANDS, build_parser, help_language, main
from ginrummy.cli import verify as verify_command
from ginrummy.cli.analyze import run_hand
from ginrummy.cli.help_text import help_entries
from ginrummy.coach.analyze import AnalyzeError, analyze_hand
from ginrummy.core.cards import parse_cards
from ginrummy.i18n import Messages, language_from_environment
from ginrummy.i18n.catalogue import catalogue
from tests.golden import observe

ITALIAN = {"LANG": "it_IT.UTF-8"}
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
GIN = "AS 2S 3S 4S 7H 7D 7C 9C TC JC KD"
TEN = "AS 2S 3S 7H 7D 7C 9C TC JC KD"

ARGPARSE_INTERNAL = {
    ".__call__() not defined", "conflicting subparser: %s", "conflicting subparser alias: %s",
    "argument \"-\" with mode %r", "can't open '%(filename)s': %(error)s",
    "cannot merge actions - two groups are named %r",
    "'required' is an invalid argument for positionals",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "dest= is required for options like %r", "invalid conflict_resolution value: %r",
    "mutually exclusive arguments must be optional", "cannot have multiple subparser arguments",
    "%r is not callable", "show program's version number and exit",
    "conflicting option string: %s",
}
"""argparse's strings a person using gin never meets: mistakes in a program's parser, and
features gin does not use (a version action, ``FileType``)."""


def reading(monkeypatch: pytest.MonkeyPatch, **environ: str) -> None:
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)


def gin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *argv: str,
        environ: dict[str, str] | None = None) -> tuple[int, str, str]:
    reading(monkeypatch, **(environ or {}))
    monkeypatch.setenv("COLUMNS", "100")
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def flat(text: str) -> str:
    return " ".join(text.split())


# ------------------------------------------------------------ the catalogue is complete


def test_every_help_text_of_gin_has_an_italian_entry_for_its_current_english() -> None:
    english, italian = catalogue("cli", "en").texts, catalogue("cli", "it").texts
    entries = help_entries(build_parser())
    assert len(entries) > 80
    missing = [key for key in entries if key not in italian]
    stale = [key for key, text in entries.items() if english.get(key) != text]
    hint = "python -m ginrummy.cli.help_text prints the entries to add to both cli.po files"
    assert missing == [], f"no Italian for {missing}: {hint}"
    assert stale == [], f"the English text changed since it was translated: {stale}: {hint}"


def argparse_strings() -> set[str]:
    """The texts argparse passes to gettext (``_("...")``, ``ngettext``'s singular)."""
    found = set()
    for node in ast.walk(ast.parse(inspect.getsource(argparse))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("_", "ngettext") and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            found.add(node.args[0].value)
    return found


def test_every_argparse_string_a_gin_user_can_meet_has_an_italian_entry() -> None:
    english = catalogue("cli", "en").texts
    ours = {text for key, text in english.items() if key.startswith("argparse.")}
    seen = argparse_strings()
    assert "the following arguments are required: %s" in seen  # the scan finds them
    plural_only = {"expected %s argument"}  # nargs=N: no option of gin takes a fixed count
    untranslated = seen - ours - ARGPARSE_INTERNAL - plural_only
    assert untranslated == set(), f"argparse says these and cli.po has no entry: {untranslated}"
    assert ours - seen == set(), "cli.po has argparse msgids this Python's argparse lacks"


GENDERED_PLAYER = re.compile(
    r"\b(sei|eri|sarai|fossi)( già| ancora)? (stat|rimast|arrivat|tornat|uscit|entrat|sicur|"
    r"costrett|obbligat|sol)[oa]\b|\bpront[oa]\b|\bbenvenut[oa]\b", re.IGNORECASE)
"""Words about the reader ("sei stato") or a player ("è pronto") that end as a man or as a
woman would say them."""


@pytest.mark.parametrize("domain", ["cli", "game", "web", "pages"])
def test_no_italian_message_assumes_a_players_gender(domain: str) -> None:
    gendered = {key: text for key, text in catalogue(domain, "it").texts.items()
                if GENDERED_PLAYER.search(text)}
    assert gendered == {}


# ------------------------------------------------------------ --help in Italian


def test_gin_help_is_italian_when_LANG_is_italian(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = gin(monkeypatch, capsys, "--help", environ=ITALIAN)
    assert code == 0
    assert out.startswith("uso: gin [-h] COMANDO ...")
    for italian in ("argomenti posizionali:", "opzioni:", "mostra questo aiuto ed esce",
                    "gioca una partita nel terminale contro il computer",
                    "sfide tra giocatori del computer"):
        assert italian in out
    for english in ("usage:", "options:", "show this help", "play a game", "COMMAND"):
        assert english not in out


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_subcommand_help_in_italian_shows_no_english_help_text(
        command: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = gin(monkeypatch, capsys, command, "--help", environ=ITALIAN)
    assert code == 0 and out.startswith(f"uso: gin {command} ")
    shown, italian = flat(out), catalogue("cli", "it").texts
    for key, english in help_entries(build_parser(command)).items():
        if not key.startswith(f"cli.{command}.") or italian[key] == english:
            continue
        assert flat(english) not in shown, key
        assert flat(italian[key]) in shown, key
    assert "show this help message and exit" not in shown


IMPERATIVE_HELP = re.compile(r"^(leggi|scrivi|fermati|riproduci|servi)\b|\bed esci\b")
"""Words that order the reader to do what the option or command itself does."""


def test_italian_help_says_what_an_option_does_instead_of_ordering_the_reader() -> None:
    bossy = {key: text for key, text in catalogue("cli", "it").texts.items()
             if key.startswith(("cli.", "argparse.")) and IMPERATIVE_HELP.search(text)}
    assert bossy == {}


@pytest.mark.parametrize(("command", "said"), [
    ("replay", "--step si ferma dopo ogni passo"),
    ("analyze", "--jsonl legge le richieste JSON dallo standard input, una per riga, e scrive "
                "una risposta JSON per riga"),
    ("sim", "--list elenca gli agenti disponibili ed esce"),
    ("play", "A ogni domanda scrivi 'aiuto' (in inglese: 'help') per l'elenco delle mosse"),
    ("replay", "la prima discordanza ferma la riproduzione e indica la mano e la mossa in cui "
               "si è verificata"),
])
def test_italian_help_reads_as_an_italian_manual_writes_it(
        command: str, said: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = gin(monkeypatch, capsys, command, "--help", environ=ITALIAN)
    assert said in flat(out)


def test_lang_it_on_the_command_line_gives_italian_help_whatever_LANG_says(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = gin(monkeypatch, capsys, "analyze", "--lang", "it", "--help",
                    environ={"LANG": "en_GB.UTF-8"})
    assert "uso: gin analyze" in out and "10 o 11 carte" in out
    _, out, _ = gin(monkeypatch, capsys, "replay", "--lang=en", "--help", environ=ITALIAN)
    assert out.startswith("usage: gin replay") and "pause after each step" in out


def test_the_help_is_argparse_own_in_english_and_the_same_options_in_italian(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """With no Italian anywhere, gin's help is what plain argparse prints; in Italian the
    same options, in the same order, with Italian words."""
    _, english, _ = gin(monkeypatch, capsys, "verify", "--help", environ={"LANG": "C.UTF-8"})
    plain = argparse.ArgumentParser(prog="gin verify", description=verify_command.__doc__,
                                    formatter_class=argparse.RawDescriptionHelpFormatter)
    verify_command.configure(plain)
    assert english == plain.format_help()
    _, italian, _ = gin(monkeypatch, capsys, "verify", "--help", environ=ITALIAN)
    options = re.compile(r"^  (-[\w-]+|[A-Z]+)", re.MULTILINE)
    assert [o.replace("RECORD", "REGISTRAZIONE") for o in options.findall(english)] == \
        options.findall(italian) == ["REGISTRAZIONE", "-h", "--seed", "--lang"]


@pytest.mark.parametrize("environ", [
    {}, {"LANG": "C"}, {"LANG": "it_IT.UTF-8"}, {"LANG": "fr_FR.UTF-8"},
    {"LANGUAGE": "it:en", "LANG": "en_US.UTF-8"}, {"LC_ALL": "POSIX", "LANG": "it_IT"},
    {"LC_MESSAGES": "en_GB", "LANG": "it_IT"}, {"LANGUAGE": "", "LANG": "it_CH.UTF-8"},
])
def test_the_help_language_is_the_one_the_game_reads_from_the_environment(
        environ: dict[str, str]) -> None:
    assert help_language([], environ) == language_from_environment(environ)
    assert help_language(["sim", "--lang", "it"], environ) == "it"
    assert help_language(["play", "--lang=en"], environ) == "en"


# ------------------------------------------------------------ argparse's errors in Italian


@pytest.mark.parametrize(("argv", "said"), [
    ([], "gin: errore: mancano questi argomenti obbligatori: COMANDO"),
    (["giocare"], "gin: errore: argomento COMANDO: scelta non valida: 'giocare' (scegli tra "
                  "'play', 'analyze', 'replay', 'sim', 'serve', 'verify', 'admin')"),
    (["admin"], "gin admin: errore: serve uno degli argomenti --ban --unban --bans --reports"),
    (["play", "--level", "9"], "gin play: errore: argomento --level: scelta non valida: 9 "
                               "(scegli tra 1, 2, 3, 4, 5)"),
    (["serve", "--port", "x"], "gin serve: errore: argomento --port: 'x' non è un valore "
                               "intero valido"),
    (["serve", "--computer-delay", "poco"], "'poco' non è un valore decimale valido"),
    (["analyze", "--json", "--jsonl"], "gin analyze: errore: argomento --jsonl: non ammesso "
                                       "insieme all'argomento --json"),
    (["sim", "--games"], "gin sim: errore: argomento --games: serve un argomento"),
    (["verify", "a.json", "b.json"], "gin: errore: argomenti non riconosciuti: b.json"),
    (["replay"], "gin replay: errore: mancano questi argomenti obbligatori: FILE"),
])
def test_usage_errors_are_said_in_italian(argv: list[str], said: str,
                                          monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = gin(monkeypatch, capsys, *argv, environ=ITALIAN)
    assert code == 2
    assert err.startswith("uso: gin")
    assert said in err
    assert "error:" not in err and "usage:" not in err


def test_a_usage_error_is_argparse_own_in_english_and_the_same_error_in_italian(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, english = gin(monkeypatch, capsys, "play", "--level", "9")
    assert code == 2
    assert english.endswith("gin play: error: argument --level: invalid choice: 9 "
                            "(choose from 1, 2, 3, 4, 5)\n")
    _, _, italian = gin(monkeypatch, capsys, "play", "--level", "9", environ=ITALIAN)
    assert english.startswith("usage: gin play [-h] [--level {1,2,3,4,5}]")
    assert italian.startswith("uso: gin play [-h] [--level {1,2,3,4,5}]")


# ------------------------------------------------------------ gin analyze


def test_gin_analyze_in_italian_aligns_the_values_past_the_longest_italian_label() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run_hand(GIN, as_json=False, out=out, err=err, m=Messages("it")) == 0
    assert out.getvalue().splitlines() == [
        "Mano:            7♣ 9♣ 10♣ J♣ 7♦ K♦ 7♥ A♠ 2♠ 3♠ 4♠ (11 carte)",
        "Scarti migliori: K♦ (punti morti a 0 dopo lo scarto)",
        "Dopo aver scartato il K♦:",
        "  Combinazioni:  [7♣ 7♦ 7♥] [9♣ 10♣ J♣] [A♠ 2♠ 3♠ 4♠]",
        "  Carte spaiate: nessuna",
        "  Punti morti:   0",
        "Gin:             sì, scartando il K♦",
        "Big gin:         no",
    ]


def test_gin_analyze_of_ten_cards_in_italian(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = gin(monkeypatch, capsys, "analyze", *TEN.split(), environ=ITALIAN)
    assert code == 0
    assert out.splitlines() == [
        "Mano:            7♣ 9♣ 10♣ J♣ 7♦ K♦ 7♥ A♠ 2♠ 3♠ (10 carte)",
        "Combinazioni:    [7♣ 7♦ 7♥] [9♣ 10♣ J♣] [A♠ 2♠ 3♠]",
        "Carte spaiate:   K♦",
        "Punti morti:     10",
    ]


def test_gin_analyze_json_answer_stays_english_byte_for_byte_in_italian(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, english, _ = gin(monkeypatch, capsys, "analyze", "--json", GIN)
    code, italian, _ = gin(monkeypatch, capsys, "analyze", "--lang", "it", "--json", GIN,
                           environ=ITALIAN)
    assert code == 0 and italian == english
    assert json.loads(italian)["unmatched"] == []


def test_gin_analyze_jsonl_answers_stay_english_in_italian(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO('{"hand": ["AS"]}\n'))
    code, out, _ = gin(monkeypatch, capsys, "analyze", "--lang", "it", "--jsonl",
                       environ=ITALIAN)
    assert code == 2
    assert json.loads(out) == {"error": "hand has 1 card: expected 10 or 11"}


def test_a_hand_of_the_wrong_size_is_a_coded_error_said_in_italian(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(AnalyzeError) as raised:
        analyze_hand(parse_cards("AS 2S 3S"))
    assert (raised.value.code, raised.value.params) == ("analyze.hand_size", {"count": 3})
    assert str(raised.value) == "a hand has 10 or 11 cards, got 3"
    code, _, err = gin(monkeypatch, capsys, "analyze", "AS", "2S", "3S", environ=ITALIAN)
    assert code == 2
    assert err == "gin analyze: errore: una mano ha 10 o 11 carte, non 3\n"


def test_a_card_gin_analyze_cannot_read_is_named_in_italian(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = gin(monkeypatch, capsys, "analyze", "--lang", "it", "AS", "2X", "3S")
    assert code == 2
    assert err == ("gin analyze: errore: '2X' non è una carta: il seme 'X' non esiste "
                   "(usa C D H S)\n")


def test_gin_analyze_usage_mistakes_are_said_in_italian(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = gin(monkeypatch, capsys, "analyze", environ=ITALIAN)
    assert "gin analyze: errore: indica 10 o 11 carte, per esempio gin analyze AS" in err
    _, _, err = gin(monkeypatch, capsys, "analyze", "--jsonl", "AS", environ=ITALIAN)
    assert "--jsonl legge le richieste dallo standard input" in err


# ------------------------------------------------------------ gin serve


@pytest.mark.parametrize(("argv", "said"), [
    (["--port", "0"], "gin serve: --port deve essere tra 1 e 65535, non 0"),
    (["--hint-limit", "-1"], "gin serve: --hint-limit non può essere negativo"),
    (["--work-threads", "0"], "gin serve: --work-threads deve valere almeno 1"),
    (["--session-days", "0"], "gin serve: --session-days deve essere più di 0 e al massimo "
                              "3650, non 0"),
    (["--head", "0" * 64], "gin serve: --head si usa insieme a --verify-records"),
    (["--verify-records", "--head", "abc"], "gin serve: --head deve essere un hash della "
                                            "catena (64 cifre esadecimali), non 'abc'"),
    (["--database", "mysql://x/y"], "gin serve: --database deve essere un URL sqlite:// o "
                                    "postgresql://, non 'mysql'"),
    (["--database", "::"], "gin serve: --database non è un URL di database"),
    (["--allowed-hosts", "a b"], "gin serve: --allowed-hosts: 'a b' non è un nome di host"),
])
def test_gin_serve_says_what_is_wrong_in_italian(argv: list[str], said: str,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = gin(monkeypatch, capsys, "serve", *argv, environ=ITALIAN)
    assert code == 2
    assert out.startswith(said), out


def test_gin_serve_idle_seconds_from_the_environment_is_checked_in_italian(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GIN_IDLE_SECONDS", "presto")
    code, out, _ = gin(monkeypatch, capsys, "serve", "--lang", "it")
    assert code == 2
    assert out == ("gin serve: $GIN_IDLE_SECONDS deve essere un numero di secondi, 0 o più "
                   "(0: mai), non 'presto'\n")


def test_a_database_already_served_is_said_in_italian(tmp_path: Path) -> None:
    from ginrummy.cli.serve import in_use_text
    from ginrummy.server.storage.lease import DatabaseInUse, acquire

    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    first = acquire(url)
    try:
        with pytest.raises(DatabaseInUse) as raised:
            acquire(url)
    finally:
        assert first is not None
        first.release()
    busy = raised.value
    assert in_use_text(busy, Messages("en")) == str(busy)
    italian = in_use_text(busy, Messages("it"))
    assert italian.startswith(f"il database {tmp_path / 'games.sqlite3'} è già servito da un "
                              "altro server (pid ")
    assert "in funzione dal" in italian and "ferma prima quel server" in italian


def verify_records_lines(database: Path, m: Messages, head: str | None = None) -> list[str]:
    from ginrummy.cli.serve import verify_records

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = verify_records(f"sqlite:///{database}", head, m)
    return [f"exit {code}", *out.getvalue().splitlines()]


def test_verify_records_reports_in_italian(tmp_path: Path) -> None:
    copy = observe.working_copy(observe.DATABASE, tmp_path)
    lines = verify_records_lines(copy, Messages("it"))
    assert lines[0] == "exit 0"
    assert re.fullmatch(r"partite finite nella catena: 7; l'hash più recente è [0-9a-f]{64}",
                        lines[1])
    lines = verify_records_lines(copy, Messages("it"), "ab" * 32)
    assert lines[1] == ("gin serve --verify-records: l'hash pubblicato abababababab… non è "
                        "nella catena, che contiene 7 registrazioni e finisce con "
                        f"{lines[2][-64:-52]}…: le registrazioni fino a quella sono state "
                        "tolte (la catena è stata troncata) o riscritte")


def test_a_changed_deck_is_reported_in_italian_and_in_english_as_before(tmp_path: Path) -> None:
    copy = observe.working_copy(observe.DATABASE, tmp_path)
    with sqlite3.connect(copy) as conn:
        game_id, number, cards = conn.execute(
            "SELECT decks.game_id, decks.hand_number, decks.cards FROM decks JOIN records "
            "ON records.game_id = decks.game_id ORDER BY decks.game_id LIMIT 1").fetchone()
        deck = json.loads(cards)
        deck[-1], deck[-2] = deck[-2], deck[-1]
        conn.execute("UPDATE decks SET cards = ? WHERE game_id = ? AND hand_number = ?",
                     (json.dumps(deck), game_id, number))
    italian = "\n".join(verify_records_lines(copy, Messages("it")))
    english = "\n".join(verify_records_lines(copy, Messages("en")))
    assert "le mosse e i mazzi salvati della partita non danno più questa registrazione" in italian
    assert (f"partita {game_id}, mano {number} (finita, controllata con il seed rivelato): il "
            "mazzo salvato non è quello fissato dall'impegno (") in italian
    assert "2 carte sono diverse, la prima in posizione 51: nel database c'è " in italian
    assert (f"game {game_id}, hand {number} (over, checked with its revealed seed): the stored "
            "deck is not the one committed to (commitment ") in english
    assert "the game's stored log and decks no longer give this record" in english
    assert "2 of its cards differ, the first at position 51: the database has " in english


# ------------------------------------------------------------ gin sim


def first_column(table: str) -> list[str]:
    return [line.split("  ")[0] for line in table.splitlines() if "  " in line.strip()]


def test_gin_sim_results_table_in_italian(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = gin(monkeypatch, capsys, "sim", "simple", "simple", "--games", "4",
                       environ=ITALIAN)
    assert code == 0
    lines = out.splitlines()
    assert re.fullmatch(r"simple \(1°\) contro simple \(2°\): 4 partite, \d+ mani, regole "
                        r"standard, seed 0", lines[0])
    assert first_column(out)[1:] == [
        "partite vinte", "quota di vittorie", "intervallo al 95%", "punti per mano",
        "margine per partita", "ha bussato", "vinte con gin", "vinte con undercut",
        "decisione, media", "decisione, 99° percentile"]
    assert re.search(r"^quota di vittorie +\d+,\d% +\d+,\d%$", out, re.MULTILINE)
    assert lines[-2].startswith("mani nulle: ") and lines[-2].endswith(
        "(le quote sono per mano distribuita)")
    assert re.fullmatch(r"\d+ mani in \d+,\d\d s: \d+ mani/s con 1 processo", lines[-1])


def test_gin_sim_teams_table_in_italian(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = gin(monkeypatch, capsys, "sim", "--players", "4", "simple", "greedy",
                       "--games", "2", environ=ITALIAN)
    assert code == 0
    assert out.startswith("2 partite, 2 contro 2 (R34, R35), ")
    assert "regole classic, traguardo 125, seed 0" in out.splitlines()[0]
    assert "lato 0: simple" in out and "per giocatore (sotto-partite):" in out
    assert re.search(r"^saldo, intervallo al 95% +da [-+]\d+,\d a [-+]\d+,\d", out,
                     re.MULTILINE)
    assert "mani giocate" in out and "partite non decise: " in out
    for english in ("games won", "side 0", "per player", "hands played", "undecided", " job"):
        assert english not in out


def test_an_audit_problem_says_its_place_cards_and_missing_card_in_either_language() -> None:
    from ginrummy.core.cards import parse_card
    from ginrummy.server.audit.problems import AuditProblem, at

    where = AuditProblem("where.hand_over", {"game": "g7", "number": 2})
    differs = at(where, "deck.differs", commitment="ab12", count=1, position=52,
                 stored=parse_card("KD"), derived=None)
    assert str(differs) == (
        "game g7, hand 2 (over, checked with its revealed seed): the stored deck is not the one "
        "committed to (commitment ab12…): 1 of its cards differ, the first at position 52: the "
        "database has KD, the seeds give nothing")
    assert differs.text(Messages("it")) == (
        "partita g7, mano 2 (finita, controllata con il seed rivelato): il mazzo salvato non è "
        "quello fissato dall'impegno (ab12…): 1 carta è diversa, la prima in posizione 52: "
        "nel database c'è K♦, i seed danno niente")
    unfinished = at(AuditProblem("where.record", {"seq": 3, "game": "g7"}), "chain.unfinished",
                    game="g7")
    assert str(unfinished) == "record 3 (game g7): game g7: its log does not end the game"
    assert unfinished.text(Messages("it")) == ("registrazione 3 (partita g7): partita g7: le "
                                               "sue mosse salvate non arrivano alla fine della "
                                               "partita")


# ------------------------------------------------------------ files that cannot be read


def test_a_missing_file_is_said_in_italian_by_replay_verify_and_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "manca.json"
    _, _, err = gin(monkeypatch, capsys, "replay", str(missing), environ=ITALIAN)
    assert err == f"gin replay: impossibile leggere {missing}: il file non esiste\n"
    _, _, err = gin(monkeypatch, capsys, "verify", str(missing), environ=ITALIAN)
    assert err == f"gin verify: impossibile leggere {missing}: il file non esiste\n"
    code, out, _ = gin(monkeypatch, capsys, "play", "--resume", str(missing), environ=ITALIAN)
    assert code == 2
    assert out == f"Non riesco a riprendere {missing}: il file non esiste\n"
    _, out, _ = gin(monkeypatch, capsys, "play", "--resume", str(missing))
    assert out == (f"Cannot resume {missing}: [Errno 2] No such file or directory: "
                   f"'{missing}'\n")


def test_a_folder_or_a_file_that_is_not_text_is_said_in_italian(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = gin(monkeypatch, capsys, "replay", str(tmp_path), environ=ITALIAN)
    assert err == f"gin replay: impossibile leggere {tmp_path}: è una cartella, non un file\n"
    binary = tmp_path / "partita.json"
    binary.write_bytes(b"\xff\xfe\x00")
    _, _, err = gin(monkeypatch, capsys, "verify", str(binary), environ=ITALIAN)
    assert err == f"gin verify: impossibile leggere {binary}: il file non è testo UTF-8\n"


def test_replay_and_resume_of_a_file_that_is_not_text_say_so_without_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "partita.json"
    binary.write_bytes(b"\xff\xfe\x00")
    code, _, err = gin(monkeypatch, capsys, "replay", str(binary), environ=ITALIAN)
    assert (code, err) == (2, f"gin replay: impossibile leggere {binary}: il file non è testo "
                              "UTF-8\n")
    code, out, _ = gin(monkeypatch, capsys, "play", "--resume", str(binary), environ=ITALIAN)
    assert (code, out) == (2, f"Non riesco a riprendere {binary}: il file non è testo UTF-8\n")
    code, _, err = gin(monkeypatch, capsys, "replay", str(binary))
    assert code == 2 and err.startswith(f"gin replay: cannot read {binary}: 'utf-8' codec ")
