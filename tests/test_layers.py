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
    assert not {"phase", "current", "rules", "turn", "opened"} & set(TABLE_FIELDS)


def test_the_action_modules_change_the_state_through_named_operations() -> None:
    """Issue 36 (PokerKit's operations): the action modules of ``canasta.engine`` (their checks,
    generators and effects) write no field of the state themselves: no assignment to ``s.<field>``
    (or an item of it, or the turn's record), no ``del``, no ``append``/``pop``/``extend``/... on
    one. They call the named operations of ``engine/flow.py`` (``picked_up``, ``lay_meld``,
    ``take_pile``, ...) and the state's own (``give_card``, ``log_event``, ``end_hand``)."""
    mutators = {"append", "extend", "pop", "insert", "remove", "clear", "sort", "reverse"}

    def on_state(node: ast.expr) -> bool:
        while isinstance(node, (ast.Attribute, ast.Subscript)):
            node = node.value
        return isinstance(node, ast.Name) and node.id == "s"

    found: list[str] = []
    for path in sorted((SRC / "engine").glob("*.py")):
        if path.name == "flow.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Delete):
                targets = node.targets
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr in mutators
                  and isinstance(node.func.value, (ast.Attribute, ast.Subscript))):
                targets = [node.func.value]
            for t in targets:
                elts = t.elts if isinstance(t, ast.Tuple) else [t]
                found += [f"{path.name}:{node.lineno}: {ast.unparse(e)}" for e in elts
                          if isinstance(e, (ast.Attribute, ast.Subscript)) and on_state(e)]
    assert not found, "state fields written outside engine/flow.py:\n" + "\n".join(found)


def test_the_turn_is_one_record_listed_once() -> None:
    """Issue 36: the turn's facts are one record (``canasta.turn.Turn``), made anew at each turn's
    start, copied whole by ``clone`` and named once for views and positions (``TURN_FLAGS``,
    ``TURN_COUNTS``)."""
    import contextlib
    import inspect

    from canasta import GameState, rules
    from canasta.turn import TURN_COUNTS, TURN_FIELDS, TURN_FLAGS, Turn
    from canasta.views import turn_state, view

    names = list(TURN_FIELDS)
    # every argument of Turn is named in TURN_FIELDS, in order (plain Python; compiled may not say)
    with contextlib.suppress(ValueError):
        assert list(inspect.signature(Turn).parameters) == names
    assert set(TURN_FLAGS) | set(TURN_COUNTS) | {"answer", "table_at_yes", "no_out"} == set(names)
    # copy() copies every field (each set to a value of its own here)
    # (typed values: the compiled Turn checks each field's type, so answer is an int from the start)
    odd = Turn(**{n: (True if n in TURN_FLAGS else 7 if n in TURN_COUNTS else 1 if n == "answer" else None)
                  for n in names})
    odd.no_out = ([1], (2, 3, 4, 5, 6))
    assert all(getattr(odd, n) == (True if n in TURN_FLAGS else 7 if n in TURN_COUNTS else 1 if n == "answer"
                                   else None) for n in names if n != "no_out")
    copy = odd.copy()
    assert copy == odd and copy is not odd and repr(copy) == repr(odd)
    for n in names:   # each field counts in ==
        other = odd.copy()
        setattr(other, n, {"answer": 0, "table_at_yes": ((), True, 0), "no_out": None}.get(
            n, False if n in TURN_FLAGS else 3))
        assert other != odd, n
    s = GameState.new(rules("classic"), 3)
    first = s.turn
    s.apply("draw")
    assert s.turn is first and s.turn.took_pile is False
    c = s.clone()
    assert c.turn == s.turn and c.turn is not s.turn
    s.apply(next(a for a in s.legal_actions() if a.op.name == "DISCARD"))
    assert s.turn is not first and s.turn == Turn(melds_before_turn=len(s.melds[s.side_of(s.current)]))
    ts = turn_state(s)
    assert set(TURN_FLAGS) <= set(ts)
    assert ts["stage"] == view(s, s.current)["turn_state"]["stage"] == "pick_up"


def test_the_stages_name_what_the_turn_still_allows() -> None:
    """``GameState.stage`` names what the flags stand for (``canasta.turn.Stage``): melds shown
    before the draw (R 1.1: the pile must then be taken), the opening taken back, the answer."""
    from canasta.records import position
    from canasta.turn import Stage

    s = position({"rules": "classic", "dealer": 3, "turn": 0, "phase": "draw",
                  "hands": ["KH KS QC QD QH 5C 6D", "4D 4H 6S", "8C 8D JH", "TC TD QS"],
                  "stock": "7C 8S 9S JC", "pile": "4C 9H KD", "melds": [[], []]})
    assert s.stage is Stage.PICK_UP
    s.apply("meld QC QD QH")
    assert s.stage is Stage.SHOWN and {a.op.name for a in s.legal_actions()} == {"TAKE", "RETRACT"}
    s.apply("retract")
    assert s.stage is Stage.RETRACTED and "DRAW" in {a.op.name for a in s.legal_actions()}
    s.apply("draw")
    assert s.stage is Stage.RETRACTED and not any(a.op.name == "MELD" for a in s.legal_actions())
    s.apply("discard 5C")
    assert s.stage is Stage.PICK_UP
