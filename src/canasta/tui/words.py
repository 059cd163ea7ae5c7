"""The terminal game's words in English, by key (the catalogues' template is extracted from here;
the screen says them in the player's language through :mod:`canasta.i18n`)."""

from __future__ import annotations

from ..messages import Template

WORDS: dict[str, Template] = {}
