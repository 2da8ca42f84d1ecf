"""Accounts: usernames with password hashes, their sessions, and the seats they own.

Create Date: 2026-12-01
"""

from __future__ import annotations

from ginrummy.server.storage.migrations import steps, tables

revision = "0008"
down_revision = "0007"

upgrade, downgrade = steps.together(
    steps.create_tables(tables.accounts, tables.account_sessions, tables.account_seats),
    steps.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"]),
    steps.create_index("ix_account_seats_account_id", "account_seats", ["account_id"]),
)
