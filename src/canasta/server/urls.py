"""The address other people reach the server at, for every link the server makes.

An invite link must open on the invited person's computer, so it cannot be built from whatever the
host's own browser used (``localhost`` opens nowhere else). In order of precedence:

1. ``--public-url`` (``https://canasta.ourclub.org``): the address the club publishes; nothing a
   request says can change it.
2. A reverse proxy the admin names (``--trusted-proxy 127.0.0.1``): its ``Forwarded`` or
   ``X-Forwarded-Proto``/``X-Forwarded-Host`` headers say how the browser reached the proxy. The same
   headers from any other address are ignored (anyone can send them).
3. The request's own scheme and ``Host``; when that is a loopback name and the server listens on
   every interface, the computer's network address instead, so that the links work for the others
   on the network.
"""

from __future__ import annotations

import ipaddress
import re
import socket
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

from ..errors import CanastaError
from .admin_errors import admin_error
from .config import ServerConfig

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}
ALL_INTERFACES = {"0.0.0.0", "::", ""}
_HOST = re.compile(r"^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]{1,253})(:\d{1,5})?$")


class AddressError(CanastaError, ValueError):
    """A public URL or a proxy address that cannot be used: a code and its data
    (:mod:`.admin_errors`), the message the English sentence naming it."""


def public_url(text: str) -> str:
    """``text`` checked as the server's public address: http(s), a host, no query or fragment; no
    trailing slash. A path is kept (a server behind a proxy at ``/canasta`` is not supported by the
    pages, so it is refused)."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise admin_error(AddressError, "address_public_whole", value=repr(text))
    if parts.query or parts.fragment or parts.path not in ("", "/") or parts.username or parts.password:
        raise admin_error(AddressError, "address_public_host", value=repr(text))
    return f"{parts.scheme}://{parts.netloc}"


def networks(items: Iterable[str]) -> tuple[IPNetwork, ...]:
    """The proxies' addresses (``127.0.0.1``, ``10.0.0.0/8``, ``::1``) as networks."""
    out = []
    for item in items:
        try:
            out.append(ipaddress.ip_network(item.strip(), strict=False))
        except ValueError as e:
            raise admin_error(AddressError, "address_proxy", value=repr(item)) from e
    return tuple(out)


def is_loopback_host(host: str) -> bool:
    name = host.strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def network_addresses() -> list[str]:
    """This computer's addresses that other computers can reach (IPv4, neither loopback nor
    link-local), found without sending anything."""
    found: list[str] = []
    if sys.platform.startswith("linux"):
        found += _linux_addresses()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    out: list[str] = []
    for a in found:
        ip = ipaddress.ip_address(a)
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified) and a not in out:
            out.append(a)
    return out


def _linux_addresses() -> list[str]:
    """Each interface's IPv4 address (the SIOCGIFADDR ioctl): no network traffic."""
    import fcntl
    import struct

    out = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _index, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))
            except OSError:   # an interface without an IPv4 address
                continue
            out.append(socket.inet_ntoa(packed[20:24]))
    return out


def _first_forwarded(value: str) -> dict[str, str]:
    """The first element of an RFC 7239 ``Forwarded`` header, the one the proxy facing the browser
    wrote: ``for=1.2.3.4;proto=https;host=x`` as ``{"for": ..., "proto": ..., "host": ...}``."""
    out: dict[str, str] = {}
    for pair in value.split(",")[0].split(";"):
        key, sep, val = pair.strip().partition("=")
        if sep:
            out[key.lower()] = val.strip().strip('"')
    return out


@dataclass
class Addresses:
    """How this server is reached: the base of every absolute link it makes."""

    public: str | None = None                              # checked by public_url()
    trusted: tuple[IPNetwork, ...] = ()
    listen_host: str = "127.0.0.1"
    lan: list[str] = field(default_factory=list)           # network_addresses() when listening on all

    def trusts(self, peer: str | None) -> bool:
        if not peer or not self.trusted:
            return False
        try:
            ip = ipaddress.ip_address(peer)
        except ValueError:
            return False
        return any(ip in n for n in self.trusted)

    def base(self, conn: HTTPConnection) -> str:
        """``scheme://host[:port]`` of the links made for this request (no trailing slash)."""
        if self.public:
            return self.public
        headers = conn.headers
        scheme, host = conn.url.scheme, headers.get("host", "")
        if self.trusts(conn.client.host if conn.client else None):
            fwd = _first_forwarded(headers.get("forwarded", ""))
            proto = fwd.get("proto") or headers.get("x-forwarded-proto", "").split(",")[0].strip()
            fhost = fwd.get("host") or headers.get("x-forwarded-host", "").split(",")[0].strip()
            port = headers.get("x-forwarded-port", "").split(",")[0].strip()
            if proto in ("http", "https"):
                scheme = proto
            if fhost and _HOST.match(fhost):
                host = fhost
                if port.isdigit() and ":" not in fhost.rsplit("]", 1)[-1]:
                    host = f"{fhost}:{port}"
        scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
        if not _HOST.match(host):   # no Host header, or one that is not a host name
            host = "localhost" + (f":{conn.url.port}" if conn.url.port else "")
        where = urlsplit(f"//{host}")
        if is_loopback_host(where.hostname or "") and self.listen_host in ALL_INTERFACES and self.lan:
            host = self.lan[0] + (f":{where.port}" if where.port else "")
        return f"{scheme}://{host}"

    def link(self, conn: HTTPConnection, path: str) -> str:
        """The absolute link to ``path`` (``/table/ID#t=...``)."""
        return self.base(conn) + path

    def client(self, conn: HTTPConnection) -> str | None:
        """The browser's address: the peer's, or behind a trusted proxy the last address in
        ``X-Forwarded-For`` that is not itself a trusted proxy."""
        peer = conn.client.host if conn.client else None
        if not self.trusts(peer):
            return peer
        chain = [a.strip() for a in headers_list(conn, "x-forwarded-for")]
        for a in reversed(chain):
            if not self.trusts(a):
                return a
        return chain[0] if chain else peer


def headers_list(conn: HTTPConnection, name: str) -> list[str]:
    return [part for value in conn.headers.getlist(name) for part in value.split(",") if part.strip()]


def absolute(links: Any, base: str) -> Any:
    """``links`` (a path, or dicts of paths, as ``POST /api/tables`` answers) made absolute on ``base``."""
    if isinstance(links, str):
        return base + links if links.startswith("/") else links
    if isinstance(links, dict):
        return {k: absolute(v, base) for k, v in links.items()}
    return links


def addresses_of(conn: HTTPConnection) -> Addresses:
    """The app's :class:`Addresses` (``app.state.addresses``, set by ``create_app``)."""
    found = getattr(conn.app.state, "addresses", None)
    return found if isinstance(found, Addresses) else Addresses()


def link(conn: HTTPConnection, path: str) -> str:
    """The absolute link to ``path`` for this request: the one helper every route uses."""
    return addresses_of(conn).link(conn, path)


def for_config(cfg: ServerConfig) -> Addresses:
    """The addresses of a server with these settings (AddressError for a bad URL or proxy)."""
    return Addresses(public_url(cfg.public_url) if cfg.public_url else None, networks(cfg.trusted_proxies),
                     cfg.listen_host, network_addresses() if cfg.listen_host in ALL_INTERFACES else [])
