"""What helps a host invite people: a link drawn as a QR code, made here on the server (no other
service sees the link). The link travels in the request's body, never in a URL a log could keep."""

from __future__ import annotations

import asyncio
from typing import Any

import segno
from fastapi import APIRouter, Request

from .access import hub_of
from .limits import address_of
from .protocol import QrRequest
from .refusals import Refusal

router = APIRouter()


@router.post("/api/qr")
async def qr_code(request: Request, body: QrRequest) -> Any:
    """The QR code of ``text`` as rows of dark (1) and light (0) modules, quiet zone left to the page
    (which draws it as an SVG path: no image or inline script for a strict content policy). Drawing
    one takes 30 to 60 ms: off the event loop, and a few a second per address (issue 31)."""
    if not hub_of(request).guards.qr_codes.take(address_of(request)):
        raise Refusal("too_many_qr")
    rows = await asyncio.to_thread(_matrix, body.text)
    return {"size": len(rows), "rows": rows}


def _matrix(text: str) -> list[str]:
    code = segno.make_qr(text, error="m")
    return ["".join("1" if dark else "0" for dark in row) for row in code.matrix]
