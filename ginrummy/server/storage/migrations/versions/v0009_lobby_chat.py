"""The lobby's chat (lines said by accounts, and reports of them) and the operator's bans.

Create Date: 2026-12-02
"""

from __future__ import annotations

from ginrummy.server.storage.migrations import steps, tables

revision = "0009"
down_revision = "0008"

upgrade, downgrade = steps.create_tables(tables.lobby_chat, tables.lobby_chat_reports,
                                          tables.account_bans)
