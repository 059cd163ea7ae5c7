"""The server's own sentences in English, by key (refusals of a request, the rules card's words):
the catalogues' template is extracted from here, and the server says them in the reader's language
through :mod:`canasta.i18n`."""

from __future__ import annotations

from ..messages import Template

WORDS: dict[str, Template] = {
    "server.engine_default": "engine default",
}
