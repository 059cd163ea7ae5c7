"""The hosting tools the deploy tests run (Debian's caddy, nginx, systemd-analyze): where a user's
machine lacks one, its tests skip and say so, unless ``CANASTA_REQUIRE_HOSTING=1`` (as in CI)."""

from __future__ import annotations

import os
import shutil

import pytest

REQUIRE = os.environ.get("CANASTA_REQUIRE_HOSTING") == "1"
PACKAGE = {"caddy": "caddy", "nginx": "nginx", "systemd-analyze": "systemd", "pg_dump": "postgresql-client"}


def tool(name: str) -> str:
    """The tool's path, or the test skips (fails under CANASTA_REQUIRE_HOSTING=1)."""
    found = shutil.which(name) or (f"/usr/sbin/{name}" if os.access(f"/usr/sbin/{name}", os.X_OK) else None)
    if found is None:
        why = f"{name} is not installed (Debian: apt-get install {PACKAGE.get(name, name)})"
        if REQUIRE:
            pytest.fail(why)
        pytest.skip(why)
    return found
