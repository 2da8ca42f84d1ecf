"""The first schema: games, seats, decks and the action log.

Revision ID: 0001
Revises:
Create Date: 2025-11-29
"""

from __future__ import annotations

from alembic import op

from ginrummy.server.storage.migrations import tables

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table("games", *tables.games())
    op.create_table("seats", *tables.seats())
    op.create_index("ix_seats_token_hash", "seats", ["token_hash"])
    op.create_table("decks", *tables.decks())
    op.create_table("log", *tables.log())


def downgrade() -> None:
    op.drop_table("log")
    op.drop_table("decks")
    op.drop_index("ix_seats_token_hash", table_name="seats")
    op.drop_table("seats")
    op.drop_table("games")
