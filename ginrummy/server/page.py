"""The page at ``/`` until the browser client arrives: what the server offers, in plain HTML.

If ``ginrummy/web/index.html`` exists (the browser client), it is served
instead at ``/``, ``/play/{game_id}``, ``/watch/{game_id}`` and ``/verify`` (the fair-deal
check, computed in the browser), and its
``ginrummy/web/static/`` folder (scripts, styles, images) at ``/static``.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ginrummy.i18n import best_language

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
STATIC_DIR = WEB_DIR / "static"

PLACEHOLDER = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gin Rummy server</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem;
       line-height: 1.5; color: #222; }
code { background: #f2f2f2; padding: 0 .25em; }
td { padding: .2em .6em; vertical-align: top; }
</style>
</head>
<body>
<h1>Gin Rummy server</h1>
<p><strong>The browser client is coming.</strong> This server already keeps games, deals the
cards, plays the computer and checks every move; the table screen is being built on top of
it. Until then you can play in the terminal with <code>gin play</code>.</p>
<h2>API</h2>
<table>
<tr><td><code>POST /api/games</code></td><td>create a game against the computer
 (level 1&ndash;5) or a friend (an invite link):
 <code>{"opponent", "level", "preset", "options", "name"}</code></td></tr>
<tr><td><code>POST /api/games/{id}/join</code></td><td>take a seat with its token</td></tr>
<tr><td><code>GET /api/games/{id}?token=</code></td><td>a seat's or a watcher's snapshot</td></tr>
<tr><td><code>GET /api/games/mine</code></td><td>your games (from this browser's cookies)</td></tr>
<tr><td><code>GET /api/rules</code></td><td>presets, options and computer levels</td></tr>
<tr><td><code>WS /ws/{id}?token=</code></td><td>the table: numbered events, your moves</td></tr>
</table>
<p>The whole protocol: <a href="/api/protocol">/api/protocol</a>; an index:
<a href="/api">/api</a>.</p>
</body>
</html>
"""


def has_client() -> bool:
    return (WEB_DIR / "index.html").is_file()


FIRST_WORDS: dict[str, dict[str, str]] = {
    "it": {"Skip to the game": "Vai al tavolo", "Loading…": "Caricamento…",
           "This game needs JavaScript.": "Questo gioco ha bisogno di JavaScript."},
}
"""The words index.html shows before the client has loaded its catalogue."""


def client_page(lang: str) -> str:
    """index.html in ``lang``: ``<html lang>`` and the words shown before the script runs."""
    text = (WEB_DIR / "index.html").read_text(encoding="utf-8")
    text = text.replace('<html lang="en">', f'<html lang="{lang}">', 1)
    for english, words in FIRST_WORDS.get(lang, {}).items():
        text = text.replace(english, words)
    return text


async def index(request: Request) -> Response:
    if has_client():
        lang = best_language(request.headers.get("accept-language"))
        return HTMLResponse(client_page(lang), headers={"Vary": "Accept-Language",
                                                        "Content-Language": lang})
    return HTMLResponse(PLACEHOLDER)
