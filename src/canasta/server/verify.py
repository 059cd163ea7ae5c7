"""``canasta verify`` on the server, for anyone: a record against its commitments, or a fair game's
commitments alone (the hands revealed so far).

Anyone may call it, with no token, so it is bounded: a record of at most ``verify_actions`` moves
(and the 64 KB of any request), a few calls a second from one address, ``verify_at_once`` replays
server-wide, and each replay in a worker (a process of its own) with a time limit, so that a long
replay never holds up a table."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Request

from ..error_words import reason_of
from ..errors import CanastaError
from ..tournament.fair import Verdict, verify_files
from .access import hub_of
from .language import catalogue_of
from .limits import address_of
from .protocol import VerifyDeals
from .refusals import Refusal

router = APIRouter()


def check(record: str, commitments: str | None) -> Verdict | dict[str, Any] | str:
    """``verify_files``, in the worker: the verdict, or the reason the files cannot be read (its code
    and data, said in the reader's language; the English where it has no code)."""
    try:
        return verify_files(record, commitments)
    except CanastaError as e:
        return reason_of(e)


@router.post("/api/verify")
async def verify(request: Request, body: VerifyDeals) -> Any:
    h = hub_of(request)
    limits = h.config.limits
    if body.record is None and body.commitments is None:
        raise Refusal("verify_nothing")
    if not h.guards.verifies.take(address_of(request)):
        raise Refusal("rate_limited")
    moves = body.record.get("actions") if body.record is not None else None
    if isinstance(moves, list) and len(moves) > limits.verify_actions:
        raise Refusal("verify_too_long", {"most": limits.verify_actions, "moves": len(moves)})
    if h.guards.replaying >= limits.verify_at_once:
        raise Refusal("verify_busy")
    record = json.dumps(body.record if body.record is not None else body.commitments)
    commitments = None if body.record is None or body.commitments is None else json.dumps(body.commitments)
    work = asyncio.get_running_loop().run_in_executor(h.guards.verifier(h.config.bot_workers), check,
                                                      record, commitments)
    h.guards.replaying += 1   # until the replay ends in the worker, even if nobody waits for it any more

    def done(_f: object) -> None:
        h.guards.replaying -= 1
    work.add_done_callback(done)
    try:
        verdict = await asyncio.wait_for(asyncio.shield(work), limits.verify_seconds)
    except TimeoutError as e:
        raise Refusal("verify_slow") from e
    if not isinstance(verdict, Verdict):
        raise Refusal("bad_verify", {"reason": verdict})
    cat = catalogue_of(request)
    return {"ok": verdict.ok, "lines": [cat.text(f"verify.{code}", data) for code, data in verdict.said]}
