"""The lobby: a game can be listed, its open places anyone's to take and anyone its watcher.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.add_column("games", sa.Column("listed", sa.Boolean, nullable=False,
                                     server_default=sa.false()))
    op.create_index("ix_games_listed_status", "games", ["listed", "status"])


def downgrade() -> None:
    op.drop_index("ix_games_listed_status", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("listed")
