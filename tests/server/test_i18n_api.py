"""GET /api/i18n/{lang}: the browser client's strings; both catalogues match key for key."""

from __future__ import annotations

import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.i18n.catalogue import web_strings
from tests.server.kit import running

WEB_EN, WEB_IT = web_strings("en"), web_strings("it")

PLACEHOLDER = re.compile(r"\{\{?\s*([A-Za-z_][\w.]*)\s*\}?\}")


def placeholders(template: str) -> set[str]:
    """The ``{name}`` (or ``{{name}}``) placeholders of a web template."""
    return set(PLACEHOLDER.findall(template))


@pytest.fixture
def client(sqlite_db: str) -> Any:
    with running(sqlite_db) as c:
        yield c


def test_web_catalogues_have_the_same_keys() -> None:
    assert sorted(set(WEB_EN) - set(WEB_IT)) == [], "keys missing in Italian"
    assert sorted(set(WEB_IT) - set(WEB_EN)) == [], "keys missing in English"


def test_web_catalogues_have_the_same_placeholders_and_no_empty_string() -> None:
    differ = {key: (placeholders(WEB_EN[key]), placeholders(WEB_IT[key]))
              for key in WEB_EN if key in WEB_IT
              and placeholders(WEB_EN[key]) != placeholders(WEB_IT[key])}
    assert differ == {}
    for catalogue in (WEB_EN, WEB_IT):
        for key, template in catalogue.items():
            assert isinstance(key, str) and isinstance(template, str), key
            assert template.strip(), f"empty string for {key!r}"


@pytest.mark.parametrize(("lang", "catalogue"), [("en", WEB_EN), ("it", WEB_IT)])
def test_get_strings_of_a_language(client: TestClient, lang: str,
                                   catalogue: dict[str, str]) -> None:
    response = client.get(f"/api/i18n/{lang}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    assert response.json() == {"lang": lang, "strings": catalogue}
    etag = response.headers["etag"]
    again = client.get(f"/api/i18n/{lang}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.headers["etag"] == etag


def test_the_two_languages_differ(client: TestClient) -> None:
    en = client.get("/api/i18n/en")
    it = client.get("/api/i18n/it")
    assert en.headers["etag"] != it.headers["etag"]


@pytest.mark.parametrize("lang", ["fr", "EN", "it-IT", "x" * 40, "en.json"])
def test_unknown_language_is_a_precise_404(client: TestClient, lang: str) -> None:
    response = client.get(f"/api/i18n/{lang}")
    assert response.status_code == 404
    error = response.json()["error"]
    assert error["code"] == "not_found"
    assert "no web strings in language" in error["message"]
    assert error["message"].endswith("languages: en, it")


@pytest.mark.parametrize(("header", "preferred"), [
    ("it-IT,it;q=0.9,en;q=0.8", "it"), ("en-GB", "en"), ("fr, de;q=0.5", "en"), (None, "en"),
])
def test_languages_and_the_preferred_one(client: TestClient, header: str | None,
                                         preferred: str) -> None:
    headers = {"Accept-Language": header} if header else {}
    body = client.get("/api/i18n", headers=headers).json()
    assert body == {"languages": ["en", "it"], "names": {"en": "English", "it": "Italiano"},
                    "preferred": preferred}


@pytest.mark.parametrize(("header", "lang", "skip"), [
    ("it-IT,it;q=0.9,en;q=0.8", "it", "Vai al tavolo"), ("fr, it;q=0.5", "it", "Vai al tavolo"),
    ("en-GB", "en", "Skip to the game"), (None, "en", "Skip to the game"),
])
def test_the_client_page_is_in_the_language_accept_language_prefers(
    client: TestClient, header: str | None, lang: str, skip: str
) -> None:
    headers = {"Accept-Language": header} if header else {}
    for path in ("/", "/play/SomeGame", "/watch/SomeGame"):
        page = client.get(path, headers=headers)
        assert page.status_code == 200
        assert f'<html lang="{lang}">' in page.text and skip in page.text, (path, page.text[:300])
        assert page.headers["content-language"] == lang
