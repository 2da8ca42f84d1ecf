"""The browser client's strings in English (``GET /api/i18n/en``).

Keys and ``{placeholders}`` must match :mod:`ginrummy.i18n.web_it` exactly (a test checks it).
The browser client's author owns this catalogue and fills it in.
"""

from __future__ import annotations

WEB_EN: dict[str, str] = {
    "app.title": "Gin Rummy",
    "hand.deadwood": "Deadwood: {count}",
}
