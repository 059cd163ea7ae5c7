"""A tournament round's online table named in the reader's language by the pages' own code (issue 37):
board.js's ``tableName`` run in a Spanish browser page: the event's facts said from the catalogue,
any other table by its given name."""

from __future__ import annotations

from typing import Any

from .conftest import LiveServer
from .test_languages import open_page


def test_a_rounds_table_is_named_from_the_catalogue_and_others_by_their_name(chromium: Any,
                                                                             server: LiveServer) -> None:
    context = chromium.new_context(locale="es-AR")
    page = open_page(context, server.url + "/")
    page.wait_for_selector("#preset option[value='spanish']", state="attached")   # the words are in
    names = page.evaluate("""async () => {
        const { tableName } = await import("/static/board.js");
        const round = { event: "Copa", round: 2, table: 3 };
        return [tableName({ name: "Copa: round 2, table 3", event_round: round }),
                tableName({ name: "Martes", event_round: null })];
    }""")
    assert names == ["Copa: ronda 2, mesa 3", "Martes"]
    assert not page.errors
    context.close()
