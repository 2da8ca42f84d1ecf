"""``WS /ws/tournaments/{id}``: a tournament's page, live
(:mod:`ginrummy.server.live.tournament_feed`).

The server sends ``{"type": "tournament", "tournament": view}`` at once (the view of
``GET /api/tournaments/{id}``), then again after each change of it. The client may send
``{"type": "ping", "id"?}``; anything else is answered ``bad_message``. It counts as a lobby
socket for the per-client limits.
"""

from __future__ import annotations

import json

from starlette.websockets import WebSocket

from ginrummy.server.api.board_socket import BoardSocket, admitted, read_messages
from ginrummy.server.api.sessions import lobby_of
from ginrummy.server.storage.tokens import looks_like_game_id
from ginrummy.server.wire.protocol import error


async def tournament_socket(websocket: WebSocket) -> None:
    async with admitted(websocket) as admitted_now:
        if not admitted_now:
            return
        tournament_id = websocket.path_params["tournament_id"]
        feed = lobby_of(websocket).tournament_feed
        text = await feed.view_text(tournament_id) if looks_like_game_id(tournament_id) \
            else None
        await websocket.accept()
        if text is None:
            await websocket.send_text(json.dumps(error(
                "no_such_tournament", "no tournament has that id", n=0)))
            await websocket.close(code=4404, reason="no_such_tournament")
            return
        socket = BoardSocket(websocket)
        socket.send(text)
        feed.watch(tournament_id, socket, text)
        try:
            await read_messages(websocket, socket, "a tournament's socket takes only ping "
                                "messages")
        finally:
            feed.unwatch(tournament_id, socket)
            await socket.finish()

