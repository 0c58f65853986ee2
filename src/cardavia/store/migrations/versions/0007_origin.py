"""Tables started from another's finished deal keep where they came from and the seed of their first
deal, so that they deal on from a seed of their own (never the other table's next deals).

Such tables made before this revision share their source's seed, so their next deal would be one
the source table has yet to play: they are found by that shared seed and marked to end with the deal
in progress (``{"ends": true}``).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("cardavia_tables") as batch:
        batch.add_column(sa.Column("origin", sa.Text, nullable=True))
    conn = op.get_bind()
    tables = sa.table(
        "cardavia_tables",
        sa.column("id", sa.String),
        sa.column("game", sa.String),
        sa.column("seed", sa.BigInteger),
        sa.column("created_at", sa.Float),
        sa.column("origin", sa.Text),
    )
    older = tables.alias("older")
    tried = sa.select(tables.c.id).where(
        sa.exists().where(
            older.c.seed == tables.c.seed,
            older.c.game == tables.c.game,
            older.c.id != tables.c.id,
            older.c.created_at <= tables.c.created_at,
        )
    )
    ids = [row[0] for row in conn.execute(tried)]
    for start in range(0, len(ids), 500):
        conn.execute(
            tables.update().where(tables.c.id.in_(ids[start : start + 500])).values(origin='{"ends": true}')
        )


def downgrade() -> None:
    with op.batch_alter_table("cardavia_tables") as batch:
        batch.drop_column("origin")
