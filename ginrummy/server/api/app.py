"""The ASGI application: :func:`create_app` wires storage, tables, HTTP and WebSocket routes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator

from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ginrummy.server.api import (
    accounts_api,
    challenges_api,
    content,
    daily_api,
    friends_api,
    hint_api,
    http_api,
    i18n_api,
    index_api,
    lobby_api,
    mutes_api,
    notices_socket,
    online_api,
    page,
    players_api,
    quick_match_api,
    rematch_api,
    resign_api,
    review_api,
    static_files,
    tournament_socket,
    tournaments_api,
    ws,
)
from ginrummy.server.api.client_limits import ClientLimits, Refused, client_address
from ginrummy.server.api.headers import HostAndHeaders, HostRule
from ginrummy.server.api.session_watch import watch_sockets
from ginrummy.server.api.sessions import SignedInSockets
from ginrummy.server.live.lobby import Lobby
from ginrummy.server.live.work import Busy
from ginrummy.server.settings import Settings
from ginrummy.server.storage.db import StorageGone, make_engine, migrate
from ginrummy.server.storage.lease import Lease, acquire
from ginrummy.server.storage.profile_cache import ProfileCache
from ginrummy.server.storage.store import Store
from ginrummy.server.wire.protocol import ClientError

log = logging.getLogger(__name__)

Endpoint = Callable[[Request], Awaitable[Response]]
SWITCH_INTERVAL = 0.001
"""Seconds a thread holds the interpreter before another may take it, while the app runs
(Python's default is 5 ms): the database's writer thread and the event loop hand over
quickly, so that a move's commit does not wait for the loop's fan-out (and back)."""


@contextlib.contextmanager
def switch_interval(seconds: float) -> Iterator[None]:
    """``sys.setswitchinterval(seconds)`` inside, the old interval restored after."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(seconds)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _guarded(endpoint: Endpoint) -> Endpoint:
    async def run(request: Request) -> Response:
        try:
            limits: ClientLimits = request.app.state.client_limits
            limits.api_request(client_address(request.scope))
            return await endpoint(request)
        except http_api.HTTPError as failure:
            return http_api.error_response(failure)
        except ClientError as refused:  # the table refused (the database failed or raced)
            status = 409 if refused.code == "conflict" else 503
            return http_api.error_response(http_api.HTTPError(status, refused.code,
                                                              refused.message))
        except Refused as over:  # a per-client limit
            await asyncio.sleep(request.app.state.settings.refusal_delay)
            return http_api.error_response(http_api.HTTPError(429, over.code, over.text,
                                                              over.retry_after))
        except Busy:
            return http_api.error_response(http_api.HTTPError(
                503, "busy", "the server is busy with other players' hints and replays; "
                f"try again in {Busy.retry_after} s", Busy.retry_after))
        except (StorageGone, SQLAlchemyError) as failure:
            log.error("%s: the database failed: %s", endpoint.__name__, failure)
            return http_api.error_response(http_api.HTTPError(
                503, "storage", "the database could not store this; nothing changed"))

    run.__name__ = endpoint.__name__
    return run


def _seating(endpoint: Endpoint) -> Endpoint:
    """An endpoint that gives a seat: a signed-in account owns the seat at once."""
    return _guarded(accounts_api.claiming(endpoint))


async def _watch_lease(lease: Lease, store: Store, every: float) -> None:
    """Stop storing moves if another server has taken the database over."""
    while store.guard.refusal is None:
        await asyncio.sleep(every)
        try:
            problem = await asyncio.to_thread(lease.check)
        except Exception:  # noqa: BLE001 - keep watching; the next check may tell
            log.exception("could not check the database lock")
            continue
        if problem is not None:
            log.critical("this server lost its database: %s; it stores nothing more", problem)
            store.guard.refusal = problem


def create_app(settings: Settings | None = None, lease: Lease | None = None) -> Starlette:
    """The server app; the database is migrated to the newest schema when it starts.

    The app holds its database alone while it runs (:mod:`ginrummy.server.storage.lease`): ``lease``
    if the caller took it already, else it is taken at start
    (:class:`~ginrummy.server.storage.lease.DatabaseInUse` if another server holds it).

    With ``settings.forwarded_allow_ips`` the client's address is taken from
    ``X-Forwarded-For`` when the connection comes from one of those proxies (uvicorn's
    :class:`~uvicorn.middleware.proxy_headers.ProxyHeadersMiddleware`); never otherwise.
    """
    settings = settings or Settings()
    rule = HostRule.of(settings.allowed_hosts, settings.ip_hosts)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        held = lease if lease is not None else await asyncio.to_thread(acquire,
                                                                       settings.database)
        try:
            engine = make_engine(settings.database)
            await asyncio.to_thread(migrate, engine)
            app.state.engine = engine
            app.state.lobby = Lobby(Store(engine), settings)
            await app.state.lobby.tournaments.load_active()
            app.state.lobby.schedules.start()
            await app.state.lobby.daily.load()
            app.state.lobby.adjournments.start()
            watch = None if held is None else asyncio.create_task(
                _watch_lease(held, app.state.lobby.store, settings.lease_check_seconds),
                name="lease watch")
            app.state.signed_in_sockets = SignedInSockets()
            sessions = asyncio.create_task(watch_sockets(
                app.state.signed_in_sockets, engine, settings.session_check_seconds,
                settings.clock, app.state.lobby.quick_match), name="session watch")
            try:
                with switch_interval(SWITCH_INTERVAL):
                    yield
            finally:
                sessions.cancel()
                if watch is not None:
                    watch.cancel()
                await app.state.lobby.close()
                engine.dispose()
        finally:
            if held is not None and lease is None:
                held.release()

    routes: list[BaseRoute] = [
        Route("/", page.index),
        Route("/play/{game_id}", page.index),
        Route("/watch/{game_id}", page.index),
        Route("/verify", page.index),
        Route("/lobby", page.index),
        Route("/tournaments/{tournament_id}", page.index),
        Route("/players/{username}", page.index),
        Route("/leaderboard", page.index),
        Route("/daily", page.index),
        Route("/api", _guarded(index_api.api_index)),
        Route("/api/protocol", _guarded(index_api.protocol_doc)),
        Route("/api/rules", _guarded(index_api.rules_info)),
        Route("/api/games", _seating(http_api.create_game), methods=["POST"]),
        Route("/api/games/mine", _guarded(http_api.my_games)),
        Route("/api/games/{game_id}", _guarded(http_api.game_snapshot)),
        Route("/api/games/{game_id}/events", _guarded(http_api.game_events)),
        Route("/api/games/{game_id}/join", _seating(http_api.join_game), methods=["POST"]),
        Route("/api/games/{game_id}/sit", _seating(lobby_api.sit), methods=["POST"]),
        Route("/api/games/{game_id}/seats/{seat}", _guarded(lobby_api.send_away),
              methods=["DELETE"]),
        Route("/api/lobby", _guarded(lobby_api.lobby_snapshot)),
        Route("/api/quickmatch", _seating(quick_match_api.start), methods=["POST"]),
        Route("/api/quickmatch/{ticket}", _seating(quick_match_api.poll)),
        Route("/api/quickmatch/{ticket}", _guarded(quick_match_api.cancel), methods=["DELETE"]),
        Route("/api/quickmatch/{ticket}/computer", _seating(quick_match_api.computer),
              methods=["POST"]),
        Route("/api/games/{game_id}/rematch", _seating(rematch_api.rematch), methods=["POST"]),
        Route("/api/games/{game_id}/rematch", _guarded(rematch_api.decline_rematch),
              methods=["DELETE"]),
        Route("/api/games/{game_id}/resign", _guarded(resign_api.resign), methods=["POST"]),
        Route("/api/games/{game_id}/hint", _guarded(hint_api.game_hint)),
        Route("/api/games/{game_id}/review", _guarded(review_api.game_review)),
        Route("/api/games/{game_id}/record", _guarded(http_api.game_record)),
        Route("/api/records", _guarded(http_api.chain_head)),
        Route("/api/players/{username}", _guarded(players_api.player_profile)),
        Route("/api/leaderboard", _guarded(players_api.leaderboard)),
        Route("/api/daily", _guarded(daily_api.daily_view)),
        Route("/api/daily", _guarded(daily_api.start_daily), methods=["POST"]),
        *accounts_api.routes(_guarded),
        *mutes_api.routes(_guarded),
        *friends_api.routes(_guarded),
        *challenges_api.routes(_guarded),
        Route("/api/online", _guarded(online_api.online_players)),
        *tournaments_api.routes(_guarded),
        Route("/api/i18n", _guarded(i18n_api.languages)),
        Route("/api/i18n/{lang}", _guarded(i18n_api.web_strings)),
        *content.routes(),
        WebSocketRoute("/ws/lobby", lobby_api.lobby_socket),
        WebSocketRoute("/ws/notices", notices_socket.notices_socket),
        WebSocketRoute("/ws/tournaments/{tournament_id}", tournament_socket.tournament_socket),
        WebSocketRoute("/ws/{game_id}", ws.table_socket),
    ]
    routes.append(Route("/static/{path:path}", static_files.serve))
    middleware = [Middleware(HostAndHeaders, rule=rule)]
    if settings.forwarded_allow_ips:
        middleware.append(Middleware(ProxyHeadersMiddleware,
                                     trusted_hosts=list(settings.forwarded_allow_ips)))
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware)
    app.state.settings = settings
    app.state.static_folder = static_files.StaticFolder(page.STATIC_DIR)
    app.state.client_limits = ClientLimits(settings)
    app.state.profile_cache = ProfileCache()
    return app
