"""Storage: tables, seats, games and every accepted action, with SQLAlchemy 2 (SQLite or PostgreSQL).

A move is acknowledged only after its row is committed, and the (table, game, seq) primary key is the
compare-and-set that keeps two writers from storing different moves at one place. A game's actions
with its rules and seed are its record: after a restart each unfinished table is replayed from them.
The schema is created and upgraded by Alembic (``migrations/``), never by ``create_all`` at run time.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    Boolean,
    Connection,
    DateTime,
    Engine,
    ForeignKeyConstraint,
    Integer,
    String,
    Table,
    Text,
    Update,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    make_url,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from ..errors import CanastaError
from .admin_errors import admin_error
from .checkpoint import Checkpointer

MIGRATIONS = Path(__file__).parent / "migrations"


class Base(DeclarativeBase):
    pass


def _now() -> datetime:
    return datetime.now(UTC)


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    preset: Mapped[str] = mapped_column(String(40))
    rules: Mapped[str] = mapped_column(Text)            # {"preset": ..., "options": {...}} as JSON
    host_hash: Mapped[str] = mapped_column(String(64), index=True)
    spectator_hash: Mapped[str] = mapped_column(String(64), index=True)
    events: Mapped[int] = mapped_column(Integer, default=0)   # the newest event number
    game_no: Mapped[int] = mapped_column(Integer, default=1)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    # several processes on one database (docs/scaling.md): the process holding the table, and a
    # number raised by each claim; a write names the number it holds, so a process that lost the
    # table can no longer store anything for it
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    epoch: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),)
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))       # person | bot
    level: Mapped[str | None] = mapped_column(String(10), nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str | None] = mapped_column(String(64), index=True, nullable=True)


class GameRow(Base):
    __tablename__ = "games"
    __table_args__ = (ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),)
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    seed: Mapped[str] = mapped_column(String(80))       # JSON: a number or a text (null until dealt)
    dealer: Mapped[int] = mapped_column(Integer)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    started: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    finished: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    record: Mapped[str | None] = mapped_column(Text, nullable=True)   # the finished game's record
    # the secret behind the salts of the deals' commitments (tournament.fair), revealed after the game
    fair_secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # a seed mixed from the seats' numbers: JSON {seat: [page | server, number]}; null: drawn by the
    # server alone (a duplicate round, a test)
    seat_values: Mapped[str | None] = mapped_column(Text, nullable=True)
    deal_version: Mapped[int | None] = mapped_column(Integer, nullable=True)   # the seals' (null: 1)
    hands: Mapped[int] = mapped_column(Integer, default=0)      # hands finished


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (ForeignKeyConstraint(["table_id", "game_no"], ["games.table_id", "games.game_no"],
                                           ondelete="CASCADE"),)
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)   # 0-based index in the game's history
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    client_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class _DocRow:
    """A document kept whole as JSON (a score sheet, an event); ``version`` is the compare-and-set
    that keeps two devices from overwriting each other's changes."""

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), index=True)
    doc: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SheetRow(_DocRow, Base):
    """A paper game's score sheet (``canasta.scoresheet``)."""

    __tablename__ = "sheets"


class EventRow(_DocRow, Base):
    """A tournament event (``canasta.tournament.event``)."""

    __tablename__ = "events"


class ClubRow(_DocRow, Base):
    """A club: its roster, its season and the nights kept (``canasta.tournament.season``)."""

    __tablename__ = "clubs"


DOC_ROWS: dict[str, Any] = {"sheet": SheetRow, "event": EventRow, "club": ClubRow}


class Conflict(Exception):
    """Another writer stored a move at the same place: this one was not stored."""


class Moved(Conflict):
    """Another server process has claimed the table since this one loaded it: nothing was stored."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id} is now held by another server process")
        self.table_id = table_id


@dataclass
class SeatData:
    seat: int
    kind: str
    level: str | None
    name: str
    token_hash: str | None


@dataclass
class TableData:
    """One table as stored: what the hub needs to bring it back."""

    id: str
    name: str
    preset: str
    rules: dict[str, Any]
    host_hash: str
    spectator_hash: str
    events: int
    game_no: int
    seats: list[SeatData]
    seed: int | str | None = 0     # None: not dealt yet (waiting for the seats' numbers)
    dealer: int = 0
    over: bool = False
    actions: list[tuple[int, str, str | None]] = field(default_factory=list)  # (seat, action, client id)
    fair_secret: str | None = None
    values: SeatValues | None = None   # None: the seed was drawn by the server alone
    deal_version: int = 2


SeatValues = dict[int, tuple[str, str]]   # seat -> (page | server, its number)


def values_json(values: SeatValues | None) -> str | None:
    return None if values is None else json.dumps({str(k): list(v) for k, v in sorted(values.items())})


def values_of(text: str | None) -> SeatValues | None:
    if text is None:
        return None
    return {int(k): (str(v[0]), str(v[1])) for k, v in json.loads(text).items()}


@dataclass
class StoredAction:
    seat: int
    action: str
    client_id: str | None


def _no_auto_checkpoint(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL journaling (a killed process loses no committed move)."""
    if url.startswith("sqlite"):
        eng = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(eng, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return eng
    # the name `canasta restore` looks for in pg_stat_activity before replacing the database
    return create_engine(url, pool_pre_ping=True, connect_args={"application_name": "canasta serve"})


class SchemaTooNew(CanastaError):
    """The database was written by a newer canasta, whose schema this one does not know: touching it
    could lose what the newer one stored (a code and its data: :mod:`.admin_errors`)."""


def schema_versions(url: str) -> tuple[list[str], str]:
    """(the database's schema revisions, the newest revision this canasta knows)."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    script = ScriptDirectory(str(MIGRATIONS))
    eng = make_engine(url)
    try:
        with eng.connect() as c:
            heads = list(MigrationContext.configure(c).get_current_heads())
    finally:
        eng.dispose()
    return heads, str(script.get_current_head())


def check_not_newer(url: str) -> None:
    """:class:`SchemaTooNew` when the database's schema is one this canasta does not know."""
    from alembic.script import ScriptDirectory

    heads, ours = schema_versions(url)
    known = {r.revision for r in ScriptDirectory(str(MIGRATIONS)).walk_revisions()}
    unknown = [h for h in heads if h not in known]
    if unknown:
        where = make_url(url).render_as_string(hide_password=True).removeprefix("sqlite:///")
        raise admin_error(SchemaTooNew, "schema_database_newer", path=where, schema=unknown[0], known=ours)


def upgrade(url: str) -> None:
    """``alembic upgrade head`` on ``url`` (creates the schema in an empty database); refuses a
    database newer than this canasta (:class:`SchemaTooNew`)."""
    from alembic import command
    from alembic.config import Config

    check_not_newer(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(cfg, "head")


@functools.cache
def _fence_sql(keys: tuple[str, ...], fenced: bool) -> Update:
    """The fenced update of a table's row setting ``keys``, made once per shape: building the statement
    cost more than running it (a move is stored once a second per table)."""
    t = cast(Table, TableRow.__table__)
    stmt = update(t).where(t.c.id == bindparam("fence_id"))
    if fenced:
        stmt = stmt.where(t.c.epoch == bindparam("fence_epoch"))
    # with nothing to change the row is still touched: its row count is the claim's check
    return stmt.values({k: bindparam(f"new_{k}") for k in keys} or {"epoch": t.c.epoch})


class Store:
    """Synchronous storage calls; the server runs them off the event loop, one table's in order."""

    def __init__(self, url: str, migrate: bool = True, owner: str | None = None) -> None:
        self.url = url
        if migrate:
            upgrade(url)
        self.engine = make_engine(url)
        self.checkpointer: Checkpointer | None = None
        path = make_url(url).database if url.startswith("sqlite") else None
        if path and path != ":memory:":
            # checkpoints (and their fsyncs) off the thread that stores the moves: checkpoint.py
            event.listen(self.engine, "connect", _no_auto_checkpoint)
            self.checkpointer = Checkpointer(Path(path))
        self.session = sessionmaker(self.engine, expire_on_commit=False)
        # this process's name among several (None: the only process); the claim number it holds
        # for each table it has loaded (every write is fenced by it)
        self.owner = owner
        self.epochs: dict[str, int] = {}

    def _fence(self, db: Session | Connection, table_id: str, **values: Any) -> None:
        """Update the table's row, only while this process still holds the claim it loaded it with;
        :class:`Moved` (and the whole transaction undone) when another process has claimed it."""
        held = self.epochs.get(table_id)
        params = {"fence_id": table_id, **{f"new_{k}": v for k, v in values.items()}}
        if held is not None:
            params["fence_epoch"] = held
        done = db.execute(_fence_sql(tuple(sorted(values)), held is not None), params)
        if getattr(done, "rowcount", 1) != 1:
            raise Moved(table_id)

    def claim(self, table_id: str) -> bool:
        """Make this process the table's holder (any earlier holder's writes fail from now on);
        False when there is no such table."""
        with self.session.begin() as db:
            done = db.execute(update(TableRow).where(TableRow.id == table_id)
                              .values(owner=self.owner, epoch=TableRow.epoch + 1))
            if getattr(done, "rowcount", 1) != 1:
                return False
            held = db.execute(select(TableRow.epoch).where(TableRow.id == table_id)).scalar_one()
        self.epochs[table_id] = held
        return True

    def release(self, table_id: str) -> None:
        """Forget the claim (the table was unloaded here)."""
        self.epochs.pop(table_id, None)

    def close(self) -> None:
        self.engine.dispose()
        if self.checkpointer is not None:
            self.checkpointer.close()

    def check_writable(self) -> None:
        """Fail now, not at a player's first move, when the database cannot be written (a read-only
        folder or file, a read-only replica): SQLite takes its write lock, PostgreSQL says whether
        its transactions are read-only."""
        with self.engine.connect() as db:
            if self.url.startswith("sqlite"):
                db.exec_driver_sql("BEGIN IMMEDIATE")
                db.exec_driver_sql("ROLLBACK")
            elif db.exec_driver_sql("SHOW transaction_read_only").scalar() == "on":
                raise PermissionError("the database is read-only")

    # ------------------------------------------------------------------ writing
    def create_table(self, t: TableData) -> None:
        with self.session.begin() as db:
            db.add(TableRow(id=t.id, name=t.name, preset=t.preset, rules=json.dumps(t.rules),
                            host_hash=t.host_hash, spectator_hash=t.spectator_hash, events=t.events,
                            game_no=t.game_no, owner=self.owner, epoch=1))
            db.flush()
            for s in t.seats:
                db.add(SeatRow(table_id=t.id, seat=s.seat, kind=s.kind, level=s.level, name=s.name,
                               token_hash=s.token_hash))
            db.add(GameRow(table_id=t.id, game_no=t.game_no, seed=json.dumps(t.seed), dealer=t.dealer,
                           fair_secret=t.fair_secret, seat_values=values_json(t.values),
                           deal_version=t.deal_version, hands=0))
        self.epochs[t.id] = 1

    def append_actions(self, table_id: str, game_no: int, first_seq: int, actions: list[StoredAction],
                       events: int, over: bool = False, record: str | None = None,
                       hands: int | None = None) -> None:
        """Store moves ``first_seq``... and the table's new event number in one transaction (with the
        game's record when the moves end it); :class:`Conflict` when a move is already stored at one of
        those places."""
        try:
            # Core on a plain connection, no ORM session: the ORM's unit of work cost a tenth of the
            # server's time under load, and its session and bulk-insert bookkeeping another tenth
            with self.engine.begin() as db:
                db.execute(insert(cast(Table, ActionRow.__table__)), [
                    {"table_id": table_id, "game_no": game_no, "seq": first_seq + i, "seat": a.seat,
                     "action": a.action, "client_id": a.client_id, "at": _now()}
                    for i, a in enumerate(actions)])
                self._fence(db, table_id, events=events)
                if over or hands is not None:   # the game or a hand ended
                    game = update(GameRow).where(GameRow.table_id == table_id, GameRow.game_no == game_no)
                    db.execute(game.values(over=True, finished=_now(), record=record, hands=hands or 0)
                               if over else game.values(hands=hands))
        except IntegrityError as e:
            raise Conflict(f"table {table_id} game {game_no}: a move is already stored at {first_seq}") from e

    def truncate_actions(self, table_id: str, game_no: int, keep: int, events: int) -> None:
        """Practice undo: drop the moves from ``keep`` on."""
        with self.session.begin() as db:
            self._fence(db, table_id, events=events)
            db.execute(delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.game_no == game_no,
                                               ActionRow.seq >= keep))
            db.execute(update(GameRow).where(GameRow.table_id == table_id, GameRow.game_no == game_no)
                       .values(over=False, finished=None))

    def set_seat(self, table_id: str, s: SeatData, events: int) -> None:
        with self.session.begin() as db:
            self._fence(db, table_id, events=events)
            db.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == s.seat)
                       .values(kind=s.kind, level=s.level, name=s.name, token_hash=s.token_hash))

    def new_game(self, table_id: str, game_no: int, seed: int | str | None, dealer: int, events: int,
                 fair_secret: str | None = None, values: SeatValues | None = None,
                 deal_version: int = 2) -> None:
        with self.session.begin() as db:
            self._fence(db, table_id, events=events, game_no=game_no)
            db.add(GameRow(table_id=table_id, game_no=game_no, seed=json.dumps(seed), dealer=dealer,
                           fair_secret=fair_secret, seat_values=values_json(values),
                           deal_version=deal_version, hands=0))

    def set_values(self, table_id: str, game_no: int, values: SeatValues, seed: str | None,
                   events: int | None) -> None:
        """The seats' numbers given so far; with the game's seed (and the deal's event number) once the
        last one is in: the numbers and the deal in one transaction."""
        with self.session.begin() as db:
            # fenced like every write of a table: a process that has lost the table stores nothing
            self._fence(db, table_id, **({} if events is None else {"events": events}))
            db.execute(update(GameRow).where(GameRow.table_id == table_id, GameRow.game_no == game_no)
                       .values(seat_values=values_json(values), seed=json.dumps(seed)))

    def dealt_alike(self, seed: str, table_id: str) -> list[tuple[int, bool]]:
        """The other games dealt from ``seed`` (a duplicate round's tables): (hands finished, over)."""
        with self.session() as db:
            rows = db.execute(select(GameRow.hands, GameRow.over).where(
                GameRow.seed == json.dumps(seed), GameRow.table_id != table_id)).all()
            return [(int(h or 0), bool(o)) for h, o in rows]

    # ------------------------------------------------------------------ documents (sheets, events)
    def create_doc(self, kind: str, doc_id: str, digest: str, doc: str) -> None:
        with self.session.begin() as db:
            db.add(DOC_ROWS[kind](id=doc_id, token_hash=digest, doc=doc, version=0))

    def load_doc(self, kind: str, doc_id: str) -> tuple[str, str, int] | None:
        """(token hash, document, version), or None."""
        with self.session() as db:
            row = db.get(DOC_ROWS[kind], doc_id)
            return None if row is None else (row.token_hash, row.doc, row.version)

    def save_doc(self, kind: str, doc_id: str, doc: str, version: int) -> None:
        """Store the document if it is still at ``version``; :class:`Conflict` if someone saved first."""
        row = DOC_ROWS[kind]
        with self.session.begin() as db:
            done = db.execute(update(row).where(row.id == doc_id, row.version == version)
                              .values(doc=doc, version=version + 1, updated=_now()))
            if getattr(done, "rowcount", 1) != 1:
                raise Conflict(f"{kind} {doc_id} was changed by someone else")

    # ------------------------------------------------------------------ reading
    def _load(self, db: Session, row: TableRow) -> TableData:
        seats = [SeatData(s.seat, s.kind, s.level, s.name, s.token_hash) for s in db.scalars(
            select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat))]
        game = db.get(GameRow, (row.id, row.game_no))
        if game is None:
            raise LookupError(f"table {row.id} has no game {row.game_no}")
        acts = [(a.seat, a.action, a.client_id) for a in db.scalars(
            select(ActionRow).where(ActionRow.table_id == row.id, ActionRow.game_no == row.game_no)
            .order_by(ActionRow.seq))]
        return TableData(row.id, row.name, row.preset, json.loads(row.rules), row.host_hash,
                         row.spectator_hash, row.events, row.game_no, seats, json.loads(game.seed),
                         game.dealer, game.over, acts, game.fair_secret, values_of(game.seat_values),
                         game.deal_version or 1)

    def load_table(self, table_id: str) -> TableData | None:
        with self.session() as db:
            row = db.get(TableRow, table_id)
            return None if row is None else self._load(db, row)

    def unfinished(self) -> list[TableData]:
        """Every table whose current game is not over: the ones to bring back after a restart, each
        claimed. One of several processes (``owner`` set) brings back only its own and those nobody
        holds; another process's tables come to it when the proxy sends it their players."""
        with self.session() as db:
            stmt = (select(TableRow.id).join(GameRow, (GameRow.table_id == TableRow.id)
                                             & (GameRow.game_no == TableRow.game_no))
                    .where(GameRow.over.is_(False)))
            if self.owner is not None:
                stmt = stmt.where((TableRow.owner == self.owner) | TableRow.owner.is_(None))
            ids = list(db.scalars(stmt))
        out = []
        for table_id in ids:
            if self.claim(table_id):
                found = self.load_table(table_id)
                if found is not None:
                    out.append(found)
        return out

    def table_of_token(self, digest: str) -> str | None:
        """The table a token hash belongs to (seat, spectator or host), or None."""
        with self.session() as db:
            for stmt in (select(SeatRow.table_id).where(SeatRow.token_hash == digest),
                         select(TableRow.id).where(TableRow.host_hash == digest),
                         select(TableRow.id).where(TableRow.spectator_hash == digest)):
                found = db.scalars(stmt).first()
                if found is not None:
                    return found
        return None

    def record(self, table_id: str, game_no: int) -> str | None:
        with self.session() as db:
            game = db.get(GameRow, (table_id, game_no))
            return None if game is None else game.record

    def game_setup(self, table_id: str, game_no: int) -> tuple[int | str, int, list[str]] | None:
        """A game's seed, first dealer and moves (for records of earlier games)."""
        with self.session() as db:
            game = db.get(GameRow, (table_id, game_no))
            if game is None:
                return None
            acts = list(db.scalars(select(ActionRow.action).where(
                ActionRow.table_id == table_id, ActionRow.game_no == game_no).order_by(ActionRow.seq)))
            return json.loads(game.seed), game.dealer, acts
