"""Whom each account follows (friends: both follow each other) and whom it blocked.

Create Date: 2026-12-07
"""

from __future__ import annotations

from ginrummy.server.storage.migrations import steps, tables

revision = "0020"
down_revision = "0019"

upgrade, downgrade = steps.together(
    steps.create_tables(tables.follows, tables.blocks),
    steps.create_index("ix_follows_followed_id", "follows", ["followed_id"]),
    steps.create_index("ix_blocks_blocked_id", "blocks", ["blocked_id"]),
)
