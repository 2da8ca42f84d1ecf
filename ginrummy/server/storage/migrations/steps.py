"""The migrations' steps, each as a pair: the upgrade and the downgrade that undoes it.

A migration is ``upgrade, downgrade = <step>``; :func:`together` joins steps, undoing
them in the reverse order.

Frozen, like :mod:`.tables`: a migration must build the same schema for as long as
databases at its revision exist, so what a step does may not change once a
migration uses it. A new kind of step is a new function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from alembic import op

from ginrummy.server.storage.migrations.tables import Columns

Run = Callable[[], None]
Step = tuple[Run, Run]


def create_tables(*made: Callable[[], Columns]) -> Step:
    """Create a table for each of :mod:`.tables`' functions, named as the function is."""

    def upgrade() -> None:
        for columns in made:
            op.create_table(columns.__name__, *columns())

    def downgrade() -> None:
        for columns in reversed(made):
            op.drop_table(columns.__name__)

    return upgrade, downgrade


def create_index(name: str, table: str, columns: list[str]) -> Step:
    def upgrade() -> None:
        op.create_index(name, table, columns)

    def downgrade() -> None:
        op.drop_index(name, table_name=table)

    return upgrade, downgrade


def create_unique_index(name: str, table: str, columns: list[str]) -> Step:
    def upgrade() -> None:
        op.create_index(name, table, columns, unique=True)

    def downgrade() -> None:
        op.drop_index(name, table_name=table)

    return upgrade, downgrade


def add_column(table: str, name: str, kind: Any, **options: Any) -> Step:
    """Add the column ``sa.Column(name, kind, **options)`` to ``table``."""

    def upgrade() -> None:
        op.add_column(table, sa.Column(name, kind, **options))

    def downgrade() -> None:
        with op.batch_alter_table(table) as batch:
            batch.drop_column(name)

    return upgrade, downgrade


def together(*steps: Step) -> Step:
    def upgrade() -> None:
        for step_up, _ in steps:
            step_up()

    def downgrade() -> None:
        for _, step_down in reversed(steps):
            step_down()

    return upgrade, downgrade
