"""Ratings: rated games, each account's rating per rules family, and its history.

Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps, tables

revision = "0011"
down_revision = "0010"

upgrade, downgrade = steps.together(
    steps.add_column("games", "rated", sa.Boolean, nullable=False, server_default=sa.false()),
    steps.create_tables(tables.ratings, tables.rating_history),
    steps.create_index("ix_ratings_family_mu", "ratings", ["family", "mu"]),
)
