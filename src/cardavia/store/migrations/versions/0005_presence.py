"""Presence at shared tables: when each seat's person was last seen (their browser held the table's
event stream, or asked for the table), so that any server process knows who has left.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "cardavia_presence",
        sa.Column(
            "table_id",
            sa.String(40),
            sa.ForeignKey("cardavia_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("seen_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("cardavia_presence")
