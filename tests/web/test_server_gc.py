"""``cardavia serve``'s garbage collector settings (the reasons are in ``cardavia.web.server``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from cardavia.web.server import GC_YOUNG_THRESHOLD, tune_gc


@pytest.fixture
def restored_gc() -> Iterator[None]:
    threshold = gc.get_threshold()
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def test_the_server_scans_young_objects_less_often_and_never_its_start_up_objects(restored_gc: None) -> None:
    middle, old = gc.get_threshold()[1:]
    tune_gc()
    assert gc.get_threshold() == (GC_YOUNG_THRESHOLD, middle, old)
    assert GC_YOUNG_THRESHOLD > 700  # above CPython's default
    assert gc.get_freeze_count() > 0
