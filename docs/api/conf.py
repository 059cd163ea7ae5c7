"""Sphinx configuration of the API reference (``python -m sphinx -W --keep-going -b html docs/api OUT``).

Sphinx, not MkDocs: the docstrings are reStructuredText (````literal````, ``:class:`` roles), which
autodoc reads as written; mkdocstrings would need them rewritten as Markdown.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))

project = "canasta"
author = "the canasta contributors"
release = version = "0.1.0"

extensions = ["sphinx.ext.autodoc"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
# the server's web stack is imported only for its entry points; a missing optional import must not fail
autodoc_mock_imports: list[str] = []
html_theme = "alabaster"
html_title = "canasta API reference"
exclude_patterns = ["_build"]
