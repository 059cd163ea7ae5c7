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
from ..i18n import Catalogue
from ..scoresheet import MAX_CARRIED, ScoreSheet, SheetError, entry_fields, refusal
from . import documents
from .language import catalogue_of, csv_download
from .protocol import Name, Strict, clean_name
from .refusals import Refusal
from .rulesets import build_rules, title_in
from .urls import link

router = APIRouter()

Who = Annotated[str, Field(min_length=1, max_length=40)]


class NewSheet(Strict):
    """A new sheet; ``carried`` and ``first_hand`` for a game going on from another sheet (the totals
    carried in, one per side, and the number in the game of the sheet's first hand, from 1)."""

    preset: Annotated[str, Field(min_length=1, max_length=40)]
    players: Annotated[int, Field(ge=2, le=6)] | None = None
    overrides: dict[str, Any] = Field(default_factory=dict)
    names: Annotated[list[Name], Field(min_length=2, max_length=3)] | None = None
    carried: Annotated[list[Any], Field(max_length=3)] | None = None
    first_hand: Any = None

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


def sheet_view(sheet_id: str, sheet: ScoreSheet, version: int, cat: Catalogue) -> dict[str, Any]:
    """Everything the page shows: the lines to ask, each hand as entered and as scored, the totals,
    the next opening minimums, the winner and the corrections' log; the rule set's title in ``cat``'s
    language (the reader's)."""
    r = sheet.rules
    results = sheet.results()
    first = sheet.first_hand
    return {
        "id": sheet_id, "version": version, "preset": r.name, "title": title_in(cat, r.name),
        "names": sheet.names,
        "target": r.target_score, "game_hands": r.game_hands,
        # each line in English and as a message (key, data) the page says in its reader's language
        "fields": [f.to_dict() for f in entry_fields(r)],
        # ``n``: the hand's number in the game (a sheet carried over starts later than 1)
        "hands": [{"n": first + i + 1, "entries": sheet.entries[i], "who": sheet.entered_by[i][0],
                   "at": sheet.entered_by[i][1], **h.to_dict()} for i, h in enumerate(results)],
        "carried": list(sheet.start_scores) if sheet.carried else None, "first_hand": first + 1,
        "scores": list(sheet.scores), "minimums": list(sheet.minimums()), "winner": sheet.winner,
        "moral_winner": sheet.moral_winner,
        "log": [c.to_dict() | {"n": first + c.hand + 1} for c in sheet.log],
    }


def _refused(e: SheetError, request: Request, sheet: ScoreSheet | None = None) -> Refusal:
    """A sheet's refusal as the sheet says it: its code, data and English sentence; a line it names
    (``line``) and the rule set (``rules``) are given in the reader's words, for the sentence said in
    their language."""
    data = dict(e.data)
    if sheet is not None and ("line" in data or "rules" in data):
        cat = catalogue_of(request)
        fields = {f.name: f for f in entry_fields(sheet.rules)}
        f = fields.get(str(data.get("line")))
        if f is not None:
            data["line"] = cat.say(f.key, f.data, f.label)
        if "rules" in data:
            data["rules"] = cat.say(f"preset.{sheet.rules.name}.title", {}, sheet.rules.name)
    return Refusal(e.code, data, e.message)


def _whole(value: Any, code: str) -> int:
    """A number typed on the page ("3,330" too); anything else is refused with the sheet's words."""
    if isinstance(value, str) and value.strip().lstrip("-").replace(",", "").isdigit():
        return int(value.strip().replace(",", ""))
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise refusal(code, most=MAX_CARRIED, value=repr(value)[:20])


async def _load(request: Request, sheet_id: str) -> tuple[ScoreSheet, int]:
    doc, version = await documents.load(request, "sheet", sheet_id)
    return ScoreSheet.from_dict(doc), version


async def _save(request: Request, sheet_id: str, sheet: ScoreSheet, version: int,
                seen: int) -> dict[str, Any]:
    new = await documents.save(request, "sheet", sheet_id, sheet.to_dict(), version, seen)
    return sheet_view(sheet_id, sheet, new, catalogue_of(request))


@router.post("/api/sheets", status_code=201)
async def new_sheet(request: Request, body: NewSheet) -> Any:
    try:
        r = build_rules(body.preset, body.players, body.overrides)
    except CanastaError as e:
        raise Refusal.because("bad_rules", e) from e
    try:
        first = 1 if body.first_hand in (None, "") else _whole(body.first_hand, "start_hand")
        carried = () if not body.carried else tuple(_whole(x, "start_total") for x in body.carried)
        sheet = ScoreSheet(r, body.names or [], start_scores=carried, first_hand=first - 1)
    except SheetError as e:
        raise _refused(e, request) from e
    sheet_id, token = await documents.create(request, "sheet", sheet.to_dict())
    return {"sheet_id": sheet_id, "token": token, "link": link(request, f"/score/{sheet_id}#t={token}"),
            "sheet": sheet_view(sheet_id, sheet, 0, catalogue_of(request))}


@router.get("/api/sheets/{sheet_id}")
async def get_sheet(request: Request, sheet_id: str) -> Any:
    sheet, version = await _load(request, sheet_id)
    return sheet_view(sheet_id, sheet, version, catalogue_of(request))


@router.post("/api/sheets/{sheet_id}/hands")
async def add_hand(request: Request, sheet_id: str, body: HandEntry) -> Any:
    sheet, version = await _load(request, sheet_id)
    try:
        sheet.add_hand(body.entries, who=clean_name(body.who or ""))
    except SheetError as e:
        raise _refused(e, request, sheet) from e
    return await _save(request, sheet_id, sheet, version, body.version)


@router.post("/api/sheets/{sheet_id}/hands/{hand}")
async def correct_hand(request: Request, sheet_id: str, hand: int, body: Correction) -> Any:
    sheet, version = await _load(request, sheet_id)
    try:
        sheet.correct(sheet.hand_index(hand), body.side, body.changes, clean_name(body.who))
    except SheetError as e:
        raise _refused(e, request, sheet) from e
    return await _save(request, sheet_id, sheet, version, body.version)


@router.post("/api/sheets/{sheet_id}/remove-last")
async def remove_last(request: Request, sheet_id: str, body: RemoveLast) -> Any:
    sheet, version = await _load(request, sheet_id)
    try:
        sheet.remove_last(clean_name(body.who))
    except SheetError as e:
        raise _refused(e, request, sheet) from e
    return await _save(request, sheet_id, sheet, version, body.version)


@router.get("/api/sheets/{sheet_id}/csv")
async def sheet_csv(request: Request, sheet_id: str) -> Response:
    """The sheet as one CSV file for the reader's spreadsheet: headings (and the concealed column's
    yes / no) in the reader's language, the numbers plain digits it reads as numbers."""
    sheet, _version = await _load(request, sheet_id)
    return csv_download(request, sheet.rows(catalogue_of(request).text), f"canasta-sheet-{sheet_id}.csv")
