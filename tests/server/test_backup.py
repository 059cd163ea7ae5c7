"""Backups while the server plays, restoring them, and a database newer than the program (issue 32).

A ``cp`` of the live SQLite file is no backup (the newest moves are in its log); ``canasta backup``
copies what one reader sees (SQLite's online backup, ``pg_dump``'s snapshot), so every move
acknowledged before it started is in it, while the tables keep playing."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from canasta.server.store import Store, upgrade

from .conftest import LiveServer, _pg_database
from .test_live import game_over, new_table
from .wsclient import SeatClient


def canasta(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "canasta", *args], capture_output=True, text=True,
                          timeout=120)


@pytest.fixture
def second_db(db_url: str, tmp_path: Path) -> Iterator[str]:
    """Another empty database of the same kind, to restore into."""
    if db_url.startswith("sqlite"):
        (tmp_path / "restored").mkdir()
        yield f"sqlite:///{tmp_path / 'restored' / 'canasta.db'}"
    else:
        yield from _pg_database()


def moves_seen(c: SeatClient) -> list[str]:
    """The moves this seat's page was told of, in order (each stored before it was sent)."""
    return [e["action"] for m in list(c.inbox) if m["type"] == "events"
            for e in m["events"] if e["kind"] == "action"]


def test_a_backup_during_a_busy_game_restores_every_acknowledged_move(
        db_url: str, second_db: str, tmp_path: Path) -> None:
    server = LiveServer(db_url, tmp_path, bot_delay=0).start()
    stop = threading.Event()
    errors: list[BaseException] = []
    tables = [new_table(server.url, preset="classic", seats=[{"kind": "person", "name": f"P{i}"}
                                                              for i in range(4)]) for _ in range(3)]
    clients = {t["table_id"]: [SeatClient(server.ws, t["table_id"], s["token"]) for s in t["seats"]]
               for t in tables}

    def play(c: SeatClient) -> None:
        try:
            while not stop.is_set():
                c.wait_turn_or(lambda _c: stop.is_set() or game_over(_c), timeout=30)
                if stop.is_set() or game_over(c):
                    return
                assert c.play_one()["type"] == "ack"
        except BaseException as e:
            if not stop.is_set():
                errors.append(e)

    threads = [threading.Thread(target=play, args=(c,)) for cs in clients.values() for c in cs]
    for th in threads:
        th.start()
    try:
        time.sleep(2.0)
        before = {tid: moves_seen(cs[0]) for tid, cs in clients.items()}
        backup = tmp_path / "club.backup"
        done = canasta("backup", str(backup), "--db", db_url, "--data", str(tmp_path))
        assert done.returncode == 0, done.stderr
        assert "backed up to" in done.stdout
        time.sleep(1.0)
        after = {tid: moves_seen(cs[0]) for tid, cs in clients.items()}
    finally:
        stop.set()
        for th in threads:
            th.join(60)
        for cs in clients.values():
            for c in cs:
                c.close()
        server.stop()
    assert not errors, errors[0]
    assert sum(map(len, before.values())) >= 20, "the game was not busy"
    assert sum(map(len, after.values())) > sum(map(len, before.values())), "play stopped for the backup"

    restored_data = tmp_path / "restored-data"
    done = canasta("restore", str(backup), "--db", second_db, "--data", str(restored_data))
    assert done.returncode == 0, done.stderr
    store = Store(second_db)
    try:
        for tid, seen in before.items():
            data = store.load_table(tid)
            assert data is not None
            stored = [a for _seat, a, _cid in data.actions]
            assert stored[:len(seen)] == seen, tid   # every move acknowledged before the backup
    finally:
        store.close()


def test_restore_refuses_while_a_server_uses_the_database(db_url: str, tmp_path: Path) -> None:
    server = LiveServer(db_url, tmp_path).start()
    try:
        backup = tmp_path / "b"
        assert canasta("backup", str(backup), "--db", db_url).returncode == 0
        done = canasta("restore", str(backup), "--db", db_url, "--data", str(tmp_path))
        assert done.returncode == 2
        assert done.stderr.strip().splitlines() == [
            "error: a canasta server is using this database: stop it first, then restore"]
    finally:
        server.stop()


def _stamp_newer(url: str) -> None:
    eng = sa.create_engine(url)
    with eng.begin() as c:
        c.execute(sa.text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))
    eng.dispose()


def test_the_server_refuses_a_database_newer_than_itself_in_one_line(db_url: str, tmp_path: Path) -> None:
    upgrade(db_url)
    _stamp_newer(db_url)
    done = canasta("serve", "--port", "1", "--db", db_url, "--data", str(tmp_path))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("error: the database ") and "newer canasta" in lines[0], lines
    assert "9999_from_the_future" in lines[0] and "Traceback" not in done.stderr
    # and a backup of it is not restored by this version either
    backup = tmp_path / "newer.backup"
    assert canasta("backup", str(backup), "--db", db_url).returncode == 0
    (tmp_path / "other").mkdir()
    done = canasta("restore", str(backup), "--data", str(tmp_path / "other"),
                   *(["--db", db_url] if not db_url.startswith("sqlite") else []))
    assert done.returncode == 2 and "newer canasta" in done.stderr


def test_a_file_that_is_not_a_backup_is_refused_and_nothing_is_touched(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_text("hello")
    done = canasta("restore", str(junk), "--data", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.strip() == (f"error: {junk} is not a canasta backup (neither an SQLite database "
                                   "nor a pg_dump file)")
    assert not (tmp_path / "canasta.db").exists()
