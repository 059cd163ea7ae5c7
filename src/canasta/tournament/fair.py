"""A provably fair deal: nobody chooses it, nobody sees it early, and anyone can check it after.

**Sealed before, shown after.** Hand k of a game is dealt from ``hand_seed(seed, k)``
(``canasta.state``). Before a hand is played its *seal* is published: ``seal(salt, hand_seed)``, the
SHA-256 (hex) of the JSON text ``["<salt>","<hand seed>"]`` (no spaces; the salt is 32 random hex
digits, so a seed cannot be found by trying seeds against its seal). The JSON's quotes and comma
split salt and seed one way only (the first version's ``salt + "/" + seed`` did not: ``("3/0", "X")``
and ``("0", "X/3")`` gave the same text; files of that version, ``"version": 1``, are still checked
with it). After the hand its seed and salt are shown: anyone can hash them and compare.

**Chosen by nobody.** A seal proves a deal was not changed, not that it was not chosen. So an online
game's seed is mixed from everyone's randomness (``version`` 2 with ``"server"`` and ``"values"``):

1. the server draws a secret *server seed* and publishes its seal before anything else;
2. each player's page sends a random number of its own (a bot's number is ``bot_value(server seed,
   seat)``, fixed by the seal too, so the server cannot pick it after seeing the players' numbers);
3. the game's seed is ``game_seed(server seed, numbers)``, a SHA-256 of all of them: the server
   cannot choose it (its seed is sealed before it sees a number), nor can a player (they do not know
   the server's seed). Every hand of the game follows from it, and the seals of the hands are
   published at the deal;
4. when the game is over the server seed is shown: with the numbers, anyone recomputes the game's
   seed, every hand's seed, and (``canasta verify RECORD``) replays the record against them.

A fair seed (``"fair:"`` and hex) deals hand n from ``sha256(f"{seed}/{n}")``, so hand n's seed is
shown as soon as hand n ends without telling anything of the game's seed or the hands to come
(``hands_to_reveal``). An ordinary seed's hand seed ``f"{seed}/{n}"`` contains the game's seed, so
such games (tests, records made with ``canasta record``) show their seeds only when the game is over.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..error_words import reason_of, template_of
from ..errors import CanastaError
from ..messages import Template, render
from ..records import GameRecord, read_json
from ..state import FAIR_PREFIX, hand_seed
from .options import TournamentError

FORMAT = "canasta-commitments"
VERSION = 2          # seals of JSON ["salt","seed"]; version 1: sha256(salt + "/" + seed)
SEALED_HANDS = 100   # hands sealed at a game's deal (a longer game is checked whole when it is over)


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


def _sha(parts: Sequence[object]) -> str:
    return hashlib.sha256(json.dumps(list(parts), separators=(",", ":")).encode()).hexdigest()


def seal(salt: str, value: str) -> str:
    """SHA-256 (hex) of the JSON text ``["<salt>","<value>"]``, without spaces."""
    return _sha([salt, value])


def commitment(deal_seed: str, salt: str, version: int = VERSION) -> str:
    """A hand seed's seal; ``version`` 1: SHA-256 of ``salt + "/" + deal_seed`` (older files)."""
    if version == 1:
        return hashlib.sha256(f"{salt}/{deal_seed}".encode()).hexdigest()
    return seal(salt, deal_seed)


def server_seed(secret: str) -> str:
    """The server's part of a game's seed (32 hex digits), from the game's secret."""
    return _sha(["server seed", secret])[:32]


def bot_value(server: str, seat: int) -> str:
    """A bot's random number for the deal: fixed by the server seed, so sealed with it before any
    player's number is known."""
    return _sha(["bot", server, seat])[:32]


def game_seed(server: str, values: Sequence[str]) -> str:
    """The game's seed: the server seed mixed with every seat's number, in seat order."""
    return FAIR_PREFIX + _sha(["game", server, list(values)])[:32]


@dataclass(frozen=True, slots=True)
class Commitment:
    """Hand ``hand`` (from 1, as on the score sheet): the published hash; seed and salt once revealed."""

    hand: int
    sha256: str
    seed: str | None = None
    salt: str | None = None
    version: int = VERSION

    def published(self) -> dict[str, Any]:
        return {"hand": self.hand, "sha256": self.sha256}

    def revealed(self) -> dict[str, Any]:
        return {"hand": self.hand, "sha256": self.sha256, "seed": self.seed, "salt": self.salt}


@dataclass(frozen=True, slots=True)
class Mix:
    """How a game's seed was mixed: the server seed's seal (and, once shown, the seed and its salt),
    and each seat's number, with who gave it (``page``: the player's page; ``server``: a bot's, from
    the server seed)."""

    sha256: str
    values: tuple[tuple[int, str, str], ...] = ()     # (seat, page | server, number)
    seed: str | None = None
    salt: str | None = None

    def to_dict(self, reveal: bool) -> dict[str, Any]:
        server: dict[str, Any] = {"sha256": self.sha256}
        if reveal:
            server |= {"seed": self.seed, "salt": self.salt}
        return {"server": server,
                "values": [{"seat": s, "from": by, "value": v} for s, by, v in self.values]}


def commit_game(seed: int | str, hands: int, salts: list[str] | None = None) -> list[Commitment]:
    """Commitments (with their secrets) for hands 1..``hands`` of a game dealt from ``seed``."""
    if hands < 1:
        raise TournamentError("fair_hands", hands=hands)
    salts = salts if salts is not None else [secrets.token_hex(16) for _ in range(hands)]
    if len(salts) != hands:
        raise TournamentError("fair_salts", salts=len(salts), hands=hands)
    return [Commitment(k + 1, commitment(hand_seed(seed, k), salts[k]), hand_seed(seed, k), salts[k])
            for k in range(hands)]


def salt_for(secret: str, hand: int) -> str:
    """Hand ``hand``'s salt (from 1; 0 is the server seed's) from one secret per game, so that a server
    keeps one value per game and can commit to as many hands as the game lasts."""
    return hashlib.sha256(f"{secret}/salt/{hand}".encode()).hexdigest()[:32]


def commit_hands(seed: int | str, secret: str, hands: int) -> list[Commitment]:
    """Commitments (with their secrets) for hands 1..``hands`` with the salts of ``secret``."""
    return commit_game(seed, hands, [salt_for(secret, k + 1) for k in range(hands)])


def mix(secret: str, values: Sequence[tuple[int, str, str]] = ()) -> Mix:
    """The server seed of ``secret`` sealed, with the seats' numbers given so far."""
    s, salt = server_seed(secret), salt_for(secret, 0)
    return Mix(seal(salt, s), tuple(values), s, salt)


def commitments_dict(commits: list[Commitment], reveal: bool, revealed: int = 0,
                     mixed: Mix | None = None) -> dict[str, Any]:
    """The commitments as published before play (``reveal=False``) or after it; ``revealed``: the
    hands 1..revealed are revealed in any case (a fair game's finished hands); ``mixed``: how the
    game's seed was mixed (its server seed shown only with ``reveal``)."""
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if mixed is not None:
        out |= mixed.to_dict(reveal)
    out["deals"] = [c.revealed() if reveal or c.hand <= revealed else c.published() for c in commits]
    return out


def commitments_json(commits: list[Commitment], reveal: bool, revealed: int = 0) -> str:
    """The file published before play (``reveal=False``) or after it (with seeds and salts)."""
    return json.dumps(commitments_dict(commits, reveal, revealed), indent=1)


def _hex(value: object, length: int | None = None) -> str | None:
    """``value`` if it is lowercase hex digits (``length`` of them), else None."""
    if not isinstance(value, str) or any(c not in "0123456789abcdef" for c in value) or (
            length is not None and len(value) != length):
        return None
    return value


def _commitments_doc(data: Any) -> dict[str, Any]:
    if isinstance(data, dict) and "commitments" in data and data.get("format") != FORMAT:
        data = data["commitments"]
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("deals"), list):
        raise TournamentError("fair_not_commitments", value=repr(FORMAT))
    if data.get("version", 1) not in (1, 2):
        raise TournamentError("fair_version", value=repr(data.get("version")))
    return data


def read_commitments(data: Any) -> list[Commitment]:
    """Commitments from a parsed JSON object: a commitments file, or a record holding them under
    ``"commitments"``."""
    data = _commitments_doc(data)
    version = data.get("version", 1)
    out = []
    for i, d in enumerate(data["deals"]):
        if not isinstance(d, dict):
            raise TournamentError("fair_deal_object", deal=i + 1)
        hand, sha, seed, salt = d.get("hand"), d.get("sha256"), d.get("seed"), d.get("salt")
        if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
            raise TournamentError("fair_deal_hand", deal=i + 1)
        if _hex(sha, 64) is None:
            raise TournamentError("fair_deal_sha", deal=i + 1)
        for key, v in (("seed", seed), ("salt", salt)):
            if v is not None and not isinstance(v, str):
                raise TournamentError("fair_deal_text", deal=i + 1, field=key)
        out.append(Commitment(hand, str(sha), seed, salt, version))
    hands = [c.hand for c in out]
    if len(set(hands)) != len(hands):
        raise TournamentError("fair_hand_twice", hand=min(h for h in hands if hands.count(h) > 1))
    return out


def read_mix(data: Any) -> Mix | None:
    """How the game's seed was mixed, from a commitments file (or a record holding one); None for a
    game whose seed the server drew alone (a duplicate round, a test, an older game)."""
    data = _commitments_doc(data)
    server, values = data.get("server"), data.get("values", [])
    if server is None:
        return None
    if not isinstance(server, dict) or not isinstance(values, list):
        raise TournamentError("fair_server_object")
    sha = _hex(server.get("sha256"), 64)
    if sha is None:
        raise TournamentError("fair_server_sha")
    seed, salt = server.get("seed"), server.get("salt")
    for key, v in (("seed", seed), ("salt", salt)):
        if v is not None and not isinstance(v, str):
            raise TournamentError("fair_server_text", field=key)
    got: list[tuple[int, str, str]] = []
    for i, v in enumerate(values):
        if not isinstance(v, dict) or not isinstance(v.get("seat"), int) or v.get("from") not in ("page",
                                                                                              "server"):
            raise TournamentError("fair_value_object", number=i + 1)
        value = _hex(v.get("value"))
        if value is None:
            raise TournamentError("fair_value_hex", number=i + 1)
        got.append((int(v["seat"]), str(v["from"]), value))
    if [s for s, _b, _v in got] != list(range(len(got))):
        raise TournamentError("fair_values_order")
    return Mix(sha, tuple(got), seed, salt)


#: The verdict's lines in English, by code (the catalogue's ``verify.<code>``): ``canasta verify`` and
#: the server's /api/verify say them in the reader's language from the same codes and data.
VERDICT: dict[str, Template] = {
    "mix_not_shown": "the server's seed is not shown yet (it is, when the game is over)",
    "mix_seal_wrong": "the server's seed {seed}... does not match its seal {seal}...",
    "mix_seal_ok": "the server's seed {seed}... matches the seal {seal}... published before the players' "
                   "numbers",
    "mix_bot_value": "seat {seat}: the bot's number {value}... is not the one the server's seed gives",
    "mix_seed": "the game's seed {seed} is the server's seed mixed with the {seats} seats' numbers (seat: "
                "number) {values}",
    "record_not_mixed": "the record was dealt from {record_seed}, not from the mixed seed {seed}",
    "no_replay": "the record does not replay: {reason}",
    "hand_no_commitment": "hand {hand}: no commitment published",
    "hand_not_revealed": "hand {hand}: seed not revealed",
    "hand_seed_mismatch": "hand {hand}: the revealed seed {seed} does not match the commitment {sha}...",
    "hand_dealt_from": "hand {hand}: committed to seed {seed}, but the hand was dealt from {actual}",
    "hand_ok": "hand {hand}: ok, seed {seed} matches {sha}...",
    "hand_not_yet": "hand {hand}: not revealed yet",
    "hand_reveal_mismatch": "hand {hand}: the revealed seed {seed} and salt do not match the commitment "
                            "{sha}...",
    "hand_not_mixed": "hand {hand}: the seed {seed} is not the one the game's mixed seed gives",
    "deals_ok": ("{n} deal matches its commitment", "{n} deals match their commitments"),
    "deals_bad": ("{n} deal checked: NOT all match their commitments",
                  "{n} deals checked: NOT all match their commitments"),
    "revealed_ok": ("{n} revealed deal matches its commitment", "{n} revealed deals match their commitments"),
    "revealed_bad": ("{n} revealed deal checked: NOT all match their commitments",
                     "{n} revealed deals checked: NOT all match their commitments"),
}

Said = tuple[str, dict[str, Any]]   # a line as a code and its data


def _line(code: str, **data: Any) -> Said:
    return code, data


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    said: tuple[Said, ...]   # one per check (the mix, each hand), then the summary: code and data

    @property
    def lines(self) -> tuple[str, ...]:
        """The lines in English."""
        return tuple(render(VERDICT[code], data, lookup=template_of) for code, data in self.said)


def check_mix(m: Mix) -> tuple[bool, list[Said], str | None]:
    """The mixing of a game's seed: the shown server seed matches the seal published before any
    number, each bot's number is the one the server seed gives. (ok, lines, the game's seed)."""
    if m.seed is None or m.salt is None:
        return False, [_line("mix_not_shown")], None
    lines: list[Said] = []
    ok = True
    if seal(m.salt, m.seed) != m.sha256:
        return False, [_line("mix_seal_wrong", seed=m.seed[:12], seal=m.sha256[:12])], None
    lines.append(_line("mix_seal_ok", seed=m.seed[:12], seal=m.sha256[:12]))
    for seat, by, value in m.values:
        if by == "server" and value != bot_value(m.seed, seat):
            ok = False
            lines.append(_line("mix_bot_value", seat=seat + 1, value=value[:12]))
    seed = game_seed(m.seed, [v for _s, _b, v in m.values])
    lines.append(_line("mix_seed", seed=str(seed), seats=len(m.values),
                       values=", ".join(f"{s + 1}: {v[:8]}..." for s, _b, v in m.values)))
    return ok, lines, seed


def verify_deals(record: GameRecord, commits: list[Commitment], mixed: Mix | None = None) -> Verdict:
    """Check every hand played in ``record`` against its commitment: the revealed seed hashes to the
    published hash, and it is the seed that dealt that hand (the record's seed, which must replay the
    record's actions: a changed record seed fails here); with ``mixed``, that the record's seed is the
    server's seed mixed with the seats' numbers."""
    if record.start is not None:
        raise TournamentError("fair_from_position")
    lines: list[Said] = []
    ok = True
    if mixed is not None:
        ok, lines, seed = check_mix(mixed)
        if seed is not None and seed != record.seed:
            ok = False
            lines.append(_line("record_not_mixed", record_seed=repr(record.seed), seed=repr(seed)))
    try:
        state = record.replay()
    except CanastaError as e:
        return Verdict(False, (*lines, _line("no_replay", reason=reason_of(e))))
    played = len(state.results) + (0 if state.is_over else 1)
    by_hand = {c.hand: c for c in commits}
    for k in range(played):
        c = by_hand.get(k + 1)
        actual = hand_seed(record.seed, k)
        if c is None:
            ok = False
            lines.append(_line("hand_no_commitment", hand=k + 1))
        elif c.seed is None or c.salt is None:
            ok = False
            lines.append(_line("hand_not_revealed", hand=k + 1))
        elif commitment(c.seed, c.salt, c.version) != c.sha256:
            ok = False
            lines.append(_line("hand_seed_mismatch", hand=k + 1, seed=repr(c.seed), sha=c.sha256[:12]))
        elif c.seed != actual:
            ok = False
            lines.append(_line("hand_dealt_from", hand=k + 1, seed=repr(c.seed), actual=repr(actual)))
        else:
            lines.append(_line("hand_ok", hand=k + 1, seed=repr(c.seed), sha=c.sha256[:12]))
    lines.append(_line("deals_ok" if ok else "deals_bad", n=played))
    return Verdict(ok, tuple(lines))


def _reveal_problem(c: Commitment) -> Said | None:
    if c.seed is None or c.salt is None:
        return _line("hand_not_revealed", hand=c.hand)
    if commitment(c.seed, c.salt, c.version) != c.sha256:
        return _line("hand_reveal_mismatch", hand=c.hand, seed=repr(c.seed), sha=c.sha256[:12])
    return None


def verify_reveals(commits: list[Commitment], mixed: Mix | None = None) -> Verdict:
    """Check the hands revealed so far (a fair game in progress publishes each hand's seed and salt
    when the hand ends): each revealed seed and salt must hash to the commitment published before the
    hand; hands not yet revealed are listed, not failed. Once the server's seed is shown (the game is
    over), also that every revealed hand's seed is the one the mixed game seed gives. Which deal a
    seed gives: ``shuffled_pack``."""
    lines: list[Said] = []
    ok, shown, seed = True, 0, None
    if mixed is not None and mixed.seed is not None:
        ok, lines, seed = check_mix(mixed)
    for c in sorted(commits, key=lambda c: c.hand):
        if c.seed is None and c.salt is None:
            lines.append(_line("hand_not_yet", hand=c.hand))
            continue
        shown += 1
        problem = _reveal_problem(c)
        if problem is None and seed is not None and c.seed != hand_seed(seed, c.hand - 1):
            problem = _line("hand_not_mixed", hand=c.hand, seed=repr(c.seed))
        ok = ok and problem is None
        lines.append(problem or _line("hand_ok", hand=c.hand, seed=repr(c.seed), sha=c.sha256[:12]))
    lines.append(_line("revealed_ok" if ok else "revealed_bad", n=shown))
    return Verdict(ok, tuple(lines))


def verify_files(record_text: bytes | str, commitments_text: bytes | str | None) -> Verdict:
    """``canasta verify``: the record (JSON text) and the commitments (a file, or inside the record);
    a commitments file alone (a game still being played) has its revealed hands checked."""
    raw = read_json(record_text)
    if isinstance(raw, dict) and raw.get("format") == FORMAT and commitments_text is None:
        return verify_reveals(read_commitments(raw), read_mix(raw))
    record = GameRecord.from_dict(raw)
    source = read_json(commitments_text) if commitments_text is not None else raw
    if commitments_text is None and not (isinstance(raw, dict) and "commitments" in raw):
        raise TournamentError("fair_no_commitments")
    return verify_deals(record, read_commitments(source), read_mix(source))
