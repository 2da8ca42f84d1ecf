"""The reading pages /rules, /tips and /faq: both languages, every preset and option, no drift."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from starlette.testclient import TestClient

from ginrummy.core.rules import PRESETS, Rules
from ginrummy.i18n import Messages
from ginrummy.server.api import content
from tests.server.kit import running

LANGS = ("en", "it")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    database = f"sqlite:///{tmp_path_factory.mktemp('content') / 'games.sqlite3'}"
    with running(database) as c:
        yield c


def html_lang(page: str) -> str:
    found = re.search(r'<html lang="([a-z]+)">', page)
    assert found, page[:200]
    return found.group(1)


class Checker(HTMLParser):
    """Counts unclosed tags and collects ids and in-page links (a light well-formedness check)."""

    VOID = {"meta", "link", "br", "img", "input", "hr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.ids: list[str] = []
        self.anchors: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(str(values["id"]))
        href = values.get("href") or ""
        if href.startswith("#"):
            self.anchors.append(href[1:])
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", content.PAGES)
def test_each_page_renders_in_each_language(client: TestClient, page: str, lang: str) -> None:
    response = client.get(f"/{page}", params={"lang": lang})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["content-language"] == lang
    text = response.text
    assert html_lang(text) == lang
    assert "[[" not in text and "]]" not in text
    assert '<link rel="stylesheet" href="/content/content.css">' in text
    assert '<a class="back" href="/">' in text  # back to the game
    for other in content.PAGES:
        assert f'href="/{other}?lang={lang}"' in text
    switch = "it" if lang == "en" else "en"
    assert f'href="/{page}?lang={switch}"' in text
    checker = Checker()
    checker.feed(text)
    assert checker.errors == [] and checker.stack == []
    assert len(checker.ids) == len(set(checker.ids)), "an id is used twice"
    assert set(checker.anchors) <= set(checker.ids), "a link to a missing anchor"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", content.PAGES)
def test_every_preset_is_named_as_players_call_it(client: TestClient, page: str,
                                                  lang: str) -> None:
    text = client.get(f"/{page}", params={"lang": lang}).text
    m = Messages(lang)
    for name in PRESETS:
        assert f">{html.escape(content.preset_title(name, m))}<" in text, (page, lang, name)
        assert f"<code>{name}</code>" not in text, (page, lang, name)  # never the internal id


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_covers_every_preset_and_option(client: TestClient, lang: str) -> None:
    text = client.get("/rules", params={"lang": lang}).text
    m = Messages(lang)
    for name in PRESETS:
        assert f'id="preset-{name}"' in text
        assert content.preset_summary(name, m).replace("'", "&#x27;") in text
    for option in content.option_names():
        assert f'id="option-{option}"' in text
        assert m(f"option.{option}").replace("'", "&#x27;") in text
    # values come from the engine: the Oklahoma knock limit of a seven and a king
    oklahoma = Rules.preset("oklahoma")
    assert oklahoma.knock_limit_for(6) == 7 and oklahoma.knock_limit_for(12) == 10


def test_every_option_is_explained_in_both_languages() -> None:
    names = set(content.option_names())
    for lang in LANGS:
        words = content.words(lang)
        assert all(words(f"option_help.{name}").strip() for name in names), lang


def test_option_ranges_come_from_the_rules() -> None:
    assert content.option_range("knock_limit") == (0, 10)
    assert content.option_range("target") == (1, 10_000)
    assert content.option_range("max_hands") == (1, 1000)


def test_scoring_examples_are_the_engine_s_numbers() -> None:
    ex = content.examples()
    assert ex["knock.points"] == ex["knock.d"] - ex["knock.k"]
    assert ex["undercut.points"] == ex["undercut.difference"] + PRESETS["standard"].undercut_bonus
    assert ex["undercut_classic.bonus"] == PRESETS["classic"].undercut_bonus
    assert ex["tie.points"] == PRESETS["standard"].undercut_bonus
    assert ex["tie_openspiel.points"] == 0
    assert ex["gin.points"] == PRESETS["standard"].gin_bonus + ex["gin.d"]
    assert ex["spade.multiplier"] == 2 and ex["spade.limit"] == 7
    assert ex["spade.points"] == 2 * (ex["spade.d"] - ex["spade.k"])
    sheet = content.sheets()["sheet_shutout"]
    assert sheet.shutout and sheet.final[0] == 104 + 5 * 25 + 2 * 100


@pytest.mark.parametrize(("header", "lang"), [
    ("it-IT,it;q=0.9,en;q=0.8", "it"), ("it", "it"), ("en-US,en;q=0.9", "en"),
    ("fr-FR,fr;q=0.9,it;q=0.5", "it"), ("de", "en"), (None, "en"),
])
@pytest.mark.parametrize("page", content.PAGES)
def test_accept_language_picks_the_language(client: TestClient, page: str, header: str | None,
                                            lang: str) -> None:
    headers = {"Accept-Language": header} if header else {}
    response = client.get(f"/{page}", headers=headers)
    assert html_lang(response.text) == lang
    assert "accept-language" in response.headers["vary"].lower()


def test_lang_parameter_wins_over_accept_language(client: TestClient) -> None:
    italian = {"Accept-Language": "it-IT,it"}
    assert html_lang(client.get("/faq?lang=en", headers=italian).text) == "en"
    assert html_lang(client.get("/faq?lang=IT", headers={"Accept-Language": "en"}).text) == "it"
    # an unknown value falls back to the header
    assert html_lang(client.get("/faq?lang=xx", headers=italian).text) == "it"


def test_italian_pages_use_the_glossary(client: TestClient) -> None:
    rules = client.get("/rules?lang=it").text
    for word in ("tallone", "pila degli scarti", "bussare", "punti morti", "combinazion",
                 "attacca", "mazziere", "carta scoperta", "cappotto", "bonus di linea"):
        assert word in rules, word
    faq = client.get("/faq?lang=it").text
    assert "Il computer bara?" in faq and "mano nulla" in faq


def test_tips_cover_the_seed_advice_and_more(client: TestClient) -> None:
    tips = client.get("/tips?lang=en").text
    for anchor in ("high-cards", "watch", "discards", "knock", "undercut", "layoffs",
                   "oklahoma", "presets"):
        assert f'id="{anchor}"' in tips
    faq = client.get("/faq?lang=en").text
    for anchor in ("dealing", "void", "scoring", "boxes", "shutout", "cheat"):
        assert f'id="{anchor}"' in faq


def test_stylesheet_and_script_are_served(client: TestClient) -> None:
    css = client.get("/content/content.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")
    assert "prefers-color-scheme" in css.text
    script = client.get("/content/content.js")
    assert script.status_code == 200 and "gin.lang" in script.text
