"""The site's own address: origins compared by scheme, host and port, and the configured public URL.

An origin is what a browser's ``Origin`` header names (RFC 6454): a scheme, a host and a port, the
port filled in from the scheme when it is left out, so that ``http://host`` and ``http://host:80``
are one origin while ``https://host`` and ``http://host:8000`` are two others.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

PUBLIC_URL_ENV = "CARDAVIA_PUBLIC_URL"
DEFAULT_PORTS = {"http": 80, "https": 443}

Origin = tuple[str, str, int]  # scheme, host (lower case), port


class BadPublicUrl(ValueError):
    """A public URL the site cannot build links on: the message says why, in one line."""


def origin_of(url: str) -> Origin | None:
    """The origin of ``url`` (an ``Origin`` header, or any http(s) URL), or None if it names none
    (``null``, another scheme, no host, a port that is not a number)."""
    try:
        parts = urlsplit(url.strip())
        scheme = parts.scheme.lower()
        host = (parts.hostname or "").lower()
        port = parts.port
    except ValueError:  # a port out of range or not a number, a bad IPv6 literal
        return None
    if scheme not in DEFAULT_PORTS or not host or parts.username is not None or parts.password is not None:
        return None
    return scheme, host, DEFAULT_PORTS[scheme] if port is None else port


def checked_public_url(url: str) -> str:
    """``url`` without its trailing slash, if the site can build links on it.

    Raises :class:`BadPublicUrl` for one that is not an http(s) URL of a host, or that carries a
    user, a query or a fragment.
    """
    parts = urlsplit(url.strip()) if origin_of(url) is not None else None
    if parts is None or parts.query or parts.fragment:
        raise BadPublicUrl(
            "the public URL must be http:// or https:// and a host (a port and a path may follow), "
            f"not {url!r}"
        )
    return url.strip().rstrip("/")


def public_url_from(configured: str | None = None) -> str | None:
    """The site's public URL: ``configured`` (``cardavia serve --public-url``), else the
    environment's :data:`PUBLIC_URL_ENV`, else None (none configured); see :func:`checked_public_url`."""
    url = configured or os.environ.get(PUBLIC_URL_ENV) or None
    return None if url is None else checked_public_url(url)
