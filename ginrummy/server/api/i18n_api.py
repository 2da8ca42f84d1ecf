"""The browser client's strings over HTTP: ``GET /api/i18n`` and ``GET /api/i18n/{lang}``.

The catalogues are the dicts ``WEB_EN`` and ``WEB_IT`` of :mod:`ginrummy.i18n.web_en` and
:mod:`ginrummy.i18n.web_it` (the client's own strings; the game's messages are in
:mod:`ginrummy.i18n`). Answers:

- ``GET /api/i18n``: ``{"languages": ["en", "it"], "names": {"en": "English", ...},
  "preferred": "it"}``, ``preferred`` from the request's ``Accept-Language``;
- ``GET /api/i18n/{lang}``: ``{"lang": "it", "strings": {key: template}}``, with an ``ETag``
  (a request with a matching ``If-None-Match`` gets ``304``). Any other language is a 404
  ``not_found`` naming the languages there are.

Templates use ``{name}`` placeholders, the same in both languages.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ginrummy.i18n import LANGUAGE_NAMES, best_language
from ginrummy.i18n.web_en import WEB_EN
from ginrummy.i18n.web_it import WEB_IT
from ginrummy.server.api.http_api import HTTPError

WEB_CATALOGUES: dict[str, Mapping[str, str]] = {"en": WEB_EN, "it": WEB_IT}
"""The browser client's strings per language."""


def _body(lang: str) -> tuple[bytes, str]:
    """The JSON answer for ``lang`` and its ETag (computed per request: the dicts are small)."""
    data = {"lang": lang, "strings": dict(WEB_CATALOGUES[lang])}
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


async def web_strings(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in WEB_CATALOGUES:
        shown = lang if len(lang) <= 20 else lang[:20] + "…"
        raise HTTPError(404, "not_found", f"no web strings in language {shown!r}; languages: "
                        f"{', '.join(WEB_CATALOGUES)}")
    body, etag = _body(lang)
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    wanted = request.headers.get("if-none-match", "")
    if etag in (tag.strip() for tag in wanted.split(",")):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


async def languages(request: Request) -> Response:
    body: dict[str, Any] = {
        "languages": list(WEB_CATALOGUES),
        "names": {lang: LANGUAGE_NAMES.get(lang, lang) for lang in WEB_CATALOGUES},
        "preferred": best_language(request.headers.get("accept-language")),
    }
    return JSONResponse(body, headers={"Vary": "Accept-Language"})
