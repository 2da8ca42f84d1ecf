"""Rematches between people: a game names the finished game it is the rematch of.

Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps

revision = "0005"
down_revision = "0004"

upgrade, downgrade = steps.together(
    steps.add_column("games", "rematch_of", sa.String(32), nullable=True),
    steps.create_index("ix_games_rematch_of", "games", ["rematch_of"]),
)
