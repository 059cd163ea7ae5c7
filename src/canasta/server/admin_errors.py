"""Why ``canasta serve``, ``backup`` and ``restore`` cannot do what a volunteer asked: code -> English.

The errors of the hosting tools (:class:`~canasta.server.backup.BackupError`,
:class:`~canasta.server.store.SchemaTooNew`, :class:`~canasta.server.urls.AddressError`,
:class:`~canasta.server.config.LimitError`) carry a code and its data, as the library's errors do
(:mod:`canasta.messages`): ``str(exc)`` is the English sentence made from this table, and the
command line says the same in the reader's language from the catalogue (``server.<code>``). A
detail only the system or a tool has words for (SQLite's or pg_dump's own message) is data as it
came; an OS error is a ``why`` said by its errno (:func:`canasta.error_words.os_reason`).
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from ..error_words import template_of
from ..errors import CanastaError
from ..messages import Template, render

ADMIN_ERRORS: Final[dict[str, Template]] = {
    # canasta serve: its options
    "address_public_whole": "--public-url {value}: give the whole address, like https://canasta.ourclub.org",
    "address_public_host": "--public-url {value}: give only the scheme and the host (and a port), like "
                           "https://canasta.ourclub.org",
    "address_proxy": "--trusted-proxy {value} is not an IP address or network (like 127.0.0.1 or "
                     "172.16.0.0/12)",
    "limit_unknown": "{item}: no limit is named {name} (the limits: {names})",
    "limit_number": "{item}: {name} is a number, not {value}",
    "limit_negative": "{item}: a limit is 0 or more",
    # the database
    "serve_in_use": "another canasta server is using {path}; stop it first",
    "schema_database_newer": "the database {path} was written by a newer canasta (schema {schema}; this one "
                             "knows up to {known}): update canasta, or restore a backup this version made",
    "schema_backup_newer": "{path} was made by a newer canasta (schema {schema}; this one knows up to "
                           "{known}): update canasta to restore it",
    # canasta backup
    "backup_is_folder": "{path} is a folder: name the backup file, like {example}",
    "backup_no_folder": "the folder {path} does not exist",
    "backup_no_database": "there is no database at {path} (is --data or --db right?)",
    "backup_unsound": "the copy of {path} does not check as a sound database",
    "backup_failed": "cannot back up {path}: {detail}",
    "backup_no_db_name": "{url} names no database",
    "backup_no_tool": "{tool} was not found: install PostgreSQL's client programs (Debian: apt-get "
                      "install postgresql-client)",
    "backup_tool_failed": "{tool} failed: {reason}",
    "backup_tool_reading": "{tool} could not read the backup: {reason}",
    "backup_tool_exit": "it stopped with exit code {status}",
    # canasta restore
    "backup_cannot_read": "cannot read {path}: {why}",
    "backup_not_canasta": "{path} is not a canasta backup (neither an SQLite database nor a pg_dump file)",
    "backup_no_schema": "{path} holds no canasta database (no schema version)",
    "backup_of_sqlite": "{path} is a backup of an SQLite database; restore it into one of the same kind "
                        "(--db)",
    "backup_of_postgresql": "{path} is a backup of a PostgreSQL database; restore it into one of the same "
                            "kind (--db)",
    "restore_in_use": "a canasta server is using this database: stop it first, then restore",
    "backup_unreadable": "{path} cannot be read as a database: {detail}",
}

E = TypeVar("E", bound=CanastaError)


def _template(code: str) -> Template:
    """The English of a code of this table, or of a library error's (an OS error's ``why``)."""
    found = ADMIN_ERRORS.get(code)
    return found if found is not None else template_of(code)


def admin_error(kind: type[E], code: str, **data: Any) -> E:
    """An error of ``kind`` with ``code``, ``data`` and its English sentence."""
    return kind(render(ADMIN_ERRORS[code], data, lookup=_template), code, data)
