"""The lobby's chat (lines said by accounts, and reports of them) and the operator's bans.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lobby_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=True),
        sa.Column("phrase", sa.String(32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "lobby_chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("line_id", sa.Integer, sa.ForeignKey("lobby_chat.id"), nullable=False),
        sa.Column("reporter", sa.String(64), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "account_bans",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("banned_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("account_bans")
    op.drop_table("lobby_chat_reports")
    op.drop_table("lobby_chat")
