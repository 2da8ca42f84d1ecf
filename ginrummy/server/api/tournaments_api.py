"""Tournaments over HTTP (:mod:`ginrummy.server.live.tournament_hub`): an account creates
one, accounts enter and leave before it starts, anyone reads it."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ginrummy.agents.levels import LEVELS
from ginrummy.core.errors import TableError
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.server.api import http_api
from ginrummy.server.api.client_limits import ClientLimits, client_address
from ginrummy.server.api.sessions import lobby_of, signed_in
from ginrummy.server.live.names import NameRefused, clean_text
from ginrummy.server.live.tournament_hub import TournamentHub
from ginrummy.server.storage.accounts import Account
from ginrummy.server.storage.tokens import looks_like_game_id
from ginrummy.server.wire.protocol import ClientError
from ginrummy.tournament import TournamentError, TournamentRules

SERVED_FORMATS = ("knockout", "swiss", "duplicate")
MAX_NAME = 64
MAX_START_MINUTES = 7 * 24 * 60
STATUS = {"no_such_tournament": 404, "not_organiser": 403, "computers_busy": 503}
RETRY_AFTER = {"computers_busy": 60}
Endpoint = Any


def _hub(request: Request) -> TournamentHub:
    return lobby_of(request).tournaments


def _refused(refused: ClientError) -> http_api.HTTPError:
    return http_api.HTTPError(STATUS.get(refused.code, 409), refused.code, refused.message,
                              RETRY_AFTER.get(refused.code))


async def _account(request: Request) -> Account:
    account = await signed_in(request)
    if account is None:
        raise http_api.HTTPError(403, "sign_in_for_tournament", "tournaments are for "
                                 "accounts: sign in (or sign up) to create or enter one")
    return account


def _bool(data: dict[str, Any], field: str, default: bool) -> bool:
    value = data.get(field, default)
    if not isinstance(value, bool):
        raise http_api.HTTPError(400, "bad_request", f"{field} must be true or false, got "
                                 f"{value!r}")
    return value


def _tournament_rules(data: dict[str, Any]) -> TournamentRules:
    format_ = data.get("format", "swiss")
    if format_ not in SERVED_FORMATS:
        raise http_api.HTTPError(400, "bad_tournament", f"format must be one of "
                                 f"{', '.join(SERVED_FORMATS)} on this server, got {format_!r}")
    try:
        return TournamentRules(format_, data.get("size", 8), data.get("rounds"),
                               data.get("table_size", 2))
    except TournamentError as refused:
        reason = None if refused.code is None else refused.code.removeprefix("tournament.")
        raise http_api.HTTPError(400, "bad_tournament", str(refused), reason=reason) from None


def _table_rules(rules: TournamentRules, game_rules: Rules, team_target: Any) -> TableRules:
    """The rules of the tournament's tables, or refuse game rules that a table of its size
    cannot play (R33: at three, the loser deals; ``team_target`` at teams only, R34)."""
    try:
        return TableRules(rules.table_size, game_rules, team_target)
    except TableError as refused:
        reason = None if refused.code is None else refused.code.removeprefix("table.")
        raise http_api.HTTPError(400, "bad_rules", str(refused), reason=reason) from None


def _starts_in(data: dict[str, Any]) -> float | None:
    minutes = data.get("starts_in_minutes")
    if minutes is None:
        return None
    if (not isinstance(minutes, int | float) or isinstance(minutes, bool)
            or not 0 <= minutes <= MAX_START_MINUTES):
        raise http_api.HTTPError(400, "bad_tournament", "starts_in_minutes must be a number "
                                 f"from 0 to {MAX_START_MINUTES} (or absent: it starts when "
                                 f"full), got {minutes!r}")
    return float(minutes) * 60


async def create(request: Request) -> Response:
    """``POST /api/tournaments``."""
    data = await http_api.json_body(request)
    http_api.check_fields(data, {"name", "format", "size", "rounds", "table_size", "preset",
                                 "options", "level", "fill", "starts_in_minutes", "enter",
                                 "clock", "team_target"})
    account = await _account(request)
    try:
        name = clean_text(data.get("name", f"{account.username}'s tournament"), "name",
                          MAX_NAME)
    except NameRefused as refused:
        raise http_api.HTTPError.refusing(refused) from None
    rules = _tournament_rules(data)
    level = data.get("level", 3)
    if not http_api.is_int(level) or level not in LEVELS:
        raise http_api.HTTPError(400, "bad_request", f"level must be a whole number from "
                                 f"{LEVELS[0]} to {LEVELS[-1]}, got {level!r}")
    table_rules = _table_rules(rules, http_api.rules_of(data), data.get("team_target"))
    clock = http_api.clock_of(request, data)
    fill, enter = _bool(data, "fill", True), _bool(data, "enter", True)
    starts_in = _starts_in(data)
    limits: ClientLimits = request.app.state.client_limits
    limits.create_game(client_address(request.scope))
    hub = _hub(request)
    try:
        tournament_id = await hub.create(account.id, account.username, name, rules,
                                         table_rules, level, fill, starts_in, enter, clock)
    except ClientError as refused:
        raise _refused(refused) from None
    return JSONResponse(hub.view(await hub.get(tournament_id)), status_code=201)


async def _live_id(request: Request) -> str:
    tournament_id = request.path_params["tournament_id"]
    if not looks_like_game_id(tournament_id):
        raise http_api.HTTPError(404, "no_such_tournament", "no tournament has that id")
    return str(tournament_id)


async def show(request: Request) -> Response:
    """``GET /api/tournaments/{id}``."""
    hub = _hub(request)
    try:
        live = await hub.get(await _live_id(request))
    except ClientError as refused:
        raise _refused(refused) from None
    return JSONResponse(hub.view(live))


async def listing(request: Request) -> Response:
    """``GET /api/tournaments``: those entering and being played, and the next occurrence of
    each recurring one not open yet (``scheduled``)."""
    return JSONResponse({"tournaments": await _hub(request).listing(),
                         "scheduled": await lobby_of(request).schedules.upcoming()})


async def enter(request: Request) -> Response:
    """``POST /api/tournaments/{id}/entry``: enter the signed-in account."""
    await http_api.json_body(request)
    return await _change(request, "enter")


async def leave(request: Request) -> Response:
    """``DELETE /api/tournaments/{id}/entry``: leave before the start."""
    await http_api.json_body(request)
    return await _change(request, "leave")


async def start(request: Request) -> Response:
    """``POST /api/tournaments/{id}/start``: the organiser starts it before it is full."""
    await http_api.json_body(request)
    return await _change(request, "start")


async def call_off(request: Request) -> Response:
    """``DELETE /api/tournaments/{id}``: the organiser cancels it before it starts."""
    await http_api.json_body(request)
    return await _change(request, "cancel")


async def _change(request: Request, what: str) -> Response:
    tournament_id = await _live_id(request)
    account = await _account(request)
    hub = _hub(request)
    try:
        if what == "enter":
            await hub.enter(tournament_id, account.id, account.username)
        elif what == "leave":
            await hub.leave(tournament_id, account.id)
        elif what == "cancel":
            await hub.cancel(tournament_id, account.id)
        else:
            await hub.start_now(tournament_id, account.id)
        return JSONResponse(hub.view(await hub.get(tournament_id)))
    except ClientError as refused:
        raise _refused(refused) from None


def routes(guarded: Any) -> list[BaseRoute]:
    return [
        Route("/api/tournaments", guarded(create), methods=["POST"]),
        Route("/api/tournaments", guarded(listing)),
        Route("/api/tournaments/{tournament_id}", guarded(show)),
        Route("/api/tournaments/{tournament_id}", guarded(call_off), methods=["DELETE"]),
        Route("/api/tournaments/{tournament_id}/entry", guarded(enter), methods=["POST"]),
        Route("/api/tournaments/{tournament_id}/entry", guarded(leave), methods=["DELETE"]),
        Route("/api/tournaments/{tournament_id}/start", guarded(start), methods=["POST"]),
    ]
