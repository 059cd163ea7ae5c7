"""A tournament round's online table named in the reader's language by the pages' own code (issue 37):
board.js's ``tableName`` run in Node (no browser) with the Spanish page catalogue: the event's facts
said from the catalogue, any other table by its given name."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from canasta.i18n import catalogue

BOARD = Path(__file__).parents[2] / "src" / "canasta" / "web" / "static" / "board.js"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_a_rounds_table_is_named_from_the_catalogue_and_others_by_their_name() -> None:
    words = catalogue("es").page_catalogue()["messages"]
    source = re.sub(r"^import .*$", "", BOARD.read_text("utf-8"), flags=re.M)
    stub = ("const WORDS = " + json.dumps(words) + ";\n"
            "const t = (k, d) => String(WORDS[k] ?? k).replace(/\\{(\\w+)\\}/g, (_m, n) => d[n]);\n"
            "const num = String, cardText = String, el = () => null, cardImage = el, cardBack = el,"
            " cardName = String;\n")
    run = ("\nconsole.log(JSON.stringify([tableName({name: 'Copa: round 2, table 3', event_round:"
           " {event: 'Copa', round: 2, table: 3}}), tableName({name: 'Martes', event_round: null})]));\n")
    script = (stub + source + run).replace("export ", "")
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    assert json.loads(out) == ["Copa: ronda 2, mesa 3", "Martes"]
