"""The web app: one router per resource, the refusals' answers, the request limits and security
headers, and the hub's life (docs/server-protocol.md lists the routes).

Tokens travel in an ``Authorization`` header or in the first WebSocket message, never in a URL a log
could keep (links hold them after ``#``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from . import (
    events,
    games,
    invites,
    language,
    lobby,
    pages,
    rulesets,
    season,
    sheets,
    table_socket,
    tables,
    verify,
)
from .config import ServerConfig
from .hub import Hub
from .limits import BodyLimit
from .protocol import field_problem
from .refusals import Refusal
from .security import DOCS, SecurityHeaders
from .urls import for_config

MAX_BODY = 64 * 1024
ROUTERS = (rulesets.router, tables.router, games.router, verify.router, table_socket.router, sheets.router,
           events.router, season.router, invites.router, language.router, lobby.router, pages.router)


def refused(r: Refusal, request: Request | None = None) -> JSONResponse:
    """The HTTP answer to a refusal: its status, and ``{"error": {"code", "message", "data"}}``, the
    message in the reader's language (:func:`~canasta.server.language.language_of`)."""
    body = r.body()
    if request is not None:
        body["message"] = language.catalogue_of(request).refusal(r.code, r.data, r.message)
    return JSONResponse({"error": body}, status_code=r.status)


def create_app(config: ServerConfig | None = None, hub: Hub | None = None) -> FastAPI:
    cfg = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        h = hub or Hub(cfg)
        app.state.hub = h
        await h.start()
        try:
            yield
        finally:
            await h.stop()

    app = FastAPI(title="canasta", lifespan=lifespan, redoc_url=None,
                  docs_url=DOCS if cfg.api_docs else None,
                  openapi_url="/api/openapi.json" if cfg.api_docs else None)
    app.state.addresses = for_config(cfg)   # the address every link is made on (urls.py)

    @app.exception_handler(Refusal)
    async def _refusal(request: Request, r: Refusal) -> JSONResponse:
        return refused(r, request)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, e: RequestValidationError) -> JSONResponse:
        return refused(Refusal("bad_request", field_problem(e)), request)

    for router in ROUTERS:
        app.include_router(router)
    pages.mount_static(app)
    app.add_middleware(BodyLimit, most=MAX_BODY)
    app.add_middleware(SecurityHeaders)
    return app
