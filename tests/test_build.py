"""The build: when the engine is compiled with mypyc (build_backend/canasta_build.py) and how a user
can tell which engine runs (``canasta --version``, ``canasta.ENGINE``)."""

from __future__ import annotations

import importlib
import importlib.util
import re
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


def test_the_api_reference_covers_every_exported_name() -> None:
    """docs/api (Sphinx autodoc, built by .ci/run with warnings as errors) documents every name that
    ``canasta``, ``canasta.bots`` and ``canasta.tournament`` export: its package's page lists its
    members, or its own module (or the name itself) has a directive."""
    import canasta.bots
    import canasta.tournament

    text = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "api").glob("*.rst"))
    documented = set(re.findall(r"\.\. auto(?:module|class|function|data):: ([\w.]+)", text))
    modules = set(re.findall(r"\.\. automodule:: ([\w.]+)", text))
    with_members = {m for m in modules if f"automodule:: {m}\n   :no-members:" not in text}
    for package in (canasta, canasta.bots, canasta.tournament):
        for name in package.__all__:
            obj = getattr(package, name)
            module = getattr(obj, "__module__", None)
            if module is None:  # a constant: a module that holds it
                module = next((m for m in sorted(with_members) if any(
                    v is obj for v in vars(importlib.import_module(m)).values())), package.__name__)
            assert package.__name__ in with_members or module in with_members or any(
                d.endswith(f".{name}") for d in documented), (package.__name__, name, module)
