"""Who may read what is for operators only: the addresses ``/metrics`` answers.

The metrics say how the server does (requests, their times, the database's errors, the bots'
decisions), nothing a player needs, and some of it is better not told to anyone who asks: so
``/metrics`` answers only the networks an operator allows, by default the machine itself (loopback,
where a local Prometheus or a tunnel scrapes). ``cardavia serve --metrics-from`` or the environment
variable :data:`METRICS_FROM_ENV` gives others: addresses and networks separated by commas
(``127.0.0.1,10.0.0.0/8,fd00::/8``), ``none`` for no one. The address compared is the request's
peer: behind a proxy, the client's address the proxy forwards (uvicorn trusts ``X-Forwarded-For``
from 127.0.0.1 only), so a visitor coming through nginx is a visitor, not loopback.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Sequence

METRICS_FROM_ENV = "CARDAVIA_METRICS_FROM"
LOOPBACK = "127.0.0.0/8,::1"

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class BadNetworks(ValueError):
    """A list of addresses that cannot be read: the message says why, in one line."""


def networks(text: str) -> tuple[Network, ...]:
    """The networks of ``text`` (addresses or CIDR networks, comma-separated; ``none``: none).

    Raises :class:`BadNetworks` for anything else (a host name, a network with host bits set).
    """
    text = text.strip()
    if text.lower() == "none":
        return ()
    out: list[Network] = []
    for part in text.split(","):
        try:
            out.append(ipaddress.ip_network(part.strip()))
        except ValueError:
            raise BadNetworks(
                f"the metrics' addresses are IP addresses or networks (127.0.0.1, 10.0.0.0/8, ::1), "
                f"comma-separated, or none; not {part.strip()[:60]!r}"
            ) from None
    return tuple(out)


def metrics_from(configured: str | None = None) -> tuple[Network, ...]:
    """The networks ``/metrics`` answers: ``configured`` (``serve --metrics-from``), else the
    environment's :data:`METRICS_FROM_ENV`, else loopback (:data:`LOOPBACK`)."""
    return networks(configured or os.environ.get(METRICS_FROM_ENV) or LOOPBACK)


def allowed(host: str | None, allow: Sequence[Network]) -> bool:
    """Whether a request from ``host`` (the peer's address, as the server sees it) may read them."""
    if host is None:
        return False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped  # an IPv4 peer on a dual-stack socket
    return any(address in network for network in allow)
