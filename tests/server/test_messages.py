"""The pages' English words for what the engine reports: every way a hand can end has its sentence
(the end-of-hand dialog builds its key from ``HandResult.reason``), so a player never sees a bare key
such as ``reason_special``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import canasta

PACKAGE = Path(canasta.__file__).parent
MESSAGES = json.loads((PACKAGE / "web" / "static" / "messages" / "en.json").read_text("utf-8"))


def _engine_reasons() -> set[str]:
    """Every literal reason the engine ends a hand with (``end_hand("...")``)."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        found |= set(re.findall(r'end_hand\("([a-z_0-9]+)"', path.read_text("utf-8")))
    return found


def test_every_way_a_hand_ends_has_a_sentence() -> None:
    """R 1.2, S3 F: a special hand ends the hand ("special"), besides going out, the stock running
    out and the last card a red three."""
    reasons = _engine_reasons()
    assert {"went_out", "stock_out", "last_red3", "special"} <= reasons
    missing = sorted(r for r in reasons if f"reason_{r}" not in MESSAGES)
    assert not missing, f"no English sentence for hand endings {missing}"
    assert "{name}" in MESSAGES["reason_special"] and "{name}" in MESSAGES["reason_went_out"]
    # R 1.2, S3 C: where every three is laid (the view's threes_laid "all"), the last card's three
    # may be black: the page says "a three" (board.js's breakdown)
    assert MESSAGES["reason_last_three"] == "The last card of the stock was a three."



def test_the_simulator_counts_and_the_cli_words_every_way_a_hand_ends() -> None:
    """``canasta simulate`` reports a count per way a hand ends, from zero (a special hand too, R 1.2),
    and the CLI says each in words."""
    from canasta.cli import REASON_WORDS
    from canasta.sim import REASONS
    reasons = _engine_reasons()
    assert set(REASONS) == reasons
    assert set(REASON_WORDS) == reasons
