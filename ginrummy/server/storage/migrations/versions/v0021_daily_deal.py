"""The daily deal: each day's secret seed, and each account's game of the day with its
points (the day's leaderboard).

Create Date: 2026-12-07
"""

from __future__ import annotations

from ginrummy.server.storage.migrations import steps, tables

revision = "0021"
down_revision = "0020"

upgrade, downgrade = steps.together(
    steps.create_tables(tables.daily_seeds, tables.daily_games),
    steps.create_index("ix_daily_games_points", "daily_games", ["day", "points"]),
)
