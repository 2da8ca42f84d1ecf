"""Challenges from one account to another, and whom each account takes challenges from.

Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps, tables

revision = "0024"
down_revision = "0022"

upgrade, downgrade = steps.together(
    steps.create_tables(tables.challenges),
    steps.create_index("ix_challenges_challenger", "challenges", ["challenger_id", "status"]),
    steps.create_index("ix_challenges_challenged", "challenges", ["challenged_id", "status"]),
    steps.add_column("accounts", "challenges_from", sa.String(8), nullable=True),
)
