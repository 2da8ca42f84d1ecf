"""The browser client's strings over HTTP: ``GET /api/i18n`` and ``GET /api/i18n/{lang}``.

The strings are compiled from the gettext catalogues by
:func:`ginrummy.i18n.catalogue.web_strings` (the ``web`` domain, and the keys of the ``game``
domain the client shows too), a plural's forms as ``key.one`` and ``key.other``. Answers:

- ``GET /api/i18n``: ``{"languages": ["en", "it"], "names": {"en": "English", ...},
  "preferred": "it"}``, ``preferred`` from the request's ``Accept-Language``;
- ``GET /api/i18n/{lang}``: ``{"lang": "it", "strings": {key: template}}``, with an ``ETag``
  (a request with a matching ``If-None-Match`` gets ``304``). Any other language is a 404
  ``not_found`` naming the languages there are.

Templates use ``{name}`` placeholders, the same in both languages.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ginrummy.i18n import LANGUAGE_NAMES, LANGUAGES, best_language
from ginrummy.i18n.catalogue import web_strings as compiled_strings
from ginrummy.server.api.http_api import HTTPError

WEB_CATALOGUES: tuple[str, ...] = LANGUAGES
"""The languages of the browser client's strings."""


@functools.lru_cache(maxsize=len(LANGUAGES))
def _body(lang: str) -> tuple[bytes, str]:
    """The JSON answer for ``lang`` and its ETag (made once: the catalogues do not change)."""
    data = {"lang": lang, "strings": compiled_strings(lang)}
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
