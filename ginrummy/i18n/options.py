"""A rules option's value in the reader's words, wherever options are shown (the reading pages,
the terminal game)."""

from __future__ import annotations

from ginrummy.core.rules import CHOICES, Rules
from ginrummy.i18n import Messages


def option_value(rules: Rules, name: str, m: Messages, ace_note: bool = True) -> str:
    """The value of option ``name`` of ``rules`` in words: yes/no, none, a choice's name, a
    number; the Oklahoma knock limit says it is the upcard's (and, with ``ace_upcard_gin_only``
    and ``ace_note``, that an ace upcard means gin only)."""
    value = getattr(rules, name)
    if isinstance(value, bool):
        return m("word.yes") if value else m("word.no")
    if value is None:
        return m("word.none")
    if name in CHOICES:
        return m(f"{name}.{value}")
    if name == "knock_limit" and rules.oklahoma:
        text = m("option.knock_limit_oklahoma")
        if ace_note and rules.ace_upcard_gin_only:
            text += f" ({m('option.ace_upcard_gin_only')})"
        return text
    return str(value)
