"""The errors of the rules core above a single hand, and what every coded error shares.

A hand's own refusals are :class:`~ginrummy.core.hand.IllegalActionError` and
:class:`~ginrummy.core.rules.RulesError`; these are the game's.
"""

from __future__ import annotations

from collections.abc import Mapping


class CodedError(ValueError):
    """An error that says what went wrong twice: ``str(error)`` is the English sentence (for
    logs and programs), ``code`` and ``params`` are for the edge, which says it in the
    reader's language (:func:`ginrummy.i18n.errors.error_text`; the catalogue key is
    ``error.<code>``). A parameter may itself be an error, said the same way; an error
    raised without a code is shown as its English text.

    >>> error = CodedError("dealer must be 0 or 1, got 7", "record.dealer_two", value="7")
    >>> str(error), error.code, error.params
    ('dealer must be 0 or 1, got 7', 'record.dealer_two', {'value': '7'})
    """

    def __init__(self, message: str, code: str | None = None, /, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = params
        self.where: Mapping[str, int] = {}
        """Where in a file, as its English text already says it (``hand``, ``action``)."""


class GameError(CodedError):
    """A game-level move that is not allowed now (dealing mid-hand, playing after the end...)."""


class TableError(CodedError):
    """A table option or move that is not allowed (names the option, the table or the player)."""


class CutError(GameError, TableError):
    """A cut for the first deal that is not one (R4): it names the round and what is wrong."""
