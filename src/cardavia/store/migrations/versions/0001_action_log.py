"""The action log: tables, their actions (unique per table and sequence), finished deals.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "cardavia_tables",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("pace_ms", sa.Integer, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_cardavia_tables_owner", "cardavia_tables", ["owner"])
    op.create_index("ix_cardavia_tables_status", "cardavia_tables", ["status"])
    op.create_table(
        "cardavia_actions",
        sa.Column(
            "table_id",
            sa.String(40),
            sa.ForeignKey("cardavia_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("deal_no", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "cardavia_deals",
        sa.Column(
            "table_id",
            sa.String(40),
            sa.ForeignKey("cardavia_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("deal_no", sa.Integer, primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("result", sa.Text, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
    )
    op.create_index("ix_cardavia_deals_owner", "cardavia_deals", ["owner", "finished_at"])


def downgrade() -> None:
    op.drop_table("cardavia_deals")
    op.drop_table("cardavia_actions")
    op.drop_table("cardavia_tables")
