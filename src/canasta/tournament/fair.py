"""A provably fair shuffle (issue 15): commit to each deal's seed before the deal, reveal it after.

Hand k of a game is dealt from ``hand_seed(seed, k)`` (``canasta.state``). Before play the server
publishes, per hand, ``sha256(salt + "/" + hand_seed)`` (hex; the salt is 32 random hex digits, so
a short seed cannot be found by trying seeds against the published hash). Anyone holding the reveals
can then check that every deal played was the one committed to (``verify_deals``, ``verify_reveals``,
``canasta verify``): a changed seed or salt no longer matches its commitment, and a record whose seed
was changed no longer replays.

When: a fair game's seed is ``"fair:<hex>"`` (``new_fair_seed``), whose hand seeds are one-way
hashes, so the server reveals hand n's seed and salt as soon as hand n ends: it proves that hand's
deal (``shuffled_pack`` gives the whole pack) and tells nothing about the game's seed or the hands to
come. An ordinary seed's hand seed is ``f"{seed}/{n}"``, which contains the game's seed, so such
games (older ones, or a seed chosen by the host) reveal only when the game is over.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from ..errors import CanastaError
from ..records import GameRecord, read_json
from ..state import FAIR_PREFIX, hand_seed
from .options import TournamentError

FORMAT = "canasta-commitments"


def new_fair_seed() -> str:
    """A fresh secret game seed whose hand seeds can be revealed one hand at a time (128 bits)."""
    return FAIR_PREFIX + secrets.token_hex(16)


def is_fair_seed(seed: object) -> bool:
    """Whether ``seed``'s hands may be revealed after each hand (``hand_seed`` hashes them)."""
    return isinstance(seed, str) and seed.startswith(FAIR_PREFIX)


def hands_to_reveal(seed: object, finished: int, over: bool) -> int:
    """How many hands' seeds may be published now: every finished hand of a fair game, all hands of a
    game that is over, none of an ordinary game still being played."""
    return finished if over or is_fair_seed(seed) else 0


def commitment(deal_seed: str, salt: str) -> str:
    """SHA-256 (hex) of the UTF-8 text ``salt + "/" + deal_seed``."""
    return hashlib.sha256(f"{salt}/{deal_seed}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Commitment:
    """Hand ``hand`` (from 1, as on the score sheet): the published hash; seed and salt once revealed."""

    hand: int
    sha256: str
    seed: str | None = None
    salt: str | None = None

    def published(self) -> dict[str, Any]:
        return {"hand": self.hand, "sha256": self.sha256}

    def revealed(self) -> dict[str, Any]:
        return {"hand": self.hand, "sha256": self.sha256, "seed": self.seed, "salt": self.salt}


def commit_game(seed: int | str, hands: int, salts: list[str] | None = None) -> list[Commitment]:
    """Commitments (with their secrets) for hands 1..``hands`` of a game dealt from ``seed``; commit to
    as many hands as the game can last (an NVSO game: 3, plus extra hands on a tie at time)."""
    if hands < 1:
        raise TournamentError(f"hands: {hands} (at least 1)")
    salts = salts if salts is not None else [secrets.token_hex(16) for _ in range(hands)]
    if len(salts) != hands:
        raise TournamentError(f"{len(salts)} salts for {hands} hands")
    return [Commitment(k + 1, commitment(hand_seed(seed, k), salts[k]), hand_seed(seed, k), salts[k])
            for k in range(hands)]


def salt_for(secret: str, hand: int) -> str:
    """Hand ``hand``'s salt (from 1) from one secret per game, so that a server keeps one value per
    game and can commit to as many hands as the game lasts."""
    return hashlib.sha256(f"{secret}/salt/{hand}".encode()).hexdigest()[:32]


def commit_hands(seed: int | str, secret: str, hands: int) -> list[Commitment]:
    """Commitments (with their secrets) for hands 1..``hands`` with the salts of ``secret``."""
    return commit_game(seed, hands, [salt_for(secret, k + 1) for k in range(hands)])


def commitments_dict(commits: list[Commitment], reveal: bool, revealed: int = 0) -> dict[str, Any]:
    """The commitments as published before play (``reveal=False``) or after it; ``revealed``: the
    hands 1..revealed are revealed in any case (a fair game's finished hands)."""
    return {"format": FORMAT, "version": 1,
            "deals": [c.revealed() if reveal or c.hand <= revealed else c.published() for c in commits]}


def commitments_json(commits: list[Commitment], reveal: bool, revealed: int = 0) -> str:
    """The file published before play (``reveal=False``) or after it (with seeds and salts)."""
    return json.dumps(commitments_dict(commits, reveal, revealed), indent=1)


def read_commitments(data: Any) -> list[Commitment]:
    """Commitments from a parsed JSON object: a commitments file, or a record holding them under
    ``"commitments"``."""
    if isinstance(data, dict) and "commitments" in data and data.get("format") != FORMAT:
        data = data["commitments"]
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("deals"), list):
        raise TournamentError(f"not a commitments file (a JSON object with format {FORMAT!r} and 'deals')")
    out = []
    for i, d in enumerate(data["deals"]):
        where = f"deal {i + 1}"
        if not isinstance(d, dict):
            raise TournamentError(f"{where}: an object with hand, sha256, seed and salt")
        hand, sha, seed, salt = d.get("hand"), d.get("sha256"), d.get("seed"), d.get("salt")
        if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
            raise TournamentError(f"{where}: 'hand' must be a hand number from 1")
        if not isinstance(sha, str) or len(sha) != 64 or any(c not in "0123456789abcdef" for c in sha):
            raise TournamentError(f"{where}: 'sha256' must be 64 lowercase hex digits")
        for key, v in (("seed", seed), ("salt", salt)):
            if v is not None and not isinstance(v, str):
                raise TournamentError(f"{where}: '{key}' must be text")
        out.append(Commitment(hand, sha, seed, salt))
    hands = [c.hand for c in out]
    if len(set(hands)) != len(hands):
        raise TournamentError(f"a hand is committed twice: {sorted(hands)}")
    return out


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    lines: tuple[str, ...]   # one per hand played, then the summary


def verify_deals(record: GameRecord, commits: list[Commitment]) -> Verdict:
    """Check every hand played in ``record`` against its commitment: the revealed seed hashes to the
    published hash, and it is the seed that dealt that hand (the record's seed, which must replay the
    record's actions: a changed record seed fails here)."""
    if record.start is not None:
        raise TournamentError("the record starts from a position, not from a seeded deal: nothing to verify")
    try:
        state = record.replay()
    except CanastaError as e:
        return Verdict(False, (f"the record does not replay: {e}",))
    played = len(state.results) + (0 if state.is_over else 1)
    by_hand = {c.hand: c for c in commits}
    lines, ok = [], True
    for k in range(played):
        c = by_hand.get(k + 1)
        actual = hand_seed(record.seed, k)
        if c is None:
            ok = False
            lines.append(f"hand {k + 1}: no commitment published")
        elif c.seed is None or c.salt is None:
            ok = False
            lines.append(f"hand {k + 1}: seed not revealed")
        elif commitment(c.seed, c.salt) != c.sha256:
            ok = False
            lines.append(f"hand {k + 1}: the revealed seed {c.seed!r} does not match the commitment "
                         f"{c.sha256[:12]}...")
        elif c.seed != actual:
            ok = False
            lines.append(f"hand {k + 1}: committed to seed {c.seed!r}, but the hand was dealt from "
                         f"{actual!r}")
        else:
            lines.append(f"hand {k + 1}: ok, seed {c.seed!r} matches {c.sha256[:12]}...")
    lines.append(f"{played} deal{'s' if played != 1 else ''} "
                 + ("match their commitments" if ok else "checked: NOT all match their commitments"))
    return Verdict(ok, tuple(lines))


def _reveal_problem(c: Commitment) -> str | None:
    if c.seed is None or c.salt is None:
        return "seed not revealed"
    if commitment(c.seed, c.salt) != c.sha256:
        return (f"the revealed seed {c.seed!r} and salt do not match the commitment "
                f"{c.sha256[:12]}...")
    return None


def verify_reveals(commits: list[Commitment]) -> Verdict:
    """Check the hands revealed so far (a fair game in progress publishes each hand's seed and salt
    when the hand ends): each revealed seed and salt must hash to the commitment published before the
    hand; hands not yet revealed are listed, not failed. Which deal a seed gives: ``shuffled_pack``."""
    lines, ok, shown = [], True, 0
    for c in sorted(commits, key=lambda c: c.hand):
        if c.seed is None and c.salt is None:
            lines.append(f"hand {c.hand}: not revealed yet")
            continue
        shown += 1
        problem = _reveal_problem(c)
        ok = ok and problem is None
        lines.append(f"hand {c.hand}: {problem}" if problem else
                     f"hand {c.hand}: ok, seed {c.seed!r} matches {c.sha256[:12]}...")
    match = "matches its commitment" if shown == 1 else "match their commitments"
    lines.append(f"{shown} revealed deal{'s' if shown != 1 else ''} "
                 + (match if ok else "checked: NOT all match their commitments"))
    return Verdict(ok, tuple(lines))


def verify_files(record_text: bytes | str, commitments_text: bytes | str | None) -> Verdict:
    """``canasta verify``: the record (JSON text) and the commitments (a file, or inside the record);
    a commitments file alone (a game still being played) has its revealed hands checked."""
    raw = read_json(record_text)
    if isinstance(raw, dict) and raw.get("format") == FORMAT and commitments_text is None:
        return verify_reveals(read_commitments(raw))
    record = GameRecord.from_dict(raw)
    source = read_json(commitments_text) if commitments_text is not None else raw
    if commitments_text is None and not (isinstance(raw, dict) and "commitments" in raw):
        raise TournamentError("the record holds no 'commitments': give them with --commitments FILE")
    return verify_deals(record, read_commitments(source))
