"""The message catalogues: same keys and placeholders in both languages, glossary terms."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from ginrummy.core.rules import PRESETS, Rules
from ginrummy.core.scoring import settle
from ginrummy.i18n import (
    CATALOGUES,
    LANGUAGES,
    MessageError,
    Messages,
    best_language,
    check_language,
    language_from_environment,
    parse_accept_language,
    placeholders,
    translate,
)
from ginrummy.i18n.card_words import CardWords
from ginrummy.terminal.moves import MoveError, parse_card_in
from ginrummy.terminal.opening import RULE_OPTIONS, rules_lines
from ginrummy.terminal.scores import settlement_label, settlement_lines
from ginrummy.terminal.screen import OUTCOMES, void_reason, void_reason_key

EN, IT = CATALOGUES["en"], CATALOGUES["it"]


def test_both_catalogues_have_exactly_the_same_keys() -> None:
    assert set(EN) - set(IT) == set()
    assert set(IT) - set(EN) == set()
    assert LANGUAGES == ("en", "it")


@pytest.mark.parametrize("key", sorted(EN))
def test_same_placeholders_per_key(key: str) -> None:
    assert placeholders(EN[key]) == placeholders(IT[key]), key


def test_every_template_formats_and_no_message_is_empty() -> None:
    for table in (EN, IT):
        for key, template in table.items():
            assert template.strip(), key
            # a card placeholder may ask for its article ({card:art}); no other spec is known
            template.format(**{name: CardWords("x", "x", "it") for name in placeholders(template)})


def test_plurals_come_in_pairs() -> None:
    for key in EN:
        if key.endswith(".one"):
            assert key[:-4] + ".other" in EN, key
        if key.endswith(".other"):
            assert key[:-6] + ".one" in EN, key


GLOSSARY = {
    "bussare": "limite per bussare",
    "bussa": "bussa",
    "tallone": "tallone",
    "pila degli scarti": "pila degli scarti",
    "punti morti": "punti morti",
    "attaccare": "attaccare",
    "attacca": "attacca",
    "cappotto": "cappotto",
    "mano nulla": "mano nulla",
    "combinazione": "combinazion",
    "mazziere": "mazziere",
    "carta scoperta": "carta scoperta",
    "pescare": "pesca",
    "scartare": "scarta",
    "suggerimento": "Suggerimento",
    "livello": "livello",
    "bonus di linea (box)": "bonus di linea (box)",
    "bonus partita": "bonus partita",
    "alzata": "Alzata",
    "mano": "Mano",
    "partita": "Partita",
    "undercut": "undercut",
    "gin": "gin",
}


@pytest.mark.parametrize(("term", "text"), sorted(GLOSSARY.items()))
def test_italian_uses_the_glossary_terms(term: str, text: str) -> None:
    assert any(text in value for value in IT.values()), term


def test_italian_has_no_english_game_words() -> None:
    english = re.compile(r"\b(deadwood|stock|knock|discard|lay off|layoff|dealer|shutout|"
                         r"the|and|you)\b", re.IGNORECASE)
    for key, value in IT.items():
        if key in ("help.text",):  # names the commands, some of them English on purpose
            continue
        assert not english.search(re.sub(r"\{[^}]*\}", "", value)), (key, value)


def test_translate_and_messages() -> None:
    assert translate("move.draw_stock", "it", name="Computer") == "Computer pesca dal tallone"
    assert translate("move.draw_stock", "en", name="Computer") == "Computer draws from the stock"
    with pytest.raises(MessageError, match="no message 'no.such.key'"):
        translate("no.such.key", "en")
    with pytest.raises(MessageError, match="needs the parameter 'name'"):
        translate("move.draw_stock", "it")
    m = Messages("it_IT")
    assert m.lang == "it" and m.card(51) == "K♠" and m.card(9) == "10♣"
    assert Messages("en").card(51) == "KS"
    assert m.plural("count.cards", 1, count=1) == "1 carta"
    assert m.plural("count.cards", 0, count=0) == "0 carte"
    assert m.number(57.25) == "57,2" and Messages("en").number(3.0) == "3.0"
    assert m.join(["a", "b", "c"]) == "a, b e c" and Messages("en").join(["a"]) == "a"
    with pytest.raises(ValueError, match="no messages in language 'fr'"):
        check_language("fr")


def test_accept_language() -> None:
    assert parse_accept_language("en-GB;q=0.8, it") == [("it", 1.0), ("en-gb", 0.8)]
    assert parse_accept_language("") == [] and parse_accept_language(None) == []
    assert best_language("it-IT,it;q=0.9,en;q=0.8") == "it"
    assert best_language("fr-FR, it;q=0.5, en;q=0.4") == "it"
    assert best_language("fr-FR, de;q=0.5") == "en"
    assert best_language("it;q=0, en") == "en"
    assert best_language("*") == "en" and best_language("x;q=abc, it") == "it"
    assert best_language(None, default="it") == "it"


def test_language_from_the_environment() -> None:
    assert language_from_environment({"LANG": "it_IT.UTF-8"}) == "it"
    assert language_from_environment({"LANGUAGE": "it:en", "LANG": "en_US.UTF-8"}) == "it"
    assert language_from_environment({"LC_ALL": "C", "LANG": "it_CH"}) == "it"
    assert language_from_environment({"LANG": "de_DE.UTF-8"}) == "en"
    assert language_from_environment({}) == "en"


def test_italian_card_input() -> None:
    it, en = Messages("it"), Messages("en")
    assert parse_card_in("7C", it) == parse_card_in("7H", en)  # cuori
    assert parse_card_in("7F", it) == parse_card_in("7C", en)  # fiori
    assert parse_card_in("QQ", it) == parse_card_in("QD", en)  # donna di quadri
    assert parse_card_in("10p", it) == parse_card_in("TS", en)  # picche
    assert parse_card_in("7♥", it) == parse_card_in("7h", en)
    with pytest.raises(MoveError) as error:
        parse_card_in("7X", it)
    assert error.value.text(it).startswith("«7X» non è una carta")


def test_every_rules_option_outcome_preset_and_end_has_words() -> None:
    names = {f.name for f in fields(Rules)} - {"name"}
    assert set(RULE_OPTIONS) == names
    for lang in LANGUAGES:
        m = Messages(lang)
        for option in RULE_OPTIONS:
            assert m.has(f"option.{option}")
        for outcome in OUTCOMES:
            assert m.has(f"outcome.{outcome}")
        for preset in PRESETS:
            assert m.has(f"preset.{preset}")
            lines = rules_lines(PRESETS[preset], m)
            assert len(lines) == 2 and "_" not in lines[1]
        for reason in ("target", "max_hands", "time_limit"):
            assert m.has(f"end.{reason}")
        for value in ("loser", "winner", "alternate"):
            assert m.has(f"dealer_rule.{value}")
        for value in ("none", "double_bonus", "double_all"):
            assert m.has(f"shutout_rule.{value}")


def test_void_reasons_of_the_engine_all_have_words() -> None:
    source = Path("ginrummy/core/moves.py").read_text(encoding="utf-8")
    reasons = re.findall(r'_void\(\s*"([^"]+)"', source)
    assert len(reasons) >= 4
    for lang in LANGUAGES:
        m = Messages(lang)
        for reason in reasons:
            assert void_reason_key(reason) != "void.unknown", reason
            assert void_reason(reason, m) == m(void_reason_key(reason))
    assert void_reason("something new", Messages("it")) == "something new"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_settlement_lines_go_through_the_catalogue(lang: str) -> None:
    m = Messages(lang)
    rules = Rules.preset("oklahoma", extra_boxes=True, stake_per_point=2)
    for shutout_rule in ("double_bonus", "double_all"):
        case = rules.replace(shutout_rule=shutout_rule)
        settlement = settle(case, (150, 0), (3, 0), (2, 0), 0, "target")
        if lang == "it":
            for line in settlement.lines():
                assert settlement_label(line, settlement, m) != line.label, line.label
        text = "\n".join(settlement_lines(settlement, ("Anna", "Bruno"), m))
        assert ("cappotto" if lang == "it" else "shutout") in text
        assert "Anna" in text and "2 × " in text
    unfinished = settle(Rules.preset("standard"), (10, 20), (1, 1), (0, 0), None, None)
    text = "\n".join(settlement_lines(unfinished, ("A", "B"), m))
    assert ("Partita in corso" if lang == "it" else "Game in progress") in text
