"""Compiled modules for the build (see build_backend/canasta_build.py for when and why).

Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

# the hot paths: the engine (the state and engine/: move generation, apply, clone, scoring, going
# out, views, positions), the bots' playouts and a step of the RL environments (rl/encode, NumPy-free).
# Not rules.py (it reads its dataclass's field types at run time), not the protocol in bots/base.py,
# and nothing that only runs once (CLI, TUI, match runner).
COMPILED = [
    "actions", "cards", "model", "melds", "scoring", "table", "state", "turn", "goingout", "goingout_search",
    "views",
    "records", "engine/common", "engine/conditions", "engine/flow", "engine/draw", "engine/take",
    "engine/top", "engine/meld", "engine/merge", "engine/declare", "engine/discard", "engine/ask",
    "engine/retract", "engine/end", "engine/lastcard", "engine/kinds", "bots/heuristic", "bots/plan",
    "bots/opening", "bots/knowledge", "bots/determinize", "bots/search", "rl/encode",
]


class OptionalBuildExt(build_ext):
    """Compile where a C compiler works; otherwise warn and leave the pure-Python engine."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, missing headers: the package still works, slower
            self._remove_outputs()
            print(f"WARNING: the compiled engine could not be built ({exc}); installing pure Python. "
                  "Set CANASTA_COMPILE=0 to skip the attempt.", file=sys.stderr)

    def _remove_outputs(self) -> None:
        # a partial build would leave compiled modules whose shared runtime module is missing
        # (a failed run never reached the copy into the source tree of an in-place build)
        for ext in self.extensions:
            path = self.get_ext_fullpath(ext.name)
            if os.path.exists(path):
                os.remove(path)


def extensions() -> list[Any]:
    if os.environ.get("_CANASTA_MYPYC") != "1":  # set by build_backend/canasta_build.py
        return []
    from mypyc.build import mypycify

    return mypycify([f"src/canasta/{name}.py" for name in COMPILED], opt_level="3")


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
