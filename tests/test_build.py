"""The build: when the engine is compiled with mypyc (build_backend/canasta_build.py) and how a user
can tell which engine runs (``canasta --version``, ``canasta.ENGINE``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

import canasta
from canasta.cli import app

ROOT = Path(__file__).resolve().parent.parent


def _backend() -> ModuleType:
    path = ROOT / "build_backend" / "canasta_build.py"
    spec = importlib.util.spec_from_file_location("canasta_build", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("env", "wheel", "editable"), [
    (None, True, False),       # users get the fast engine; developers' edits take effect at once
    ("1", True, True),
    ("0", False, False),
    ("yes", True, True),
    ("off", False, False),
])
def test_when_the_engine_is_compiled(monkeypatch: pytest.MonkeyPatch, env: str | None, wheel: bool,
                                     editable: bool) -> None:
    backend = _backend()
    if env is None:
        monkeypatch.delenv("CANASTA_COMPILE", raising=False)
    else:
        monkeypatch.setenv("CANASTA_COMPILE", env)
    assert backend._compile(editable=False) is wheel
    assert backend._compile(editable=True) is editable
    # mypy (which carries mypyc) is a build requirement only when compiling
    assert ("mypy>=1.11" in backend._requires(False, ["setuptools"])) is wheel
    assert ("mypy>=1.11" in backend._requires(True, ["setuptools"])) is editable


def test_a_bad_compile_setting_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CANASTA_COMPILE", "fast")
    with pytest.raises(ValueError, match=r"CANASTA_COMPILE='fast': use 1 .* or 0"):
        _backend()._compile(editable=False)


def test_version_names_the_engine() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"canasta {canasta.__version__}, engine {canasta.ENGINE}"
    # the flag follows the module actually imported: a .py file is the pure-Python engine
    compiled = not sys.modules["canasta.state"].__file__.endswith(".py")  # type: ignore[union-attr]
    assert canasta.COMPILED is compiled
    expected = "compiled (mypyc)" if compiled else "pure Python"
    assert expected == canasta.ENGINE
