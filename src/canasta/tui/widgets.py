"""Textual widgets: the hand (cursor, selection, mouse) and a side's melds (click to add)."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from .render import hand_layout, meld_lines, side_header
from .words import w


class HandView(Widget):
    """The seat's own hand, grouped by rank; left/right move the cursor, space or a click selects."""

    DEFAULT_CSS = """
    HandView { height: auto; min-height: 1; padding: 0 1; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.cards: list[int] = []
        self.cursor = 0
        self.selected: set[int] = set()
        self.four_colour = False
        self.by_suit = False  # group by suit where sequences count (Samba, Bolivia)
        self.r3w = False  # held red treys stand with the wild cards (S0 T8)
        self._spots: list[tuple[int, int, int]] = []

    def set_cards(self, cards: list[int], keep: bool = False) -> None:
        if not keep or cards != self.cards:
            self.selected = set()
            self.cursor = 0
        self.cards = cards
        self.cursor = min(self.cursor, max(len(cards) - 1, 0))
        self.refresh(layout=True)

    def selected_cards(self) -> list[int]:
        return [self.cards[i] for i in sorted(self.selected)]

    def move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self.refresh()

    def toggle(self, index: int | None = None) -> None:
        i = self.cursor if index is None else index
        if 0 <= i < len(self.cards):
            self.selected ^= {i}
            self.refresh()

    def clear(self) -> None:
        self.selected = set()
        self.refresh()

    def _layout_width(self) -> int:
        return max(self.content_size.width, 8) if self.size.width else 76

    def render(self) -> RenderableType:
        if not self.cards:
            return Text("(no cards in hand)", style="dim")
        lay = hand_layout(self.cards, self._layout_width(), self.cursor, self.selected, self.four_colour,
                          self.by_suit, self.r3w)
        self._spots = lay.spots
        return lay.text

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        if not self.cards:
            return 1
        lay = hand_layout(self.cards, max(width, 8), self.cursor, self.selected, self.four_colour,
                          self.by_suit, self.r3w)
        return lay.text.plain.count("\n") + 1

    def on_click(self, event: events.Click) -> None:
        x, y = event.x - 1, event.y  # one column of padding
        for i, (line, x0, x1) in enumerate(self._spots):
            if line == y and x0 <= x < x1:
                self.cursor = i
                self.toggle(i)
                return


class MeldPanel(Widget):
    """One side's header (score, minimum, red threes) and melds; a click on a meld line adds the
    selected cards to it (own side)."""

    DEFAULT_CSS = """
    MeldPanel { height: 1fr; width: 1fr; border: round $primary; padding: 0 1; overflow-y: auto; }
    """

    class Clicked(Message):
        def __init__(self, side: int, meld: int) -> None:
            super().__init__()
            self.side = side
            self.meld = meld

    def __init__(self, side: int, **kw: Any) -> None:
        super().__init__(**kw)
        self.side = side
        self.view: dict[str, Any] | None = None
        self.four_colour = False

    def show(self, v: dict[str, Any], four_colour: bool) -> None:
        self.view = v
        self.four_colour = four_colour
        self.refresh(layout=True)

    def render(self) -> RenderableType:
        v = self.view
        if v is None:
            return Text("")
        width = self.content_size.width or 36
        lines = [side_header(v, self.side, self.narrow(), width),
                 *meld_lines(v, self.side, self.four_colour, width)]
        if not v["melds"][self.side]:
            lines.append(Text(w("tui.no_melds"), style="dim"))
        return Text("\n").join(lines)

    def narrow(self) -> bool:
        """Three or more sides at 80 columns leave about 24 columns a panel."""
        return 0 < self.content_size.width < 32

    def on_click(self, event: events.Click) -> None:
        v = self.view
        if v is None:
            return
        # The header may wrap: count its lines at this width.
        width = max(self.content_size.width, 1)
        head = len(side_header(v, self.side, self.narrow(), width).wrap(self.app.console, width))
        y = event.y - 1 - head  # border line, then header; a meld line may wrap too
        if y < 0:
            return
        for index, line in enumerate(meld_lines(v, self.side, self.four_colour, width)):
            y -= len(line.wrap(self.app.console, width))
            if y < 0:
                self.post_message(self.Clicked(self.side, index))
                return


class LogView(VerticalScroll, can_focus=False):
    """The hand's log, one line per turn, kept whole: it follows the newest line, and the mouse wheel
    or PgUp/PgDn (app keys) scroll back to the start of the hand. Never focused, so the arrow keys
    stay with the hand."""

    DEFAULT_CSS = """
    LogView { height: 1fr; min-height: 3; padding: 0 1; color: $text-muted; scrollbar-size-vertical: 1; }
    LogView > Static { width: 1fr; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.lines: list[str] = []

    def compose(self) -> Any:
        yield Static("", id="log-text")

    def show(self, lines: list[str]) -> None:
        """Show ``lines``; when they changed, scroll to the newest."""
        if lines == self.lines:
            return
        self.lines = list(lines)
        self.query_one("#log-text", Static).update(Text("\n".join(lines)))
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_resize(self) -> None:
        self.call_after_refresh(self.scroll_end, animate=False)
