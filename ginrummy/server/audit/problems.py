"""A problem :mod:`.chain` or :mod:`.deck_audit` finds, as a message key and its parameters, so
that ``gin serve --verify-records`` says it in the operator's language (``audit.*`` in the
``game`` catalogue); ``str(problem)`` is the English text.

A parameter may be an error (said with :func:`ginrummy.i18n.errors.error_text`), a fairness
:class:`~ginrummy.format.provably_fair.Problem`, a card number (written as the language writes
cards), ``None`` for a card that is not there, or another :class:`AuditProblem` (a place and
what went wrong there).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ginrummy.i18n import Messages

CARD_PARAMS = ("stored", "derived")
"""The parameters that are cards (a card number, or None: no card at that position)."""


@dataclass(frozen=True)
class AuditProblem:
    key: str
    """``audit.<key>`` in the catalogue."""
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, m: Messages) -> str:
        from ginrummy.format.provably_fair import Problem
        from ginrummy.format.verify import problem_text
        from ginrummy.i18n.errors import error_text

        def said(name: str, value: object) -> object:
            if isinstance(value, AuditProblem):
                return value.text(m)
            if isinstance(value, Problem):
                return problem_text(value, m)
            if isinstance(value, BaseException):
                return error_text(value, m)
            if name in CARD_PARAMS:
                return m.card(value) if isinstance(value, int) else m("audit.no_card")
            return value

        params = {name: said(name, value) for name, value in self.params.items()}
        key = f"audit.{self.key}"
        if m.has(key):
            return m(key, **params)
        count = self.params.get("count")  # a plural: the form for its count
        return m.plural(key, count if isinstance(count, int) else 0, **params)

    def __str__(self) -> str:
        from ginrummy.i18n import Messages

        return self.text(Messages("en"))


def at(where: AuditProblem, key: str, **params: object) -> AuditProblem:
    """The problem ``key`` at the place ``where`` ("record 3 (game g): ...")."""
    return AuditProblem("at", {"where": where, "problem": AuditProblem(key, params)})
