"""The reader's language: chosen on the page (a cookie), else the browser's ``Accept-Language``;
and the pages' catalogue in it (``GET /api/messages/{lang}``, compiled from the same gettext
catalogue as every other sentence, see :mod:`canasta.i18n`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import JSONResponse, Response

from ..i18n import Catalogue, catalogue, known, language_name, languages, negotiate
from ..i18n.spreadsheet import Cell, Spreadsheet, spreadsheet_for

COOKIE = "canasta_lang"
COOKIE_AGE = 365 * 24 * 3600   # a year, as the page's switch keeps it (i18n.js chooseLanguage)
router = APIRouter()


def language_of(request: Request | WebSocket, asked: str | None = None) -> str:
    """``asked`` (a page's ``?lang=``), else the page's switch (the cookie), else the browser's."""
    return (known(asked) or known(request.query_params.get("lang")) or known(request.cookies.get(COOKIE))
            or negotiate(request.headers.get("accept-language")))


def remember_asked(request: Request, response: Response) -> None:
    """A page opened with a known ``?lang=`` keeps that language as chosen: the cookie comes with
    the page itself, so that the next page (or a request the page makes) is in it even when it is
    opened before this page's script has run (a link followed at once; issue 37)."""
    asked = known(request.query_params.get("lang"))
    if asked is not None and asked != request.cookies.get(COOKIE):
        response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, path="/", samesite="lax")


def catalogue_of(request: Request | WebSocket, asked: str | None = None) -> Catalogue:
    return catalogue(language_of(request, asked))


def spreadsheet_of(request: Request) -> Spreadsheet:
    """How the reader's spreadsheet reads a CSV file (:mod:`canasta.i18n.spreadsheet`): from the
    browser's own tag for the reader's language where it names a region (``es-MX`` writes ``1.5``,
    so ``,``), else from the reader's language (``es``: ``;``)."""
    lang = language_of(request)
    tags = [part.split(";")[0].strip() for part in request.headers.get("accept-language", "").split(",")]
    regional = [t for t in tags if "-" in t and t.split("-")[0].lower() == lang.split("-")[0].lower()]
    return spreadsheet_for(*regional[:1], lang)


def csv_download(request: Request, rows: Iterable[Sequence[Cell]], name: str,
                 dialect: Spreadsheet | None = None) -> Response:
    """A CSV file to download, written for the reader's spreadsheet (or in ``dialect``)."""
    text = (dialect or spreadsheet_of(request)).text(rows)
    return Response(text, media_type="text/csv; charset=utf-8", headers={
        "content-disposition": f'attachment; filename="{name}"', "vary": "accept-language, cookie"})


@router.get("/api/messages/{lang}")
async def page_messages(request: Request, lang: str) -> Any:
    """The pages' words in ``lang`` (``auto``: the reader's language), with the languages a page's
    switch offers."""
    cat = catalogue_of(request, None if lang == "auto" else lang)
    body: dict[str, Any] = cat.page_catalogue()
    body["languages"] = [{"tag": tag, "name": language_name(tag)} for tag in languages()]
    return JSONResponse(body, headers={"cache-control": "no-cache", "vary": "accept-language, cookie"})
