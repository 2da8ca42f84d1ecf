"""``GET /api/games/{game_id}/review?seat=1&lang=it``: a finished game's review of one seat.

Whoever may read the game's record (``GET /record``: the seat tokens, the watch link, anyone
for a listed game; token as for the snapshot) may read the review of either seat: once a game
is over its record, every deck included, is public to them, and the review judges each
decision only from what that seat could see then (:mod:`ginrummy.coach.review`). ``seat``
defaults to the caller's own; a watcher names it. Answer::

    {"game_id": "…", "seat": 0, "player": 0, "lang": "it", "judged": 41, "marked": 2,
     "lost": 17.5, "accuracy": 95.1, "summary": "41 decisioni esaminate, …",
     "marks": [{"hand": 1, "index": 14, "phase": "discard",
                "chosen": {"id": 17, "name": "discard 7H", "text": "scarta 7♥"},
                "better": {…}, "loss": 9.8, "stderr": 4.6,
                "reasons": [{"key": "broke_meld", "params": {…}, "text": "…"}],
                "better_reasons": [{"key": "discard_unconnected_high", …}],
                "lines": ["Mano 1, mossa 14: …", …]}]}

``hand`` and ``index`` count from 1: the hand's place in the record and the action within it.
The review is computed once per game and seat (on the server's work threads) and kept.
Errors: 400 ``bad_request`` (``lang``), 400 ``bad_seat``, 403 ``bad_token``, 404 ``not_found``,
409 ``not_over``, 409 ``round_not_over`` (the other seat of a duplicate round's game, until
every table of the round has ended; reason ``daily``: of a daily deal's game, until its day
is over), 429 ``rate_limited`` (counted with hints, only when a
review is computed), 503 ``busy``.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ginrummy.coach.review import Mark, Review, mark_lines, review_record, summary_line
from ginrummy.format.record import GameRecord, record_from_dict
from ginrummy.server.api.client_limits import ClientLimits, client_address
from ginrummy.server.api.hint_api import _action, _reason, language, player_messages
from ginrummy.server.api.http_api import HTTPError, _table_for, presented_token
from ginrummy.server.live.daily import held_reason
from ginrummy.server.live.lobby import Lobby
from ginrummy.server.storage import records

CACHED = 256
"""Reviews kept (by game and seat); the oldest is dropped first."""


class Reviews:
    """The reviews computed so far, and those being computed (one computation per key)."""

    def __init__(self, size: int = CACHED) -> None:
        self.size = size
        self.done: OrderedDict[tuple[str, int], Review] = OrderedDict()
        self.running: dict[tuple[str, int], asyncio.Future[Review]] = {}


def _reviews(request: Request) -> Reviews:
    state = request.app.state
    if not hasattr(state, "reviews"):
        state.reviews = Reviews()
    reviews: Reviews = state.reviews
    return reviews


def _seat(request: Request, own: int | None, players: int) -> int:
    text = request.query_params.get("seat")
    if text is None:
        if own is None:
            raise HTTPError(400, "bad_seat", "a watch link names the seat to review: "
                            f"?seat=0..{players - 1}")
        return own
    if not (text.isascii() and text.isdigit()) or int(text) >= players:
        raise HTTPError(400, "bad_seat", f"seat must be 0..{players - 1}, got {text[:20]!r}")
    return int(text)


async def _record(request: Request, game_id: str) -> GameRecord:
    lobby: Lobby = request.app.state.lobby
    found = await asyncio.to_thread(records.links_of, lobby.store.engine, [game_id])
    link = found.get(game_id)
    if link is None:
        raise HTTPError(404, "not_found", f"game {game_id} ended before records were kept")
    return record_from_dict(json.loads(link.record)["record"])


async def _review(request: Request, game_id: str, seat: int, record: GameRecord,
                  address: str) -> Review:
    reviews = _reviews(request)
    key = (game_id, seat)
    if key in reviews.done:
        reviews.done.move_to_end(key)
        return reviews.done[key]
    running = reviews.running.get(key)
    if running is not None:
        return await asyncio.shield(running)
    limits: ClientLimits = request.app.state.client_limits
    limits.hint(address, game_id, seat)
    lobby: Lobby = request.app.state.lobby
    future: asyncio.Future[Review] = asyncio.get_running_loop().create_future()
    reviews.running[key] = future
    try:
        review = await lobby.work.run(lambda: review_record(record, seat))
    except BaseException as failure:
        future.set_exception(failure)
        future.exception()  # retrieved: nobody else may be waiting
        raise
    finally:
        reviews.running.pop(key, None)
    future.set_result(review)
    reviews.done[key] = review
    while len(reviews.done) > reviews.size:
        reviews.done.popitem(last=False)
    return review


def _mark(mark: Mark, lang: str) -> dict[str, Any]:
    m = player_messages(lang)
    return {
        "hand": mark.hand, "index": mark.index, "phase": mark.phase,
        "chosen": _action(mark.chosen, m), "better": _action(mark.better, m),
        "loss": mark.loss, "stderr": mark.stderr,
        "chosen_value": mark.chosen_value, "better_value": mark.better_value,
        "reasons": [_reason(r, m, "review") for r in mark.reasons],
        "better_reasons": [_reason(r, m) for r in mark.better_reasons],
        "lines": mark_lines(mark, m),
    }


def review_payload(review: Review, lang: str) -> dict[str, Any]:
    return {
        "player": review.player, "lang": lang, "judged": review.judged,
        "marked": len(review.marks), "lost": review.lost,
        "accuracy": round(review.accuracy, 1),
        "summary": summary_line(review, player_messages(lang)),
        "marks": [_mark(mark, lang) for mark in review.marks],
    }


async def game_review(request: Request) -> Response:
    lang = language(request)
    table, own = await _table_for(request, presented_token(request))
    if table.stage() != "over":
        raise HTTPError(409, "not_over", "the game is not over: it is reviewed when it ends")
    record = await _record(request, table.id)
    seat = _seat(request, own, record.players)
    if seat != own and table.reveals_held:
        raise HTTPError(409, "round_not_over", "a duplicate tournament's game: the other seat's "
                        "review is shown once every table of its round has ended",
                        reason=held_reason(table.deal_key))
    review = await _review(request, table.id, seat, record, client_address(request.scope))
    return JSONResponse({"game_id": table.id, "seat": own, **review_payload(review, lang)})
