"""The server's own sentences in English, by key (refusals of a request, the rules card's words):
the catalogues' template is extracted from here, and the server says them in the reader's language
through :mod:`canasta.i18n`."""

from __future__ import annotations

from ..messages import Template

WORDS: dict[str, Template] = {
    "server.engine_default": "engine default",
}


#: What ``canasta serve`` prints when it starts, and ``canasta backup`` / ``restore`` when done (the
#: command line says them with ``--lang``; addresses, paths and database URLs are data as they are).
ADMIN: dict[str, Template] = {
    "admin.running": "Canasta is running. Open it in a browser at:",
    "admin.on_this_computer": "{url}  on this computer",
    "admin.on_your_network": "{url}  from other computers on your network",
    "admin.public_address": "{url}  the public address (every link uses it)",
    "admin.only_this_computer": "(only this computer can reach it: --host 0.0.0.0 lets your network in)",
    "admin.database_sqlite": "Database: SQLite, {path}",
    "admin.data_folder": "Data folder: {path}",
    "admin.database": "Database: {url}",
    "admin.process": "Process: {instance} (one of several on this database)",
    "admin.stop": "Stop it with Ctrl+C.",
    "admin.summary": "{path}: {kind} backup, {size} MB",
    "admin.summary_schema": "{path}: {kind} backup, {size} MB, schema {schema}",
    "admin.summary_counts": "{path}: {kind} backup, {size} MB ({counts})",
    "admin.summary_schema_counts": "{path}: {kind} backup, {size} MB, schema {schema} ({counts})",
    "admin.count": "{what}: {count}",
    "admin.count.tables": "tables",
    "admin.count.games": "games",
    "admin.count.actions": "moves",
    "admin.count.sheets": "score sheets",
    "admin.count.events": "tournament events",
    "admin.backed_up": "backed up to {summary}",
    "admin.restored": "restored {summary}",
    "admin.kept": "the database it replaced is kept in {path}",
}
