"""Who used each invite link: a guest's history finds the shared tables they sit at by an index,
not by searching every table's people list.

Existing used links get their owner from the seat's person in the table's people list.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("cardavia_invites") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
    op.create_index("ix_cardavia_invites_owner", "cardavia_invites", ["owner"])
    conn = op.get_bind()
    invites = sa.table(
        "cardavia_invites",
        sa.column("table_id", sa.String),
        sa.column("seat", sa.Integer),
        sa.column("status", sa.String),
        sa.column("owner", sa.String),
    )
    tables = sa.table("cardavia_tables", sa.column("id", sa.String), sa.column("people", sa.Text))
    for table_id, people in conn.execute(
        sa.select(tables.c.id, tables.c.people).where(tables.c.people != "[]")
    ):
        for seat, person in enumerate(json.loads(people)):
            if person is not None and person.get("owner") is not None:
                conn.execute(
                    invites.update()
                    .where(invites.c.table_id == table_id, invites.c.seat == seat, invites.c.status == "used")
                    .values(owner=person["owner"])
                )


def downgrade() -> None:
    op.drop_index("ix_cardavia_invites_owner", "cardavia_invites")
    with op.batch_alter_table("cardavia_invites") as batch:
        batch.drop_column("owner")
