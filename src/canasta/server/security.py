"""What a public site sends with every answer, and whose pages may open a table's socket.

The pages load only their own scripts, styles and images, are never shown inside another site's
frame, and send no ``Referer`` (the seat tokens are in the links' fragments, which browsers never
send; no referrer keeps even the page's path to itself). A browser always says which page opens a
WebSocket (``Origin``): only the server's own pages (and the origins the host names, such as its
public address) may open a table's socket, so another site's page cannot act for a visitor.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS: dict[str, str] = {
    "content-security-policy": CSP,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
}
DOCS = "/api/docs"   # FastAPI's docs page loads its scripts from a CDN: no CSP there (when it is served)


class SecurityHeaders:
    """ASGI middleware adding :data:`HEADERS` to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = scope.get("path", "").startswith(DOCS)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _v in message.get("headers", [])}
                extra = [(k.encode(), v.encode()) for k, v in HEADERS.items()
                         if k.encode() not in have and not (docs and k == "content-security-policy")]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a socket opened by a page of ``origin`` may go on: no ``Origin`` (not a browser: a bot
    or a script, which holds its token itself), the server's own origin (the host the request was
    made to, and its port when the ``Host`` names one; behind a proxy that keeps ``Host``, the public
    name), or one the host allowed (``--origin``)."""
    if origin is None:
        return True
    if origin.rstrip("/").lower() in {a.rstrip("/").lower() for a in allowed}:
        return True
    o, h = urlsplit(origin), urlsplit(f"//{host or ''}")
    if o.scheme not in ("http", "https") or not o.hostname or not h.hostname:
        return False
    if o.hostname.lower() != h.hostname.lower():
        return False
    return h.port is None or (o.port or (443 if o.scheme == "https" else 80)) == h.port
