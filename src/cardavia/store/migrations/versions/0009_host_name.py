"""A friends' table keeps the name its host chose (shown to everyone, like a guest's), and when its
last invited seat was filled (the first turn's clock starts then: nothing is in the log yet).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("cardavia_tables") as batch:
        batch.add_column(sa.Column("host_name", sa.Text, nullable=True))
        batch.add_column(sa.Column("seated_at", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("cardavia_tables") as batch:
        batch.drop_column("seated_at")
        batch.drop_column("host_name")
