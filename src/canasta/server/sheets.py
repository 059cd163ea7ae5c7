"""Score sheets of paper games over HTTP: the score keeper's page stores its sheets here.

The arithmetic is the engine's (``canasta.scoresheet``, which prices each hand with the scoring an
online hand uses); this module only checks who may write, stores the sheet, and refuses a write
made on an older copy of the sheet (two phones at one table), so that no entry is lost.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from pydantic import Field, field_validator

from ..errors import CanastaError
from ..presets import preset_title
from ..scoresheet import ScoreSheet, SheetError, entry_fields
from . import documents
from .protocol import Name, Strict, clean_name
from .refusals import Refusal
from .rulesets import build_rules
from .urls import link

router = APIRouter()

Who = Annotated[str, Field(min_length=1, max_length=40)]


class NewSheet(Strict):
    preset: Annotated[str, Field(min_length=1, max_length=40)]
    players: Annotated[int, Field(ge=2, le=6)] | None = None
    overrides: dict[str, Any] = Field(default_factory=dict)
    names: Annotated[list[Name], Field(min_length=2, max_length=3)] | None = None

    @field_validator("names")
    @classmethod
    def _names(cls, v: list[str] | None) -> list[str] | None:
        return None if v is None else [clean_name(x) for x in v]


class HandEntry(Strict):
    entries: Annotated[list[dict[str, Any]], Field(min_length=2, max_length=3)]
    who: Who | None = None
    version: Annotated[int, Field(ge=0)]


class Correction(Strict):
    side: Annotated[int, Field(ge=0, le=2)]
    changes: Annotated[dict[str, Any], Field(min_length=1, max_length=60)]
    who: Who
    version: Annotated[int, Field(ge=0)]


class RemoveLast(Strict):
    who: Who
    version: Annotated[int, Field(ge=0)]


def sheet_view(sheet_id: str, sheet: ScoreSheet, version: int) -> dict[str, Any]:
    """Everything the page shows: the lines to ask, each hand as entered and as scored, the totals,
    the next opening minimums, the winner and the corrections' log."""
    r = sheet.rules
    results = sheet.results()
    return {
        "id": sheet_id, "version": version, "preset": r.name, "title": preset_title(r.name),
        "names": sheet.names,
        "target": r.target_score, "game_hands": r.game_hands,
        # each line in English and as a message (key, data) the page says in its reader's language
        "fields": [{"name": f.name, "kind": f.kind, "label": f.label, "help": f.help,
                    "key": f.key, "data": dict(f.data), "help_key": f.help_key,
                    "common": f.common} for f in entry_fields(r)],
        "hands": [{"n": i + 1, "entries": sheet.entries[i], "who": sheet.entered_by[i][0],
                   "at": sheet.entered_by[i][1], **h.to_dict()} for i, h in enumerate(results)],
        "scores": list(sheet.scores), "minimums": list(sheet.minimums()), "winner": sheet.winner,
        "log": [c.to_dict() for c in sheet.log],
    }


async def _load(request: Request, sheet_id: str) -> tuple[ScoreSheet, int]:
    doc, version = await documents.load(request, "sheet", sheet_id)
    return ScoreSheet.from_dict(doc), version


async def _save(request: Request, sheet_id: str, sheet: ScoreSheet, version: int,
                seen: int) -> dict[str, Any]:
    new = await documents.save(request, "sheet", sheet_id, sheet.to_dict(), version, seen)
    return sheet_view(sheet_id, sheet, new)


@router.post("/api/sheets", status_code=201)
async def new_sheet(request: Request, body: NewSheet) -> Any:
    try:
        r = build_rules(body.preset, body.players, body.overrides)
        sheet = ScoreSheet(r, body.names or [])
    except CanastaError as e:
        raise Refusal.because("bad_rules", e) from e
    sheet_id, token = await documents.create(request, "sheet", sheet.to_dict())
    return {"sheet_id": sheet_id, "token": token, "link": link(request, f"/score/{sheet_id}#t={token}"),
            "sheet": sheet_view(sheet_id, sheet, 0)}


@router.get("/api/sheets/{sheet_id}")
async def get_sheet(request: Request, sheet_id: str) -> Any:
    sheet, version = await _load(request, sheet_id)
    return sheet_view(sheet_id, sheet, version)


@router.post("/api/sheets/{sheet_id}/hands")
async def add_hand(request: Request, sheet_id: str, body: HandEntry) -> Any:
    sheet, version = await _load(request, sheet_id)
    try:
        sheet.add_hand(body.entries, who=clean_name(body.who or ""))
    except SheetError as e:
        raise Refusal.because("bad_entry", e) from e
    return await _save(request, sheet_id, sheet, version, body.version)


@router.post("/api/sheets/{sheet_id}/hands/{hand}")
async def correct_hand(request: Request, sheet_id: str, hand: int, body: Correction) -> Any:
    sheet, version = await _load(request, sheet_id)
    try:
        sheet.correct(hand - 1, body.side, body.changes, clean_name(body.who))
    except SheetError as e:
        raise Refusal.because("bad_entry", e) from e
    return await _save(request, sheet_id, sheet, version, body.version)


@router.post("/api/sheets/{sheet_id}/remove-last")
async def remove_last(request: Request, sheet_id: str, body: RemoveLast) -> Any:
    sheet, version = await _load(request, sheet_id)
    try:
        sheet.remove_last(clean_name(body.who))
    except SheetError as e:
        raise Refusal.because("bad_entry", e) from e
    return await _save(request, sheet_id, sheet, version, body.version)


@router.get("/api/sheets/{sheet_id}/csv")
async def sheet_csv(request: Request, sheet_id: str) -> Response:
    sheet, _version = await _load(request, sheet_id)
    return Response(sheet.csv(), media_type="text/csv; charset=utf-8", headers={
        "content-disposition": f'attachment; filename="canasta-sheet-{sheet_id}.csv"'})
