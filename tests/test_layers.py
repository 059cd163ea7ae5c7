"""Issue 18: no module of the package uses another module's private (``_name``) functions, methods or
attributes: what other modules need has a public, documented name (``GameState.apply_unchecked``,
the position setup API of ``GameState.blank``, ...). The import layers themselves are checked by
``lint-imports`` (the contracts in pyproject.toml)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "canasta"  # the source, also for a compiled run
# the public API of named tuples and enums, and PettingZoo's AECEnv helpers for its subclasses
# (canasta.rl.aec), spelled with an underscore
ALLOWED = {"_replace", "_asdict", "_fields", "_make", "_value_", "_name_", "_missing_",
           "_accumulate_rewards", "_was_dead_step"}


def _defined(tree: ast.Module) -> set[str]:
    """The private names a module defines: functions, methods, classes, assignments, slots."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.add(node.value)  # __slots__ and field-name tables
    return out


def test_no_module_uses_another_modules_private_names() -> None:
    assert (SRC / "state.py").is_file()
    found: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = _defined(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                found += [f"{path.relative_to(SRC)}:{node.lineno}: imports {a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
            elif (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                  and not node.attr.startswith("__") and node.attr not in ALLOWED and node.attr not in own):
                found.append(f"{path.relative_to(SRC)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "private names used across modules (give them a public name):\n" + "\n".join(found)


def test_only_the_state_imports_the_rules_of_play() -> None:
    """``canasta.engine`` (one module per action kind) is the state's inside: every other module
    uses ``GameState``'s public API, so the modules can be reorganised without touching them."""
    found: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC)
        if rel.parts[0] == "engine" or rel == Path("state.py") or "migrations" in rel.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and (
                    node.module == "engine" or node.module.startswith("engine.")
                    or node.module.endswith(".engine") or ".engine." in node.module):
                found.append(f"{rel}:{node.lineno}: from {'.' * node.level}{node.module}")
            elif isinstance(node, ast.Import) and any(a.name.startswith("canasta.engine")
                                                      for a in node.names):
                found.append(f"{rel}:{node.lineno}: import")
    assert not found, "modules importing canasta.engine (use GameState):\n" + "\n".join(found)


def test_the_table_holds_no_rule_of_play() -> None:
    """Issue 18 (python-chess's BaseBoard): ``canasta.table`` says where the cards are and what was
    scored; it imports neither the rules nor the engine, and the state's own fields are only the turn's
    state machine and the rules."""
    from canasta.state import STATE_FIELDS, GameState
    from canasta.table import TABLE_FIELDS, Table

    tree = ast.parse((SRC / "table.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not imported & {"rules", "presets", "engine", "state", "goingout", "goingout_search"}, imported
    assert not any(m and m.startswith("engine") for m in imported)
    assert issubclass(GameState, Table)
    assert set(TABLE_FIELDS) < set(STATE_FIELDS)
    assert {"hands", "stock", "pile", "melds", "scores"} <= set(TABLE_FIELDS)
    assert not {"phase", "current", "rules", "permission", "opened"} & set(TABLE_FIELDS)
