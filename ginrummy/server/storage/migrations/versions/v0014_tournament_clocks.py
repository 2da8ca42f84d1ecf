"""A tournament's clock: every game of it has that clock.

Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps

revision = "0014"
down_revision = "0013"

upgrade, downgrade = steps.add_column("tournaments", "clock", sa.Text, nullable=True)
