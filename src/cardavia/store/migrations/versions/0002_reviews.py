"""Review jobs: one per finished deal reviewed, queued and claimed through the database.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "cardavia_reviews",
        sa.Column(
            "table_id",
            sa.String(40),
            sa.ForeignKey("cardavia_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("deal_no", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("claim", sa.String(40), nullable=True),
        sa.Column("heartbeat", sa.Float, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_cardavia_reviews_status", "cardavia_reviews", ["status", "heartbeat"])


def downgrade() -> None:
    op.drop_table("cardavia_reviews")
