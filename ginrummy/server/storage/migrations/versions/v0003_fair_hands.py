"""Provably fair dealing: each hand's server seed and the players' seeds.

Create Date: 2026-11-29
"""

from __future__ import annotations

from ginrummy.server.storage.migrations import steps, tables

revision = "0003"
down_revision = "0002"

upgrade, downgrade = steps.create_tables(tables.fair_hands)
