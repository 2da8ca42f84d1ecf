"""The players each account muted in the chats, and the account (if any) behind each line
said at a table.

Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps, tables

revision = "0016"
down_revision = "0015"

upgrade, downgrade = steps.together(
    steps.create_tables(tables.chat_mutes),
    steps.create_unique_index("ix_chat_mutes_pair", "chat_mutes", ["account_id", "muted_id"]),
    steps.add_column("chat", "account_id", sa.String(32), nullable=True),
)
