"""``gin --help``, usage lines and argparse's errors in a language other than English.

The English texts stay where they are written (each option's ``help=``, the module docstrings,
:data:`ginrummy.cli.SUMMARIES`) and argparse makes them as it always does. For another
language the parser is built with the classes of :func:`parser_class`, which translate at
format time from the ``cli`` catalogue (``locale/{lang}/LC_MESSAGES/cli.po``):

* an option's help is the entry ``cli.<command>.<dest>`` (the main parser's subcommand lines
  are ``cli.gin.<name>``), a command's description ``cli.<command>.description``;
* a metavar (``FILE``, the ``GAMES`` argparse makes from ``--games``) is ``cli.metavar.<NAME>``,
  a group's title ``cli.<command>.group.<n>`` (looked up by its English text), the name of
  an option's type in "invalid int value" ``cli.type.<name>``;
* argparse's own words (``usage:``, ``options``, ``show this help message and exit``, its error
  messages) are ``argparse.*`` entries whose msgid is argparse's own; an error message argparse
  has already filled in is matched against those templates and filled in again translated.

An entry is used only while its English text (the English catalogue's, which is the msgid)
is the one in the source: a text changed since it was translated shows in English until the
catalogue catches up (``tests/cli/test_cli_italian.py`` fails meanwhile). Nothing here is
imported for English, so ``gin --help`` stays as fast as argparse alone.
"""

from __future__ import annotations

import argparse
import functools
import io
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NoReturn

from ginrummy.i18n.catalogue import Catalogue, catalogue

DOMAIN = "cli"
ERROR_FORMAT = "%(prog)s: error: %(message)s\n"
NAME_LISTS = ("argparse.required", "argparse.one_required", "argparse.not_allowed",
              "argparse.argument")
"""Messages whose first parameter names arguments (a metavar such as ``COMMAND`` among them)."""


class HelpCatalogue:
    """The ``cli`` texts of one language, each checked against its English source text."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.english: Catalogue = catalogue(DOMAIN, "en")
        self.texts: Catalogue = catalogue(DOMAIN, lang)
        self.keys_by_text: dict[str, list[str]] = {}
        for key, text in self.english.texts.items():
            self.keys_by_text.setdefault(text, []).append(key)
        self.patterns = _patterns(self.english.texts)

    def by_key(self, key: str, english: str) -> str:
        """The translation of ``key`` while its English text is ``english``; else ``english``."""
        if self.english.texts.get(key) != english:
            return english
        return self.texts.texts.get(key, english)

    def by_text(self, english: str, prefix: str) -> str:
        """The translation of the entry under ``prefix`` whose English text is ``english``."""
        for key in self.keys_by_text.get(english, ()):
            if key.startswith(prefix):
                return self.texts.texts.get(key, english)
        return english

    def argparse_text(self, english: str) -> str:
        return self.by_text(english, "argparse.")

    def metavar(self, name: str) -> str:
        return self.by_key(f"cli.metavar.{name}", name)

    def names(self, text: str) -> str:
        """``COMMAND`` or ``--json --jsonl``: each metavar among the names translated."""
        return re.sub(r"[A-Z][A-Z_=]*[A-Z]", lambda found: self.metavar(found.group()), text)

    def message(self, text: str) -> str:
        """An error message argparse filled in, in this language (as it is when not one of
        argparse's)."""
        fixed = self.argparse_text(text)
        if fixed != text:
            return fixed
        for key, pattern, names in self.patterns:
            found = pattern.fullmatch(text)
            if found is None:
                continue
            values: dict[str, str] = found.groupdict()
            if "message" in values:
                values["message"] = self.message(values["message"])
            if key in NAME_LISTS and names:
                values[names[0]] = self.names(values[names[0]])
            if "type" in values:  # int, float: the type= of the option
                values["type"] = self.by_key(f"cli.type.{values['type']}", values["type"])
            template = self.texts.texts.get(key, self.english.texts[key])
            return _fill(template, values, names)
        return text


PLACEHOLDER = re.compile(r"%\((\w+)\)[sr]|%[sr]")


def _patterns(english: Mapping[str, str]) -> list[tuple[str, re.Pattern[str], list[str]]]:
    """The ``argparse.*`` templates with parameters as patterns, the longest first (so that a
    specific message wins over a wrapper such as ``argument %(argument_name)s: ...``)."""
    found = []
    for key, text in english.items():
        if not key.startswith("argparse.") or not PLACEHOLDER.search(text):
            continue
        names: list[str] = []
        parts: list[str] = []
        last = 0
        for number, match in enumerate(PLACEHOLDER.finditer(text)):
            name = match.group(1) or f"_{number}"  # a bare %s: matched by its place
            names.append(name)
            parts.append(re.escape(text[last:match.start()]))
            parts.append(f"(?P<{name}>.+?)")
            last = match.end()
        parts.append(re.escape(text[last:]))
        literal = len(PLACEHOLDER.sub("", text))
        found.append((literal, key, re.compile("".join(parts), re.DOTALL), names))
    found.sort(key=lambda item: -item[0])
    return [(key, pattern, names) for _, key, pattern, names in found]


def _fill(template: str, values: dict[str, str], names: list[str]) -> str:
    """``template`` (argparse's %-style) with the matched texts put back as they were."""
    positional = iter(values[name] for name in names if name.startswith("_"))
    return PLACEHOLDER.sub(lambda match: values[match.group(1)] if match.group(1)
                           else next(positional), template)


def command_of(prog: str) -> str:
    """``gin`` for the main parser, ``sim`` for ``gin sim``."""
    return prog.split()[-1] if " " in prog else "gin"


def _translating(base: type[argparse.HelpFormatter],
                 texts: HelpCatalogue) -> type[argparse.HelpFormatter]:
    class TranslatingFormatter(base):  # type: ignore[valid-type,misc]
        def __init__(self, prog: str, *args: Any, **kwargs: Any) -> None:
            super().__init__(prog, *args, **kwargs)
            self.command = command_of(prog)

        def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                      groups: Iterable[Any], prefix: str | None = None) -> None:
            if prefix is None:
                prefix = texts.argparse_text("usage: ")
            super().add_usage(usage, actions, groups, prefix)

        def start_section(self, heading: str | None) -> None:
            if heading:
                heading = texts.by_text(heading, f"cli.{self.command}.group.")
                heading = texts.argparse_text(heading)
            super().start_section(heading)

        def add_text(self, text: str | None) -> None:
            if text and text is not argparse.SUPPRESS:
                text = texts.by_key(f"cli.{self.command}.description", text)
            super().add_text(text)

        def _get_help_string(self, action: argparse.Action) -> str | None:
            english: str | None = super()._get_help_string(action)
            if not english:
                return english
            if isinstance(action, argparse._HelpAction):
                return texts.argparse_text(english)
            return texts.by_key(f"cli.{self.command}.{action.dest}", english)

        def _metavar_formatter(self, action: argparse.Action,
                               default_metavar: str) -> Callable[[int], tuple[str, ...]]:
            english = super()._metavar_formatter(action, default_metavar)

            def metavars(size: int) -> tuple[str, ...]:
                return tuple(texts.metavar(name) for name in english(size))

            return metavars

    return TranslatingFormatter


@functools.cache
def formatter_class(lang: str, raw: bool = False) -> type[argparse.HelpFormatter]:
    """argparse's formatter (``raw``: the one keeping descriptions as written) translating into
    ``lang``."""
    base = argparse.RawDescriptionHelpFormatter if raw else argparse.HelpFormatter
    return _translating(base, help_catalogue(lang))


@functools.cache
def help_catalogue(lang: str) -> HelpCatalogue:
    return HelpCatalogue(lang)


@functools.cache
def parser_class(lang: str) -> type[argparse.ArgumentParser]:
    """An :class:`argparse.ArgumentParser` whose errors are said in ``lang``."""
    texts = help_catalogue(lang)

    class TranslatingParser(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:
            self.print_usage(sys.stderr)
            template = texts.argparse_text(ERROR_FORMAT)
            self.exit(2, template % {"prog": self.prog, "message": texts.message(message)})

    return TranslatingParser


def help_entries(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Every text of ``parser`` and its subcommands' parsers that the ``cli`` catalogue
    translates, by key: descriptions, options' help, group titles and metavars (argparse's
    own words are the catalogue's ``argparse.*`` entries)."""
    found: dict[str, str] = {}
    own = {"positional arguments", "options"}
    for sub in [parser, *_subparsers(parser)]:
        command = command_of(sub.prog)
        if sub.description:
            found[f"cli.{command}.description"] = sub.description
        titles = [g.title for g in sub._action_groups if g.title and g.title not in own]
        found.update({f"cli.{command}.group.{n}": title for n, title in enumerate(titles, 1)})
        formatter = sub._get_formatter()
        for action in sub._actions:
            if isinstance(action, argparse._SubParsersAction):
                found.update({f"cli.{command}.{choice.dest}": choice.help
                              for choice in action._choices_actions if choice.help})
            elif action.help and action.help is not argparse.SUPPRESS and not isinstance(
                    action, argparse._HelpAction):
                found[f"cli.{command}.{action.dest}"] = action.help
            default = (action.dest.upper() if action.option_strings else action.dest)
            if action.nargs != 0 and (action.choices is None or action.metavar is not None):
                names = formatter._metavar_formatter(action, default)(2)
                found.update({f"cli.metavar.{name}": name for name in names})
    return found


def _subparsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    return [sub for action in parser._actions if isinstance(action, argparse._SubParsersAction)
            for sub in dict.fromkeys(action.choices.values())]


def missing_entries(lang: str = "it") -> dict[str, str]:
    """The help texts of the full parser that the ``cli`` catalogue of ``lang`` does not
    translate as they are now (no entry, or one for an older English text), by key."""
    from ginrummy.cli import build_parser

    english, texts = catalogue(DOMAIN, "en").texts, catalogue(DOMAIN, lang).texts
    return {key: text for key, text in help_entries(build_parser()).items()
            if english.get(key) != text or key not in texts}


def where_shown(key: str) -> str:
    """The translator comment of a ``cli.*`` key: where its text shows."""
    _, command, what = key.split(".", 2)
    if command == "metavar":
        return ("every --help and usage line of gin: the placeholder for an option's value or an "
                "argument (keep it one word in capitals)")
    shown = "gin" if command == "gin" else f"gin {command}"
    if what == "description":
        return f"{shown} --help: the description under the usage line"
    if what.startswith("group."):
        return f"{shown} --help: the title of a group of options"
    if command == "gin":
        return f"gin --help: the line of the command {what}"
    return f"{shown} --help: what the option {what} does"


def po_entry(key: str, english: str, translation: str) -> str:
    """One ``cli.po`` entry, to paste into a catalogue."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    one = Catalog(fuzzy=False)
    one.add(english, translation, context=key, auto_comments=[where_shown(key)],
            flags=["no-python-brace-format"])
    out = io.BytesIO()
    write_po(out, one, width=100, omit_header=True)
    return out.getvalue().decode()


def main() -> int:
    """``python -m ginrummy.cli.help_text``: the entries ``cli.po`` lacks, ready to paste
    (English as it is; the Italian ``msgstr`` to write); exit status 1 when there are some."""
    missing = missing_entries()
    for key, english in missing.items():
        print(po_entry(key, english, english), end="\n")
    if missing:
        print(f"# {len(missing)} text(s) to add to locale/en/LC_MESSAGES/cli.po as above, "
              "and to locale/it/LC_MESSAGES/cli.po translated", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
