"""Messages in English and Italian for everything a player reads.

The catalogues are gettext ``.po`` files under ``ginrummy/i18n/locale/``, read with Babel
when first needed (:mod:`ginrummy.i18n.catalogue`): a dotted key (the ``msgctxt``) gives a
:meth:`str.format` template with named ``{placeholders}``; both languages have exactly the
same keys and the same placeholders per key (``python -m ginrummy.i18n.check``, run by the
tests). A plural is one gettext entry with its forms (:meth:`Messages.plural`); the flat
view of :data:`CATALOGUES` also names them ``key.one`` and ``key.other``.

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

import functools
import string
from collections.abc import Iterable, Iterator, Mapping

from ginrummy.core.cards import RANKS, SUIT_SYMBOLS, SUITS, card_name
from ginrummy.i18n.card_words import CardListWords, CardWords
from ginrummy.i18n.catalogue import Catalogue, catalogue

LANGUAGES: tuple[str, ...] = ("en", "it")
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "it": "Italiano"}


class _GameCatalogues(Mapping[str, Mapping[str, str]]):
    """Language → the flat ``game`` catalogue, each read on first use."""

    def __getitem__(self, lang: str) -> Mapping[str, str]:
        if lang not in LANGUAGES:
            raise KeyError(lang)
        return _flat("game", lang)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


@functools.cache
def _flat(domain: str, lang: str) -> Mapping[str, str]:
    return catalogue(domain, lang).flat()


CATALOGUES: Mapping[str, Mapping[str, str]] = _GameCatalogues()
"""The game's messages per language, key → template (read when first looked at)."""


class MessageError(KeyError):
    """A message key that no catalogue has, or a template missing a parameter."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def check_language(lang: str) -> str:
    """``lang`` as one of :data:`LANGUAGES` (``"IT"``, ``"it_IT"`` and ``"it-CH"`` give ``"it"``).

    Raises ``ValueError`` for a language without a catalogue.
    """
    code = lang.strip().replace("_", "-").split("-")[0].lower()
    if code not in LANGUAGES:
        raise ValueError(f"no messages in language {lang!r}; available: {', '.join(LANGUAGES)}")
    return code


def placeholders(template: str) -> set[str]:
    """The names of the ``{placeholders}`` of a template."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return names


def _fill(key: str, template: str, params: Mapping[str, object]) -> str:
    try:
        return template.format(**params)
    except KeyError as error:
        raise MessageError(f"message {key!r} needs the parameter {error.args[0]!r}") from None


def translate(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in.

    A key missing from ``lang`` falls back to English; a key missing from
    English, or a placeholder without a parameter, raises :class:`MessageError`.
    """
    return _translate("game", key, lang, params)


def translate_plural(key: str, count: int, lang: str = DEFAULT_LANGUAGE, /,
                     **params: object) -> str:
    """The form of the plural ``key`` that ``count`` takes in ``lang`` (gettext's rule)."""
    return _plural("game", key, count, lang, params)


def _translate(domain: str, key: str, lang: str, params: Mapping[str, object]) -> str:
    code = lang if lang in LANGUAGES else check_language(lang)
    template = _flat(domain, code).get(key)
    if template is None:
        template = _flat(domain, DEFAULT_LANGUAGE).get(key)
        if template is None:
            raise MessageError(f"no message {key!r}")
    return _fill(key, template, params)


def _plural(domain: str, key: str, count: int, lang: str, params: Mapping[str, object]) -> str:
    code = lang if lang in LANGUAGES else check_language(lang)
    found: Catalogue
    for found in (catalogue(domain, code), catalogue(domain, DEFAULT_LANGUAGE)):
        template = found.plural(key, count)
        if template is not None:
            return _fill(key, template, params)
    raise MessageError(f"no plural message {key!r}")


class Messages:
    """The messages of one language, with the card names as that language shows them.

    English shows cards as the engine writes them (``KD``); Italian with the suit
    symbols (``K♦``), since its suit initials (fiori, quadri, cuori, picche)
    would clash with the English letters.
    """

    def __init__(self, lang: str = DEFAULT_LANGUAGE, *, domain: str = "game") -> None:
        self.lang = check_language(lang)
        self.domain = domain
        self.symbols = self.lang != "en"

    def __call__(self, key: str, /, **params: object) -> str:
        return _translate(self.domain, key, self.lang, params)

    def has(self, key: str) -> bool:
        return key in _flat(self.domain, self.lang)

    def plural(self, key: str, count: int, /, **params: object) -> str:
        """The plural ``key`` in the form for ``count`` ("1 card", "3 cards")."""
        return _plural(self.domain, key, count, self.lang, params)

    def card(self, card: int) -> str:
        if self.symbols:
            return RANKS[card % 13].replace("T", "10") + SUIT_SYMBOLS[card // 13]
        return card_name(card)

    def cards(self, cards: Iterable[int]) -> str:
        return " ".join(self.card(c) for c in cards)

    def card_words(self, card: int) -> CardWords:
        """:meth:`card` for a sentence: ``{card:art}`` in a template adds its article."""
        return CardWords(self.card(card), RANKS[card % 13].replace("T", "10"), self.lang)

    def card_list_words(self, cards: Iterable[int], conjunction: str = "word.and") -> CardListWords:
        """Cards for a sentence, joined as :meth:`join` does, each with its own article
        when the template asks (``{cards:art}``: "il 9♠ e l'A♠"); ``conjunction="word.or"``
        offers them as alternatives ("il 9♠ o l'A♠")."""
        return CardListWords([self.card_words(c) for c in cards], f" {self(conjunction)} ")

    def number(self, value: float, digits: int = 1) -> str:
        """``57.2`` in English, ``57,2`` in Italian (Babel's number symbols, no grouping)."""
        from babel.numbers import format_decimal

        pattern = "0." + "0" * digits if digits > 0 else "0"
        return format_decimal(value, format=pattern, locale=self.lang)

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
    """The catalogue language that an ``Accept-Language`` header prefers (``*`` means any).

    The match is Babel's :func:`~babel.core.negotiate_locale` over the header's languages
    best first (``it-CH`` is served as ``it``); the ones after a ``*`` do not count.
    """
    tags = [tag for tag, _ in parse_accept_language(header)]
    if "*" in tags:
        tags = tags[:tags.index("*")]
    if not tags:
        return default
    from babel.core import negotiate_locale

    found = negotiate_locale(tags, LANGUAGES, sep="-")
    return found.lower() if found else default


def language_from_environment(environ: Mapping[str, str], default: str = DEFAULT_LANGUAGE) -> str:
    """The language of a terminal from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        for item in value.split(":"):
            code = item.split(".")[0].split("_")[0].lower()
            if code in LANGUAGES:
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
    "translate_plural",
]
