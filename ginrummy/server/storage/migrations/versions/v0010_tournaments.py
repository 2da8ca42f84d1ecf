"""Tournaments: their rules, their entrants (accounts and computers) and their games.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

from ginrummy.server.storage.migrations import tables

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.create_table("tournaments", *tables.tournaments())
    op.create_table("tournament_entrants", *tables.tournament_entrants())
    op.create_table("tournament_games", *tables.tournament_games())
    op.create_index("ix_tournament_games_game", "tournament_games", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_tournament_games_game", table_name="tournament_games")
    op.drop_table("tournament_games")
    op.drop_table("tournament_entrants")
    op.drop_table("tournaments")
