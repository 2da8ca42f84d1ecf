"""Ratings: rated games, each account's rating per rules family, and its history.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ginrummy.server.storage.migrations import tables

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    op.add_column("games", sa.Column("rated", sa.Boolean, nullable=False,
                                     server_default=sa.false()))
    op.create_table("ratings", *tables.ratings())
    op.create_index("ix_ratings_family_mu", "ratings", ["family", "mu"])
    op.create_table("rating_history", *tables.rating_history())


def downgrade() -> None:
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_family_mu", table_name="ratings")
    op.drop_table("ratings")
    op.drop_column("games", "rated")
