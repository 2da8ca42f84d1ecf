"""Alembic environment: runs the migrations on the connection the server hands over.

The server calls :func:`ginrummy.server.storage.db.migrate` at start; to run Alembic by
hand, build the configuration with :func:`ginrummy.server.storage.db.alembic_config`.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from ginrummy.server.storage.db import metadata

config = context.config


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = config.get_main_option("sqlalchemy.url")
    if url is None:
        raise RuntimeError("no connection and no sqlalchemy.url for the migrations")
    engine = sa.create_engine(url)
    with engine.begin() as own:
        context.configure(connection=own, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run()
