"""Collection for the whole tree: without the optional ``[rl]`` extra (NumPy, PettingZoo, OpenSpiel)
the doctests of ``canasta.rl`` and ``docs/rl.md`` are not collected (their tests in ``tests/`` skip
and say why). CI installs the extras and sets ``CANASTA_REQUIRE_RL`` (and ``CANASTA_REQUIRE_RAY``
where Ray is installed), so that there a missing extra fails instead of skipping."""

from __future__ import annotations

import importlib.util
import os

RL = ("numpy", "pettingzoo", "gymnasium", "pyspiel")
missing = [m for m in RL if importlib.util.find_spec(m) is None]
if missing and os.environ.get("CANASTA_REQUIRE_RL"):
    raise RuntimeError(f"CANASTA_REQUIRE_RL is set but {', '.join(missing)} is not installed "
                       f"(pip install '.[rl]')")
if os.environ.get("CANASTA_REQUIRE_RAY") and importlib.util.find_spec("ray") is None:
    raise RuntimeError("CANASTA_REQUIRE_RAY is set but ray is not installed (pip install '.[ray]')")

collect_ignore_glob: list[str] = []
if missing:
    collect_ignore_glob += ["src/canasta/rl/*.py", "docs/rl.md"]
