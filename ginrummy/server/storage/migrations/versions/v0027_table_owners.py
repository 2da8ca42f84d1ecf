"""Which server process owns each live table: an owner, a fencing number and an expiry.

Create Date: 2026-12-07
"""

from __future__ import annotations

from ginrummy.server.storage.migrations import steps, tables

revision = "0027"
down_revision = "0026"

upgrade, downgrade = steps.together(
    steps.create_tables(tables.table_owners),
)
