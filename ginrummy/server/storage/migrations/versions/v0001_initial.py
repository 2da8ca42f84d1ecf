"""The first schema: games, seats, decks and the action log.

Create Date: 2025-11-29
"""

from __future__ import annotations

from ginrummy.server.storage.migrations import steps, tables

revision = "0001"
down_revision = None

upgrade, downgrade = steps.together(
    steps.create_tables(tables.games, tables.seats, tables.decks, tables.log),
    steps.create_index("ix_seats_token_hash", "seats", ["token_hash"]),
)
