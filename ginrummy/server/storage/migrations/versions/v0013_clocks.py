"""Clocks: a game may keep the clock its players agreed on (a time bank plus an increment per
move, or a time per move), as JSON; none for the games before.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"


def upgrade() -> None:
    op.add_column("games", sa.Column("clock", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("clock")
