"""What helps a host invite people: a link drawn as a QR code, made here on the server (no other
service sees the link). The link travels in the request's body, never in a URL a log could keep."""

from __future__ import annotations

from typing import Any

import segno
from fastapi import APIRouter

from .protocol import QrRequest

router = APIRouter()


@router.post("/api/qr")
async def qr_code(body: QrRequest) -> Any:
    """The QR code of ``text`` as rows of dark (1) and light (0) modules, quiet zone left to the page
    (which draws it as an SVG path: no image or inline script for a strict content policy)."""
    code = segno.make_qr(body.text, error="m")
    rows = ["".join("1" if dark else "0" for dark in row) for row in code.matrix]
    return {"size": len(rows), "rows": rows}
