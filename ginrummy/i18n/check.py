"""Check the gettext catalogues: ``python -m ginrummy.i18n.check [--write-pot]``.

For every domain, each language's ``.po`` must parse and hold the same keys as every other;
no translation may be empty or marked ``#, fuzzy``; a translation has the placeholders of its
English text (and its ``%`` ones in a ``python-format`` entry; an entry flagged
``no-python-brace-format`` is a text shown as it is, not a template) and is a translation of
the English text as it is now (its ``msgid`` equals the English catalogue's); every entry says
where it shows (a ``#.`` comment); the English catalogue's msgstr repeats its msgid; the
``.pot`` template is the English catalogue with its translations left out; and every language
has each page of ``locale/en/pages/``. Exits 1 naming every problem, 0 when there are none.
``--write-pot`` writes the templates afresh from the English catalogues first.
"""

from __future__ import annotations

import argparse
import io
import re
import string
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ginrummy.i18n.catalogue import DOMAINS, LOCALE_DIR, PLURAL_NAMES, po_path

SOURCE_LANGUAGE = "en"


@dataclass(frozen=True)
class Problem:
    path: Path
    key: str
    what: str

    def __str__(self) -> str:
        where = f"{self.path}: {self.key!r}" if self.key else str(self.path)
        return f"{where}: {self.what}"


def _forms(value: Any) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


PERCENT = re.compile(r"%\((\w+)\)[sr]|%[sr]")


def _percent_placeholders(template: str) -> list[str]:
    """The ``%(name)s`` and ``%s`` placeholders of a ``python-format`` template, in order."""
    return [found.group(1) or "%" for found in PERCENT.finditer(template)]


def _placeholders(template: str) -> set[str] | None:
    """The placeholder names of a template, or None when it is not a valid template."""
    try:
        fields = [field for _, field, _, _ in string.Formatter().parse(template)]
    except ValueError:
        return None
    return {f.split(".")[0].split("[")[0] for f in fields if f is not None}


def _doubled(path: Path, problems: list[Problem]) -> None:
    """Names an entry with two translations or a key given twice: Babel keeps the last of
    each without a word, where msgfmt refuses the file."""
    keys: set[str] = set()
    key = ""
    last = ""
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        word = line.split(" ", 1)[0]
        if word == "msgctxt":
            key = line[len(word):].strip().strip('"')
            if key in keys:
                problems.append(Problem(path, key, f"line {number}: the key is given twice"))
            keys.add(key)
        if word in ("msgstr", "msgctxt", "msgid") and word == last:
            problems.append(Problem(path, key, f"line {number}: a second {word} in one entry"))
        if word and not word.startswith('"'):
            last = word


def _read(path: Path, problems: list[Problem]) -> Any | None:
    from babel.messages.pofile import PoFileError, read_po

    if path.is_file():
        _doubled(path, problems)
    try:
        with path.open("rb") as source:
            return read_po(source, abort_invalid=True)
    except FileNotFoundError:
        problems.append(Problem(path, "", "the catalogue is missing"))
    except (OSError, PoFileError, UnicodeDecodeError, ValueError) as failure:
        problems.append(Problem(path, "", f"does not parse: {failure}"))
    return None


def _entries(path: Path, po: Any, problems: list[Problem]) -> dict[str, Any]:
    """The entries of a catalogue by key, naming the entries that break its form."""
    found: dict[str, Any] = {}
    for message in po:
        if not message.id:
            continue
        key = message.context or ""
        if not key:
            problems.append(Problem(path, "", f"line {message.lineno}: an entry without "
                                              f"msgctxt (its key)"))
            continue
        if key in found:
            problems.append(Problem(path, key, "the key is there twice"))
        found[key] = message
    return found


def _check_entry(path: Path, key: str, message: Any, english: Any,
                 problems: list[Problem]) -> None:
    def problem(what: str) -> None:
        problems.append(Problem(path, key, what))

    if message.fuzzy:
        problem("the translation is marked fuzzy: review it and remove the flag")
    if not any(comment.strip() for comment in message.auto_comments):
        problem("no translator comment (#.) saying where the text shows")
    ids, strings = _forms(message.id), _forms(message.string)
    if len(strings) != len(ids) or (len(ids) > 1 and len(ids) != len(PLURAL_NAMES)):
        problem(f"{len(strings)} translated forms for {len(ids)} English ones")
        return
    if any(not text.strip() for text in strings):
        problem("the translation is empty")
        return
    if english is not None and _forms(english.id) != ids:
        problem("the English text has changed since this was translated (the msgid "
                "differs from the English catalogue's): update msgid and translation")
    for text_id, text in zip(ids, strings, strict=True):
        percent = _percent_placeholders(text_id), _percent_placeholders(text)
        if "python-format" in message.flags and sorted(percent[0]) != sorted(percent[1]):
            problem(f"placeholders differ: English {percent[0]}, translation {percent[1]}")
        if "no-python-brace-format" in message.flags:  # a text shown as it is, not a template
            continue
        wanted, got = _placeholders(text_id), _placeholders(text)
        if wanted is None:
            problem(f"the English text is not a valid template: {text_id!r}")
        elif got is None:
            problem(f"the translation is not a valid template: {text!r}")
        elif wanted != got:
            problem(f"placeholders differ: English {sorted(wanted)}, translation {sorted(got)}")
    if path.parent.parent.name == SOURCE_LANGUAGE and strings != ids:
        problem("in the English catalogue the msgstr must repeat the msgid")


def pot_path(domain: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / f"{domain}.pot"


def template(po: Any) -> bytes:
    """The ``.pot`` text of a catalogue: its entries and comments with empty translations."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    comment = po.header_comment.replace("# English messages", "# The template of the messages")
    pot = Catalog(domain=po.domain, project="ginrummy", creation_date=po.creation_date,
                  header_comment=comment, fuzzy=False)
    pot._num_plurals, pot._plural_expr = po.num_plurals, po.plural_expr
    for message in po:
        if message.id:
            empty: str | tuple[str, ...] = ("",) * len(_forms(message.id)) \
                if message.pluralizable else ""
            pot.add(message.id, empty, context=message.context,
                    auto_comments=message.auto_comments, flags=message.flags)
    out = io.BytesIO()
    write_po(out, pot, width=100, sort_output=False)
    lines = out.getvalue().decode().replace("ginrummy VERSION", "ginrummy").splitlines(True)
    return "".join(line for line in lines if not line.startswith('"Report-Msgid')).encode()


def problems(locale_dir: Path = LOCALE_DIR,
             languages: Sequence[str] | None = None) -> list[Problem]:
    """Every problem of the catalogues under ``locale_dir`` (none: they are in order)."""
    if languages is None:
        languages = sorted(p.name for p in locale_dir.iterdir() if (p / "LC_MESSAGES").is_dir())
    found: list[Problem] = []
    for domain in DOMAINS:
        read = {lang: _read(po_path(domain, lang, locale_dir), found) for lang in languages}
        entries = {lang: _entries(po_path(domain, lang, locale_dir), po, found)
                   for lang, po in read.items() if po is not None}
        source = entries.get(SOURCE_LANGUAGE, {})
        every = set().union(*entries.values()) if entries else set()
        for lang, table in entries.items():
            path = po_path(domain, lang, locale_dir)
            for key in sorted(every - set(table)):
                others = ", ".join(other for other, t in entries.items() if key in t)
                found.append(Problem(path, key, f"missing here (it is in {others})"))
            for key, message in table.items():
                _check_entry(path, key, message, source.get(key), found)
        english = read.get(SOURCE_LANGUAGE)
        pot = pot_path(domain, locale_dir)
        if english is not None:
            if not pot.is_file():
                found.append(Problem(pot, "", "the template is missing: write it with "
                                              "python -m ginrummy.i18n.check --write-pot"))
            elif _body(pot.read_bytes()) != _body(template(english)):
                found.append(Problem(pot, "", "the template is not the English catalogue's: "
                                              "python -m ginrummy.i18n.check --write-pot"))
    english_pages = {p.name for p in (locale_dir / SOURCE_LANGUAGE / "pages").glob("*.html")}
    for lang in languages:
        pages = {p.name for p in (locale_dir / lang / "pages").glob("*.html")}
        for name in sorted(english_pages - pages):
            found.append(Problem(locale_dir / lang / "pages" / name, "",
                                 "the page is missing (it is in English)"))
    return found


def _body(pot: bytes) -> bytes:
    """A template without its header, which holds dates."""
    return pot.split(b"\n\n", 1)[-1]


def write_templates(locale_dir: Path = LOCALE_DIR) -> None:
    for domain in DOMAINS:
        english = _read(po_path(domain, SOURCE_LANGUAGE, locale_dir), [])
        if english is not None:
            pot_path(domain, locale_dir).write_bytes(template(english))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ginrummy.i18n.check",
                                     description="Check the gettext catalogues.")
    parser.add_argument("--write-pot", action="store_true",
                        help="write the .pot templates from the English catalogues first")
    args = parser.parse_args(argv)
    if args.write_pot:
        write_templates()
    found = problems()
    for problem in found:
        print(problem, file=sys.stderr)
    if found:
        print(f"{len(found)} problem(s) in the catalogues", file=sys.stderr)
        return 1
    print("the catalogues are in order")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
