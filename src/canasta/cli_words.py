"""The command line's words a player reads, in English, by key (the catalogues' template is
extracted from here; ``--lang`` says them through :mod:`canasta.i18n`)."""

from __future__ import annotations

from .messages import Template

WORDS: dict[str, Template] = {}
