"""Review jobs keyed by seat too: at a table shared by invitation, each person reviews their own seat.

The table is copied into one with the wider primary key (no dialect-specific constraint names, so
the same steps run on SQLite and PostgreSQL); every stored review is kept.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

COLUMNS = "table_id, deal_no, seat, status, done, total, record, result, claim, heartbeat, created_at"


def _create(name: str, key: list[str]) -> None:
    op.create_table(
        name,
        sa.Column(
            "table_id", sa.String(40), sa.ForeignKey("cardavia_tables.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("deal_no", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("claim", sa.String(40), nullable=True),
        sa.Column("heartbeat", sa.Float, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint(*key),
    )


def _swap(key: list[str], where: str = "") -> None:
    _create("cardavia_reviews_new", key)
    op.execute(f"INSERT INTO cardavia_reviews_new ({COLUMNS}) SELECT {COLUMNS} FROM cardavia_reviews{where}")
    op.drop_index("ix_cardavia_reviews_status", table_name="cardavia_reviews")
    op.drop_table("cardavia_reviews")
    op.rename_table("cardavia_reviews_new", "cardavia_reviews")
    op.create_index("ix_cardavia_reviews_status", "cardavia_reviews", ["status", "heartbeat"])


def upgrade() -> None:
    _swap(["table_id", "deal_no", "seat"])


def downgrade() -> None:
    # one review a deal again: the host's (seat 0) is the one the older code serves
    _swap(["table_id", "deal_no"], " WHERE seat = 0")
