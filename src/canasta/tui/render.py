"""A seat's view in words and coloured cards (Rich text). Everything here reads a view dict
(``canasta.views.view``): nothing can show a card the seat may not see."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.table import Table
from rich.text import Text

from ..cards import JOKER, RANK_CHARS, SUIT_SYMBOLS, parse_cards

# Suit colours on a white card: red/black, or four colours (clubs green, diamonds blue).
TWO_COLOURS = ("black", "red", "red", "black")
FOUR_COLOURS = ("dark_green", "blue", "red", "black")


def card_label(f: int) -> str:
    """Two characters: rank and suit symbol (``K♥``), ``JK`` for a joker."""
    return "JK" if f == JOKER else RANK_CHARS[f // 4 + 2] + SUIT_SYMBOLS[f % 4]


def card_style(f: int, four_colour: bool, selected: bool = False) -> str:
    colour = "magenta" if f == JOKER else (FOUR_COLOURS if four_colour else TWO_COLOURS)[f % 4]
    return f"bold {colour} on {'yellow' if selected else 'white'}"


def cards_text(cards: list[int], four_colour: bool) -> Text:
    t = Text()
    for i, f in enumerate(cards):
        if i:
            t.append(" ")
        t.append(card_label(f), style=card_style(f, four_colour))
    return t


def group_key(f: int, by_suit: bool = False) -> tuple[int, int]:
    """Hand order: natural ranks high to low (or, where sequences count, by suit and rank upwards,
    so runs show), then threes, then deuces and jokers (wild cards)."""
    if f == JOKER:
        return (3, 0)
    rank = f // 4 + 2
    if rank == 2:
        return (2, f % 4)
    if rank == 3:
        return (1, f % 4)
    if by_suit:
        return (0, (f % 4) * 16 + rank)
    return (0, (14 - rank) * 4 + f % 4)


def group_of(f: int, by_suit: bool = False) -> int:
    """Cards of one group stand together in the hand: one natural rank (or suit), threes, or wilds."""
    k = group_key(f, by_suit)
    if k[0]:
        return 100 + k[0]
    return k[1] // 16 if by_suit else k[1] // 4


def sorted_hand(cards: list[int], by_suit: bool = False) -> list[int]:
    return sorted(cards, key=lambda f: group_key(f, by_suit))


@dataclass
class HandLayout:
    text: Text
    spots: list[tuple[int, int, int]]  # per card: line, first column, last column (exclusive)


def hand_layout(cards: list[int], width: int, cursor: int, selected: set[int],
                four_colour: bool, by_suit: bool = False) -> HandLayout:
    """The hand in rank (or suit) groups, wrapped to ``width``; the cursor card is bracketed."""
    lines: list[Text] = [Text()]
    spots: list[tuple[int, int, int]] = []
    x = 0
    prev = None
    for i, f in enumerate(cards):
        gap = 0 if i == 0 else (2 if group_of(f, by_suit) != prev else 0)
        if x + gap + 4 > width and x > 0:
            lines.append(Text())
            x, gap = 0, 0
        if gap:
            lines[-1].append(" " * gap)
            x += gap
        left, right = ("[", "]") if i == cursor else (" ", " ")
        lines[-1].append(left, style="bold yellow")
        lines[-1].append(card_label(f), style=card_style(f, four_colour, i in selected))
        lines[-1].append(right, style="bold yellow")
        spots.append((len(lines) - 1, x, x + 4))
        x += 4
        prev = group_of(f, by_suit)
    return HandLayout(Text("\n").join(lines), spots)


def seat_name(v: dict[str, Any], seat: int, humans: list[int] | None = None) -> str:
    if seat == v["seat"]:
        return "you"
    if seat == v["partner"]:
        return f"partner (seat {seat})"
    return f"seat {seat}"


def side_name(v: dict[str, Any], side: int) -> str:
    if side == v["side"]:
        return "us" if v["players"] > v["sides"] else "you"
    return "them" if v["sides"] == 2 else f"side {side}"


def meld_lines(v: dict[str, Any], side: int, four_colour: bool) -> list[Text]:
    """One line per meld of ``side``: ``@N`` number, a star for a canasta, the cards (or how many
    for a closed canasta) and the meld's size."""
    out = []
    for m in v["melds"][side]:
        t = Text(f"@{m['index']} ", style="bold cyan")
        if m["canasta"]:
            kind = "natural" if m["natural"] else "mixed"
            t.append(f"★{kind} ", style="bold green" if m["natural"] else "bold yellow")
        if m["cards"] is None:
            t.append(f"closed {m['what']}, {m['size']} cards", style="bold")
        else:
            t.append_text(cards_text(parse_cards(m["cards"]), four_colour))
            t.append(f" ({m['size']})", style="dim")
        out.append(t)
    return out


def side_header(v: dict[str, Any], side: int) -> Text:
    seats = [s for s in range(v["players"]) if s % v["sides"] == side]
    names = "+".join("you" if s == v["seat"] else f"s{s}" for s in seats)
    reds = [f for s in seats for f in parse_cards(v["red_threes"][s])]
    t = Text(f"{side_name(v, side).upper()} ", style="bold")
    t.append(f"{names} {v['scores'][side]} pts · min {v['minimum'][side]}")
    t.append(" · open" if v["opened"][side] else " · not open", style="dim")
    if reds:
        t.append(" · red 3s " if all(f % 4 in (1, 2) for f in reds) else " · 3s ")
        t.append_text(cards_text(reds, False))
    return t


def status_text(v: dict[str, Any], four_colour: bool) -> Text:
    pile = v["pile"]
    t = Text(f"{v['rules']} · hand {v['hand_number'] + 1} · stock {v['stock']} · pile ")
    if pile["top"]:
        t.append_text(cards_text(parse_cards(pile["top"]), four_colour))
        t.append(f" ({pile['size']})")
    else:
        t.append("empty")
    if pile["stopped"]:
        t.append(" STOPPED", style="bold red")
    if pile["frozen"]:
        t.append(" FROZEN", style="bold blue")
    elif pile["frozen_for_me"]:
        t.append(" frozen for us", style="blue")
    counts = " · ".join(f"{'you' if s == v['seat'] else f's{s}'}:{n}"
                        for s, n in enumerate(v["hand_counts"]))
    t.append(f"\ncards in hand {counts} · dealer s{v['dealer']} · turn: {seat_name(v, v['turn'])}")
    return t


_WORDS = {
    "deal": "dealt", "start_pile": "turned up {cards}", "red3": "laid a red three {cards}",
    "replace": "drew {cards} to replace it", "draw": "drew {cards}", "upcard": "took the upcard {cards}",
    "take": "took the pile: top card {top}, with {rest}", "pile": "got the rest of the pile: {cards}",
    "meld": "melded {cards}", "add": "added {cards}", "discard": "discarded {cards}",
    "ask": "asked the partner: may I go out?", "yes": "answered yes", "no": "answered no",
    "end": "ended the turn without a discard", "retract": "took back {cards}", "out": "went out",
    "failed_go_out": "was told yes but did not go out (penalty)", "hand_over": "the hand is over",
    "position": "set up the position", "talon": "took a talon of {cards}",
    "declare": "declared a special hand: {cards}",
    "box": "boxed {cards} face down", "unbox": "took the boxed {cards} back",
    "turnover": "turned the discard pile over as the stock", "draw_empty": "found the stock empty",
}


def _symbols(text: str) -> str:
    return " ".join(card_label(f) for f in parse_cards(text)) if text else ""


def log_line(v: dict[str, Any], e: dict[str, Any]) -> str:
    who = seat_name(v, e["seat"])
    what = e["what"]
    if "count" in e:
        cards = f"{e['count']} card{'s' if e['count'] != 1 else ''}"
    else:
        cards = _symbols(e.get("cards", ""))
    if what == "take":
        labels = cards.split()
        words = _WORDS["take"].format(top=labels[0] if labels else "?",
                                      rest=" ".join(labels[1:]) or "nothing from the hand")
    elif what in ("pile", "start_pile") and not cards:
        return ""
    else:
        words = _WORDS.get(what, what + " {cards}").format(cards=cards or "nothing")
    if what in ("deal", "hand_over", "position"):
        return words
    return f"{who[0].upper() + who[1:]} {words}"


def log_lines(v: dict[str, Any], last: int) -> list[str]:
    lines = [x for e in v["log"] if (x := log_line(v, e))]
    return lines[-last:]


SCORE_ROWS = (("canastas", "canasta_bonus"), ("red threes", "red_three_points"),
              ("going out", "going_out"), ("table", "table"), ("hand", "hand"),
              ("penalties", "penalties"), ("perfect cut", "perfect_cut"), ("total", "total"))
# rows shown only when some side has them (American rules: S3 F, G, H)
EXTRA_ROWS = (("special hand", "special"), ("short melds", "incomplete"), ("7s/aces held", "stuck"))


def score_table(v: dict[str, Any], result: dict[str, Any]) -> Table:
    """The breakdown of a hand's score per side (a result dict of the view's ``results``)."""
    t = Table(title=f"Hand {result['hand'] + 1}", title_justify="left", expand=False)
    t.add_column("")
    for side in range(v["sides"]):
        t.add_column(side_name(v, side), justify="right")
    extra = [row for row in EXTRA_ROWS if any(sc.get(row[1]) for sc in result["sides"])]
    for label, key in SCORE_ROWS[:-1] + tuple(extra) + SCORE_ROWS[-1:]:
        cells = []
        for sc in result["sides"]:
            val = str(sc[key])
            if key == "canasta_bonus":
                val = f"{sc['natural_canastas']}n {sc['mixed_canastas']}m  {sc[key]}"
            elif key == "red_three_points":
                val = f"{sc['red_threes']}× {sc[key]}"
            elif key == "going_out" and sc["concealed"]:
                val += " (concealed)"
            cells.append(val)
        t.add_row(label, *cells, style="bold" if key == "total" else None)
    t.add_row("game score", *map(str, result["scores_after"]), style="bold")
    return t


def result_words(v: dict[str, Any], result: dict[str, Any]) -> str:
    reason = result["reason"]
    if reason == "went_out":
        return f"{seat_name(v, result['out_seat']).capitalize()} went out."
    if reason == "stock_out":
        return "The stock ran out."
    if reason == "last_red3":
        return "The last card of the stock was a red three."
    if reason == "special":
        return f"{seat_name(v, result['out_seat']).capitalize()} declared a special hand."
    return str(reason)


def summary_table(v: dict[str, Any]) -> Table:
    t = Table(title="Game summary", title_justify="left")
    t.add_column("hand")
    for side in range(v["sides"]):
        t.add_column(side_name(v, side), justify="right")
    for r in v["results"]:
        t.add_row(str(r["hand"] + 1), *(str(sc["total"]) for sc in r["sides"]))
    t.add_row("final", *map(str, v["scores"]), style="bold")
    return t
