"""Chat at a table: the players' and the watchers' messages, and the reports on them.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

from ginrummy.server.storage.migrations import tables

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table("chat", *tables.chat())
    op.create_index("ix_chat_game_channel", "chat", ["game_id", "channel", "id"])
    op.create_table("chat_reports", *tables.chat_reports())


def downgrade() -> None:
    op.drop_table("chat_reports")
    op.drop_index("ix_chat_game_channel", table_name="chat")
    op.drop_table("chat")
