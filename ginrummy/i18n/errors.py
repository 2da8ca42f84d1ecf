"""Errors said in the reader's language: a coded error's message from the ``game`` catalogue.

A :class:`~ginrummy.core.errors.CodedError` (a record's, the rules', a card's, a cut's...)
carries a ``code`` and ``params``; its message is ``error.<code>`` in the catalogue, and
where in a file it happened (``where``: the hand, the action) ``error.where.hand`` or
``error.where.action`` around it. A parameter that is an error is said the same way first,
so ``rules: gin_bonus must be...`` nests as the file's structure does. A message whose
English text is a plural (``msgid_plural``) takes the form for its ``count`` parameter.

An error without a code, or with a code the catalogue lacks, is shown as its English text
(``tests/format/test_record_errors_italian.py`` fails on any code the catalogues lack).

>>> from ginrummy.core.rules import Rules, RulesError
>>> from ginrummy.i18n import Messages
>>> try:
...     Rules(knock_limit=11)
... except RulesError as error:
...     print(error_text(error, Messages("it")))
knock_limit deve essere un numero intero da 0 a 10, non 11
"""

from __future__ import annotations

from ginrummy.core.errors import CodedError
from ginrummy.i18n import MessageError, Messages

WHERE_KEYS = {("hand",): "error.where.hand", ("hand", "action"): "error.where.action"}


def error_key(code: str) -> str:
    """The catalogue key of an error code."""
    return f"error.{code}"


def error_text(error: BaseException, m: Messages) -> str:
    """``error`` in the language of ``m`` (English: exactly ``str(error)``)."""
    if not isinstance(error, CodedError) or error.code is None:
        return str(error)
    params = {name: error_text(value, m) if isinstance(value, BaseException) else value
              for name, value in error.params.items()}
    key = error_key(error.code)
    try:
        if m.has(key):
            text = m(key, **params)
        else:
            count = error.params.get("count")
            text = m.plural(key, count if isinstance(count, int) else 0, **params)
        where = WHERE_KEYS.get(tuple(error.where))
        return text if where is None else m(where, **error.where, problem=text)
    except MessageError:
        return str(error)


def file_error_text(error: OSError | UnicodeDecodeError, m: Messages) -> str:
    """Why a file could not be read or written, in the language of ``m``: the operating
    system's reason (``No such file or directory``) for the common ``errno`` values
    (``error.os.ENOENT``...), or that the file is not UTF-8 text. English keeps the
    operating system's own words; another reason shows as the system says it."""
    import errno

    if isinstance(error, UnicodeDecodeError):
        return m("error.os.not_utf8") if m.lang != "en" else str(error)
    name = errno.errorcode.get(error.errno or 0, "")
    reason = error.strerror or str(error)
    if m.lang == "en" or not m.has(f"error.os.{name}"):
        return reason
    return m(f"error.os.{name}")
