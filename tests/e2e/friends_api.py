"""An invited friend who plays through the table API rather than a page (a browser of their own:
their own cookie), for browser tests where one page is watched while the others act at its table."""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.request
from typing import Any


class Friend:
    """A person at ``server`` with a browser key of their own (a cookie jar)."""

    def __init__(self, server: str) -> None:
        self.server = server
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        self.table: str | None = None

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """The API's status and JSON answer (``None`` for a body that is no JSON)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.server + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with self.opener.open(request, timeout=30) as reply:
                status, raw = reply.status, reply.read()
        except urllib.error.HTTPError as exc:
            status, raw = exc.code, exc.read()
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, None

    def join(self, url: str, name: str) -> dict[str, Any]:
        """Take the seat of the invite link ``url`` under ``name``: the table as that seat sees it."""
        token = url.rsplit("/join/", 1)[1]
        status, table = self.call("POST", f"/api/join/{token}", {"name": name})
        assert status == 200, (status, table)
        self.table = table["id"]
        return dict(table)

    def state(self) -> dict[str, Any]:
        status, table = self.call("GET", f"/api/tables/{self.table}")
        assert status == 200, (status, table)
        return dict(table)

    def act(self, seq: int, action: dict[str, Any]) -> dict[str, Any]:
        status, table = self.call("POST", f"/api/tables/{self.table}/actions", {"seq": seq, "action": action})
        assert status == 200, (status, table, action)
        return dict(table)
