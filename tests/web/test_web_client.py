"""The browser client's files, without a browser: every string it asks for exists in both
languages, everything it loads is served from this package (no CDN, no build step)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ginrummy.i18n import placeholders
from ginrummy.i18n.catalogue import web_strings

WEB_EN, WEB_IT = web_strings("en"), web_strings("it")

WEB = Path(__file__).resolve().parents[2] / "ginrummy" / "web"
SCRIPTS = sorted((WEB / "static").glob("*.js"))

LITERAL = re.compile(r"""\b(?:t|tp|has)\(\s*"([a-z_]+(?:\.[A-Za-z0-9_]+)+)\"""")
TEMPLATE = re.compile(r"""\b(?:t|tp|has)\(\s*`([a-z_]+\.)\$\{""")
PLURAL = re.compile(r"""\btp\(\s*"([a-z_.]+)\"""")


def _source() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in SCRIPTS)


def test_the_client_is_there() -> None:
    assert (WEB / "index.html").is_file()
    names = {path.name for path in SCRIPTS}
    assert {"app.js", "table.js", "tableview.js", "home.js", "i18n.js", "conn.js"} <= names
    assert (WEB / "static" / "style.css").is_file()


def test_every_string_the_client_asks_for_is_in_both_catalogues() -> None:
    source = _source()
    keys = set(LITERAL.findall(source))
    assert len(keys) > 100
    plural = set(PLURAL.findall(source))
    for key in sorted(keys):
        if key in plural:
            assert f"{key}.one" in WEB_EN and f"{key}.other" in WEB_EN, key
        else:
            assert key in WEB_EN, key
    for prefix in set(TEMPLATE.findall(source)):
        assert any(key.startswith(prefix) for key in WEB_EN), prefix


@pytest.mark.parametrize("prefix, names", [
    ("rank.", "A 2 3 4 5 6 7 8 9 T J Q K"), ("suit.", "C D H S"),
    ("level.", "1 2 3 4 5"), ("outcome.", "knock gin big_gin undercut tie void"),
    ("end.", "target max_hands time_limit"),
])
def test_keys_built_at_run_time_exist(prefix: str, names: str) -> None:
    for name in names.split():
        assert prefix + name in WEB_EN and prefix + name in WEB_IT


def test_web_catalogues_match() -> None:
    assert set(WEB_EN) == set(WEB_IT)
    for key, template in WEB_EN.items():
        assert placeholders(template) == placeholders(WEB_IT[key]), key
        assert template.strip() and WEB_IT[key].strip(), key


def test_nothing_is_loaded_from_another_site() -> None:
    for path in [WEB / "index.html", *SCRIPTS, WEB / "static" / "style.css"]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)=["']https?://|url\(["']?https?://|import .* from ["']https?://""",
                             text), path
    html = (WEB / "index.html").read_text(encoding="utf-8")
    for asset in re.findall(r"""(?:src|href)="/static/([^"]+)\"""", html):
        assert (WEB / "static" / asset).is_file(), asset
    for path in SCRIPTS:
        for module in re.findall(r"""from "\./([^"]+)";""", path.read_text(encoding="utf-8")):
            assert (WEB / "static" / module).is_file(), (path.name, module)


def test_the_browsers_fair_deal_check_derives_the_servers_current_version() -> None:
    """The /verify page names fairdeck.js's version: it must be provably_fair's."""
    from ginrummy.format.provably_fair import VERSION

    source = (WEB / "static" / "fairdeck.js").read_text(encoding="utf-8")
    found = re.search(r"^export const VERSION = (\d+);$", source, re.M)
    assert found is not None and found[1] == str(VERSION)


def test_a_knock_row_agrees_with_its_number_of_deadwood_points() -> None:
    assert WEB_EN["profile.knock_row.one"] == "{count} point of deadwood: {knocks}"
    assert WEB_IT["profile.knock_row.one"] == "{count} punto morto: {knocks}"
    assert WEB_IT["profile.knock_row.other"] == "{count} punti morti: {knocks}"
