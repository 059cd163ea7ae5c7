"""The CSV files people open in a spreadsheet (issue 37): one place decides their dialect from the
reader's language (CLDR's decimal sign, through Babel); every file starts with the UTF-8 byte order
mark Excel needs; Python's own csv reads it back as written."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from canasta.i18n.spreadsheet import FOR_PROGRAMS, Spreadsheet, spreadsheet_for
from canasta.presets import rules
from canasta.scoresheet import ScoreSheet

ROWS = [["Mano", "Pareja", "Puntos", "Promedio"],
        [1, "Nosotros; los de siempre", 2525, 0.5],
        [2, 'Ellos, "los otros"', -150, 1.0],
        ["", "José\nMaría", 0, None]]


@pytest.mark.parametrize(("tag", "delimiter", "decimal"), [
    ("es", ";", ","), ("es-ES", ";", ","), ("es_AR.UTF-8", ";", ","), ("pt-BR", ";", ","), ("fr", ";", ","),
    ("es-MX", ",", "."), ("en", ",", "."), ("en-GB", ",", "."), ("en-XA", ",", "."), ("C", ",", ".")])
def test_the_separator_is_a_semicolon_where_the_language_writes_decimals_with_a_comma(
        tag: str, delimiter: str, decimal: str) -> None:
    # by hand: Spain, Argentina, Brazil and France write 1,5 (their Excel splits on ';'); Mexico,
    # Britain and the US write 1.5 (their Excel splits on ',')
    assert spreadsheet_for(tag) == Spreadsheet(delimiter=delimiter, decimal=decimal)


def test_an_unknown_tag_gives_way_to_the_next_and_then_to_english() -> None:
    assert spreadsheet_for("xx-nope", "es") == spreadsheet_for("es")
    assert spreadsheet_for(None, "", "zz") == Spreadsheet()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_pythons_csv_reads_the_file_back_with_utf_8_sig(tmp_path: Path, lang: str) -> None:
    """The claim in canasta.i18n.spreadsheet: with encoding="utf-8-sig" Python's reader skips the
    mark and gives back every cell as written (separators, quotes and a new line inside a cell)."""
    sheet = spreadsheet_for(lang)
    path = tmp_path / "out.csv"
    path.write_text(sheet.text(ROWS), encoding="utf-8", newline="")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")          # the UTF-8 byte order mark
    with path.open(encoding="utf-8-sig", newline="") as fh:
        back = list(csv.reader(fh, delimiter=sheet.delimiter))
    half = "0,5" if lang == "es" else "0.5"
    assert back == [["Mano", "Pareja", "Puntos", "Promedio"],
                    ["1", "Nosotros; los de siempre", "2525", half],
                    ["2", 'Ellos, "los otros"', "-150", "1"],
                    ["", "José\nMaría", "0", ""]]
    first = path.read_text(encoding="utf-8-sig").splitlines()[0]
    assert first == sheet.delimiter.join(["Mano", "Pareja", "Puntos", "Promedio"])


def test_a_text_that_starts_like_a_formula_never_runs_as_one() -> None:
    # OWASP's CSV injection: a player named "=HYPERLINK(...)" must not become a formula on the
    # volunteer's computer; a negative number stays a number
    sheet = spreadsheet_for("en")
    assert [sheet.cell(x) for x in ("=1+1", "+1", "-2", "@SUM(A1)", "Ann", -2, 2.25)] == [
        "'=1+1", "'+1", "'-2", "'@SUM(A1)", "Ann", "-2", "2.25"]
    with pytest.raises(TypeError):
        sheet.cell(True)


def test_the_file_for_programs_has_one_dialect_in_every_language() -> None:
    assert FOR_PROGRAMS.text([["a", 1.0, 0.5]]) == "a,1.0,0.5\r\n"


def test_the_score_sheets_rows_are_what_its_plain_csv_writes() -> None:
    """ScoreSheet.csv (for a Python user) and the files people download come from the same rows."""
    sheet = ScoreSheet(rules("classic"), ["We", "They"])
    sheet.add_hand([{"natural_canastas": 1, "table": 120, "went_out": True}, {"table": 80}])
    text = spreadsheet_for("en").text(sheet.rows())
    assert text == "\ufeff" + sheet.csv()
