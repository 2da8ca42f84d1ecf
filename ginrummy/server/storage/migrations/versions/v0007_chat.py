"""Chat at a table: the players' and the watchers' messages, and the reports on them.

Create Date: 2026-12-01
"""

from __future__ import annotations

from ginrummy.server.storage.migrations import steps, tables

revision = "0007"
down_revision = "0006"

upgrade, downgrade = steps.together(
    steps.create_tables(tables.chat, tables.chat_reports),
    steps.create_index("ix_chat_game_channel", "chat", ["game_id", "channel", "id"]),
)
