"""The schema: a table's fixed facts and its ordered action log (unique per table and sequence)."""

from __future__ import annotations

from sqlalchemy import BigInteger, ForeignKey, Index, Integer, String, Table, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """A table: everything needed to rebuild it from its actions. ``status`` is only a hint for resuming."""

    __tablename__ = "cardavia_tables"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    level: Mapped[str] = mapped_column(String(16))
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[str] = mapped_column(Text, default="{}")  # JSON object
    seats: Mapped[str] = mapped_column(Text)  # JSON list: "human" or a bot level per seat
    owner: Mapped[str] = mapped_column(String(64), index=True)  # sha256 of the browser's secret
    pace_ms: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(8), default="human")
    created_at: Mapped[float] = mapped_column()
    # JSON list, one item per seat: null (the host's seat or a bot's), or an invited seat's holder
    # {"owner": sha256 of that browser's secret or null while the invite is open, "name": display name}
    people: Mapped[str] = mapped_column(Text, default="[]", server_default="[]")
    turn_limit_s: Mapped[int | None] = mapped_column(Integer, nullable=True)  # then the AI plays for them
    # JSON object for a table started from another's finished deal (*Play this move differently*):
    # where it came from, and the seed and dealer of its first deal (the tried one); null otherwise
    origin: Mapped[str | None] = mapped_column(Text, nullable=True)
    # the name the host of a friends' table chose (a guest's is in ``people``); null: none given
    host_name: Mapped[str | None] = mapped_column(Text, nullable=True)
    # when the last invited seat was filled (taken, or given to the AI): the first turn began then
    seated_at: Mapped[float | None] = mapped_column(nullable=True)


class ActionRow(Base):
    """Action ``seq`` of a table (0-based, across deals). Seat -1 marks the start of a new deal."""

    __tablename__ = "cardavia_actions"

    table_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("cardavia_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal_no: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)  # the game's action JSON, or the deal marker
    created_at: Mapped[float] = mapped_column()
    auto: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # 1: the AI for a person


class DealRow(Base):
    """A finished deal, written when it ends so that history needs no replay to list."""

    __tablename__ = "cardavia_deals"

    table_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("cardavia_tables.id", ondelete="CASCADE"), primary_key=True
    )
    deal_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(32))
    result: Mapped[str] = mapped_column(Text)
    finished_at: Mapped[float] = mapped_column()


Index("ix_cardavia_deals_owner", DealRow.owner, DealRow.finished_at)


class ReviewRow(Base):
    """A review job of one seat's decisions in one finished deal, and its result once computed.

    ``status``: ``queued`` → ``running`` (claimed by ``claim`` at ``heartbeat``) → ``done`` | ``failed``.
    A ``running`` job whose heartbeat is old was left by a process that died: another one claims it.
    """

    __tablename__ = "cardavia_reviews"

    table_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("cardavia_tables.id", ondelete="CASCADE"), primary_key=True
    )
    deal_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)  # whose decisions are reviewed
    status: Mapped[str] = mapped_column(String(8))
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    record: Mapped[str] = mapped_column(Text)  # the deal record under review (JSON)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)  # the review's JSON when done
    claim: Mapped[str | None] = mapped_column(String(40), nullable=True)
    heartbeat: Mapped[float] = mapped_column()
    created_at: Mapped[float] = mapped_column()


Index("ix_cardavia_reviews_status", ReviewRow.status, ReviewRow.heartbeat)


class InviteRow(Base):
    """An invite link to a seat: only the sha256 of its token is stored. ``status``: ``open`` →
    ``used`` (the seat was taken with it, by ``owner``) or ``revoked`` (a new link replaced it, or
    the deal started)."""

    __tablename__ = "cardavia_invites"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("cardavia_tables.id", ondelete="CASCADE"), index=False
    )
    seat: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[float] = mapped_column()
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)  # whose browser used it


Index("ix_cardavia_invites_table", InviteRow.table_id, InviteRow.seat)
Index("ix_cardavia_invites_owner", InviteRow.owner)


class PresenceRow(Base):
    """When the person of a seat at a shared table was last seen (a heartbeat of their browser's
    event stream, written at most every few seconds, or a request of theirs): one row a seat."""

    __tablename__ = "cardavia_presence"

    table_id: Mapped[str] = mapped_column(
        String(40), ForeignKey("cardavia_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    seen_at: Mapped[float] = mapped_column()


class RateRow(Base):
    """A token bucket of the rate limits, shared by every server process: ``key`` names what is
    limited and for whom (``"tables:203.0.113.9"``); ``tokens`` were left at ``at`` (the Unix time
    of the last ask); ``ok`` says whether that ask was allowed (what the asking statement returns)."""

    __tablename__ = "cardavia_rate_limits"

    key: Mapped[str] = mapped_column(String(160), primary_key=True)
    tokens: Mapped[float] = mapped_column()
    at: Mapped[float] = mapped_column()
    ok: Mapped[int] = mapped_column(Integer)


# Core handles of the tables, for statements built once: the hot paths skip the ORM's per-call
# statement building.
TABLES: Table = TableRow.__table__  # type: ignore[assignment]
ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]
DEALS: Table = DealRow.__table__  # type: ignore[assignment]
REVIEWS: Table = ReviewRow.__table__  # type: ignore[assignment]
INVITES: Table = InviteRow.__table__  # type: ignore[assignment]
PRESENCE: Table = PresenceRow.__table__  # type: ignore[assignment]
RATES: Table = RateRow.__table__  # type: ignore[assignment]
