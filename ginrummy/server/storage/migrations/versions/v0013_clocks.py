"""Clocks: a game may keep the clock its players agreed on (a time bank plus an increment per
move, or a time per move), as JSON; none for the games before.

Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps

revision = "0013"
down_revision = "0012"

upgrade, downgrade = steps.add_column("games", "clock", sa.Text, nullable=True)
