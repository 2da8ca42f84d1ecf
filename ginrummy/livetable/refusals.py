"""A command the table refuses: a code and its parameters, no prose (like
:mod:`ginrummy.core.errors`); the edge says it in the reader's language. A refused command
changes nothing."""

from __future__ import annotations

from ginrummy.core.errors import CodedError


class Refused(Exception):
    """``code`` says why (``not_your_turn``, ``stale``...), ``params`` the facts it names;
    ``cause`` is the core's own coded error when the rules refused an action
    (``illegal_action``), so that its code and parameters reach the reader too.

    >>> Refused("not_your_turn", place=1, mover=0)
    Refused('not_your_turn', mover=0, place=1)
    """

    def __init__(self, code: str, /, cause: CodedError | None = None, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, object] = params
        self.cause = cause

    def __repr__(self) -> str:
        shown = "".join(f", {k}={v!r}" for k, v in sorted(self.params.items()))
        return f"Refused({self.code!r}{shown})"

    __str__ = __repr__
