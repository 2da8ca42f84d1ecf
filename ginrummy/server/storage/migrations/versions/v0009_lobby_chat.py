"""The lobby's chat (lines said by accounts, and reports of them) and the operator's bans.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

from ginrummy.server.storage.migrations import tables

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.create_table("lobby_chat", *tables.lobby_chat())
    op.create_table("lobby_chat_reports", *tables.lobby_chat_reports())
    op.create_table("account_bans", *tables.account_bans())


def downgrade() -> None:
    op.drop_table("account_bans")
    op.drop_table("lobby_chat_reports")
    op.drop_table("lobby_chat")
