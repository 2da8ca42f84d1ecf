"""The game server: an ASGI app with HTTP and a WebSocket per table, and its storage.

>>> from ginrummy.server import Settings, create_app
>>> app = create_app(Settings(database="sqlite:///data/test.sqlite3"))

The protocol is in ``PROTOCOL.md`` beside this file (and at ``/api/protocol``).
"""

from ginrummy.server.api.app import create_app
from ginrummy.server.settings import Settings

__all__ = ["Settings", "create_app"]
