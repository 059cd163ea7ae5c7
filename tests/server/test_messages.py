"""The pages' English words for what the engine reports: every way a hand can end has its sentence
(the end-of-hand dialog builds its key from ``HandResult.reason``), so a player never sees a bare key
such as ``reason_special``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import canasta
from helpers import engine_log_kinds

PACKAGE = Path(canasta.__file__).parent
MESSAGES = json.loads((PACKAGE / "i18n" / "pages-en.json").read_text("utf-8"))


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


def test_every_event_of_the_log_has_words_and_hidden_cards_are_counted() -> None:
    """The table's log says every event in words (board.js's ``logLine`` builds ``ev_<kind>``), and
    a card another seat drew privately (S3 D's talon, a draw, a replacement) as a count; no other
    page's word may take an event's key (the tournament page's "Seats" once read "Bot 1 Seats" for
    a draw in the replay)."""
    kinds, private = engine_log_kinds()
    assert {"draw", "talon", "replace", "discard", "turnover"} <= kinds and "talon" in private
    missing = sorted(k for k in kinds if f"ev_{k}" not in MESSAGES)
    assert not missing, f"no words for the log's events {missing}"
    uncounted = sorted(k for k in private if f"ev_{k}_n" not in MESSAGES and k != "turnover")
    assert not uncounted, f"no words for another seat's hidden {uncounted}"
    pages = "".join(p.read_text("utf-8") for p in (PACKAGE / "web" / "static").glob("*.html"))
    taken = sorted(k for k in kinds if f'data-t="ev_{k}"' in pages)
    assert not taken, f"page words use the log's keys {taken}"
