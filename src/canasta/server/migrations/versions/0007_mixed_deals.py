"""Deals mixed from every seat's randomness: each seat's number, the seals' version, and how many
hands each game has finished (a duplicate round reveals a deal once every table has finished it).

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
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("seat_values", sa.Text, nullable=True))
        batch.add_column(sa.Column("deal_version", sa.Integer, nullable=True))
        batch.add_column(sa.Column("hands", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("hands")
        batch.drop_column("deal_version")
        batch.drop_column("seat_values")
