"""The reading pages: ``/rules``, ``/tips`` and ``/faq``, in English and Italian.

``?lang=en`` or ``?lang=it`` picks the language, else the request's ``Accept-Language``
(``<html lang>`` says which). Each language has one source, under
``ginrummy/i18n/locale/{lang}/``: the prose in ``pages/{page}.html`` and the words around
it in the ``pages`` gettext catalogue, both read by :mod:`ginrummy.i18n.catalogue`. What
depends on the rules engine is generated here, so the pages cannot drift from the code: the
table of presets (from :data:`ginrummy.core.rules.PRESETS`, with the game catalogue's preset
descriptions and option names), every option with its values in each preset, the knock
limits of Oklahoma, and every number of the scoring examples, computed with the engine's
own :func:`~ginrummy.core.result.score_hand` and :func:`~ginrummy.core.game.settle`.
A fragment names a generated piece as ``[[name]]``.

The pages share ``ginrummy/web/content/content.css`` (served at ``/content/content.css``)
and a small script (``/content/content.js``) that remembers a language picked on a page
the way the browser client does.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable, Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from ginrummy.core.cards import RANKS, SUIT_SYMBOLS, card_name, parse_card
from ginrummy.core.result import HandResult, score_hand
from ginrummy.core.rules import CHOICES, DEALER_RULES, PRESETS, Rules, RulesError
from ginrummy.core.scoring import Settlement, settle
from ginrummy.i18n import LANGUAGE_NAMES, LANGUAGES, Messages, best_language
from ginrummy.i18n.catalogue import page_source
from ginrummy.i18n.options import option_value
from ginrummy.server.api.static_files import (
    REVALIDATE,
    StaticFolder,
    file_response,
    page_response,
)

CONTENT_DIR = Path(__file__).resolve().parents[2] / "web" / "content"
PAGES: tuple[str, ...] = ("rules", "tips", "faq")
MARKER = re.compile(r"\[\[([A-Za-z0-9_.]+)\]\]")

def words(lang: str) -> Messages:
    """The words of the page frame and the generated tables, and what each option of
    :class:`~ginrummy.core.rules.Rules` does (``option_help.{name}``): the ``pages`` catalogue."""
    return Messages(lang, domain="pages")


TABLE_COLUMNS = ("knock_limit", "gin_bonus", "undercut_bonus", "box_bonus", "game_bonus",
                 "target", "dealer_rule")
"""The options that get a column of their own in the table of presets."""


# ---------------------------------------------------------------- language


def page_language(request: Request) -> str:
    """``?lang=`` when it names a language of the pages, else the best of Accept-Language."""
    wanted = request.query_params.get("lang", "").strip().lower()
    if wanted in LANGUAGES:
        return wanted
    return best_language(request.headers.get("accept-language"))


# ---------------------------------------------------------------- generated pieces


def option_names() -> list[str]:
    """Every option of :class:`~ginrummy.core.rules.Rules`, in its order."""
    return [f.name for f in fields(Rules) if f.name != "name"]


BASE = Rules()


@functools.lru_cache(maxsize=64)
def option_range(name: str) -> tuple[int, int] | None:
    """The range the rules accept for a whole-number option, read from their own refusal."""
    try:
        BASE.replace(**{name: -1})
    except RulesError as refused:
        found = re.search(r"from (\d+) to (\d+)", str(refused))
        if found:
            return int(found.group(1)), int(found.group(2))
    return None



def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _table(head: list[str], rows: list[list[str]], caption: str | None = None,
           css: str = "") -> str:
    """An HTML table of already-escaped cells, in a scrolling box for narrow screens."""
    # the box scrolls on a narrow screen: a named region that takes focus, so keys scroll it
    label = html.escape(re.sub(r"<[^>]+>", "", caption or head[0] or head[1]), quote=True)
    box = f'<div class="table-box" tabindex="0" role="group" aria-label="{label}">'
    out = [f'{box}<table class="{css}">' if css else f"{box}<table>"]
    if caption:
        out.append(f"<caption>{caption}</caption>")
    out.append("<thead><tr>" + "".join(f'<th scope="col">{h}</th>' for h in head)
               + "</tr></thead><tbody>")
    for row in rows:
        out.append("<tr>" + "".join(
            (f'<th scope="row">{cell}</th>' if index == 0 else f"<td>{cell}</td>")
            for index, cell in enumerate(row)) + "</tr>")
    out.append("</tbody></table></div>")
    return "\n".join(out)


def preset_title(name: str, m: Messages) -> str:
    """A preset as a player calls it ("Classico"), not its id (``classic``)."""
    key = f"preset.{name}"
    return m(key).split(":")[0] if m.has(key) else name


def preset_summary(name: str, m: Messages) -> str:
    key = f"preset.{name}"
    return m(key) if m.has(key) else m("preset.custom", name=name)


def _other(rules: Rules, name: str, m: Messages) -> str:
    """An option that a preset changes, in a few words (a switched-on option by its name)."""
    if getattr(rules, name) is True:
        return m(f"option.{name}")
    return f"{m(f'option.{name}')}: {option_value(rules, name, m)}"


def presets_table(lang: str) -> str:
    m, w = Messages(lang), words(lang)
    head = [w("col.preset"), w("col.about")] + [_esc(m(f"option.{n}")) for n in TABLE_COLUMNS]
    head.append(w("col.other"))
    rows = []
    for name, rules in PRESETS.items():
        cells = [f'<strong id="preset-{name}">{_esc(preset_title(name, m))}</strong>',
                 _esc(preset_summary(name, m))]
        for option in TABLE_COLUMNS:
            text = option_value(rules, option, m)
            if option == "game_bonus" and rules.game_bonus and rules.shutout_rule != "none":
                text += f"; {m('option.shutout_rule')}: {m(f'shutout_rule.{rules.shutout_rule}')}"
            cells.append(_esc(text))
        others = [_other(rules, o, m) for o in option_names()
                  if o not in TABLE_COLUMNS and o not in ("shutout_rule", "oklahoma")
                  and not (o == "ace_upcard_gin_only" and rules.oklahoma)
                  and getattr(rules, o) != getattr(BASE, o)]
        if len(others) > 1:
            cells.append("<ul>" + "".join(f"<li>{_esc(o)}</li>" for o in others) + "</ul>")
        else:
            cells.append(_esc(others[0]) if others else "–")
        rows.append(cells)
    return _table(head, rows, css="presets")


def _values(name: str, lang: str) -> str:
    m, w = Messages(lang), words(lang)
    default = getattr(BASE, name)
    if isinstance(default, bool):
        return w("value.bool")
    if name in CHOICES:
        return "; ".join(m(f"{name}.{v}") for v in CHOICES[name])
    found = option_range(name)
    if found is None:
        return "–"
    nullable = default is None or name in ("max_hands", "time_limit_minutes")
    return w("value.range_none" if nullable else "value.range", low=found[0], high=found[1])


def _by_preset(name: str, lang: str) -> str:
    """The option's value in each preset, presets with the same value together."""
    m, w = Messages(lang), words(lang)
    groups: dict[str, list[str]] = {}
    for preset, rules in PRESETS.items():
        groups.setdefault(option_value(rules, name, m), []).append(preset)
    if len(groups) == 1:
        return f"{w('value.all')}: {_esc(next(iter(groups)))}"
    ordered = sorted(groups.items(), key=lambda item: len(item[1]))
    parts = []
    for index, (text, presets) in enumerate(ordered):
        if index == len(ordered) - 1 and len(presets) > 2:
            who = w("value.others")
        else:
            who = ", ".join(f'<a href="#preset-{p}">{_esc(preset_title(p, m))}</a>'
                            for p in presets)
        parts.append(f"{_esc(text)} ({who})")
    return "; ".join(parts)


def options_table(lang: str) -> str:
    m, w = Messages(lang), words(lang)
    head = [w("col.option"), w("col.meaning"), w("col.values"), w("col.in_presets")]
    rows = []
    for name in option_names():
        label = f'{_esc(m(f"option.{name}"))}<br><code id="option-{name}">{name}</code>'
        rows.append([label, _esc(words(lang)(f"option_help.{name}")), _esc(_values(name, lang)),
                     _by_preset(name, lang)])
    return _table(head, rows, css="options")


def oklahoma_table(lang: str) -> str:
    """The knock limit set by each rank of upcard (R32)."""
    w = words(lang)
    rules = Rules.preset("oklahoma")
    gin_only = Rules.preset("oklahoma_online")
    head = [w("col.upcard"), w("col.limit")]
    rows = []
    for rank in range(13):
        card = rank  # clubs: the suit does not change the limit
        limit = rules.knock_limit_for(card)
        text = str(limit)
        if rank == 0 and gin_only.knock_limit_for(card) == 0:
            text += f" ({w('limit.gin_only_option')})"
        rows.append([_esc(RANKS[rank].replace("T", "10")), _esc(text)])
    return _table(head, rows, css="compact")


def _card(text: str) -> str:
    """A card as the pages show it, ``10♥`` (hearts and diamonds in red)."""
    card = parse_card(text)
    suit = card // 13
    red = " suit-red" if suit in (1, 2) else ""
    name = RANKS[card % 13].replace("T", "10") + SUIT_SYMBOLS[suit]
    return f'<span class="card{red}" title="{card_name(card)}">{name}</span>'


# ---------------------------------------------------------------- scoring examples


def _score(preset: str, knocker: int, defender: int, *, big_gin: bool = False,
           upcard: str | None = None, **options: Any) -> HandResult:
    rules = Rules.preset(preset, **options)
    card = None if upcard is None else parse_card(upcard)
    return score_hand(rules, knocker=0, knocker_deadwood=knocker, defender_deadwood=defender,
                      big_gin=big_gin, limit=rules.knock_limit_for(card), upcard=card)


def examples() -> dict[str, int]:
    """The numbers of the scoring examples, from the engine: ``name.field`` → value."""
    out: dict[str, int] = {}

    def keep(name: str, result: HandResult, **given: int) -> None:
        out[f"{name}.points"] = result.points
        out[f"{name}.winner"] = -1 if result.winner is None else result.winner
        out[f"{name}.difference"] = result.difference
        out[f"{name}.bonus"] = result.bonus
        out[f"{name}.multiplier"] = result.multiplier
        out[f"{name}.extra_boxes"] = result.extra_boxes
        out[f"{name}.limit"] = result.knock_limit
        for key, value in given.items():
            out[f"{name}.{key}"] = value

    keep("knock", _score("standard", 6, 23), k=6, d=23)
    keep("undercut", _score("standard", 8, 5), k=8, d=5)
    keep("undercut_classic", _score("classic", 8, 5), k=8, d=5)
    keep("tie", _score("standard", 7, 7), k=7, d=7)
    keep("tie_openspiel", _score("openspiel", 7, 7), k=7, d=7)
    keep("gin", _score("standard", 0, 31), k=0, d=31)
    keep("gin_classic", _score("classic", 0, 31), k=0, d=31)
    keep("big_gin", _score("standard", 0, 24, big_gin=True), k=0, d=24)
    keep("spade", _score("oklahoma", 4, 20, upcard="7S"), k=4, d=20)
    keep("spade_gin", _score("oklahoma", 0, 18, upcard="3S", extra_boxes=True), k=0, d=18)
    for name, sheet in sheets().items():
        rules = sheet.rules
        out[f"{name}.box_bonus"] = rules.box_bonus
        out[f"{name}.game_bonus"] = rules.game_bonus
        out[f"{name}.stake"] = rules.stake_per_point
        out[f"{name}.margin"] = sheet.margin
        out[f"{name}.payment"] = sheet.payment
        for seat in (0, 1):
            out[f"{name}.points{seat}"] = sheet.points[seat]
            out[f"{name}.won{seat}"] = sheet.hands_won[seat]
            out[f"{name}.final{seat}"] = sheet.final[seat]
    out["standard.gin_bonus"] = PRESETS["standard"].gin_bonus
    out["standard.undercut_bonus"] = PRESETS["standard"].undercut_bonus
    out["standard.target"] = PRESETS["standard"].target
    out["standard.big_gin_bonus"] = PRESETS["standard"].big_gin_bonus
    out["oklahoma.target"] = PRESETS["oklahoma"].target
    return out


def sheets() -> dict[str, Settlement]:
    """Example settlements (R28-R30) of finished games."""
    modern = Rules.preset("modern", stake_per_point=1)
    return {
        "sheet_boxes": settle(modern, (112, 64), (6, 4), (0, 0), 0, "target"),
        "sheet_shutout": settle(modern, (104, 0), (5, 0), (0, 0), 0, "target"),
        "sheet_shutout_all": settle(modern.replace(shutout_rule="double_all"), (104, 0),
                                    (5, 0), (0, 0), 0, "target"),
    }


def _settle_label(label: str, rules: Rules, m: Messages) -> str:
    if label.startswith("hand points"):
        return m("settle.hand_points")
    if label.startswith("boxes"):
        return m("settle.boxes", bonus=rules.box_bonus)
    if label.startswith("extra boxes"):
        return m("settle.extra_boxes", bonus=rules.box_bonus)
    if label.startswith("game bonus"):
        return m("settle.game_bonus")
    if label.startswith("shutout"):
        return m("settle.shutout_bonus" if rules.shutout_rule == "double_bonus"
                 else "settle.shutout_all")
    if label.startswith("final total"):
        return m("settle.final")
    return label


def sheet_table(name: str, lang: str) -> str:
    m, w = Messages(lang), words(lang)
    sheet = sheets()[name]
    rows = [[_esc(_settle_label(line.label, sheet.rules, m)), str(line.values[0]),
             str(line.values[1])] for line in sheet.lines()]
    return _table([w("col.line"), w("col.seat0"), w("col.seat1")], rows, css="sheet")


def dealer_presets(lang: str) -> str:
    """Which presets use which dealer rule, in words."""
    m = Messages(lang)
    parts = []
    for rule in DEALER_RULES:
        chosen = [p for p, rules in PRESETS.items() if rules.dealer_rule == rule]
        if chosen:
            names = ", ".join(_esc(preset_title(p, m)) for p in chosen)
            parts.append(f"<li>{_esc(m(f'dealer_rule.{rule}'))}: {names}</li>")
    return "<ul>" + "".join(parts) + "</ul>"


def preset_list(lang: str) -> str:
    m = Messages(lang)
    return "<ul>" + "".join(
        f'<li><a href="/rules?lang={lang}#preset-{p}">{_esc(preset_title(p, m))}</a>: '
        f"{_esc(preset_summary(p, m))}</li>" for p in PRESETS) + "</ul>"


def generated(lang: str) -> dict[str, Callable[[], str]]:
    """Every ``[[name]]`` a fragment may use, made on demand."""
    pieces: dict[str, Callable[[], str]] = {
        "presets_table": lambda: presets_table(lang),
        "options_table": lambda: options_table(lang),
        "oklahoma_table": lambda: oklahoma_table(lang),
        "dealer_presets": lambda: dealer_presets(lang),
        "preset_list": lambda: preset_list(lang),
    }
    for name in sheets():
        pieces[name] = functools.partial(sheet_table, name, lang)
    for key, value in examples().items():
        pieces[key] = functools.partial(str, value)
    for card in ("7S", "3S", "7H", "8H", "9H", "6H", "TH", "KD", "KS", "KC", "QS", "JS",
                 "5C", "5D", "4H", "AS", "2S", "3D", "QH"):
        pieces[f"card.{card}"] = functools.partial(_card, card)
    m = Messages(lang)
    for name in option_names():
        pieces[f"option.{name}"] = functools.partial(lambda o: _esc(m(f"option.{o}")), name)
    for name in PRESETS:
        pieces[f"preset.{name}"] = functools.partial(
            lambda p: f'<a href="/rules?lang={lang}#preset-{p}">'
                      f'{_esc(preset_title(p, Messages(lang)))}</a>', name)
    return pieces


# ---------------------------------------------------------------- pages


class ContentError(RuntimeError):
    """A page fragment is missing or names a piece that does not exist."""


@functools.lru_cache(maxsize=16)
def fragment(page: str, lang: str) -> str:
    try:
        return page_source(page, lang)
    except OSError as failure:
        raise ContentError(f"page {page!r} in {lang!r}: {failure}") from None


def fill(text: str, pieces: Mapping[str, Callable[[], str]]) -> str:
    def piece(found: re.Match[str]) -> str:
        name = found.group(1)
        if name not in pieces:
            raise ContentError(f"unknown piece [[{name}]]")
        return pieces[name]()

    return MARKER.sub(piece, text)


@functools.lru_cache(maxsize=16)
def render(page: str, lang: str) -> str:
    """The whole HTML page ``page`` in ``lang``."""
    if page not in PAGES or lang not in LANGUAGES:
        raise ContentError(f"no page {page!r} in {lang!r}")
    w = words(lang)
    body = fill(fragment(page, lang), generated(lang))
    nav = " ".join(
        (f'<a href="/{p}?lang={lang}" aria-current="page">{w("nav." + p)}</a>' if p == page
         else f'<a href="/{p}?lang={lang}">{w("nav." + p)}</a>') for p in PAGES)
    switch = " ".join(
        (f'<strong lang="{code}">{LANGUAGE_NAMES[code]}</strong>' if code == lang else
         f'<a href="/{page}?lang={code}" hreflang="{code}" lang="{code}" '
         f'data-lang="{code}">{LANGUAGE_NAMES[code]}</a>') for code in LANGUAGES)
    alternates = "\n".join(
        f'<link rel="alternate" hreflang="{code}" href="/{page}?lang={code}">'
        for code in LANGUAGES if code != lang)
    title = w(f"title.{page}")
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_esc(title)}</title>
<link rel="stylesheet" href="/content/content.css">
{alternates}
<script src="/content/content.js" defer></script>
</head>
<body class="page-{page}">
<header class="top">
<a class="back" href="/">{w("nav.game")}</a>
<nav aria-label="{w("nav.main")}">{nav}</nav>
<p class="languages" aria-label="{w("nav.language")}">{switch}</p>
</header>
<main>
<h1>{_esc(title)}</h1>
{body}
</main>
<footer><p>{w("footer")} <a href="/">{w("nav.game")}</a></p></footer>
</body>
</html>
"""


def _page(page: str) -> Callable[[Request], Any]:
    async def endpoint(request: Request) -> Response:
        lang = page_language(request)
        return page_response(request, render(page, lang), {
            "Vary": "Accept-Language, Accept-Encoding", "Content-Language": lang})

    endpoint.__name__ = f"{page}_page"
    return endpoint


CONTENT_FILES = StaticFolder(CONTENT_DIR)


async def stylesheet(request: Request) -> Response:
    return content_file(request, "content.css")


async def script(request: Request) -> Response:
    return content_file(request, "content.js")


def content_file(request: Request, name: str) -> Response:
    """A file the pages share: compressed, revalidated (its ETag) on each page."""
    found = CONTENT_FILES.file(name)
    if found is None:
        return PlainTextResponse("Not Found", status_code=404)
    return file_response(request, found, REVALIDATE)


def routes() -> list[BaseRoute]:
    """The routes of the reading pages and their stylesheet, for :func:`create_app`."""
    out: list[BaseRoute] = [Route(f"/{page}", _page(page)) for page in PAGES]
    out.append(Route("/content/content.css", stylesheet))
    out.append(Route("/content/content.js", script))
    return out
