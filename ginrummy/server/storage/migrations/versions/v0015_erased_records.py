"""When a finished game's record had a deleted account's name taken out of it.

Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps

revision = "0015"
down_revision = "0014"

upgrade, downgrade = steps.add_column("records", "erased_at", sa.DateTime(timezone=True),
                                      nullable=True)
