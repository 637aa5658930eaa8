"""Which hosts ``serve`` may bind without a token, and which ``Host`` headers it answers.

A browser sends the name it resolved in ``Host``: a page of another site whose name an attacker
points at this server's address (DNS rebinding) sends that site's name. Answering only the
names this server is known by keeps such pages from reading the corpus.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable, Sequence

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
_WILDCARD_BINDS = ("0.0.0.0", "::", "")


def is_loopback(host: str) -> bool:
    """True for localhost and loopback addresses (127.0.0.0/8, ::1); any other name or address
    may be reachable from the network."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def default_allowed_hosts(bound: str) -> tuple[str, ...]:
    """The ``Host`` names a server bound to ``bound`` answers by default: the loopback names, the
    bound host itself and, for a wildcard bind (``0.0.0.0``, ``::``), this machine's name, its
    fully qualified name and the addresses they resolve to."""
    names = [*LOOPBACK_NAMES]
    if bound.strip("[]") in _WILDCARD_BINDS:
        try:
            own = socket.gethostname()
            names += [own, socket.getfqdn(own), *socket.gethostbyname_ex(own)[2]]
        except OSError:
            pass
    else:
        names.append(bound)
    return normalise_hosts(names)


def normalise_hosts(names: Iterable[str]) -> tuple[str, ...]:
    """Host names lowercased, IPv6 brackets and a trailing dot removed, in order, once each."""
    out = (n.strip().lower().strip("[]").rstrip(".") for n in names)
    return tuple(dict.fromkeys(n for n in out if n))


def parse_allowed_hosts(values: Sequence[str]) -> tuple[str, ...]:
    """``--allowed-hosts`` values (each a comma-separated list; ``*.example.com`` matches its
    subdomains; ``*`` matches every host): the names, or ValueError naming a bad one."""
    names = normalise_hosts(n for v in values for n in v.split(","))
    for name in names:
        if name != "*" and ("*" in name[1:] or (name.startswith("*") and not name.startswith("*."))
                            or any(c in name for c in "/ @")):
            raise ValueError(f"--allowed-hosts: {name!r} is not a host name ('example.com', '*.example.com' "
                             "or '*')")
    return names


def header_host(value: str) -> str:
    """The host of a ``Host`` header, without its port: ``[::1]:8000`` -> ``::1``."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def host_allowed(value: str, allowed: Sequence[str]) -> bool:
    """Does the ``Host`` header ``value`` name one of ``allowed`` (see ``parse_allowed_hosts``)?"""
    host = header_host(value).rstrip(".")
    if not host:
        return False
    return any(a == "*" or host == a or (a.startswith("*.") and host.endswith(a[1:])) for a in allowed)
