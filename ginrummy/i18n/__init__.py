"""Messages in English and Italian for everything a player reads.

The catalogues are plain dicts (:mod:`ginrummy.i18n.en`, :mod:`ginrummy.i18n.it`)
from a dotted key to a :meth:`str.format` template with named ``{placeholders}``;
both have exactly the same keys and the same placeholders per key (a test checks
it). A key ending in ``.one`` / ``.other`` is one form of a plural
(:meth:`Messages.plural`).

>>> translate("move.draw_stock", "it", name="Computer")
'Computer pesca dal tallone'
>>> m = Messages("en")
>>> m.plural("count.cards", 1, count=1), m.plural("count.cards", 3, count=3)
('1 card', '3 cards')
>>> best_language("it-IT,it;q=0.9,en;q=0.8")
'it'
>>> best_language("fr-FR, de;q=0.5")
'en'
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping

from ginrummy.core.cards import RANKS, SUIT_SYMBOLS, SUITS, card_name
from ginrummy.i18n import en, it

LANGUAGES: tuple[str, ...] = ("en", "it")
DEFAULT_LANGUAGE = "en"
CATALOGUES: dict[str, Mapping[str, str]] = {"en": en.MESSAGES, "it": it.MESSAGES}
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "it": "Italiano"}


class MessageError(KeyError):
    """A message key that no catalogue has, or a template missing a parameter."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def check_language(lang: str) -> str:
    """``lang`` as one of :data:`LANGUAGES` (``"IT"``, ``"it_IT"`` and ``"it-CH"`` give ``"it"``).

    Raises ``ValueError`` for a language without a catalogue.
    """
    code = lang.strip().replace("_", "-").split("-")[0].lower()
    if code not in CATALOGUES:
        raise ValueError(f"no messages in language {lang!r}; available: {', '.join(LANGUAGES)}")
    return code


def placeholders(template: str) -> set[str]:
    """The names of the ``{placeholders}`` of a template."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return names


def translate(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in.

    A key missing from ``lang`` falls back to English; a key missing from
    English, or a placeholder without a parameter, raises :class:`MessageError`.
    """
    table = CATALOGUES.get(lang) or CATALOGUES[check_language(lang)]
    template = table.get(key)
    if template is None:
        template = CATALOGUES[DEFAULT_LANGUAGE].get(key)
        if template is None:
            raise MessageError(f"no message {key!r}")
    try:
        return template.format(**params)
    except KeyError as error:
        raise MessageError(f"message {key!r} needs the parameter {error.args[0]!r}") from None


class Messages:
    """The messages of one language, with the card names as that language shows them.

    English shows cards as the engine writes them (``KD``); Italian with the suit
    symbols (``K♦``), since its suit initials (fiori, quadri, cuori, picche)
    would clash with the English letters.
    """

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = check_language(lang)
        self.symbols = self.lang != "en"

    def __call__(self, key: str, /, **params: object) -> str:
        return translate(key, self.lang, **params)

    def has(self, key: str) -> bool:
        return key in CATALOGUES[self.lang]

    def plural(self, key: str, count: int, /, **params: object) -> str:
        """``key.one`` when ``count`` is 1, else ``key.other``."""
        return translate(f"{key}.{'one' if count == 1 else 'other'}", self.lang, **params)

    def card(self, card: int) -> str:
        if self.symbols:
            return RANKS[card % 13].replace("T", "10") + SUIT_SYMBOLS[card // 13]
        return card_name(card)

    def cards(self, cards: Iterable[int]) -> str:
        return " ".join(self.card(c) for c in cards)

    def number(self, value: float, digits: int = 1) -> str:
        """``57.2`` in English, ``57,2`` in Italian."""
        text = f"{value:.{digits}f}"
        return text.replace(".", ",") if self.lang == "it" else text

    def join(self, items: Iterable[str]) -> str:
        """``a, b and c`` / ``a, b e c``."""
        words = list(items)
        if len(words) <= 1:
            return "".join(words)
        return f"{', '.join(words[:-1])} {self('word.and')} {words[-1]}"

    def suit_letters(self) -> dict[str, str]:
        """The suit letters a player of this language may type, to the engine's letter."""
        letters = {s: s for s in SUITS}
        if self.lang == "it":
            letters.update({"F": "C", "Q": "D", "C": "H", "P": "S"})
        return letters

    def __repr__(self) -> str:
        return f"Messages({self.lang!r})"


def parse_accept_language(header: str | None) -> list[tuple[str, float]]:
    """The languages of an HTTP ``Accept-Language`` header with their weights, best first.

    >>> parse_accept_language("en-GB;q=0.8, it")
    [('it', 1.0), ('en-gb', 0.8)]
    """
    found: list[tuple[str, float, int]] = []
    for index, part in enumerate((header or "").split(",")):
        pieces = [p.strip() for p in part.split(";")]
        tag = pieces[0].lower()
        if not tag:
            continue
        weight = 1.0
        for piece in pieces[1:]:
            name, _, value = piece.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if 0.0 < weight <= 1.0:
            found.append((tag, weight, index))
    found.sort(key=lambda item: (-item[1], item[2]))
    return [(tag, weight) for tag, weight, _ in found]


def best_language(header: str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """The catalogue language that an ``Accept-Language`` header prefers (``*`` means any)."""
    for tag, _ in parse_accept_language(header):
        if tag == "*":
            return default
        code = tag.split("-")[0]
        if code in CATALOGUES:
            return code
    return default


def language_from_environment(environ: Mapping[str, str], default: str = DEFAULT_LANGUAGE) -> str:
    """The language of a terminal from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        for item in value.split(":"):
            code = item.split(".")[0].split("_")[0].lower()
            if code in CATALOGUES:
                return code
            if code and code not in ("c", "posix"):
                return default
    return default


__all__ = [
    "CATALOGUES",
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "MessageError",
    "Messages",
    "best_language",
    "check_language",
    "language_from_environment",
    "parse_accept_language",
    "placeholders",
    "translate",
]
