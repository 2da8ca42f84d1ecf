"""``GET /api/games/{game_id}/hint?lang=it``: the hint for the caller's seat, when it is to act.

The seat comes from the token as for the snapshot (``?token=``, else ``Authorization:
Bearer``, else the seat cookie). The hint is :func:`ginrummy.coach.hints.hint_for` applied to
``view_of(hand, seat)`` and nothing else, so it can only use what that seat may know.
Answer::

    {"game_id": "…", "seat": 0, "n": 12, "lang": "it",
     "lines": ["Suggerimento: scarta K♦: …", "Stime: …"], "text": "the lines joined by \\n",
     "action": {"id": 17, "name": "discard KD", "text": "scarta K♦", "value": -9.9,
                "deadwood": 9.0, "notes": []},
     "reasons": [{"key": "discard_unconnected_high", "params": {"card": "KD", "before": 19,
                  "after": 9}, "text": "…"}],
     "alternatives": [{"id": …, "name": …, "text": …, "value": …, "deadwood": …,
                       "value_text": "12 punti morti", "notes": [{"key": "risky", …}]}],
     "plan": [{"id": …, "name": "meld 7H 8H 9H", "text": …}],
     "measure": "deadwood", "source": "deadwood"}

``name`` is the action as the WebSocket takes it (an entry of ``view.legal``); ``plan`` is the
whole layout (melds and layoffs, then ``done``) when laying out, else empty. ``measure`` says
what ``value`` is (``deadwood``: minus the deadwood left; ``points``; ``win``), higher is better.
Errors: 400 ``bad_request`` (``lang``), 403 ``bad_token`` / ``read_only`` (a watch link),
404 ``not_found``, 409 ``not_started`` / ``no_hand`` / ``game_over`` / ``not_your_turn``,
429 ``rate_limited`` (hints a minute, per address and per seat), 503 ``busy`` (the server's
hint threads and their queue are full); both with ``Retry-After``.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ginrummy.coach.hints import (
    Cards,
    Hint,
    HintError,
    Melds,
    Move,
    Option,
    Reason,
    action_text,
    hint_for,
    hint_lines,
    render,
    value_text,
)
from ginrummy.core.actions import Action, action_name
from ginrummy.core.cards import card_name, cards_of
from ginrummy.core.views import PlayerView
from ginrummy.i18n import LANGUAGES, Messages, best_language
from ginrummy.server.api.client_limits import ClientLimits, client_address
from ginrummy.server.api.http_api import HTTPError, _table_for, presented_token
from ginrummy.server.live.lobby import Lobby
from ginrummy.server.wire.protocol import ClientError

ALTERNATIVES = 3
"""How many alternatives the text lines compare (the structured list has them all)."""


def language(request: Request) -> str:
    """``?lang=`` (``en`` or ``it``), else the best of ``Accept-Language``."""
    lang = request.query_params.get("lang")
    if lang is None:
        return best_language(request.headers.get("accept-language"))
    if lang not in LANGUAGES:
        raise HTTPError(400, "bad_request", f"lang must be one of {', '.join(LANGUAGES)}, "
                        f"got {lang[:20]!r}")
    return lang


def _param(name: str, value: object) -> object:
    """A reason's parameter as JSON: cards by name, melds as lists of names, a move by the
    name the WebSocket takes."""
    if isinstance(value, Move):
        return action_name(value)
    if isinstance(value, Melds):
        return [[card_name(c) for c in cards_of(meld)] for meld in value]
    if isinstance(value, Cards):
        return [card_name(c) for c in value]
    if name == "card" and isinstance(value, int) and not isinstance(value, bool):
        return card_name(value) if 0 <= value < 52 else None
    if isinstance(value, float):
        return round(value, 2)
    if isinstance(value, int | str | bool) or value is None:
        return value
    return str(value)


def _reason(reason: Reason, m: Messages, prefix: str = "hint") -> dict[str, Any]:
    shown = Reason(reason.key, {k: Cards((v,)) if k == "card" and isinstance(v, int) else v
                                for k, v in reason.params.items()})
    return {"key": reason.key,
            "params": {k: _param(k, v) for k, v in reason.params.items()},
            "text": render(shown, m, prefix)}


def _action(action: Action, m: Messages) -> dict[str, Any]:
    return {"id": int(action), "name": action_name(action), "text": action_text(action, m)}


def _option(option: Option, hint: Hint, m: Messages) -> dict[str, Any]:
    return {
        **_action(option.action, m),
        "value": round(option.value, 4),
        "deadwood": None if option.deadwood is None else round(option.deadwood, 2),
        "value_text": value_text(option, hint.measure, m),
        "notes": [_reason(note, m, "hint.note") for note in option.notes],
    }


def player_messages(lang: str) -> Messages:
    """The messages of ``lang`` with cards as a player reads them (``6♠``, not the engine's
    ``6S``), in English too: the terminal's English takes typed codes, the browser does not."""
    m = Messages(lang)
    m.symbols = True
    return m


def hint_payload(hint: Hint, lang: str) -> dict[str, Any]:
    """A :class:`~ginrummy.coach.hints.Hint` as JSON, its text rendered in ``lang``."""
    m = player_messages(lang)
    lines = hint_lines(hint, m, ALTERNATIVES)
    options = {o.action: o for o in hint.options}
    chosen = options.get(hint.action, Option(hint.action, 0.0))
    return {
        "lang": lang,
        "lines": lines,
        "text": "\n".join(lines),
        "action": _option(chosen, hint, m),
        "reasons": [_reason(r, m) for r in hint.reasons],
        "alternatives": [_option(o, hint, m) for o in hint.options if o.action != hint.action],
        "plan": [_action(a, m) for a in hint.plan],
        "measure": hint.measure,
        "source": hint.source,
    }


def seat_hint(view: PlayerView, lang: str) -> dict[str, Any]:
    """The hint for ``view``'s seat as JSON (blocking: the evaluation can take a while)."""
    return hint_payload(hint_for(view), lang)


async def game_hint(request: Request) -> Response:
    lang = language(request)
    table, seat = await _table_for(request, presented_token(request))
    if seat is None:
        raise HTTPError(403, "read_only", "a watch link gets no hints: they are for the seat "
                        "to act")
    n = table.n
    try:
        view = table.view.hint_view(seat)  # from this position even if play goes on
    except ClientError as refused:
        raise HTTPError(409, refused.code, refused.message) from None
    limits: ClientLimits = request.app.state.client_limits
    limits.hint(client_address(request.scope), table.id, seat)
    lobby: Lobby = request.app.state.lobby
    try:
        body = await lobby.work.run(lambda: seat_hint(view, lang))
    except HintError as refused:
        raise HTTPError(409, "not_your_turn", str(refused)) from None
    return JSONResponse({"game_id": table.id, "seat": seat, "n": n, **body})
