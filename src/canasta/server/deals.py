"""A table's proof that its deals were not changed: the commitments published before each deal and
the seeds and salts revealed after it (``canasta.tournament.fair``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..records import GameRecord
from ..state import GameState
from ..tournament.fair import commit_hands, commitments_dict, hands_to_reveal
from .refusals import Refusal

COMMIT_AHEAD = 5   # hands committed to beyond the one being played


@dataclass
class Deals:
    """The game's seed and the secret behind its salts (None: a game started before deals were
    committed to)."""

    seed: int | str
    secret: str | None

    def revealed(self, state: GameState) -> int:
        """How many hands' seeds may be shown now (``hands_to_reveal``)."""
        return hands_to_reveal(self.seed, len(state.results), state.is_over)

    def commitments(self, state: GameState) -> dict[str, Any]:
        """While the game goes on, the hashes for the hands dealt so far and the next few (no seed,
        no salt); once it is over, every played hand's seed and salt too."""
        if self.secret is None:
            raise Refusal("no_commitments")
        over = state.is_over
        done = len(state.results)
        hands = done if over else done + 1 + COMMIT_AHEAD
        return commitments_dict(commit_hands(self.seed, self.secret, hands), reveal=over,
                                revealed=self.revealed(state))

    def reveals(self, state: GameState) -> list[dict[str, Any]]:
        """The seeds and salts of the hands that may be shown now: in a fair game, every hand as soon
        as it ends, so any seat can check that hand's deal at once."""
        done = self.revealed(state)
        if self.secret is None or done < 1:
            return []
        return [c.revealed() for c in commit_hands(self.seed, self.secret, done)]

    def record(self, state: GameState) -> str:
        """The game's record with its deals' commitments revealed inside it (``canasta verify``)."""
        text = GameRecord.of(state).to_json()
        hands = len(state.results)
        if self.secret is None or hands < 1:
            return text
        doc = json.loads(text)
        doc["commitments"] = commitments_dict(commit_hands(self.seed, self.secret, hands), reveal=True)
        return json.dumps(doc)
