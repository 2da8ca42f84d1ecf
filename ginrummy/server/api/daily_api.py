"""The daily deal over HTTP (:mod:`ginrummy.server.live.daily`).

``GET /api/daily`` (anyone): today's commitment, rules and level, the caller's game of the day
if signed in, today's leaderboard, and yesterday's revealed seed with its best game's replay.
``POST /api/daily`` (an account): starts the account's game of the day.

Nothing here shows a daily game's cards, seeds or links before its day is over: today's
leaderboard is usernames and points, and the caller's own game is the caller's.
"""

from __future__ import annotations

import asyncio
from datetime import date, timedelta
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ginrummy.format.daily_deal import deal_key
from ginrummy.format.provably_fair import commitment_of
from ginrummy.server.api import http_api
from ginrummy.server.api.client_limits import ClientLimits, client_address
from ginrummy.server.api.sessions import lobby_of, signed_in
from ginrummy.server.live.daily import DailyDeals, DailyPlayed, day_end
from ginrummy.server.storage.daily_store import DailyEntry, DailyStore, Placed

BOARD = 20
"""Lines of the leaderboard shown unless ``?limit=`` asks for others."""
MAX_BOARD = 100


def _daily(request: Request) -> DailyDeals:
    return lobby_of(request).daily


def _status(entry: DailyEntry) -> str:
    if entry.points is not None:
        return "over"
    return "closed" if entry.closed else "playing"


def _line(placed: Placed) -> dict[str, Any]:
    return {"rank": placed.rank, "username": placed.username, "points": placed.points}


def _seed_view(day: date, seed: str | None) -> dict[str, Any]:
    """A day's commitment (and seed, once the day is over and ``seed`` is given)."""
    out: dict[str, Any] = {"day": day.isoformat(), "deal_key": deal_key(day)}
    if seed is not None:
        out["commitment"] = commitment_of(bytes.fromhex(seed))
    return out


def _today(store: DailyStore, today: date, account_id: str | None,
           limit: int) -> dict[str, Any]:
    day = today.isoformat()
    placed, total = store.board(day, limit)
    you: dict[str, Any] | None = None
    entry = None if account_id is None else store.entry_of(day, account_id)
    if entry is not None:
        you = {"game_id": entry.game_id, "status": _status(entry), "points": entry.points,
               "rank": None if entry.points is None else store.rank_of(day, entry.points),
               "links": {"play": f"/play/{entry.game_id}"}}
    return {"you": you, "leaderboard": {"players": [_line(p) for p in placed], "total": total}}


def _yesterday(store: DailyStore, day: date, account_id: str | None) -> dict[str, Any] | None:
    """Yesterday's seed revealed, its best game with the links to replay and check it, and
    the caller's own game of that day; None if nobody asked for that day."""
    seed = store.stored_seed(day.isoformat())
    if seed is None:
        return None
    _, total = store.board(day.isoformat(), 0)
    best = store.best_of(day.isoformat())
    best_view = None
    if best is not None:
        placed, entry = best
        best_view = {"username": placed.username, "points": placed.points,
                     "game_id": entry.game_id, "links": {
                         "replay": f"/play/{entry.game_id}?replay#{entry.watch_token}",
                         "verify": f"/verify?game={entry.game_id}#{entry.watch_token}"}}
    own = None if account_id is None else store.entry_of(day.isoformat(), account_id)
    return {**_seed_view(day, seed), "server_seed": seed, "players": total, "best": best_view,
            "you": None if own is None else {
                "game_id": own.game_id, "status": _status(own), "points": own.points,
                "links": {"replay": f"/play/{own.game_id}?replay"}}}


async def daily_view(request: Request) -> Response:
    """``GET /api/daily?limit=20``."""
    limit = http_api.whole_count(request, "limit", BOARD, MAX_BOARD)
    daily = _daily(request)
    await daily.release()
    today = daily.today()
    seed = await daily.seed_of(today)
    account = await signed_in(request)
    account_id = None if account is None else account.id

    def read() -> dict[str, Any]:
        return {**_today(daily.store, today, account_id, limit),
                "yesterday": _yesterday(daily.store, today - timedelta(days=1), account_id)}

    found = await asyncio.to_thread(read)
    return JSONResponse({
        **_seed_view(today, seed), "ends_at": day_end(today).isoformat(),
        **daily.info(), "signed_in": account is not None, **found})


async def start_daily(request: Request) -> Response:
    """``POST /api/daily``: the signed-in account's game of the day."""
    data = await http_api.json_body(request)
    http_api.check_fields(data, set())
    account = await signed_in(request)
    if account is None:
        raise http_api.HTTPError(403, "sign_in_for_daily", "the daily deal is for accounts: "
                                 "sign in (or sign up) to play it")
    limits: ClientLimits = request.app.state.client_limits
    limits.create_game(client_address(request.scope))
    try:
        table, entry = await _daily(request).start(account.id, account.username)
    except DailyPlayed:
        raise http_api.HTTPError(409, "daily_played", "you have played today's daily deal: "
                                 "the next one starts at midnight UTC") from None
    return JSONResponse({"game_id": table.id, "day": entry.day,
                         "links": {"play": f"/play/{table.id}"}}, status_code=201)
