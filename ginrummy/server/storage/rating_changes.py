"""How a finished rated game moved its players' ratings, as its game-over panel shows it.

Each account's row of ``rating_history`` for the game is its rating after it; the rating
before is the account's row of the game it played just before in the same family (a new
player's 1500, provisional, if none). Read from the stored history, the change is the same
after a restart as at the moment the game ended.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from ginrummy.rating import Rating
from ginrummy.server.storage import db


def _shown(before: Rating, after: Rating, seat: int) -> dict[str, Any]:
    old, new = round(before.mu), round(after.mu)
    return {"seat": seat, "before": old, "after": new, "change": new - old,
            "provisional": after.provisional}


def rating_changes(engine: sa.Engine, game_id: str) -> list[dict[str, Any]]:
    """Each rated seat of ``game_id`` with its rating before and after the game (rounded),
    the change, and whether the rating after is provisional; empty if it moved none."""
    with engine.connect() as conn:
        owners = {r.account_id: r.seat for r in conn.execute(
            sa.select(db.account_seats.c.seat, db.account_seats.c.account_id)
            .where(db.account_seats.c.game_id == game_id)).all()}
        history = db.rating_history.c
        out = []
        for row in conn.execute(sa.select(db.rating_history).where(history.game_id == game_id)
                                ).all():
            if row.account_id not in owners:
                continue
            earlier = conn.execute(
                sa.select(history.mu, history.sigma)
                .where(history.account_id == row.account_id, history.family == row.family,
                       history.at < row.at)
                .order_by(history.at.desc()).limit(1)).first()
            before = Rating() if earlier is None else Rating(earlier.mu, earlier.sigma)
            out.append(_shown(before, Rating(row.mu, row.sigma), owners[row.account_id]))
    return sorted(out, key=lambda change: change["seat"])
