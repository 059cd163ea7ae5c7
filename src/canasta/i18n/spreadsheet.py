"""The CSV files people open in a spreadsheet: the one place that decides how they are written.

A club volunteer double-clicks the download, and Excel opens it with the computer's regional
settings. Two things decide whether that shows the sheet or a mess (issue 37):

- **A UTF-8 byte order mark.** Without it Excel reads the file in the computer's old code page
  (``sí`` shows as ``sÃ­``). With it Excel reads UTF-8; LibreOffice, Google Sheets and Python's
  ``csv`` with ``encoding="utf-8-sig"`` read it as well.
- **The separator.** Excel splits columns on the region's list separator: ``;`` where numbers are
  written with a decimal comma (Spain, most of Latin America, Europe), ``,`` where with a decimal
  point. So a file for a reader whose language (and region, where known: ``es-MX`` writes
  ``1.5``, ``es`` ``1,5``) has the decimal comma (CLDR, through Babel) uses ``;``.

Numbers stay numbers: plain digits, no grouping, a minus sign; a number with a fraction is written
with the reader's decimal sign (``0,5`` in a ``;`` file), because Spanish Excel reads ``0.5`` in a
``;`` file as text or a date, never as a number. A text cell that starts like a formula (``=``,
``+``, ``-``, ``@``) gets a leading apostrophe, as OWASP advises, so a player's name can never run
as a formula on the volunteer's computer.

:data:`FOR_PROGRAMS` is the dialect of a file made for programs (the event's code-headed CSV): no
mark, ``,`` and ``.`` whatever the reader's language (``1.0`` stays ``1.0``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.numbers import get_decimal_symbol

BOM = "\ufeff"
Cell = str | int | float | None
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class Spreadsheet:
    """How a CSV file is written for one reader: its separator, decimal sign and byte order mark."""

    delimiter: str = ","
    decimal: str = "."
    bom: bool = True
    python_floats: bool = False   # a float as Python writes it (1.0), for programs

    def cell(self, x: Cell) -> str:
        """One cell: a number as digits (a fraction with this decimal sign), a text made safe from
        being run as a formula, nothing as an empty cell."""
        if x is None:
            return ""
        if isinstance(x, bool):
            raise TypeError("a spreadsheet cell is a number or a text, not a bool")
        if isinstance(x, int):
            return str(x)
        if isinstance(x, float) and self.python_floats:
            return repr(x)
        if isinstance(x, float):
            return str(int(x)) if x.is_integer() else repr(x).replace(".", self.decimal)
        return "'" + x if x.startswith(FORMULA_STARTS) else x

    def text(self, rows: Iterable[Sequence[Cell]]) -> str:
        """The whole file (``[]`` is an empty line between two tables of one file)."""
        buf = io.StringIO()
        if self.bom:
            buf.write(BOM)
        w = csv.writer(buf, delimiter=self.delimiter)
        for row in rows:
            w.writerow([self.cell(x) for x in row])
        return buf.getvalue()


#: A file for programs: no mark, ``,`` and ``.`` in every language, floats as Python writes them.
FOR_PROGRAMS = Spreadsheet(bom=False, python_floats=True)


@lru_cache(maxsize=256)   # bounded: the tags come from a request's Accept-Language
def spreadsheet_for(*tags: str | None) -> Spreadsheet:
    """The dialect for a reader: from the first of ``tags`` (``es-MX``, ``es_AR.UTF-8``, ``en``)
    that CLDR knows; English's where none is known."""
    for tag in tags:
        locale = _locale(tag)
        if locale is not None:
            decimal = get_decimal_symbol(locale)
            return Spreadsheet(delimiter=";" if decimal == "," else ",", decimal=decimal)
    return Spreadsheet()


def _locale(tag: str | None) -> Locale | None:
    tag = (tag or "").split(".")[0].split("@")[0].strip().replace("-", "_")
    if not tag or tag in ("C", "POSIX"):
        return None
    try:
        return Locale.parse(tag)
    except (UnknownLocaleError, ValueError):
        return None
