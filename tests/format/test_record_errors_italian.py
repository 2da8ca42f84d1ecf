"""A broken record, notation or save names its problem in the reader's language.

``gin replay``, ``gin verify`` and ``gin play --resume`` say what is wrong with a file in
Italian under ``--lang it`` and exactly as before in English; every error code the code
raises has its message in both catalogues, and the English catalogue says each error
exactly as its ``str`` does.
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ginrummy.agents.simple import SimpleAgent
from ginrummy.cli import main
from ginrummy.core.actions import DISCARD_BASE, KNOCK_BASE, LAYOFF_BASE, MELD_BASE, NUM_ACTIONS
from ginrummy.core.errors import CodedError
from ginrummy.core.hand import HandState, IllegalActionError, Phase, deal_hand
from ginrummy.core.melds import ALL_MELDS
from ginrummy.core.rules import PRESETS
from ginrummy.core.views import view_of
from ginrummy.format.notation import parse_notation
from ginrummy.format.record import RecordError, record_from_dict
from ginrummy.format.replay import replay
from ginrummy.i18n import CATALOGUES, Messages
from ginrummy.i18n.errors import error_key, error_text

DATA = Path(__file__).parent.parent / "data"
SAVES = Path(__file__).parent.parent / "golden" / "saves"
RECORDS = Path(__file__).parent.parent / "golden" / "records"
PACKAGE = Path(__file__).parent.parent.parent / "ginrummy"
GOLDEN = json.loads((DATA / "golden_classic.json").read_text(encoding="utf-8"))
NOTATION = (DATA / "golden_classic.txt").read_text(encoding="utf-8")

Change = Callable[[dict[str, Any]], None]


def broken(change: Change) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(GOLDEN))
    change(data)
    return data


def write(tmp_path: Path, data: dict[str, Any] | str, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def the_error(data: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as caught:
        replay(record_from_dict(data))
    return caught.value


def wrong_version(data: dict[str, Any]) -> None:
    data["version"] = 9


def malformed_card(data: dict[str, Any]) -> None:
    data["hands"][1]["deck"][4] = "XX"


def illegal_move_at_hand_3(data: dict[str, Any]) -> None:
    hand = data["hands"][2]
    hand["actions"][1] = "discard 2C"  # seat 1 holds no 2C
    del hand["action_ids"]


def bad_rules_option(data: dict[str, Any]) -> None:
    data["rules"]["knock_limit"] = 11


def card_twice_in_a_deck(data: dict[str, Any]) -> None:
    deck = data["hands"][0]["deck"]
    deck[5] = deck[9]


def a_hand_after_the_end(data: dict[str, Any]) -> None:
    data["hands"].append(data["hands"][-1])


ITALIAN = [
    (wrong_version, "la versione 9 di ginrummy-game non è supportata (questo programma "
                    "legge: 1, 2)"),
    (malformed_card, "mano 2: carta 5 del mazzo: 'XX' non è una carta: il valore 'X' non "
                     "esiste (usa A 2-10 T J Q K)"),
    (illegal_move_at_hand_3, "mano 3, azione 2: discard 2C non è una mossa valida: discard 2C "
                             "nella fase di scarto (tocca al posto 1): 2C non è nella mano"),
    (bad_rules_option, "rules: knock_limit deve essere un numero intero da 0 a 10, non 11"),
    (card_twice_in_a_deck, "mano 1: questo mazzo non si può distribuire: il mazzo ha 5H due "
                           "volte (alle posizioni 6 e 10)"),
    (a_hand_after_the_end, "mano 5: la partita era già finita (traguardo raggiunto) prima di "
                           "questa mano"),
]


@pytest.mark.parametrize(("change", "italian"), ITALIAN, ids=[c.__name__ for c, _ in ITALIAN])
def test_gin_replay_names_a_broken_records_problem_in_italian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: Change, italian: str
) -> None:
    path = write(tmp_path, broken(change))
    status, _, err = run(capsys, "replay", "--lang", "it", path)
    assert status == 2
    assert err == f"gin replay: {path}: {italian}\n"


@pytest.mark.parametrize("change", [c for c, _ in ITALIAN], ids=[c.__name__ for c, _ in ITALIAN])
def test_english_is_the_errors_own_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: Change
) -> None:
    data = broken(change)
    error = the_error(data)
    assert error_text(error, Messages("en")) == str(error)
    path = write(tmp_path, data)
    assert run(capsys, "replay", "--lang", "en", path)[2] == f"gin replay: {path}: {error}\n"


def test_the_italian_environment_picks_italian_for_gin_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    path = write(tmp_path, broken(wrong_version))
    assert "non è supportata" in run(capsys, "replay", path)[2]


def test_gin_verify_says_the_replay_problem_and_a_bad_file_in_italian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, broken(illegal_move_at_hand_3))
    status, out, _ = run(capsys, "verify", "--lang", "it", path)
    assert status == 1
    assert ("mano 3: PROBLEMA: la registrazione non si riproduce: mano 3, azione 2: discard 2C "
            "non è una mossa valida: discard 2C nella fase di scarto (tocca al posto 1): 2C non "
            "è nella mano\n") in out
    english = run(capsys, "verify", "--lang", "en", path)[1]
    assert ("hand 3: PROBLEM: the record does not replay: hand 3, action 2: discard 2C is "
            "illegal: discard 2C in phase DISCARD (seat 1 to act): 2C is not in the hand\n"
            ) in english
    path = write(tmp_path, broken(wrong_version), "version.json")
    status, _, err = run(capsys, "verify", "--lang", "it", path)
    assert (status, err) == (2, f"gin verify: {path}: la versione 9 di ginrummy-game non è "
                                "supportata (questo programma legge: 1, 2)\n")
    status, _, err = run(capsys, "verify", "--lang", "it",
                         write(tmp_path, NOTATION, "game.txt"))
    assert status == 2 and "questa è la notazione testuale" in err


@pytest.mark.parametrize(("text", "italian"), [
    ('{"format": }', "non è JSON valido: manca un valore alla riga 1, colonna 12 (carattere 11)"),
    ('{"format": "ginrummy-game",}', "non è JSON valido: manca il nome di un campo tra "
                                     "virgolette doppie alla riga 1, colonna 28 (carattere 27)"),
])
def test_a_file_that_is_not_json_says_where_in_italian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, italian: str
) -> None:
    path = write(tmp_path, text)
    for command in ("replay", "verify"):
        status, _, err = run(capsys, command, "--lang", "it", path)
        assert (status, err) == (2, f"gin {command}: {path}: {italian}\n")
    status, out, _ = run(capsys, "play", "--lang", "it", "--resume", path)
    assert (status, out) == (2, f"Non riesco a riprendere {path}: {italian}\n")
    english = run(capsys, "replay", "--lang", "en", path)[2]
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    assert english == f"gin replay: {path}: not valid JSON: {caught.value}\n"


def test_gin_replay_of_broken_notation_names_the_line_in_italian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = NOTATION.replace("1. take d:TS", "1. take d:XS", 1)
    path = write(tmp_path, text, "game.txt")
    status, _, err = run(capsys, "replay", "--lang", "it", path)
    assert status == 2
    assert err == (f"gin replay: {path}: riga 11: mano 1, azione 2: 'd:XS': 'XS' non è una "
                   "carta: il valore 'X' non esiste (usa A 2-10 T J Q K)\n")
    with pytest.raises(RecordError) as caught:
        parse_notation(text)
    assert run(capsys, "replay", "--lang", "en", path)[2] == f"gin replay: {path}: " \
        f"{caught.value}\n"


def test_gin_play_resume_of_a_save_with_a_broken_record_says_it_in_italian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = json.loads((SAVES / "two_standard_mid.json").read_text(encoding="utf-8"))
    save["record"]["rules"]["gin_bonus"] = -1
    path = write(tmp_path, save, "save.json")
    status, out, _ = run(capsys, "play", "--lang", "it", "--resume", path)
    assert status == 2
    assert out == (f"Non riesco a riprendere {path}: rules: gin_bonus deve essere un numero "
                   "intero da 0 a 1000, non -1\n")
    save = json.loads((SAVES / "two_standard_mid.json").read_text(encoding="utf-8"))
    save["level"] = "hard"
    status, out, _ = run(capsys, "play", "--lang", "it", "--resume",
                         write(tmp_path, save, "save.json"))
    assert "campo mancante o non valido: level deve essere un numero intero, non 'hard'" in out
    status, out, _ = run(capsys, "play", "--lang", "en", "--resume", path)
    assert out.endswith(": missing or bad field: level must be a whole number, got 'hard'\n")


# ---------------------------------------------------------------- every code, both catalogues

ERROR_NAME = re.compile(r"(Error|_BadField)$")


def _codes_in(node: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and re.fullmatch(r"[a-z]+\.[a-z0-9_]+", n.value)}


def raised_codes() -> dict[str, list[str]]:
    """Each error code given to an error class in the package, with where it is."""
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in ast.walk(tree):
            if path.name == "why_illegal.py" and isinstance(call, ast.Constant):
                for code in _codes_in(call):  # a refusal's codes, returned or in a table
                    found.setdefault(code, []).append(f"{path.name}:{call.lineno}")
            targets = call.targets if isinstance(call, ast.Assign) else [call.target] \
                if isinstance(call, ast.AnnAssign) else []
            if any(getattr(t, "id", "").endswith("_CODES") for t in targets):  # a code table
                for code in _codes_in(call):
                    found.setdefault(code, []).append(f"{path.name}:{call.lineno}")
            if not isinstance(call, ast.Call):
                continue
            name = getattr(call.func, "id", getattr(call.func, "attr", ""))
            if not ERROR_NAME.search(name):
                continue
            parts: list[ast.AST] = call.args[1:2] if name != "RecordError" else []
            parts += [k.value for k in call.keywords if k.arg == "code"]
            for part in parts:
                for code in _codes_in(part):
                    found.setdefault(code, []).append(f"{path.name}:{call.lineno}")
    return found


def test_every_error_code_has_a_message_in_english_and_italian() -> None:
    codes = raised_codes()
    assert len(codes) > 100  # the scan finds the codes (record, rules, card, cut, ...)
    for lang in ("en", "it"):
        missing = {code: where for code, where in codes.items()
                   if error_key(code) not in CATALOGUES[lang]
                   and f"{error_key(code)}.one" not in CATALOGUES[lang]}
        assert not missing, (lang, missing)


def test_every_error_message_belongs_to_a_code_the_code_raises() -> None:
    import errno

    # file_error_text says an operating system's reason by its errno name (error.os.ENOENT)
    os_reasons = {f"os.{name}" for name in errno.errorcode.values()} | {"os.not_utf8"}
    codes = set(raised_codes()) | {"where.hand", "where.action"} | os_reasons
    keys = {re.sub(r"\.(one|other)$", "", key) for key in CATALOGUES["en"]
            if key.startswith("error.") and key.count(".") >= 2}
    assert keys - {error_key(code) for code in codes} == set()


def test_every_record_error_is_raised_with_a_code() -> None:
    for path in sorted((PACKAGE / "format").glob("*.py")):
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "RecordError":
                assert any(k.arg == "code" for k in call.keywords), f"{path.name}:{call.lineno}"


# ---------------------------------------------------------------- the English stays as it was

BROKEN_RECORDS: list[Change] = [
    wrong_version, malformed_card, illegal_move_at_hand_3, bad_rules_option, card_twice_in_a_deck,
    lambda d: d.update(format="chess"),
    lambda d: d.update(time_up="yes"),
    lambda d: d.update(hands={}),
    lambda d: d.update(extra=1),
    lambda d: d["rules"].update(dealer_rule="coin"),
    lambda d: d["rules"].update(oklahoma=1),
    lambda d: d["rules"].update(spade_double=True),
    lambda d: d["rules"].update(colour=True),
    lambda d: d.update(cut=[["6H", "6D"]]),
    lambda d: d.update(cut=[["6H", "QQ"]]),
    lambda d: d.update(cut=[["6H"]]),
    lambda d: d.update(cut="6H 7D"),
    lambda d: d["hands"][0].update(dealer=1),
    lambda d: d["hands"][0].update(dealer=5),
    lambda d: d["hands"][0].update(totals=[1, 2]),
    lambda d: d["hands"][0]["deck"].pop(),
    lambda d: d["hands"][0]["actions"].pop(),
    lambda d: d["hands"][1]["actions"].append("stock"),
    lambda d: d["hands"][1]["actions"].__setitem__(0, "fly away"),
    lambda d: d["hands"][1]["actions"].__setitem__(0, "knock"),
    lambda d: d["hands"][1]["actions"].__setitem__(0, "meld AS 2S"),
    lambda d: d["hands"][1]["action_ids"].__setitem__(0, 3),
    lambda d: d["hands"][1]["result"].update(points=1),
    lambda d: d["hands"][1]["result"].update(colour=1),
    lambda d: d["final"].update(winner=0),
    lambda d: d["hands"][3].update(table=0),
    lambda d: d["hands"][0].update(fair={"version": 2}),
    lambda d: d["hands"][0].update(fair={"version": 2, "commitment": 7, "game_id": "g",
                                         "client_seeds": []}),
]


@pytest.mark.parametrize("number", range(len(BROKEN_RECORDS)))
def test_the_english_catalogue_says_each_record_error_as_its_text(number: int) -> None:
    data = broken(BROKEN_RECORDS[number])
    with pytest.raises(RecordError) as caught:
        replay(record_from_dict(data))
    error = caught.value
    assert error.code is not None
    assert error_text(error, Messages("en")) == str(error)
    italian = error_text(error, Messages("it"))
    assert italian != str(error)
    assert not re.search(r"\b(must|the|got|is not|cannot|unknown)\b", italian), italian


TEAMS = json.loads((RECORDS / "teams_server_fair_v1.json").read_text(encoding="utf-8"))
THREE = json.loads((RECORDS / "three_server_fair_v1.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("record", "change", "italian"), [
    (THREE, lambda d: d["hands"][1].update(dealer=0),
     "mano 2: la registrazione fa distribuire il giocatore 0, ma per le regole il mazziere è "
     "il giocatore 2 (R33-R35)"),
    (THREE, lambda d: d["hands"][0].update(players=[0, 2]),
     "mano 1: la registrazione mette al tavolo 0 i giocatori [0, 2], le regole ci mettono "
     "[2, 0] (R33-R35)"),
    (THREE, lambda d: d["rules"].update(dealer_rule="winner"),
     "rules: dealer_rule 'winner' non vale in tre: per R33 chi perde una mano distribuisce la "
     "successiva (usa dealer_rule='loser')"),
    (TEAMS, lambda d: d.update(players=5),
     "rules: players deve essere 2, 3 (R33) o un numero pari da 4 a 10 in due squadre (R34, "
     "R35), non 5"),
    (TEAMS, lambda d: d["hands"][0].update(round=2),
     "mano 1: la registrazione dice giro 2, la riproduzione è al giro 1"),
])
def test_a_broken_table_record_is_named_in_italian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: dict[str, Any],
    change: Change, italian: str,
) -> None:
    data: dict[str, Any] = json.loads(json.dumps(record))
    change(data)
    path = write(tmp_path, data)
    assert run(capsys, "replay", "--lang", "it", path)[2] == f"gin replay: {path}: {italian}\n"
    error = the_error(data)
    assert run(capsys, "replay", "--lang", "en", path)[2] == f"gin replay: {path}: {error}\n"


def _states(seed: int, hands: int) -> list[HandState]:
    """Every state of hands under every preset, played mostly as a simple player would (so
    that knocks, melds and layoffs come up), now and then at random."""
    rng = random.Random(seed)
    players = [SimpleAgent(seed), SimpleAgent(seed + 1)]
    states: list[HandState] = []
    for _ in range(hands):
        deck = list(range(52))
        rng.shuffle(deck)
        state = deal_hand(rng.choice(list(PRESETS.values())), rng.randrange(2), deck)
        while state.phase is not Phase.OVER:
            states.append(state)
            action = players[state.turn].choose(view_of(state, state.turn)) \
                if rng.random() < 0.85 else rng.choice(state.legal_actions())
            state = state.apply(action)
    return states


def _tries(state: HandState, rng: random.Random) -> list[int]:
    """Actions worth trying in ``state``: its hand's cards in every card action, the melds in
    its hand, the moves without a card, and a few actions at random."""
    hand = state.hands[state.turn]
    cards = [c for c in range(52) if hand >> c & 1]
    melds = [MELD_BASE + i for i, meld in enumerate(ALL_MELDS) if meld & hand == meld]
    card_actions = [base + c for base in (DISCARD_BASE, KNOCK_BASE, LAYOFF_BASE) for c in cards]
    return [*range(DISCARD_BASE), *card_actions, *melds, *rng.sample(range(NUM_ACTIONS), 8)]


def test_every_refused_action_is_coded_and_said_as_the_rules_say_it() -> None:
    rng = random.Random(13)
    english, italian = Messages("en"), Messages("it")
    seen: set[str] = set()
    for state in _states(7, 40):
        legal = set(state.legal_actions())
        for action in _tries(state, rng):
            if action in legal:
                continue
            with pytest.raises(IllegalActionError) as caught:
                state.apply(action)
            coded = caught.value
            assert isinstance(coded, CodedError) and coded.code == "illegal.in_phase"
            reason = coded.params["reason"]
            assert isinstance(reason, CodedError) and reason.code is not None
            seen.add(reason.code)
            assert error_text(coded, english) == str(caught.value)
            assert error_text(coded, italian) != str(caught.value)
    assert {"illegal.not_in_hand", "illegal.not_now", "illegal.knock_limit",
            "illegal.meld_not_free", "illegal.meld_limit", "illegal.layoff_fit",
            "illegal.layoff_used", "illegal.done_limit"} <= seen
