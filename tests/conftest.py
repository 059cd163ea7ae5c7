"""Shared test set-up: the Hypothesis profile and a "refused and unchanged" helper.

The "ci" profile (loaded by default, ``HYPOTHESIS_PROFILE`` picks another) keeps property tests
fast: no deadline (the first call of a test pays for imports and caches) and a modest number of
examples. The engine-wide property tests (``test_properties.py``) size themselves from
``CANASTA_PROPERTY_EXAMPLES`` to scale up, e.g. ``CANASTA_PROPERTY_EXAMPLES=300 pytest
tests/test_properties.py``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from canasta import GameState, IllegalAction
from canasta.state import STATE_FIELDS
from canasta.turn import TURN_FIELDS, Turn
from canasta.views import view

# The tests read English unless they ask for a language (issue 37: the terminal and the command line
# follow the machine's LANGUAGE/LANG, which a developer's machine may set to another language).
for _var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"

settings.register_profile(
    "ci",
    deadline=None,
    max_examples=25,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.register_profile("thorough", deadline=None, max_examples=500,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def _frozen(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    if isinstance(v, Turn):  # the turn's record, by value (its cache of the going-out check aside)
        return tuple((n, _frozen(getattr(v, n))) for n in TURN_FIELDS if n != "no_out")
    return v


def state_snapshot(s: GameState) -> tuple[Any, ...]:
    """Everything a state holds, slot by slot, comparable with ``==``, plus every seat's view.
    History and table log are compared by identity: they are immutable linked tuples, so a state
    that did not change still holds the very same objects."""
    out: list[Any] = []
    for name in STATE_FIELDS:
        value = getattr(s, name, None)
        out.append((name, id(value) if name in ("_hist", "_log") else _frozen(value)))
    out.append(tuple(json.dumps(view(s, seat), sort_keys=True) for seat in range(s.rules.players)))
    return tuple(out)


def assert_refused(s: GameState, action: Any, code: str | None = None,
                   words: str | None = None) -> IllegalAction:
    """``s.apply(action)`` raises IllegalAction (with ``code``, and a message containing ``words``,
    when given) and leaves the state exactly as it was."""
    before = state_snapshot(s)
    hist = s.history()
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    err = info.value
    if code is not None:
        assert err.code == code, f"{action}: code {err.code!r} ({err.message}), expected {code!r}"
    if words is not None:
        assert words.lower() in err.message.lower(), f"{action}: {err.message!r} lacks {words!r}"
    assert err.message and str(err) == err.message
    assert state_snapshot(s) == before, f"the refused action {action} changed the state"
    assert s.history() == hist
    return err


@pytest.fixture(scope="session")
def refused() -> Callable[..., IllegalAction]:
    """:func:`assert_refused` as a fixture: ``refused(state, "discard KH", "not_in_hand")``."""
    return assert_refused


@pytest.fixture(scope="session")
def snapshot() -> Callable[[GameState], tuple[Any, ...]]:
    """:func:`state_snapshot` as a fixture."""
    return state_snapshot
