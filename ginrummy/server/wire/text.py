"""The text of a message sent over a WebSocket: its JSON, written by orjson, several times
faster than the standard library for a state of a few kilobytes (every socket of a table
is sent one per event)."""

from __future__ import annotations

import json
from typing import Any

import orjson
from websockets.frames import Frame, Opcode


class Written(dict[str, Any]):
    """A message whose JSON text is written once, for every socket it goes to
    (:func:`message_text` gives that text back)."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(message)
        self.text = message_text(message)


def message_text(message: Any) -> str:
    """``message`` as JSON text; the same value as ``json.dumps`` gives (not the same
    spacing: none)."""
    if isinstance(message, Written):
        return message.text
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:  # what orjson refuses (a lone surrogate): json escapes it
        return json.dumps(message)


def text_frame(text: str) -> bytes:
    """The WebSocket frame a server sends for ``text`` (one final text frame, unmasked, not
    compressed): the same bytes for every uncompressed socket it goes to."""
    return Frame(Opcode.TEXT, text.encode()).serialize(mask=False)
