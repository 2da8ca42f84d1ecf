"""The browser client's page: ``ginrummy/web/index.html``, in the reader's language.

It is served at ``/``, ``/play/{game_id}``, ``/watch/{game_id}`` and ``/verify`` (the
fair-deal check, computed in the browser); its ``ginrummy/web/static/`` folder (scripts,
styles, images) is served at ``/static`` (:mod:`~ginrummy.server.api.static_files`), and
the page names it under the folder's digest, ``/static/{digest}/``, which browsers keep.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response

from ginrummy.i18n import best_language
from ginrummy.server.api.static_files import StaticFolder, page_response

WEB_DIR = Path(__file__).resolve().parents[2] / "web"
STATIC_DIR = WEB_DIR / "static"

FIRST_WORDS: dict[str, dict[str, str]] = {
    "it": {"Skip to the game": "Vai al tavolo", "Loading…": "Caricamento…",
           "This game needs JavaScript.": "Questo gioco ha bisogno di JavaScript."},
}
"""The words index.html shows before the client has loaded its catalogue."""


def client_page(lang: str, digest: str | None = None) -> str:
    """index.html in ``lang``: ``<html lang>`` and the words shown before the script runs;
    with ``digest``, its files named under ``/static/{digest}/``."""
    text = (WEB_DIR / "index.html").read_text(encoding="utf-8")
    if digest is not None:
        text = text.replace('="/static/', f'="/static/{digest}/')
    text = text.replace('<html lang="en">', f'<html lang="{lang}">', 1)
    for english, words in FIRST_WORDS.get(lang, {}).items():
        text = text.replace(english, words)
    return text


async def index(request: Request) -> Response:
    lang = best_language(request.headers.get("accept-language"))
    folder: StaticFolder = request.app.state.static_folder
    return page_response(request, client_page(lang, folder.digest()),
                         {"Vary": "Accept-Language, Accept-Encoding", "Content-Language": lang})
