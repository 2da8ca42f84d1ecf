"""The browser client's strings in Italian (``GET /api/i18n/it``).

Keys and ``{placeholders}`` must match :mod:`ginrummy.i18n.web_en` exactly (a test checks it).
The browser client's author owns this catalogue and fills it in.
"""

from __future__ import annotations

WEB_IT: dict[str, str] = {
    "app.title": "Gin Rummy",
    "hand.deadwood": "Punti morti: {count}",
}
