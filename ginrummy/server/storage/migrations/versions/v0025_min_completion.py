"""The least completion rate an open table asks of the players who take its places.

Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps

revision = "0025"
down_revision = "0024"

upgrade, downgrade = steps.together(
    steps.add_column("games", "min_completion", sa.Integer, nullable=True),
)
