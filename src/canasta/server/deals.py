"""A table's deals: chosen by nobody, sealed before they are played, shown after
(``canasta.tournament.fair``).

An online game's seed is mixed from the server's sealed seed and a number from every seat's page
(a bot's number comes from the server seed): the game is dealt when the last number is in. The
hands' seals are published at the deal, each hand's seed and salt when it ends, the server's seed
when the game is over. A duplicate round's tables (and tests) are dealt from a seed the server drew
alone, sealed when the table is made; their hands are shown only when every table dealt alike has
finished them (``peers_done``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..records import GameRecord
from ..state import GameState
from ..tournament.fair import (
    SEALED_HANDS,
    Commitment,
    Mix,
    bot_value,
    commit_hands,
    commitment,
    commitments_dict,
    game_seed,
    hands_to_reveal,
    is_fair_seed,
    mix,
    server_seed,
)
from .refusals import Refusal
from .store import SeatValues

COMMIT_AHEAD = 5                              # a game past SEALED_HANDS: hands sealed beyond the one played
NUMBER = re.compile(r"^[0-9a-f]{32,64}$")     # a seat's number: 128 to 256 random bits, in hex


@dataclass
class Deals:
    """The game's seed (None until every seat's number is in), the secret behind its salts and server
    seed (None: a game started before deals were committed to), the seats' numbers (None: the server
    drew the seed alone), and the version of the seals."""

    seed: int | str | None
    secret: str | None
    values: SeatValues | None = None
    version: int = 2
    peers_done: float = math.inf    # hands every other table dealt alike has finished (or is over)

    @property
    def dealt(self) -> bool:
        return self.seed is not None

    @property
    def shared(self) -> bool:
        """Whether other tables may be dealt from the same seed (a duplicate round)."""
        return self.values is None and is_fair_seed(self.seed)

    def mixed(self, reveal: bool = False) -> Mix | None:
        if self.values is None or self.secret is None:
            return None
        m = mix(self.secret, [(s, by, v) for s, (by, v) in sorted(self.values.items())])
        if reveal:
            return m
        return Mix(m.sha256, m.values if self.dealt else ())   # the numbers are shown at the deal

    def public(self) -> dict[str, Any] | None:
        """Once dealt from the seats' numbers: the server seed's seal and every seat's number (a page
        checks that its own number is one of them)."""
        m = self.mixed()
        return m.to_dict(reveal=False) if m is not None and self.dealt else None

    def server_seal(self) -> str | None:
        m = self.mixed()
        return None if m is None else m.sha256

    # ------------------------------------------------------------------ the seats' numbers
    def awaited(self, from_pages: Sequence[int]) -> list[int]:
        """The seats whose page's number the deal still waits for."""
        if self.dealt or self.values is None:
            return []
        return [s for s in from_pages if s not in self.values]

    def with_value(self, seat: int, number: str) -> SeatValues:
        """The numbers with ``seat``'s, checked: each seat gives one, once."""
        if self.dealt or self.values is None:
            raise Refusal("not_dealing")
        if not NUMBER.match(number):
            raise Refusal("bad_number")
        had = self.values.get(seat)
        if had is not None and had[1] != number:
            raise Refusal("number_given")
        return {**self.values, seat: ("page", number)}

    def completed(self, values: SeatValues, seats: int) -> tuple[SeatValues, str]:
        """Every seat's number (a seat without one, a bot's, is given by the server seed) and the
        game's seed mixed from them."""
        assert self.secret is not None
        server = server_seed(self.secret)
        done = {s: values.get(s) or ("server", bot_value(server, s)) for s in range(seats)}
        return done, game_seed(server, [done[s][1] for s in range(seats)])

    # ------------------------------------------------------------------ what may be shown
    def revealed(self, state: GameState | None) -> int:
        """How many hands' seeds may be shown now (``hands_to_reveal``; at a duplicate round's table,
        no hand another table dealt alike has still to finish)."""
        if state is None:
            return 0
        own = hands_to_reveal(self.seed, len(state.results), state.is_over)
        return int(min(own, self.peers_done))

    def all_shown(self, state: GameState | None) -> bool:
        """Whether the game's whole record may be given: it is over, and so is every table dealt
        alike (its seed gives every hand)."""
        return state is not None and state.is_over and self.peers_done == math.inf

    def commitments(self, state: GameState | None) -> dict[str, Any]:
        """The seals: the server seed's from the start; every hand's from the deal (seeds and salts of
        the hands shown so far); everything once the game is over."""
        if self.secret is None:
            raise Refusal("no_commitments")
        if state is None:
            return commitments_dict([], reveal=False, mixed=self.mixed())
        over = self.all_shown(state)
        done = len(state.results)
        hands = done if over else max(SEALED_HANDS, done + 1 + COMMIT_AHEAD)
        return self._published(hands, over, self.revealed(state))

    def _published(self, hands: int, reveal: bool, revealed: int = 0) -> dict[str, Any]:
        doc = commitments_dict(self._hands(hands), reveal=reveal, revealed=revealed,
                               mixed=self.mixed(reveal=reveal))
        doc["version"] = self.version
        return doc

    def _hands(self, hands: int) -> list[Commitment]:
        assert self.seed is not None and self.secret is not None
        commits = commit_hands(self.seed, self.secret, hands)
        if self.version == 1:   # sealed before seals were JSON: shown as they were published
            commits = [Commitment(c.hand, commitment(c.seed or "", c.salt or "", 1), c.seed, c.salt, 1)
                       for c in commits]
        return commits

    def reveals(self, state: GameState | None) -> list[dict[str, Any]]:
        """The seeds and salts of the hands that may be shown now: every hand of a fair game as soon
        as it ends (at a duplicate round's table, once every table has finished it)."""
        done = self.revealed(state)
        if self.secret is None or done < 1:
            return []
        return [c.revealed() for c in self._hands(done)]

    def record(self, state: GameState) -> str:
        """The game's record with everything about its deal shown inside it (``canasta verify``)."""
        text = GameRecord.of(state).to_json()
        hands = len(state.results)
        if self.secret is None or hands < 1:
            return text
        doc = json.loads(text)
        doc["commitments"] = self._published(hands, reveal=True)
        return json.dumps(doc)
