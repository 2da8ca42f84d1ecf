"""One report per reader per chat line: the repeated reports a database already holds are
kept once (the first), then a unique index holds it (table and lobby chat alike).

Create Date: 2026-12-07
"""

from __future__ import annotations

from alembic import op

revision = "0018"
down_revision = "0017"

REPORTS = (("chat_reports", "chat_id"), ("lobby_chat_reports", "line_id"))
"""Each reports' table and the column naming the reported line."""


def upgrade() -> None:
    for table, line in REPORTS:
        op.execute(f"DELETE FROM {table} WHERE id NOT IN "  # noqa: S608 - names of our own
                   f"(SELECT MIN(id) FROM {table} GROUP BY {line}, reporter)")
        op.create_index(f"ix_{table}_once", table, [line, "reporter"], unique=True)


def downgrade() -> None:
    for table, _ in reversed(REPORTS):
        op.drop_index(f"ix_{table}_once", table_name=table)
