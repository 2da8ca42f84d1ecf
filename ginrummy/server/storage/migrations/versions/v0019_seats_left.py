"""When each seat's player last left its game (their last connection to it closed): an
adjourned game that nobody comes back to is lost by the player who left first.

Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps

revision = "0019"
down_revision = "0018"

upgrade, downgrade = steps.add_column("seats", "left_at", sa.DateTime(timezone=True),
                                      nullable=True)
