"""What the server says when it refuses something: a code the client can act on (and the
page translates), ``reason`` where the code has several (which field, which character),
and the English sentence for logs and programs."""

from __future__ import annotations


class Refusal(Exception):
    """A request, message or option the server refuses."""

    def __init__(self, code: str, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason
