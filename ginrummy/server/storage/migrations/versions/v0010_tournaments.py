"""Tournaments: their rules, their entrants (accounts and computers) and their games.

Create Date: 2026-12-02
"""

from __future__ import annotations

from ginrummy.server.storage.migrations import steps, tables

revision = "0010"
down_revision = "0009"

upgrade, downgrade = steps.together(
    steps.create_tables(tables.tournaments, tables.tournament_entrants, tables.tournament_games),
    steps.create_index("ix_tournament_games_game", "tournament_games", ["game_id"]),
)
