"""``cardavia migrate`` and the refusals of ``backup`` and ``restore``, called as the command line
calls them: exit status and one line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardavia.cli import main
from cardavia.store.db import open_store
from cardavia.store.schema import packaged_head


def test_migrate_brings_a_new_database_to_the_packaged_head(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    assert main(["migrate", "--database", url]) == 0
    assert capsys.readouterr().out.strip().endswith(f"is at {packaged_head()}")
    store = open_store(url, migrate=False)
    try:
        assert store.schema_revision() == packaged_head()
    finally:
        store.dispose()


def test_migrate_refuses_a_database_it_cannot_use_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["migrate", "--database", f"sqlite:///{tmp_path / 'no' / 'such' / 'x.db'}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardavia migrate: cannot use the database")


def test_a_database_never_migrated_has_no_revision(tmp_path: Path) -> None:
    sqlite3.connect(tmp_path / "empty.db").close()
    store = open_store(f"sqlite:///{tmp_path / 'empty.db'}", migrate=False)
    try:
        assert store.schema_revision() is None
    finally:
        store.dispose()


@pytest.mark.parametrize(
    "argv, reason",
    [
        (["backup", "--database", "sqlite:///{tmp}/missing.db", "--to", "{tmp}/b.db"], "no SQLite database"),
        (["restore", "--database", "sqlite:///{tmp}/x.db", "--from", "{tmp}/missing.db"], "no backup file"),
    ],
)
def test_backup_and_restore_refuse_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], reason: str
) -> None:
    assert main([a.format(tmp=tmp_path) for a in argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and reason in err, err
    assert not (tmp_path / "b.db").exists() and not (tmp_path / "x.db").exists()
