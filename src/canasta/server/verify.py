"""``canasta verify`` on the server, for anyone: a record against its commitments, or a fair game's
commitments alone (the hands revealed so far)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter

from ..errors import CanastaError
from ..tournament.fair import verify_files
from .protocol import VerifyDeals
from .refusals import Refusal

router = APIRouter()


@router.post("/api/verify")
async def verify(body: VerifyDeals) -> Any:
    if body.record is None and body.commitments is None:
        raise Refusal("verify_nothing")
    try:
        verdict = verify_files(json.dumps(body.record if body.record is not None else body.commitments),
                               None if body.record is None or body.commitments is None
                               else json.dumps(body.commitments))
    except CanastaError as e:
        raise Refusal.because("bad_verify", e) from e
    return {"ok": verdict.ok, "lines": list(verdict.lines)}
