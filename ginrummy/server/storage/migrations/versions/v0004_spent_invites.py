"""Spent invites: an invited seat, once taken, keeps its invite's hash and gets a new token.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

Seats taken before this revision keep their invite as their token (nobody else holds the
new one to hand over); invites taken from now on are spent.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.add_column("seats", sa.Column("invite_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_hash")
