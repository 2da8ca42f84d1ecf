"""Provably fair dealing: each hand's server seed and the players' seeds.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

from ginrummy.server.storage.migrations import tables

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table("fair_hands", *tables.fair_hands())


def downgrade() -> None:
    op.drop_table("fair_hands")
