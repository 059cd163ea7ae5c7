"""Backups of the server's database while it runs, and restoring one.

A copy of the live SQLite file is not a backup: the newest moves are in its write-ahead log (a
``cp`` held 8,874 of 9,021 moves). SQLite's online backup API copies the database as one reader
sees it, log included, while the server goes on writing; PostgreSQL's ``pg_dump`` reads one
snapshot. Either way the backup holds every move acknowledged before it started.

Restoring replaces the database, so it refuses while a server uses it, and first keeps what it
replaces (``before-restore-...`` in the data folder): a mistaken restore loses nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import sqlite3
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sqlalchemy import URL, make_url

from ..error_words import os_reason
from ..errors import CanastaError
from ..messages import render
from .admin_errors import admin_error
from .store import MIGRATIONS, SchemaTooNew, upgrade
from .words import ADMIN

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_MAGIC = b"PGDMP"
COUNTED = ("tables", "games", "actions", "sheets", "events")


class BackupError(CanastaError):
    """A backup or restore that cannot be done: a code and its data (:mod:`.admin_errors`), the
    message the English sentence in one line."""


@dataclass
class Summary:
    """What a backup holds (SQLite: counted in the copy; PostgreSQL: the dump's size only)."""

    path: Path
    kind: str                      # sqlite | postgresql
    size: int
    schema: str | None
    counts: dict[str, int]

    def line(self, say: Callable[[str, dict[str, Any]], str] | None = None,
             decimal: Callable[[float], str] | None = None) -> str:
        """The backup in one line; ``say(key, data)`` a line of ``server.words.ADMIN`` and
        ``decimal(x)`` a number with one decimal in the reader's language (default English)."""
        said = say if say is not None else (lambda key, data: render(ADMIN[key], data))
        held = ", ".join(said("admin.count", {"what": said(f"admin.count.{k}", {}), "count": str(n)})
                         for k, n in self.counts.items())
        key = "admin.summary" + ("_schema" if self.schema else "") + ("_counts" if held else "")
        size = decimal(self.size / 1e6) if decimal else f"{self.size / 1e6:.1f}"
        return said(key, {"path": str(self.path), "kind": self.kind, "size": size,
                          "schema": self.schema or "", "counts": held})


def sqlite_path(url: str) -> Path | None:
    u = make_url(url)
    return Path(u.database) if u.drivername.startswith("sqlite") and u.database else None


# ---------------------------------------------------------------------------------------- the running server
@contextlib.contextmanager
def serving(url: str) -> Iterator[None]:
    """Held by ``canasta serve`` while it runs: an exclusive lock that ``restore`` checks.

    SQLite: a lock file beside the database. PostgreSQL: connections named ``canasta serve`` are
    what ``restore`` looks for (see :func:`in_use`), so nothing is held here."""
    path = sqlite_path(url)
    if path is None:
        yield
        return
    lock = open(_lock_file(path), "a+")  # noqa: SIM115 - kept open while serving
    try:
        try:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            raise admin_error(BackupError, "serve_in_use", path=str(path)) from e
        yield
    finally:
        lock.close()


def _lock_file(db: Path) -> Path:
    return db.with_name(db.name + ".serving")


def in_use(url: str) -> bool:
    """True while a ``canasta serve`` uses this database."""
    path = sqlite_path(url)
    if path is not None:
        lock_path = _lock_file(path)
        if not lock_path.exists():
            return False
        with open(lock_path, "a+") as lock:
            try:
                fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return True
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)
        return False
    import sqlalchemy as sa

    eng = sa.create_engine(url, connect_args={"application_name": "canasta restore"})
    try:
        with eng.connect() as c:
            n = c.execute(sa.text("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                  "AND application_name = 'canasta serve'")).scalar_one()
    finally:
        eng.dispose()
    return bool(n)


# ---------------------------------------------------------------------------------------- backup
def backup(url: str, dest: Path) -> Summary:
    """Write a backup of the database at ``url`` to ``dest`` (atomically: a half-written backup never
    has the name), while a server may be writing to it."""
    dest = dest.expanduser()
    if dest.is_dir():
        raise admin_error(BackupError, "backup_is_folder", path=str(dest),
                          example=str(dest / "canasta-backup.db"))
    if not dest.parent.is_dir():
        raise admin_error(BackupError, "backup_no_folder", path=str(dest.parent))
    tmp = dest.with_name(f".{dest.name}.{os.getpid()}.partial")
    try:
        path = sqlite_path(url)
        summary = _backup_sqlite(path, tmp) if path is not None else _backup_pg(url, tmp)
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, dest)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    summary.path = dest
    return summary


def _backup_sqlite(path: Path, tmp: Path) -> Summary:
    if not path.is_file():
        raise admin_error(BackupError, "backup_no_database", path=str(path))
    src = sqlite3.connect(path, timeout=30)
    dst = sqlite3.connect(tmp)
    try:
        # one read transaction from the first page to the last: the server keeps writing meanwhile
        src.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")   # the backup is one self-contained file
        if dst.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise admin_error(BackupError, "backup_unsound", path=str(path))
        schema, counts = _describe(dst)
    except sqlite3.Error as e:
        raise admin_error(BackupError, "backup_failed", path=str(path), detail=str(e)) from e
    finally:
        dst.close()
        src.close()
    return Summary(tmp, "sqlite", tmp.stat().st_size, schema, counts)


def _describe(db: sqlite3.Connection) -> tuple[str | None, dict[str, int]]:
    names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    schema = db.execute("SELECT version_num FROM alembic_version").fetchone()[0] \
        if "alembic_version" in names else None
    return schema, {k: db.execute(f"SELECT count(*) FROM {k}").fetchone()[0] for k in COUNTED if k in names}


def _pg_env(url: str) -> tuple[dict[str, str], str]:
    """libpq's environment for ``url`` (the password never on a command line) and the database."""
    u: URL = make_url(url)
    env = dict(os.environ)
    for key, value in (("PGHOST", u.host), ("PGPORT", u.port), ("PGUSER", u.username),
                       ("PGPASSWORD", u.password)):
        if value is not None:
            env[key] = str(value)
    if not u.database:
        raise admin_error(BackupError, "backup_no_db_name", url=u.render_as_string(hide_password=True))
    return env, u.database


def _pg_tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise admin_error(BackupError, "backup_no_tool", tool=name)
    return found


def _run(cmd: list[str], env: dict[str, str], tool: str, stdout: int | IO[bytes] | None = None,
         failed: str = "backup_tool_failed") -> str:
    """Run a PostgreSQL tool; its failure is ``failed`` with the tool's last line of error (its own
    words), or its exit code."""
    done = subprocess.run(cmd, env=env, stdout=stdout if stdout is not None else subprocess.PIPE,
                          stderr=subprocess.PIPE, check=False)
    if done.returncode != 0:
        err = done.stderr.decode(errors="replace").strip().splitlines()
        why: dict[str, Any] | str = err[-1] if err else {"code": "backup_tool_exit",
                                                        "data": {"status": done.returncode}}
        raise admin_error(BackupError, failed, tool=tool, reason=why)
    return done.stdout.decode(errors="replace") if done.stdout else ""


def _backup_pg(url: str, tmp: Path) -> Summary:
    env, db = _pg_env(url)
    _run([_pg_tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges", "--file", str(tmp), db],
         env, "pg_dump")
    return Summary(tmp, "postgresql", tmp.stat().st_size, _pg_dump_schema(tmp, env), {})


def _pg_dump_schema(dump: Path, env: dict[str, str]) -> str | None:
    """The schema revision stored in a ``pg_dump`` file (its ``alembic_version`` row)."""
    text = _run([_pg_tool("pg_restore"), "--data-only", "--table=alembic_version", "--file=-", str(dump)],
                env, "pg_restore", failed="backup_tool_reading")
    found = re.search(r"FROM stdin;\n([^\n\\]+)\n", text)
    return found.group(1).strip() if found else None


# ---------------------------------------------------------------------------------------- restore
def kind_of(path: Path) -> str:
    """``sqlite`` or ``postgresql``, from the file's first bytes."""
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError as e:
        raise admin_error(BackupError, "backup_cannot_read", path=str(path), why=os_reason(e)) from e
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PG_MAGIC):
        return "postgresql"
    raise admin_error(BackupError, "backup_not_canasta", path=str(path))


def _known(schema: str | None, what: Path) -> None:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory(str(MIGRATIONS))
    if schema is None:
        raise admin_error(BackupError, "backup_no_schema", path=str(what))
    if schema not in {r.revision for r in script.walk_revisions()}:
        raise admin_error(SchemaTooNew, "schema_backup_newer", path=str(what), schema=schema,
                          known=str(script.get_current_head()))


def restore(url: str, src: Path, data_dir: Path) -> tuple[Summary, Path | None]:
    """Replace the database at ``url`` with the backup ``src``; (what was restored, where the
    replaced database was kept, or None when there was none)."""
    src = src.expanduser()
    kind = kind_of(src)
    target = "sqlite" if sqlite_path(url) is not None else "postgresql"
    if kind != target:
        raise admin_error(BackupError, f"backup_of_{kind}", path=str(src))
    if in_use(url):
        raise admin_error(BackupError, "restore_in_use")
    kept: Path | None = None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    if kind == "sqlite":
        probe = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
        try:
            schema, counts = _describe(probe)
        except sqlite3.Error as e:
            raise admin_error(BackupError, "backup_unreadable", path=str(src), detail=str(e)) from e
        finally:
            probe.close()
        _known(schema, src)
        path = sqlite_path(url)
        assert path is not None
        if path.is_file():
            kept = backup(url, data_dir / f"before-restore-{stamp}.db").path
        _restore_sqlite(src, path)
        summary = Summary(src, kind, src.stat().st_size, schema, counts)
    else:
        env, db = _pg_env(url)
        schema = _pg_dump_schema(src, env)
        _known(schema, src)
        data_dir.mkdir(parents=True, exist_ok=True)
        kept = backup(url, data_dir / f"before-restore-{stamp}.pgdump").path
        _run([_pg_tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--no-privileges",
              "--single-transaction", "--dbname", db, str(src)], env, "pg_restore")
        summary = Summary(src, kind, src.stat().st_size, schema, {})
    upgrade(url)   # a backup made by an older canasta is brought up to date
    return summary, kept


def _restore_sqlite(src: Path, path: Path) -> None:
    """Copy ``src`` into place: a new file renamed over the old one, its log and index removed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.restoring")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    s, d = sqlite3.connect(f"file:{src}?mode=ro", uri=True), sqlite3.connect(tmp)
    try:
        s.backup(d)
        d.execute("PRAGMA journal_mode=WAL")
    finally:
        d.close()
        s.close()
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            path.with_name(path.name + suffix).unlink()
    os.replace(tmp, path)
