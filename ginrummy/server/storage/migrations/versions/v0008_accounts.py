"""Accounts: usernames with password hashes, their sessions, and the seats they own.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

from ginrummy.server.storage.migrations import tables

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table("accounts", *tables.accounts())
    op.create_table("account_sessions", *tables.account_sessions())
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    op.create_table("account_seats", *tables.account_seats())
    op.create_index("ix_account_seats_account_id", "account_seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_account_seats_account_id", table_name="account_seats")
    op.drop_table("account_seats")
    op.drop_index("ix_account_sessions_account_id", table_name="account_sessions")
    op.drop_table("account_sessions")
    op.drop_table("accounts")
