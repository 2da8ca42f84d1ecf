"""Players' profiles and the leaderboards: ``GET /api/players/{username}`` and
``GET /api/leaderboard?family=``.

Public and read-only. A profile says an account's ratings (per family), their history, and
numbers counted from the records of its finished games (:mod:`.profile_stats`), and the newest
tournaments it entered with its place in each; never a card, a deck or a token: the records are
read on the server and only counts leave it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy.engine import Engine
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ginrummy.rating import FAMILIES, Rating
from ginrummy.rating.levels import level_ratings
from ginrummy.server.api.account_rules import MAX_USERNAME, username_key
from ginrummy.server.api.client_limits import ClientLimits, client_address
from ginrummy.server.api.http_api import HTTPError, whole_count
from ginrummy.server.api.sessions import account_store, lobby_of
from ginrummy.server.live.tournament_view import final_places, history_item
from ginrummy.server.storage import profiles, ratings
from ginrummy.server.storage.completion import completion_of
from ginrummy.server.storage.profile_cache import LastGame, ProfileCache
from ginrummy.server.storage.tournament_store import TournamentStore

MAX_BOARD = 100
"""The most players one leaderboard page lists."""
MAX_TOURNAMENTS = 20
"""The most tournaments a profile lists (the newest)."""


def _charge(request: Request) -> None:
    limits: ClientLimits = request.app.state.client_limits
    limits.profile_page(client_address(request.scope))


def rating_view(rating: Rating) -> dict[str, Any]:
    """A rating as the pages show it: rounded, with its provisional mark."""
    return {"rating": round(rating.mu), "deviation": round(rating.sigma),
            "games": rating.games, "provisional": rating.provisional, "shown": rating.shown}


def _last_game(game: LastGame, names: dict[tuple[str, int], str]) -> dict[str, Any]:
    others = [{"seat": seat, "kind": kind, "username": names.get((game.game_id, seat)),
               "name": name if kind == "computer" else None}
              for seat, kind, name in game.seats if seat != game.seat]
    return {
        "game_id": game.game_id,
        "finished_at": game.finished_at.isoformat(),
        "rated": game.rated,
        "family": game.family,
        "players": game.players,
        "seat": game.seat,
        "won": game.won,
        "totals": game.totals,
        "opponents": others,
        "links": {"replay": f"/play/{game.game_id}?replay"},
    }


def profile_cache(request: Request) -> ProfileCache:
    """The app's :class:`ProfileCache` (made with the app)."""
    cache: ProfileCache = request.app.state.profile_cache
    return cache


async def player_profile(request: Request) -> Response:
    """``GET /api/players/{username}``: the account's ratings, history and numbers."""
    _charge(request)
    raw = request.path_params["username"]
    account = None
    if len(raw) <= MAX_USERNAME:
        account = await asyncio.to_thread(account_store(request).by_key, username_key(raw))
    if account is None:
        raise HTTPError(404, "no_player", f"no player is called {raw[:MAX_USERNAME]!r}")
    engine = lobby_of(request).store.engine
    cache = profile_cache(request)
    lobby = lobby_of(request)
    waiting = frozenset(lobby.tournaments.held) | frozenset(lobby.daily.held)  # their decks
    # are another table's, or another player's of the day, still to be dealt

    def read() -> dict[str, Any]:
        played = cache.played(engine, account.id, waiting)
        names = profiles.usernames_at(engine, [g.game_id for g in played.last])
        held = ratings.ratings_of(engine, account.id)
        return {
            "username": account.username,
            "member_since": account.created_at.date().isoformat(),
            "ratings": [{"family": family, **rating_view(held[family])}
                        for family in FAMILIES if family in held],
            "history": [{"family": point.family, "game_id": point.game_id,
                         "at": point.at.isoformat(),
                         **{k: v for k, v in rating_view(point.rating).items() if k != "games"}}
                        for point in ratings.history_of(engine, account.id)
                        if point.game_id not in waiting],
            "start": rating_view(Rating()),  # every family's line begins here, before its games
            "stats": played.stats(),
            "completion": completion_of(engine, account.id).to_json(),
            "last_games": [_last_game(game, names) for game in played.last],
            "tournaments": _tournaments(engine, account.id),
        }

    return JSONResponse(await asyncio.to_thread(read))


def _tournaments(engine: Engine, account_id: str) -> list[dict[str, Any]]:
    """The newest tournaments the account entered, each with its place once over (worked out
    once, and kept, for one that ended before places were kept)."""
    store = TournamentStore(engine)
    out = []
    for tournament_id in store.entered_by(account_id, MAX_TOURNAMENTS):
        stored = store.load(tournament_id)
        if stored is None:
            continue
        places = final_places(stored)
        if places and any(e.place is None for e in stored.entrants):
            store.place(tournament_id, places)
        out.append(history_item(stored, account_id, places))
    return out


async def leaderboard(request: Request) -> Response:
    """``GET /api/leaderboard?family=&limit=&offset=&provisional=``: the best ratings."""
    _charge(request)
    family = request.query_params.get("family", "standard")
    if family not in FAMILIES:
        raise HTTPError(400, "bad_family", f"family must be one of {', '.join(FAMILIES)}, "
                        f"got {family[:20]!r}")
    limit = whole_count(request, "limit", 50, MAX_BOARD)
    offset = whole_count(request, "offset", 0, 10_000)
    shown = request.query_params.get("provisional", "0")
    if shown not in ("0", "1"):
        raise HTTPError(400, "bad_request", f"provisional must be 0 or 1, got {shown[:20]!r}")
    engine = lobby_of(request).store.engine
    standings, total = await asyncio.to_thread(ratings.leaderboard, engine, family,
                                               max(limit, 1), offset, shown == "1")
    return JSONResponse({
        "family": family,
        "provisional_included": shown == "1",
        "total": total,
        "offset": offset,
        "limit": limit,
        "players": [{"place": s.place, "username": s.username,
                     "profile": f"/players/{s.username}", **rating_view(s.rating)}
                    for s in standings][:limit],
        "computer_levels": [{"level": level, "rating": round(rating)}
                            for level, rating in sorted(level_ratings().items())],
    })
