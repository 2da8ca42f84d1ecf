"""Duplicate tournaments: a game may derive its decks under a key it shares with the other
tables of its round (``games.deal_key``), so that every table plays the same decks; a
tournament game's result keeps each deal's (``tournament_games.deals``) for the scoring.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"


def upgrade() -> None:
    op.add_column("games", sa.Column("deal_key", sa.String(64), nullable=True))
    op.add_column("tournament_games", sa.Column("deals", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournament_games") as batch:
        batch.drop_column("deals")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("deal_key")
