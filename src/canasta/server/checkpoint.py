"""SQLite's checkpoints, moved off the thread that stores every table's moves.

In WAL mode a commit only appends to the log (``synchronous=NORMAL``: no fsync), but every 1000
pages the committing connection also *checkpoints*: it copies the log into the database file and
fsyncs both. The server stores all tables' moves on one thread, so those fsyncs held up every table at
once: at 200 tables acting once a second that thread made about two fsyncs a second, and while the
disk was busy with other work each could take a tenth of a second or more, every table's
acknowledgement waiting for it (docs/scaling.md, "Latency"). Here the store's connections never
checkpoint (``wal_autocheckpoint=0``); a thread of its own, on its own connection, does a PASSIVE
checkpoint (one that never waits for, or blocks, a writer) every ``interval`` seconds, and its fsyncs
delay nobody. One fsync stays with the writer: after a complete checkpoint the next commit starts the
log again and syncs its new header (SQLite's rule, against reordered writes). Checkpointing every ten
seconds rather than every second makes that one rare; the log then holds at most ten seconds of moves
(about 25 MB at 200 tables). Closing the store checkpoints what is left and empties the log.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
from pathlib import Path

log = logging.getLogger("canasta.server")


class Checkpointer:
    """A daemon thread checkpointing ``path``'s write-ahead log every ``interval`` seconds."""

    def __init__(self, path: Path, interval: float = 10.0) -> None:
        self.path = path
        self.interval = interval
        self.done = 0                         # checkpoints made (tests and benchmarks read it)
        self.native_id: int | None = None     # the thread's id (benchmarks match it to an fsync trace)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        self.native_id = threading.get_native_id()
        db = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
        try:
            while not self._stop.wait(self.interval):
                self.checkpoint(db, "PASSIVE")
            self.checkpoint(db, "TRUNCATE")
        finally:
            db.close()

    def checkpoint(self, db: sqlite3.Connection, mode: str) -> None:
        try:
            db.execute(f"PRAGMA wal_checkpoint({mode})").fetchall()
            self.done += 1
        except sqlite3.Error as e:   # busy, or the file went away: the next one will do it
            log.warning("checkpoint of %s: %s", self.path, e)

    def close(self) -> None:
        self._stop.set()
        with contextlib.suppress(RuntimeError):
            self._thread.join(30)
