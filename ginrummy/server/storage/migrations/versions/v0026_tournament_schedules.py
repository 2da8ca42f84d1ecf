"""Tournaments that recur: the operator's schedules, and the occurrence made of each one per
day (``gin admin tournament schedule``); each entrant's final place, for the players' profiles.

Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps, tables

revision = "0026"
down_revision = "0025"

upgrade, downgrade = steps.together(
    steps.create_tables(tables.tournament_schedules, tables.tournament_occurrences),
    steps.create_index("ix_tournament_entrants_account", "tournament_entrants",
                       ["account_id"]),
    steps.add_column("tournament_entrants", "place", sa.Integer, nullable=True),
)
