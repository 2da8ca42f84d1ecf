"""The chain of finished games: each game's record and its hash linked to the one before.

Create Date: 2026-11-29
"""

from __future__ import annotations

from ginrummy.server.storage.migrations import steps, tables

revision = "0002"
down_revision = "0001"

upgrade, downgrade = steps.create_tables(tables.records)
