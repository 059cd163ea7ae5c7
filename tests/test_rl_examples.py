"""The worked examples of docs/rl.md run as written, with fewer hands: the REINFORCE loop (it must
learn: side 0's points against random play go up) and the self-play rounds on a local Ray of two CPUs
(where the ``[ray]`` extra is installed; CI installs it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

DOC = Path(__file__).resolve().parent.parent / "docs" / "rl.md"


def example(name: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    m = re.search(rf"<!-- example: {name} -->\n```python\n(.*?)```\n<!-- end example -->", text, re.S)
    assert m, f"no example {name!r} in docs/rl.md"
    return m.group(1)


def test_the_training_example_learns(capsys: pytest.CaptureFixture[str]) -> None:
    code = example("train")
    assert 'PRESET, EPISODES, EVAL, LR, SEED = "gvr-club", 2000, 200, 0.02, 0' in code
    code = code.replace("2000, 200, 0.02, 0", "150, 30, 0.02, 0")
    namespace: dict[str, object] = {"__name__": "train"}
    exec(compile(code, "docs/rl.md:train", "exec"), namespace)
    before, after = namespace["before"], namespace["after"]
    out = capsys.readouterr().out
    assert "against random play, 30 new deals" in out
    # 150 hands already lift side 0 well above random play (the full run: -92 to +1,688 a hand)
    assert after[0] > before[0] + 300, (before, after)  # type: ignore[index]


def test_the_ray_self_play_example(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray")
    code = example("ray").replace('"gvr-club", 3, 4, 4', '"gvr-club", 2, 1, 2')
    exec(compile(code, "docs/rl.md:ray", "exec"), {"__name__": "ray_example"})
    out = capsys.readouterr().out
    assert "round 0: 2 hands" in out and "round 1: 2 hands" in out
