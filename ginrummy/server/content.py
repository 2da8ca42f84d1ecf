"""The content pages /rules, /tips and /faq (being written)."""

from __future__ import annotations

from starlette.routing import BaseRoute


def routes() -> list[BaseRoute]:
    return []
