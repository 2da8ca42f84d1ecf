"""The gettext catalogues, read from ``locale/{lang}/LC_MESSAGES/{domain}.po`` with Babel.

Each entry's ``msgctxt`` is the dotted key the code asks for, ``msgid`` the English text and
``msgstr`` the text in the catalogue's language (the English catalogue repeats the msgid, so
every language is complete on its own and checked the same way). A plural has
``msgid_plural`` and one ``msgstr[i]`` per form of the ``Plural-Forms`` header; with the two
forms of English and Italian, the flat view names them ``key.one`` and ``key.other``, as the
browser client reads them. As with ``msgfmt``, an empty or ``#, fuzzy`` translation is left
out, so the English text shows (``python -m ginrummy.i18n.check`` fails on both).

Four domains: ``game`` (the terminal game, the records and every message the server makes
in words), ``web`` (the browser client's own strings), ``pages`` (the words of the rules,
tips and FAQ pages around their prose, which is in ``locale/{lang}/pages/{page}.html``) and
``cli`` (the ``--help`` of the ``gin`` command and argparse's words, :mod:`ginrummy.cli.help_text`).
A file is read when first asked for, never at ``import ginrummy``.
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAINS: tuple[str, ...] = ("game", "web", "pages", "cli")
PLURAL_NAMES: tuple[str, ...] = ("one", "other")
"""The suffixes of a plural's forms in the flat view, by gettext index."""


class CatalogueError(ValueError):
    """A ``.po`` file that cannot be read, or an entry that breaks the catalogue's form."""


@dataclass(frozen=True)
class Catalogue:
    """The messages of one domain in one language."""

    lang: str
    domain: str
    texts: Mapping[str, str]
    """key → template, for the messages that are not plurals."""
    plurals: Mapping[str, tuple[str, ...]]
    """key → the templates of its plural forms, in gettext order."""
    plural_index: Callable[[int], int]
    """The ``Plural-Forms`` expression: a count to the index of its form."""

    def plural(self, key: str, count: int) -> str | None:
        forms = self.plurals.get(key)
        if forms is None:
            return None
        return forms[min(self.plural_index(count), len(forms) - 1)]

    def flat(self) -> dict[str, str]:
        """Every template by key, a plural's forms as ``key.one`` and ``key.other``."""
        out = dict(self.texts)
        for key, forms in self.plurals.items():
            out.update({f"{key}.{name}": form for name, form in zip(PLURAL_NAMES, forms,
                                                                   strict=True)})
        return out


def po_path(domain: str, lang: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / lang / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path) -> Catalogue:
    """The catalogue in ``path``; a file that does not parse raises :class:`CatalogueError`."""
    from babel.messages.pofile import PoFileError, read_po

    try:
        with path.open("rb") as source:
            po = read_po(source, abort_invalid=True)
    except (OSError, PoFileError, UnicodeDecodeError, ValueError) as failure:
        raise CatalogueError(f"{path}: {failure}") from None
    texts: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for message in po:
        if not message.id:
            continue  # the header
        key = message.context
        if not key:
            raise CatalogueError(f"{path}: line {message.lineno}: an entry without msgctxt "
                                 f"(the key)")
        forms = tuple(str(form) for form in message.string) \
            if isinstance(message.string, (tuple, list)) else (str(message.string),)
        if message.fuzzy or not all(forms):
            continue  # as msgfmt does: not translated yet, the English text shows
        if message.pluralizable:
            if len(forms) != len(PLURAL_NAMES):
                raise CatalogueError(f"{path}: {key!r}: {len(forms)} plural forms, "
                                     f"{len(PLURAL_NAMES)} expected")
            plurals[key] = forms
        else:
            texts[key] = forms[0]
    lang = path.parent.parent.name
    domain = path.stem
    return Catalogue(lang, domain, texts, plurals, gettext.c2py(po.plural_expr))


@functools.cache
def catalogue(domain: str, lang: str) -> Catalogue:
    """The installed catalogue of ``domain`` in ``lang``, read once."""
    if domain not in DOMAINS:
        raise CatalogueError(f"no domain {domain!r}; domains: {', '.join(DOMAINS)}")
    return read(po_path(domain, lang))


def page_source(page: str, lang: str, locale_dir: Path = LOCALE_DIR) -> str:
    """The prose of the reading page ``page`` (``rules``, ``tips``, ``faq``) in ``lang``:
    an HTML fragment whose ``[[name]]`` marks are filled by the server."""
    return (locale_dir / lang / "pages" / f"{page}.html").read_text(encoding="utf-8")


SHARED_PREFIXES: tuple[str, ...] = (
    "option.", "dealer_rule.", "shutout_rule.", "preset.", "outcome.", "void.", "result.",
    "settle.", "end.", "first_dealer.", "fiftieth_card_action.",
)
"""Keys of the ``game`` domain that the browser client shows too (the ``web`` domain may
give the browser its own wording of one)."""


def web_strings(lang: str) -> dict[str, str]:
    """All the browser client reads, flat: the shared ``game`` keys, then the ``web`` domain."""
    game = catalogue("game", lang).flat()
    shared = {key: text for key, text in game.items() if key.startswith(SHARED_PREFIXES)}
    return {**shared, **catalogue("web", lang).flat()}
