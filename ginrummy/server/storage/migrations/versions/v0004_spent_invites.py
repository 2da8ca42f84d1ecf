"""Spent invites: an invited seat, once taken, keeps its invite's hash and gets a new token.

Create Date: 2026-12-01

Seats taken before this revision keep their invite as their token (nobody else holds the
new one to hand over); invites taken from now on are spent.
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps

revision = "0004"
down_revision = "0003"

upgrade, downgrade = steps.add_column("seats", "invite_hash", sa.String(64), nullable=True)
