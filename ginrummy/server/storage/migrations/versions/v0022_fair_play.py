"""Fair play: for each rated game and account seat, how many of its decisions matched the
expert's and level 5's choice (``gin admin fair-play``).

Create Date: 2026-12-07
"""

from __future__ import annotations

from ginrummy.server.storage.migrations import steps, tables

revision = "0022"
down_revision = "0021"

upgrade, downgrade = steps.together(
    steps.create_tables(tables.fair_play),
    steps.create_index("ix_fair_play_account", "fair_play", ["account_id", "finished_at"]),
)
