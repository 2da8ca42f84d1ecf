"""Provably fair dealing: each hand's server seed and the players' seeds.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "fair_hands",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("hand_number", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("server_seed", sa.String(64), nullable=False),
        sa.Column("client_seeds", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("fair_hands")
