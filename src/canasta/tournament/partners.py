"""GVR's second-game partnering (S2): at a table of four the partnerships change for the second game.

S2: "Establish a score keeper for the table. Each player draws a card; the high card deals. Second
game the players to the right and left of the score keeper draw; high card then partners with the
score keeper." In game 1 partners sit opposite, so the keeper's right and left neighbours are the
opponents; after their draw the keeper plays with the high card, the keeper's game-1 partner with the
low card, and nobody keeps a partner. The sheet does not say who moves: the director's decision is
that the high card takes the seat opposite the keeper (the keeper's old partner takes the high card's
seat), so the keeper and the low card stay put. A third game (the sheet has none) would complete the
rotation: the keeper with the one player not yet partnered.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .draw import high_card_draw
from .options import NVSO_FRAME, FrameOptions, TournamentError
from .words import LINES

SOURCE = str(LINES["tournament.source.gvr"])


@dataclass(frozen=True, slots=True)
class TableSeats:
    """Four players clockwise from the score keeper: keeper, left, across (partner), right."""

    keeper: str
    left: str
    across: str
    right: str

    def partnerships(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """(keeper's side, the other side): partners sit opposite."""
        return (self.keeper, self.across), (self.left, self.right)

    def text(self) -> str:
        return (f"keeper {self.keeper}, left {self.left}, across {self.across}, right {self.right}; "
                f"partners {self.keeper}+{self.across} against {self.left}+{self.right}")


def _seats(players: Sequence[str]) -> TableSeats:
    if len(players) != 4 or len(set(players)) != 4:
        raise TournamentError("table_of_four", names=str(list(players)))
    return TableSeats(*players)


def gvr_second_game(players: Sequence[str], cards: Iterable[int],
                    options: FrameOptions = NVSO_FRAME) -> tuple[TableSeats, str]:
    """Game 2's seats after the draw: ``players`` clockwise from the keeper in game 1 (keeper, left,
    across, right); ``cards`` drawn in turn, the player to the keeper's right first, then the one to
    the left (the draw of S3 §B's rank order and options: equal ranks draw again). Returns the new
    seats and a line for the table card."""
    g1 = _seats(players)
    draw = high_card_draw(cards, options)
    right_high = draw.chooser == 0
    high, low = (g1.right, g1.left) if right_high else (g1.left, g1.right)
    # the high card moves opposite the keeper; the keeper's game-1 partner takes the high card's seat
    if right_high:
        g2 = TableSeats(g1.keeper, g1.left, high, g1.across)
    else:
        g2 = TableSeats(g1.keeper, g1.across, high, g1.right)
    drawn = draw.text((g1.right, g1.left)).rsplit(": ", 1)[0]    # the cards, without "... chooses"
    line = (f"Game 2: {drawn}; {high} has the high card and partners the keeper {g1.keeper}, "
            f"{low} partners {g1.across}")
    return g2, line


def gvr_third_game(game2: TableSeats, game1: TableSeats) -> TableSeats:
    """Director's decision (S2 has two games): game 3 partners the keeper with the one player it has
    not partnered yet; that player moves opposite the keeper, swapping with the game-2 partner."""
    if game1.keeper != game2.keeper or {game1.left, game1.across, game1.right} != {
            game2.left, game2.across, game2.right}:
        raise TournamentError("same_table")
    third = ({game1.left, game1.right} - {game2.across}).pop()
    if third == game2.left:
        return TableSeats(game2.keeper, game2.across, third, game2.right)
    return TableSeats(game2.keeper, game2.left, third, game2.across)
