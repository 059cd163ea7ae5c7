"""Golden game records (tests/golden/*.json) replay exactly: a change detector for move generation,
dealing and scoring. If an intended change breaks them, regenerate with tests/golden/make_golden.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.presets import PRESETS
from canasta.records import load

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_records() -> None:
    assert len(GOLDEN) >= 7


@pytest.mark.parametrize("name", list(PRESETS), ids=[f"p{i}" for i in range(len(PRESETS))])
def test_every_preset_has_a_golden_record(name: str) -> None:
    """A new rule set gets its golden record from tests/golden/make_golden.py (which writes one per
    preset): ``python tests/golden/make_golden.py NAME``."""
    assert (Path(__file__).parent / "golden" / f"{name}.json").exists(), (
        f"no golden record for {name!r}: run python tests/golden/make_golden.py {name}")


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record_replays_to_its_result(path: Path) -> None:
    rec = load(str(path))
    assert rec.result is not None
    s = rec.replay()  # refuses an illegal action or a result that differs from the saved one
    assert s.nactions == len(rec.actions) == rec.result["actions"]
    assert len(s.results) == rec.result["hands"] >= 1
