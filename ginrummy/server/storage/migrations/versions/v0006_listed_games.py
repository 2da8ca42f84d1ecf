"""The lobby: a game can be listed, its open places anyone's to take and anyone its watcher.

Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps

revision = "0006"
down_revision = "0005"

upgrade, downgrade = steps.together(
    steps.add_column("games", "listed", sa.Boolean, nullable=False, server_default=sa.false()),
    steps.create_index("ix_games_listed_status", "games", ["listed", "status"]),
)
