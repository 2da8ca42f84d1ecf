"""The catalogue check (python -m ginrummy.i18n.check, run here by make test): the installed
.po files are in order, and each kind of broken catalogue is named with its key and problem."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ginrummy.i18n.catalogue import LOCALE_DIR, CatalogueError, read
from ginrummy.i18n.check import main, problems


def test_the_installed_catalogues_have_no_problem() -> None:
    assert [str(p) for p in problems()] == []


def test_the_check_command_says_the_catalogues_are_in_order(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert "in order" in capsys.readouterr().out


@pytest.fixture
def locale(tmp_path: Path) -> Path:
    """A copy of the installed catalogues, to break."""
    target = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, target)
    return target


def edit(locale: Path, lang: str, domain: str, old: str, new: str) -> None:
    path = locale / lang / "LC_MESSAGES" / f"{domain}.po"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def found(locale: Path) -> list[str]:
    return [str(p) for p in problems(locale)]


ITALIAN_DRAW = ('msgctxt "move.draw_stock"\nmsgid "{name} draws from the stock"\n'
                'msgstr "{name} pesca dal tallone"')


def test_a_key_missing_in_italian_is_named(locale: Path) -> None:
    edit(locale, "it", "game", ITALIAN_DRAW, "")
    assert found(locale) == [
        f"{locale}/it/LC_MESSAGES/game.po: 'move.draw_stock': missing here (it is in en)"]


def test_a_key_missing_in_english_is_named(locale: Path) -> None:
    edit(locale, "en", "web", 'msgctxt "app.title"\nmsgid "Gin Rummy"\nmsgstr "Gin Rummy"', "")
    (problem,) = [p for p in found(locale) if "app.title" in p]
    assert problem == (f"{locale}/en/LC_MESSAGES/web.po: 'app.title': missing here "
                       f"(it is in it)")


def test_an_empty_translation_is_named(locale: Path) -> None:
    edit(locale, "it", "game", ITALIAN_DRAW, ITALIAN_DRAW.replace("{name} pesca dal tallone", ""))
    assert found(locale) == [
        f"{locale}/it/LC_MESSAGES/game.po: 'move.draw_stock': the translation is empty"]


def test_an_empty_plural_form_is_named(locale: Path) -> None:
    edit(locale, "it", "game", 'msgstr[1] "{count} carte"', 'msgstr[1] ""')
    assert found(locale) == [
        f"{locale}/it/LC_MESSAGES/game.po: 'count.cards': the translation is empty"]


def test_a_fuzzy_translation_is_named(locale: Path) -> None:
    edit(locale, "it", "game", ITALIAN_DRAW, "#, fuzzy\n" + ITALIAN_DRAW)
    assert found(locale) == [
        f"{locale}/it/LC_MESSAGES/game.po: 'move.draw_stock': the translation is marked "
        f"fuzzy: review it and remove the flag"]


def test_placeholders_that_differ_are_named(locale: Path) -> None:
    edit(locale, "it", "game", ITALIAN_DRAW, ITALIAN_DRAW.replace("{name} pesca", "{nome} pesca"))
    assert found(locale) == [
        f"{locale}/it/LC_MESSAGES/game.po: 'move.draw_stock': placeholders differ: "
        f"English ['name'], translation ['nome']"]


def test_a_broken_template_is_named(locale: Path) -> None:
    edit(locale, "it", "game", ITALIAN_DRAW, ITALIAN_DRAW.replace("{name} pesca", "{name pesca"))
    (problem,) = found(locale)
    assert "'move.draw_stock': the translation is not a valid template" in problem


def test_a_translation_of_an_older_english_text_is_named(locale: Path) -> None:
    edit(locale, "en", "game", 'msgid "{name} draws from the stock"\n'
                               'msgstr "{name} draws from the stock"',
         'msgid "{name} draws a card from the stock"\n'
         'msgstr "{name} draws a card from the stock"')
    (problem,) = [p for p in found(locale) if "LC_MESSAGES" in p]
    assert problem.startswith(f"{locale}/it/LC_MESSAGES/game.po: 'move.draw_stock': the "
                              f"English text has changed since this was translated")
    assert any(p.startswith(f"{locale}/game.pot: the template is not") for p in found(locale))


def test_an_english_msgstr_that_is_not_its_msgid_is_named(locale: Path) -> None:
    edit(locale, "en", "game", 'msgstr "{name} draws from the stock"',
         'msgstr "{name} takes from the stock"')
    assert found(locale) == [
        f"{locale}/en/LC_MESSAGES/game.po: 'move.draw_stock': in the English catalogue the "
        f"msgstr must repeat the msgid"]


def test_an_entry_without_a_translator_comment_is_named(locale: Path) -> None:
    edit(locale, "it", "game", "#. the status line and the log of moves: what another player "
                               "did\n#, python-brace-format\n" + ITALIAN_DRAW,
         "#, python-brace-format\n" + ITALIAN_DRAW)
    assert found(locale) == [
        f"{locale}/it/LC_MESSAGES/game.po: 'move.draw_stock': no translator comment (#.) "
        f"saying where the text shows"]


def test_a_catalogue_that_does_not_parse_is_named(locale: Path) -> None:
    edit(locale, "it", "pages", 'msgctxt "nav.rules"', 'msgctxt "nav.rules"\nmsgid_garbage "x')
    (problem,) = found(locale)
    assert problem.startswith(f"{locale}/it/LC_MESSAGES/pages.po: does not parse")
    with pytest.raises(CatalogueError, match="pages.po"):
        read(locale / "it" / "LC_MESSAGES" / "pages.po")


def test_a_stale_template_is_named(locale: Path) -> None:
    pot = locale / "web.pot"
    pot.write_text(pot.read_text(encoding="utf-8").replace('msgctxt "app.title"',
                                                           'msgctxt "app.name"'),
                   encoding="utf-8")
    assert found(locale) == [f"{pot}: the template is not the English catalogue's: "
                             f"python -m ginrummy.i18n.check --write-pot"]


def test_a_page_missing_in_italian_is_named(locale: Path) -> None:
    (locale / "it" / "pages" / "tips.html").unlink()
    assert found(locale) == [f"{locale}/it/pages/tips.html: the page is missing (it is in "
                             f"English)"]


def test_an_empty_or_fuzzy_translation_is_not_shown_the_english_text_is(locale: Path) -> None:
    edit(locale, "it", "game", ITALIAN_DRAW, "#, fuzzy\n" + ITALIAN_DRAW)
    edit(locale, "it", "game", 'msgstr[1] "{count} carte"', 'msgstr[1] ""')
    italian = read(locale / "it" / "LC_MESSAGES" / "game.po")
    assert "move.draw_stock" not in italian.texts and "count.cards" not in italian.plurals
    assert italian.texts["move.discard"] == "{name} scarta {card}"


def test_a_second_translation_in_one_entry_is_named(locale: Path) -> None:
    """Two merged rewordings of one line: Babel would keep the last without a word."""
    edit(locale, "it", "game", ITALIAN_DRAW,
         ITALIAN_DRAW + '\nmsgstr "{name} prende dal tallone"')
    assert any("'move.draw_stock'" in p and "a second msgstr in one entry" in p
               for p in found(locale))


def test_a_key_given_twice_is_named(locale: Path) -> None:
    edit(locale, "it", "game", ITALIAN_DRAW, ITALIAN_DRAW + "\n\n" + ITALIAN_DRAW)
    assert any("'move.draw_stock'" in p and "the key is given twice" in p
               for p in found(locale))
