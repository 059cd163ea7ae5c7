"""Links others can open (issue 32): absolute on ``--public-url``, on a trusted proxy's forwarded
headers (and only a trusted one's), or on the request's own address, never ``localhost`` for a
server that listens on the network."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request

from canasta.server.app import create_app
from canasta.server.config import ServerConfig
from canasta.server.urls import AddressError, Addresses, networks, public_url


def request(client: str, host: str = "127.0.0.1:8000", scheme: str = "http", **headers: str) -> Request:
    raw = [(b"host", host.encode())]
    raw += [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()]
    return Request({"type": "http", "scheme": scheme, "method": "GET", "path": "/", "query_string": b"",
                    "headers": raw, "client": (client, 50000), "server": ("127.0.0.1", 8000)})


def test_the_public_url_wins_over_anything_a_request_says() -> None:
    a = Addresses(public=public_url("https://canasta.ourclub.org/"), trusted=networks(["127.0.0.1"]))
    r = request("127.0.0.1", x_forwarded_host="evil.example", x_forwarded_proto="http")
    assert a.link(r, "/table/X#t=abc") == "https://canasta.ourclub.org/table/X#t=abc"


def test_forwarded_headers_are_believed_only_from_a_named_proxy() -> None:
    a = Addresses(trusted=networks(["10.0.0.0/8"]))
    via_proxy = request("10.1.2.3", host="10.1.2.1:8000", x_forwarded_proto="https",
                        x_forwarded_host="canasta.ourclub.org")
    assert a.base(via_proxy) == "https://canasta.ourclub.org"
    rfc = request("10.1.2.3", forwarded='for=203.0.113.9;proto=https;host="club.example:8443"')
    assert a.base(rfc) == "https://club.example:8443"
    stranger = request("203.0.113.9", host="canasta.ourclub.org", x_forwarded_host="evil.example",
                       x_forwarded_proto="https")
    assert a.base(stranger) == "http://canasta.ourclub.org"
    # the browser's address behind the proxy, for logs and limits
    assert a.client(request("10.1.2.3", x_forwarded_for="198.51.100.7, 10.9.9.9")) == "198.51.100.7"
    assert a.client(request("203.0.113.9", x_forwarded_for="198.51.100.7")) == "203.0.113.9"


def test_a_loopback_host_becomes_the_network_address_when_serving_every_network() -> None:
    lan = Addresses(listen_host="0.0.0.0", lan=["192.0.2.10"])
    assert lan.base(request("127.0.0.1", host="localhost:8000")) == "http://192.0.2.10:8000"
    assert lan.base(request("192.0.2.20", host="192.0.2.10:8000")) == "http://192.0.2.10:8000"
    alone = Addresses(listen_host="127.0.0.1", lan=["192.0.2.10"])
    assert alone.base(request("127.0.0.1", host="localhost:8000")) == "http://localhost:8000"
    # a Host header that is not a host name is not copied into a link
    assert "<" not in alone.base(request("127.0.0.1", host="x/<script>"))


@pytest.mark.parametrize("bad", ["canasta.ourclub.org", "ftp://x.org", "https://x.org/canasta",
                                 "https://x.org/?a=1", "https://user:pw@x.org"])
def test_a_public_url_that_cannot_be_used_is_refused(bad: str) -> None:
    with pytest.raises(AddressError):
        public_url(bad)
    with pytest.raises(AddressError):
        networks(["not-an-address"])


def test_every_link_the_api_makes_is_absolute_on_the_public_url(tmp_path: Path) -> None:
    cfg = ServerConfig(data_dir=tmp_path, bot_delay=0, bot_workers=0, public_url="https://canasta.ourclub.org")
    base = "https://canasta.ourclub.org/"
    with TestClient(create_app(cfg)) as c:
        t: dict[str, Any] = c.post("/api/tables", json={"preset": "classic", "seats": [
            {"kind": "person", "name": "Ann"}, {"kind": "bot"}, {"kind": "person", "name": "Bob"},
            {"kind": "bot"}]}).json()
        links = [t["links"]["host"], t["links"]["spectator"], *t["links"]["seats"].values()]
        assert all(x.startswith(base + "table/") or x.startswith(base + "host/") for x in links), links
        seat = c.post(f"/api/tables/{t['table_id']}/seats/1", json={"kind": "person", "name": "Cy"},
                      headers={"authorization": f"Bearer {t['host_token']}"}).json()
        assert seat["link"].startswith(base + "table/")
        sheet = c.post("/api/sheets", json={"preset": "classic"}).json()
        assert sheet["link"].startswith(base + "score/")
        ev = c.post("/api/events", json={"pairs": ["A & B", "C & D", "E & F", "G & H"]}).json()
        assert ev["link"].startswith(base + "event/") and ev["clock_link"].startswith(base + "event/")
        online = c.post(f"/api/events/{ev['event_id']}/rounds/1/online", json={},
                        headers={"authorization": f"Bearer {ev['token']}"}).json()
        for tb in online["tables"]:
            assert tb["spectator"].startswith(base + "table/")
            assert all(x.startswith(base + "table/") for x in tb["seats"].values())
