"""``cardavia migrate``, ``cardavia backup`` and ``cardavia restore``: the schema brought to this
version's, a copy of a database taken while it is served, and that copy put back.

SQLite is copied by its online backup API (a consistent snapshot; writers carry on meanwhile), into a
file beside the target that is renamed over it once complete, and restored by the same API the other
way, while no server holds the file (``cardavia.store.serving``). PostgreSQL is copied by its own
``pg_dump`` in the custom format and restored by ``pg_restore`` (docs/operations.md).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from sqlalchemy.engine import make_url

from cardavia.store.db import open_store
from cardavia.store.engine import database_url_from
from cardavia.store.errors import BadDatabase, StoreUnavailable
from cardavia.store.serving import sqlite_file


class BackupFailed(Exception):
    """The copy could not be made: the one-line reason is the message."""


def shown(url: str) -> str:
    """``url`` with its password hidden (for messages)."""
    return make_url(url).render_as_string(hide_password=True)


def libpq(url: str) -> tuple[str, dict[str, str]]:
    """A PostgreSQL SQLAlchemy URL as PostgreSQL's tools take it: (URL without the password, the
    environment carrying it), so that the password shows in no process list."""
    parsed = make_url(url).set(drivername="postgresql")
    env = dict(os.environ)
    if parsed.password is not None:
        env["PGPASSWORD"] = str(parsed.password)
        parsed = parsed.set(password=None)
    return parsed.render_as_string(hide_password=False), env


def backup(database: str | None, to: Path) -> None:
    """Copy ``database`` (see :func:`database_url_from`) to the file ``to``."""
    url = database_url_from(database)
    _by_kind(url, "backup", lambda path: _backup_sqlite(path, to), lambda: _backup_postgres(url, to))


def restore(database: str | None, source: Path) -> None:
    """Replace ``database``'s content by the backup ``source`` (the server must be stopped)."""
    url = database_url_from(database)
    if not source.is_file():
        raise BackupFailed(f"no backup file at {source}")
    _by_kind(
        url,
        "restore",
        lambda path: _restore_sqlite(url, path, source),
        lambda: _restore_postgres(url, source),
    )


def _by_kind(url: str, what: str, sqlite: Callable[[Path], None], postgres: Callable[[], None]) -> None:
    """Run ``sqlite`` on the file of a SQLite URL, or ``postgres`` for a PostgreSQL one."""
    path = sqlite_file(url)
    if path is not None:
        sqlite(path)
    elif url.startswith("postgresql"):
        postgres()
    else:
        raise BackupFailed(f"no {what} for {shown(url)}: SQLite files and PostgreSQL databases only")


def _copy_sqlite(source: sqlite3.Connection, target: Path) -> None:
    """Copy the open database ``source`` into the file ``target`` by the online backup API (a
    consistent snapshot; writers carry on meanwhile), and close it."""
    try:
        copy = sqlite3.connect(target)
        try:
            with copy:
                source.backup(copy)
        finally:
            copy.close()
    finally:
        source.close()


def _backup_sqlite(path: Path, to: Path) -> None:
    if not path.is_file():
        raise BackupFailed(f"no SQLite database at {path}")
    partial = to.with_name(to.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        # reads only; read-only mode could not read a WAL file without its -shm
        _copy_sqlite(sqlite3.connect(path), partial)
        os.replace(partial, to)
    except (sqlite3.Error, OSError) as exc:
        partial.unlink(missing_ok=True)
        raise BackupFailed(f"cannot copy {path} to {to}: {exc}") from None


def _restore_sqlite(url: str, path: Path, source: Path) -> None:
    from cardavia.store.serving import AlreadyServed, hold_sqlite

    try:
        hold_sqlite(url)  # no server may write while the file is replaced (released at exit)
    except AlreadyServed as exc:
        raise BackupFailed(f"{exc}: stop it first") from None
    try:
        _copy_sqlite(sqlite3.connect(f"file:{source}?mode=ro", uri=True), path)
    except (sqlite3.Error, OSError) as exc:
        raise BackupFailed(f"cannot restore {source} into {path}: {exc}") from None


def _backup_postgres(url: str, to: Path) -> None:
    _postgres_tool("pg_dump", url, ["--format=custom", "--no-owner", f"--file={to}"])


def _restore_postgres(url: str, source: Path) -> None:
    options = ["--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error"]
    _postgres_tool("pg_restore", url, options, str(source))


def _postgres_tool(name: str, url: str, options: list[str], *rest: str) -> None:
    """Run PostgreSQL's tool ``name`` on the database ``url`` (its password in the environment);
    :class:`BackupFailed` with the tool's last line of errors if it fails."""
    tool = shutil.which(name)
    if tool is None:
        raise BackupFailed(f"{name} is not on this machine's PATH (Debian: apt install postgresql-client)")
    dbname, env = libpq(url)
    done = subprocess.run(
        [tool, *options, f"--dbname={dbname}", *rest], env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or ["failed"])[-1]
        raise BackupFailed(f"{name}: {reason}")


def run_restore(database: str | None, source: Path) -> int:
    """``cardavia restore``: the exit status (2, with a one-line reason, when nothing was restored)."""
    return _run("restore", lambda: restore(database, source), f"{source} restored")


def run_backup(database: str | None, to: Path) -> int:
    """``cardavia backup``: the exit status (2, with a one-line reason, when no copy was made)."""
    return _run("backup", lambda: backup(database, to), str(to))


def _run(command: str, act: Callable[[], None], done: str) -> int:
    try:
        act()
    except (BackupFailed, BadDatabase) as exc:
        print(f"cardavia {command}: {exc}", file=sys.stderr)
        return 2
    print(f"cardavia {command}: {done}")
    return 0


def run_migrate(database: str | None) -> int:
    """``cardavia migrate``: the exit status (2, with a one-line reason, for a database it cannot use)."""
    try:
        url = database_url_from(database)
        store = open_store(url)
    except (BadDatabase, StoreUnavailable, OSError) as exc:
        print(f"cardavia migrate: cannot use the database: {exc}", file=sys.stderr)
        return 2
    try:
        revision = store.schema_revision()
    finally:
        store.dispose()
    print(f"cardavia migrate: {shown(url)} is at {revision}")
    return 0
