"""A TCP proxy in front of PostgreSQL that a test can cut, stall and restore: a database outage (and
its end), a network that holds the bytes, or a reply lost after a commit, without touching the
shared server."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class Proxy:
    """Forwards 127.0.0.1:``port`` to ``target``. ``cut()`` closes every connection and refuses new
    ones (the listening socket stays, accepted connections are closed at once); ``stall()`` holds
    every byte in both directions and closes nothing (new connections are accepted and held too);
    ``lose_reply_to(marker)``: the server's reply to the next message containing ``marker`` is
    dropped and everything cut at that moment (the statement ran; its client never hears so);
    ``restore()`` ends the outage or the stall."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(128)
        self.port = int(self.listener.getsockname()[1])
        self.up = True
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._stopped = False
        self._flowing = threading.Event()  # cleared while stalled
        self._flowing.set()
        self._armed: bytes | None = None
        self._tripped: set[socket.socket] = set()  # server sockets whose next reply is lost
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stopped:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                client.close()
                continue
            try:
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            with self._lock:
                # a cut() while this connection was being made must not miss it
                admitted = self.up
                if admitted:
                    self._open |= {client, server}
            if not admitted:
                self._close(client)
                self._close(server)
                continue
            for a, b, to_server in ((client, server, True), (server, client, False)):
                threading.Thread(target=self._pipe, args=(a, b, to_server), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket, to_server: bool) -> None:
        try:
            while data := src.recv(65536):
                self._flowing.wait()  # a stall holds the bytes here
                with self._lock:
                    if to_server and self._armed is not None and self._armed in data:
                        self._armed = None
                        self._tripped.add(dst)
                    lost = not to_server and src in self._tripped
                if lost:
                    self.cut()
                    return
                dst.sendall(data)
        except OSError:
            pass
        finally:
            self._close(src)
            self._close(dst)

    def _close(self, sock: socket.socket) -> None:
        with self._lock:
            self._open.discard(sock)
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            sock.close()

    def cut(self) -> None:
        with self._lock:
            self.up = False
            socks = list(self._open)
        for sock in socks:
            self._close(sock)

    def stall(self) -> None:
        self._flowing.clear()

    def lose_reply_to(self, marker: bytes) -> None:
        with self._lock:
            self._armed = marker

    def restore(self) -> None:
        with self._lock:
            self._armed = None
            self._tripped.clear()
        self.up = True
        self._flowing.set()

    def stop(self) -> None:
        self._stopped = True
        self._flowing.set()
        self.cut()
        with contextlib.suppress(OSError):
            self.listener.close()


@contextmanager
def proxied(url: str) -> Iterator[tuple[str, Proxy]]:
    """``url`` (postgresql://user@host:port/db) rewritten to go through a new :class:`Proxy`."""
    head, _, rest = url.partition("://")
    auth, _, tail = rest.partition("@")
    hostport, _, db = tail.partition("/")
    host, _, port = hostport.partition(":")
    proxy = Proxy((host, int(port or 5432)))
    try:
        yield f"{head}://{auth}@127.0.0.1:{proxy.port}/{db}", proxy
    finally:
        proxy.stop()
