"""Alembic environment: run by :meth:`cardavia.store.schema.Schema.migrate` on a connection it hands over."""

from __future__ import annotations

from alembic import context

from cardavia.store.models import Base


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("cardavia migrations run through cardavia.store.schema.Schema.migrate")
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


# Alembic executes this file with its context set up; a plain import (doctest collection) does nothing.
if hasattr(context, "config"):
    run()
