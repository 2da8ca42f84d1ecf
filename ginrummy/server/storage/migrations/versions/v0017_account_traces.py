"""Where accounts sign in from (a keyed hash of each address and browser), the server's
secret key for those hashes, and each account's username in skeleton form.

Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from ginrummy.server.storage.migrations import steps, tables
from ginrummy.server.storage.skeleton import skeleton

revision = "0017"
down_revision = "0016"


def _fill_skeletons() -> None:
    accounts = sa.table("accounts", sa.column("id", sa.String), sa.column("username", sa.String),
                        sa.column("name_skeleton", sa.String))
    conn = op.get_bind()
    for row in conn.execute(sa.select(accounts.c.id, accounts.c.username)).all():
        conn.execute(accounts.update().where(accounts.c.id == row.id)
                     .values(name_skeleton=skeleton(row.username)))


upgrade, downgrade = steps.together(
    steps.create_tables(tables.account_traces, tables.server_keys),
    steps.create_index("ix_account_traces_digest", "account_traces", ["kind", "digest"]),
    steps.add_column("accounts", "name_skeleton", sa.String(64), nullable=True),
    steps.create_index("ix_accounts_name_skeleton", "accounts", ["name_skeleton"]),
    (_fill_skeletons, lambda: None),
)
