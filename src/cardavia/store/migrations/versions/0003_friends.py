"""Tables shared by several people: who holds each invited seat, their invite links, the turn limit,
and which logged actions the AI made for an absent person.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("cardavia_tables") as batch:
        batch.add_column(sa.Column("people", sa.Text, nullable=False, server_default="[]"))
        batch.add_column(sa.Column("turn_limit_s", sa.Integer, nullable=True))
    with op.batch_alter_table("cardavia_actions") as batch:
        batch.add_column(sa.Column("auto", sa.Integer, nullable=False, server_default="0"))
    op.create_table(
        "cardavia_invites",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "table_id",
            sa.String(40),
            sa.ForeignKey("cardavia_tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_cardavia_invites_table", "cardavia_invites", ["table_id", "seat"])


def downgrade() -> None:
    op.drop_table("cardavia_invites")
    with op.batch_alter_table("cardavia_actions") as batch:
        batch.drop_column("auto")
    with op.batch_alter_table("cardavia_tables") as batch:
        batch.drop_column("turn_limit_s")
        batch.drop_column("people")
