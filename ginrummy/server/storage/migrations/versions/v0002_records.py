"""The chain of finished games: each game's record and its hash linked to the one before.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

from ginrummy.server.storage.migrations import tables

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table("records", *tables.records())


def downgrade() -> None:
    op.drop_table("records")
