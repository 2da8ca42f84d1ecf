"""A table socket's writer sends the messages queued together (a move's ack and its event)
in one write, in order; a socket whose client has stopped reading gets them the normal way,
and a close waits for what was queued before it."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from typing import Any, cast

from starlette.websockets import WebSocket

from ginrummy.server.api.ws import Connection
from tests.server.frame_kit import Protocol, Socket, texts_of


def test_an_ack_and_its_event_go_out_in_one_write_and_a_slow_socket_gets_them_in_order() -> None:
    async def scenario() -> None:
        protocol = Protocol()
        app = SimpleNamespace(state=SimpleNamespace(client_limits=None))
        socket = Socket(protocol, app)
        connection = Connection(cast(WebSocket, socket), cast(Any, SimpleNamespace(id="g")), 0)
        connection.push({"type": "ack", "n": 5})
        connection.push({"type": "event", "n": 5})
        await asyncio.sleep(0.05)
        assert len(protocol.transport.written) == 1
        together = texts_of(protocol.transport.written[0])
        assert [(m["type"], m["n"]) for m in map(json.loads, together)] == [("ack", 5),
                                                                            ("event", 5)]
        protocol.writable.clear()
        for n in (6, 7):
            connection.push({"type": "event", "n": n})
        connection.close(1000, "done")
        await asyncio.wait_for(connection.writer, 5)
        assert len(protocol.transport.written) == 1
        assert [json.loads(text)["n"] for text in socket.sent] == [6, 7]
        assert socket.closed == 1000

    asyncio.run(scenario())
