"""Alembic environment: the server's schema (``canasta.server.store``) on the configured URL."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from canasta.server.store import Base, make_engine

config = context.config
target_metadata = Base.metadata


def run_migrations_offline() -> None:
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata,
                      literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    url = config.get_main_option("sqlalchemy.url")
    assert url is not None
    engine = make_engine(url)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            if connection.dialect.name == "postgresql":
                # several processes starting at once on one database: one upgrades, the others wait
                # and then find it done (the lock is held until this transaction ends)
                connection.execute(text("SELECT pg_advisory_xact_lock(7361)"))
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
