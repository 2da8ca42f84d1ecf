"""Rematches between people: a game names the finished game it is the rematch of.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.add_column("games", sa.Column("rematch_of", sa.String(32), nullable=True))
    op.create_index("ix_games_rematch_of", "games", ["rematch_of"])


def downgrade() -> None:
    op.drop_index("ix_games_rematch_of", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch_of")
