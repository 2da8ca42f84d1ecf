"""``WS /ws/notices``: a signed-in account's news on a page that has no socket of its own to
the lobby or to a table (the home page, a profile, a tournament's page, the leaderboard), so
that a challenge, a tournament's game or a friend coming online reaches the player wherever
they are on the site (:mod:`ginrummy.server.live.account_news`).

The server sends ``{"type": "notices", "username"}`` at once, then the account's news as it
comes. A guest's socket is sent ``signed_out`` and closed (4401). The client may send
``{"type": "ping", "id"?}``; anything else is answered ``bad_message``. It counts as a lobby
socket for the per-client limits, and its account as online.
"""

from __future__ import annotations

import json

from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocket

from ginrummy.server.api.board_socket import BoardSocket, admitted, read_messages
from ginrummy.server.api.sessions import lobby_of, signed_in
from ginrummy.server.storage.db import StorageGone
from ginrummy.server.wire.protocol import error


async def notices_socket(websocket: WebSocket) -> None:
    async with admitted(websocket) as admitted_now:
        if not admitted_now:
            return
        try:
            account = await signed_in(websocket)
        except (StorageGone, SQLAlchemyError):
            account = None
        await websocket.accept()
        if account is None:
            await websocket.send_text(json.dumps(error(
                "signed_out", "only a signed-in account has notices: sign in first", n=0)))
            await websocket.close(code=4401, reason="signed_out")
            return
        news = lobby_of(websocket).news
        socket = BoardSocket(websocket)
        socket.account_id = account.id
        socket.send(json.dumps({"type": "notices", "username": account.username}))
        news.arriving(account.id)
        news.sockets.add(socket)
        try:
            await read_messages(websocket, socket, "the notices' socket takes only ping "
                                "messages")
        finally:
            news.sockets.discard(socket)
            await socket.finish()
