"""Duplicate tournaments: a game may derive its decks under a key it shares with the other
tables of its round (``games.deal_key``), so that every table plays the same decks; a
tournament game's result keeps each deal's (``tournament_games.deals``) for the scoring.

Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa

from ginrummy.server.storage.migrations import steps

revision = "0012"
down_revision = "0011"

upgrade, downgrade = steps.together(
    steps.add_column("games", "deal_key", sa.String(64), nullable=True),
    steps.add_column("tournament_games", "deals", sa.Text, nullable=True),
)
