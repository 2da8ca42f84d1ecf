"""The JSON text of a WebSocket message reads back to the value ``json.dumps`` writes, for
what a message holds: names in any script, number keys, and text orjson refuses."""

from __future__ import annotations

import json

from ginrummy.server.wire.text import message_text


def test_message_text_reads_back_as_json_writes_it() -> None:
    message = {"type": "event", "seats": [{"name": "Niccolò «Nico»", "ready": True}],
               "points": {1: 25, 2: None}, "margin": 0.5, "cards": ("AS", "TD")}
    assert json.loads(message_text(message)) == json.loads(json.dumps(message))


def test_a_lone_surrogate_in_a_chat_line_is_escaped_not_refused() -> None:
    message = {"type": "chat", "text": "ciao \ud800"}
    assert json.loads(message_text(message)) == {"type": "chat", "text": "ciao \ud800"}
