"""The API's description of itself: ``GET /api`` (its endpoints and error codes), ``GET
/api/protocol`` (PROTOCOL.md) and ``GET /api/rules`` (the presets, options and levels)."""

from __future__ import annotations

import typing
from dataclasses import MISSING, fields
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from ginrummy.core.rules import CHOICES, PRESETS, Rules
from ginrummy.core.table import TEAM_TARGET
from ginrummy.rating.rated_rules import RATED_OKLAHOMA_TARGET, RATED_TARGET
from ginrummy.server.api.sessions import settings_of
from ginrummy.server.live.computer import LEVELS, computer_name
from ginrummy.server.wire.protocol import ERROR_CODES, PROTOCOL_VERSION

PROTOCOL_FILE = __file__.rsplit("/", 2)[0] + "/PROTOCOL.md"


def _option_meta() -> list[dict[str, Any]]:
    out = []
    hints = typing.get_type_hints(Rules)
    for f in fields(Rules):
        if f.name == "name":
            continue
        hint = hints[f.name]
        default = f.default if f.default is not MISSING else None
        meta: dict[str, Any] = {"name": f.name, "default": default}
        if hint is bool:
            meta["type"] = "bool"
        elif hint is int:
            meta["type"] = "int"
        elif hint == int | None:
            meta["type"] = "int"
            meta["nullable"] = True
        else:
            meta["type"] = "choice"
            meta["choices"] = list(CHOICES[f.name])
        out.append(meta)
    return out


async def rules_info(request: Request) -> Response:
    return JSONResponse({
        "presets": {name: rules.to_dict() for name, rules in PRESETS.items()},
        "options": _option_meta(),
        "levels": list(LEVELS),
        "computers": {str(level): computer_name(level) for level in LEVELS},
        "rated": {"target": RATED_TARGET, "oklahoma_target": RATED_OKLAHOMA_TARGET,
                  "team_target": TEAM_TARGET, "any_rules": settings_of(request).rated_any_rules},
    })


async def api_index(request: Request) -> Response:
    return JSONResponse({
        "protocol": PROTOCOL_VERSION,
        "documentation": "/api/protocol",
        "endpoints": {
            "POST /api/games": "create a game: {opponent, level, preset, options, name}",
            "POST /api/games/{game_id}/join": "take a seat by its token: {token, name}",
            "POST /api/games/{game_id}/rematch?token=": "the same game again, the other seat "
                                                        "dealing first: against the computer "
                                                        "at once; between friends once both "
                                                        "ask (each takes their seat so)",
            "DELETE /api/games/{game_id}/rematch?token=": "take back one's rematch offer, or "
                                                          "decline the other player's",
            "POST /api/games/{game_id}/resign?token=": "the seat's player resigns: their side "
                                                       "loses the game",
            "GET /api/games/{game_id}?token=": "a seat's (or a watcher's) snapshot",
            "GET /api/games/{game_id}/events?token=&since=&limit=&open=": "past events "
                                                                     "(replays; open=1: both "
                                                                     "hands, once over)",
            "GET /api/games/mine?status=&limit=": "the games whose seat cookies this browser "
                                                  "holds (status=over: the last games)",
            "GET /api/games/{game_id}/record?token=": "a finished game's record and hash",
            "GET /api/records": "the chain of finished games: its length and newest hash",
            "GET /api/games/{game_id}/hint?token=&lang=": "a hint for the seat to act",
            "GET /api/games/{game_id}/review?token=&seat=&lang=": "a finished game's "
                                                                "review of one seat",
            "GET /api/i18n, /api/i18n/{lang}": "the languages, and the web client's strings",
            "POST /api/accounts": "sign up: {username, password} (then signed in)",
            "POST /api/session": "sign in: {username, password}",
            "GET /api/session": "the signed-in account, or null",
            "DELETE /api/session?everywhere=": "sign out (everywhere=1: every browser)",
            "POST /api/accounts/me/password": "a new password: {password, new_password}",
            "DELETE /api/accounts/me": "delete the account: {password}",
            "GET /api/players/{username}": "a player's ratings, their history, numbers and "
                                           "last games",
            "GET /api/leaderboard?family=&limit=&offset=&provisional=": "the best ratings of a "
                                                                        "family",
            "GET|PUT|DELETE /api/accounts/me/friends[/{username}]": "whom the account "
                                                                  "follows; follow, unfollow",
            "GET|PUT|DELETE /api/accounts/me/blocks[/{username}]": "whom the account blocked; "
                                                                 "block, unblock",
            "GET /api/online?limit=&offset=": "the signed-in players online (friends first), "
                                              "guests counted",
            "POST /api/challenges": "challenge a player online: {username, preset, options, "
                                    "rated, clock}",
            "POST /api/challenges/{id}/accept": "accept a challenge: the game is made",
            "DELETE /api/challenges/{id}": "withdraw a challenge sent, decline one received",
            "GET /api/challenges": "the account's challenges, sent and received",
            "GET|PUT /api/accounts/me/challenges": "whom the account takes challenges from",
            "GET /api/daily?limit=": "the daily deal: today's commitment, your game, the "
                                     "leaderboard, yesterday's revealed seed and best game",
            "POST /api/daily": "start your game of the daily deal (an account, once a day)",
            "GET /api/rules": "presets, options, computer levels",
            "GET /api/lobby": "the listed games (open, being played) and who is online",
            "POST /api/games/{game_id}/sit": "take an open place of a listed game: {name, seat}",
            "DELETE /api/games/{game_id}/seats/{seat}?token=": "the creator sends a player "
                                                              "away before the first deal",
            "POST /api/quickmatch": "look for an opponent: {preset, options, clock, rated, "
                                    "name}",
            "GET /api/quickmatch/{ticket}?wait=": "the search: waiting, met, or the computer "
                                                  "offered",
            "DELETE /api/quickmatch/{ticket}": "stop looking",
            "POST /api/quickmatch/{ticket}/computer": "take the computer offered",
            "GET /api/tournaments": "the tournaments entering or being played, and the "
                                    "recurring ones coming",
            "POST /api/tournaments": "create one: {name, format, size, rules, clock, ...}",
            "GET /api/tournaments/{id}": "a tournament: entrants, rounds, results, standings",
            "POST /api/tournaments/{id}/entry": "enter (an account, before the start)",
            "DELETE /api/tournaments/{id}/entry": "withdraw before the start",
            "POST /api/tournaments/{id}/start": "the organiser starts it early",
            "DELETE /api/tournaments/{id}": "the organiser calls it off before it starts",
            "WS /ws/lobby": "the lobby, live: its games, tournaments and chat",
            "WS /ws/notices": "a signed-in account's notices, on a page with no other socket",
            "WS /ws/tournaments/{id}": "a tournament's page, live",
            "WS /ws/{game_id}?token=": "the table: numbered events, actions",
        },
        "error_codes": ERROR_CODES,
    })


async def protocol_doc(request: Request) -> Response:
    try:
        with open(PROTOCOL_FILE, encoding="utf-8") as handle:
            text = handle.read()
    except OSError:
        text = "PROTOCOL.md is not installed with this package."
    return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")
