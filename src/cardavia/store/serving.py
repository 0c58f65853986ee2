"""One serving process per SQLite file: an exclusive lock on ``<file>.lock`` held while serving.

Each process keeps its own picture of the tables it serves and hears of no other process's writes on
SQLite (PostgreSQL tells them, by ``NOTIFY``), so a second server on the same file would show stale
tables and could resume the same bots twice. The lock (``flock``) is the kernel's: it goes with the
process however that ends, kill -9 included, so a crashed server never leaves a file locked.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from sqlalchemy.engine import make_url


class AlreadyServed(Exception):
    """Another process serves this SQLite file: the one-line reason is the message."""


_held: list[int] = []  # the lock files' descriptors, open for as long as this process lives


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (None: not SQLite, or in memory)."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("sqlite"):
        return None
    database = parsed.database or ""
    if not database or database == ":memory:" or "mode=memory" in database:
        return None
    return Path(database.removeprefix("file:").split("?", 1)[0])


def hold_sqlite(url: str) -> Path | None:
    """Lock ``url``'s SQLite file for this process until it exits (nothing for other databases);
    the lock file's path. Raises :class:`AlreadyServed` if another process holds it."""
    path = sqlite_file(url)
    if path is None:
        return None
    lock = path.with_name(path.name + ".lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = ""
        with contextlib.suppress(OSError):
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip()
        os.close(fd)
        by = f" (pid {holder})" if holder.isdigit() else ""
        raise AlreadyServed(
            f"{path} is already served by another process{by}; a SQLite file is served by one "
            "process (for several, use PostgreSQL)"
        ) from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, str(os.getpid()).encode(), 0)
    _held.append(fd)
    return lock
