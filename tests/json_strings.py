"""Every string a JSON payload holds, keys included: what the leak checks search for piece codes."""

from __future__ import annotations

from collections.abc import Iterator


def strings(obj: object) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield str(key)
            yield from strings(value)
    elif isinstance(obj, list | tuple):
        for item in obj:
            yield from strings(item)
