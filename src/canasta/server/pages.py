"""The pages, each one static file by its route (the pages read ids and tokens themselves), and the
static files they load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from .language import remember_asked

# Every page by its route.
PAGES = {
    "/": "index.html",                            # home: play against bots, private table, join, ...
    "/table/{table_id}": "table.html",            # the game table (#t=seat or spectator token)
    "/host/{table_id}": "host.html",              # the host's seats, links and next game
    "/replay/{table_id}/{game_no}": "replay.html",  # a finished game, step by step
    "/rules/{preset}": "rules.html",              # the printable rules card
    "/fair": "fair.html",                         # how a player checks a deal (docs/fair-deal.md)
    "/score": "score.html",                       # a new score sheet of a paper game
    "/score/{sheet_id}": "score.html",            # the score sheet
    "/event": "event.html",                       # a new tournament event
    "/event/{event_id}": "event.html",            # the director's page
    "/event/{event_id}/clock": "clock.html",      # the big-screen clock
    "/event/{event_id}/bracket": "bracket.html",  # a knockout's bracket, for the big screen and print
    "/club": "club.html",                         # a new club: its roster and season
    "/club/{club_id}": "club.html",               # the club's page: roster, nights, season (#t=)
    "/results/{club_id}": "results.html",         # the season's results, read-only (#k=)
    "/results/{club_id}/night/{n}": "results.html",  # one club night's results, read-only (#k=)
    "/lobby": "lobby.html",                       # the tables playing now (every process)
}


def static_dir() -> Path:
    from ..web import STATIC

    return STATIC


def _page(name: str) -> Any:
    async def endpoint(request: Request) -> Response:
        path = static_dir() / name
        if not path.is_file():
            return HTMLResponse(f"<!doctype html><title>canasta</title><p>{name} is not built.</p>", 404)
        page = FileResponse(path, media_type="text/html", headers={"cache-control": "no-cache"})
        remember_asked(request, page)   # "?lang=es" is kept before the page's script runs
        return page
    return endpoint


router = APIRouter(include_in_schema=False)
for _route, _name in PAGES.items():
    router.add_api_route(_route, _page(_name), methods=["GET"])


def mount_static(app: FastAPI) -> None:
    static = static_dir()
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")
