"""Every refusal a table makes, and every reason the rules core gives for refusing a move,
has its message in English and Italian in the browser's catalogue, naming exactly the
parameters the refusal carries; a refused move reaches the client as that message."""

from __future__ import annotations

import ast
import random
import string
from pathlib import Path

import pytest

from ginrummy.core.actions import DRAW_DISCARD, PASS, discard
from ginrummy.core.cards import card_name
from ginrummy.i18n.catalogue import catalogue
from ginrummy.livetable import Play, Refused, Table, apply
from ginrummy.livetable.refusal_messages import (
    MESSAGE_PARAMS,
    NAMED_PLACES,
    SUBREASONS,
    card_text,
    refusal_json,
)
from tests.livetable.kit import make_table
from tests.livetable.test_livetable_refusals import NOW, both_ready, mover_of

LIVETABLE = Path(__file__).resolve().parents[2] / "ginrummy" / "livetable"
CORE = Path(__file__).resolve().parents[2] / "ginrummy" / "core"


def strings_given_to(name: str, function: ast.AST) -> set[str]:
    """The string constants ``function`` assigns to the variable ``name``."""
    found: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            found |= constant_strings(node.value)
    return found


def constant_strings(value: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(value)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def table_refusals() -> dict[str, set[str]]:
    """Each message key the live table's ``Refused(...)`` calls can make, with the names of
    the parameters they carry (a place's also as ``<place>_name``)."""
    keys: dict[str, set[str]] = {}
    for path in sorted(LIVETABLE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            for call in ast.walk(function):
                if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                        and call.func.id == "Refused" and call.args
                        and isinstance(call.args[0], ast.Constant)):
                    continue
                params = {k.arg for k in call.keywords if k.arg}
                params |= {f"{p}_name" for p in NAMED_PLACES if p in params}
                subkeys = {""}
                for keyword in call.keywords:
                    if keyword.arg in SUBREASONS:
                        value = keyword.value
                        names = strings_given_to(value.id, function) if isinstance(
                            value, ast.Name) else constant_strings(value)
                        subkeys = {f".{name}" for name in names}
                for sub in subkeys:
                    keys.setdefault(f"refusal.{call.args[0].value}{sub}", set()).update(params)
    return keys


def core_refusals() -> dict[str, set[str]]:
    """Each reason the rules core gives for refusing a move (``illegal.*`` of
    why_illegal, the game's ``game.action_*``), as its message key, with its parameters."""
    keys: dict[str, set[str]] = {}
    for path in (CORE / "why_illegal.py", CORE / "game.py"):
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(call, ast.Call):
                continue
            for arg in call.args[1:2]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and (
                        arg.value.startswith(("illegal.", "game.action_"))
                        and arg.value not in ("illegal.in_phase", "illegal.deck_twice")):
                    key = f"refusal.illegal.{arg.value.split('.')[-1]}"
                    keys[key] = {k.arg for k in call.keywords if k.arg}
    return keys


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_scans_find_the_refusals() -> None:
    """The scans below see what they check (a scan that found nothing would pass)."""
    assert {"refusal.not_your_turn", "refusal.no_cut_choice.already_chosen",
            "refusal.nothing_to_ready.round_elsewhere"} <= set(table_refusals())
    assert {"refusal.illegal.just_taken", "refusal.illegal.action_over"} <= set(core_refusals())


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_refusal_has_its_message_naming_the_parameters_it_carries(lang: str) -> None:
    texts = catalogue("web", lang).texts
    for key, carried in {**table_refusals(), **core_refusals()}.items():
        assert key in MESSAGE_PARAMS, key
        assert key in texts, (lang, key)
        said = set(MESSAGE_PARAMS[key])
        assert said <= carried, (key, said - carried)
        assert placeholders(texts[key]) == said, (lang, key)


def test_every_refusal_message_is_one_a_refusal_can_have() -> None:
    made = {**table_refusals(), **core_refusals()}
    listed = {key for key in catalogue("web", "en").texts if key.startswith("refusal.")}
    assert listed == set(MESSAGE_PARAMS) == set(made) | {"refusal.illegal_action"}


def refused(table: Table, play: Play) -> Refused:
    with pytest.raises(Refused) as refusal:
        apply(table, play, NOW, random.Random(0))
    return refusal.value


def test_discarding_the_card_just_taken_is_said_with_the_card() -> None:
    table = both_ready(make_table())
    mover = mover_of(table)
    table = apply(table, Play(mover, DRAW_DISCARD, expect=table.n), NOW).table
    hand = table.game.hand
    assert hand is not None
    taken = hand.taken
    sent = refusal_json(refused(table, Play(mover, discard(taken), expect=table.n)))
    assert sent["message"] == "refusal.illegal.just_taken"
    assert sent["said"] == {"card": card_text(card_name(taken))}
    italian = catalogue("web", "it").texts[sent["message"]].format(**sent["said"])
    assert italian == f"Non puoi scartare la carta che hai appena preso dal pozzo " \
                      f"({card_text(card_name(taken))})."


def test_a_move_out_of_turn_names_who_is_to_move() -> None:
    table = both_ready(make_table())
    mover = mover_of(table)
    sent = refusal_json(refused(table, Play(1 - mover, PASS, expect=table.n)),
                        names=[s.name for s in table.seats])
    assert sent["code"] == "not_your_turn" and sent["params"]["mover"] == mover
    assert sent["said"] == {"mover_name": f"Player {mover}"}


def test_a_move_that_is_not_an_action_is_said_as_a_move_not_allowed() -> None:
    """The core refuses an action number out of range without a code of its own."""
    table = both_ready(make_table())
    sent = refusal_json(refused(table, Play(mover_of(table), 10_000, expect=table.n)))
    assert sent["code"] == "illegal_action" and sent["message"] == "refusal.illegal_action"
    assert sent["said"] == {} and sent["params"] == {"action": 10_000,
                                                     "reason": None}
