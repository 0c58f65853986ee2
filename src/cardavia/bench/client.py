"""A minimal HTTP/1.1 client for the load bench: keep-alive connections and server-sent events.

A few lines over asyncio streams rather than a full client library, so that the load generator costs
the shared CPU as little as possible and the server, not the client, is what gets measured.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

from cardavia.web.api.deps import SECRET_COOKIE

Reply = tuple[int, dict[str, str], bytes]


class Connection:
    """One keep-alive connection; requests on it are sequential."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self.reader is None or self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port, limit=1 << 20)
        return self.reader, self.writer

    def _head(self, method: str, path: str, body: bytes | None, cookie: str | None) -> bytes:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        if cookie:
            lines.append(f"Cookie: {SECRET_COOKIE}={cookie}")
        if body is not None:
            lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        return ("\r\n".join(lines) + "\r\n\r\n").encode()

    async def _headers(self, reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
        status_line = await reader.readline()
        if not status_line:
            raise ConnectionError("connection closed")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b"\n", b""):
                return status, headers
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()

    async def request(self, method: str, path: str, body: Any = None, cookie: str | None = None) -> Reply:
        """Send one request (``body`` as JSON) and read the whole answer: status, headers, body."""
        reused = self.reader is not None
        data = None if body is None else json.dumps(body).encode()
        try:
            return await self._exchange(method, path, data, cookie)
        except (ConnectionError, asyncio.IncompleteReadError):
            if not reused:
                raise
            # the server closed this keep-alive connection while it was idle (as browsers do, send
            # again on a new one: every request of the API may be repeated)
            self.close()
            return await self._exchange(method, path, data, cookie)

    async def _exchange(self, method: str, path: str, data: bytes | None, cookie: str | None) -> Reply:
        reader, writer = await self._open()
        writer.write(self._head(method, path, data, cookie) + (data or b""))
        status, headers = await self._headers(reader)
        payload = await reader.readexactly(int(headers.get("content-length", "0")))
        return status, headers, payload

    async def events(self, path: str, cookie: str) -> AsyncIterator[dict[str, Any]]:
        """The ``data`` of each server-sent event of a chunked ``text/event-stream``."""
        reader, writer = await self._open()
        writer.write(self._head("GET", path, None, cookie))
        status, _headers = await self._headers(reader)
        if status != 200:
            raise ConnectionError(f"event stream answered {status}")
        buffer = b""
        while True:
            size = int((await reader.readline()).strip() or b"0", 16)
            if size == 0:
                return
            buffer += await reader.readexactly(size)
            await reader.readexactly(2)
            while b"\n\n" in buffer:
                event, buffer = buffer.split(b"\n\n", 1)
                for line in event.split(b"\n"):
                    if line.startswith(b"data: "):
                        yield json.loads(line[6:])

    def close(self) -> None:
        """Close the connection (the next request opens a new one)."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def cookie_of(headers: dict[str, str]) -> str:
    """The browser secret a reply sets (empty if it sets none)."""
    value = headers.get("set-cookie", "")
    prefix = SECRET_COOKIE + "="
    return value[len(prefix) :].split(";", 1)[0] if value.startswith(prefix) else ""
