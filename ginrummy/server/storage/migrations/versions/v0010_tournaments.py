"""Tournaments: their rules, their entrants (accounts and computers) and their games.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created_by", sa.String(32), sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("creator_name", sa.String(64), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=True),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("level", sa.Integer, nullable=False),
        sa.Column("fill", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "tournament_entrants",
        sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"),
                  primary_key=True),
        sa.Column("entrant", sa.String(40), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "tournament_games",
        sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"),
                  primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("winner", sa.String(40), nullable=True),
        sa.Column("points", sa.Text, nullable=True),
    )
    op.create_index("ix_tournament_games_game", "tournament_games", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_tournament_games_game", table_name="tournament_games")
    op.drop_table("tournament_games")
    op.drop_table("tournament_entrants")
    op.drop_table("tournaments")
