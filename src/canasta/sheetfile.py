"""A score sheet kept in a file (``canasta score``): read whole, changed under a lock, written atomically.

Two commands run at once on one sheet (two people at two terminals, a script) must not lose each
other's change, and a crash half-way must never leave a file that cannot be read. So a change takes
an exclusive lock (on ``FILE.lock`` beside the sheet, which is never replaced), reads the sheet,
changes it and writes it to a temporary file in the same folder that replaces the sheet in one step
(``os.replace``); the lock is released after. A reader needs no lock: it sees the old sheet or the
new one, whole. A command that cannot get the lock in ``timeout`` seconds is refused, changing
nothing.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from .error_words import os_reason, template_of
from .messages import Template, render
from .scoresheet import ScoreSheet, SheetError

MESSAGES: dict[str, Template] = {
    "file_cannot_read": "cannot read {path}: {why} (start one with `canasta score new RULES`)",
    "file_not_json": "{path} is not a score sheet (not JSON text)",
    "file_not_a_sheet": "{path}: {reason}",
    "file_exists": "{path} exists: add hands to it with `canasta score add`, or start over with --force",
    "file_busy": "{path} is being changed by another command: try again",
    "file_cannot_write": "cannot write {path}: {why}",
}


def _refused(code: str, **data: Any) -> SheetError:
    """A file's refusal; its ``why`` (an OS error, :func:`~canasta.error_words.os_reason`) said in
    English here, in the reader's language where the command line says it."""
    return SheetError(code, data, render(MESSAGES[code], data, lookup=template_of))


def _lock_file(fh: IO[bytes]) -> bool:
    """Take the exclusive lock of an open file without waiting; False if another process holds it."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        import msvcrt
        try:
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


@contextlib.contextmanager
def locked(path: str | Path, timeout: float = 15.0) -> Iterator[None]:
    """Hold the sheet's lock (``FILE.lock``) for the block; the lock goes with the file handle, so a
    command that dies releases it."""
    lock = Path(f"{path}.lock")
    try:
        fh = open(lock, "ab")  # noqa: SIM115 - held open for the block
    except OSError as e:
        raise _refused("file_cannot_write", path=str(lock), why=os_reason(e)) from None
    with fh:
        end = time.monotonic() + timeout
        while not _lock_file(fh):
            if time.monotonic() > end:
                raise _refused("file_busy", path=str(path))
            time.sleep(0.01)
        yield   # closing the file releases the lock


def read_sheet(path: str | Path) -> ScoreSheet:
    """The sheet in ``path``; a file that is missing, not JSON or not a sheet is refused in one line."""
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise _refused("file_cannot_read", path=str(path), why=os_reason(e)) from None
    try:
        doc = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _refused("file_not_json", path=str(path)) from None
    try:
        return ScoreSheet.from_dict(doc)
    except SheetError as e:
        # the sheet's own reason, said in the reader's language as a nested message (canasta.messages)
        said = {"path": str(path), "reason": {"code": f"server.{e.code}", "data": dict(e.data)}}
        english = render(MESSAGES["file_not_a_sheet"], {"path": str(path), "reason": e.message})
        raise SheetError("file_not_a_sheet", said, english) from None


def _no_constant(name: str) -> Any:
    """JSON has no Infinity or NaN (Python's reader takes them): a sheet holding one is damaged."""
    raise ValueError(name)


def write_sheet(sheet: ScoreSheet, path: str | Path) -> None:
    """Write the sheet so that ``path`` always holds a whole sheet: a temporary file in the same
    folder, flushed to the disk, then put in its place in one step."""
    target = Path(path)
    text = json.dumps(sheet.to_dict(), indent=1).encode("utf-8")
    try:
        mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or Path("."))
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(tmp, mode)
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _sync_folder(target.parent)
    except OSError as e:
        raise _refused("file_cannot_write", path=str(path), why=os_reason(e)) from None


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); nothing to do where folders cannot be opened."""
    try:
        fd = os.open(folder or Path("."), os.O_RDONLY)
    except OSError:  # pragma: no cover - Windows
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems refuse
        pass
    finally:
        os.close(fd)


@contextlib.contextmanager
def changing(path: str | Path) -> Iterator[ScoreSheet]:
    """Read the sheet under its lock, let the block change it, write it back; a refusal inside the
    block (or any error) writes nothing."""
    with locked(path):
        sheet = read_sheet(path)
        yield sheet
        write_sheet(sheet, path)


def create_sheet(sheet: ScoreSheet, path: str | Path, force: bool = False) -> None:
    """Write a new sheet, refusing to replace one unless ``force``."""
    with locked(path):
        if Path(path).exists() and not force:
            raise _refused("file_exists", path=str(path))
        write_sheet(sheet, path)


__all__ = ["MESSAGES", "changing", "create_sheet", "locked", "read_sheet", "write_sheet"]
