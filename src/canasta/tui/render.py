"""A seat's view in words and coloured cards (Rich text). Everything here reads a view dict
(``canasta.views.view``): nothing can show a card the seat may not see."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.table import Table
from rich.text import Text

from ..cards import JOKER, RANK_CHARS, SUIT_SYMBOLS, is_black_three, parse_cards

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


def group_key(f: int, by_suit: bool = False, r3w: bool = False) -> tuple[int, int]:
    """Hand order: natural ranks high to low (or, where sequences count, by suit and rank upwards,
    so runs show), then threes, then deuces and jokers (wild cards); with ``r3w`` (S0 T8: held red
    treys are wild cards) the red threes stand with the wild cards."""
    if f == JOKER:
        return (3, 0)
    rank = f // 4 + 2
    if rank == 2 or (r3w and rank == 3 and f % 4 in (1, 2)):
        return (2, f % 4 + (4 if rank == 3 else 0))
    if rank == 3:
        return (1, f % 4)
    if by_suit:
        return (0, (f % 4) * 16 + rank)
    return (0, (14 - rank) * 4 + f % 4)


def group_of(f: int, by_suit: bool = False, r3w: bool = False) -> int:
    """Cards of one group stand together in the hand: one natural rank (or suit), threes, or wilds."""
    k = group_key(f, by_suit, r3w)
    if k[0]:
        return 100 + k[0]
    return k[1] // 16 if by_suit else k[1] // 4


def sorted_hand(cards: list[int], by_suit: bool = False, r3w: bool = False) -> list[int]:
    return sorted(cards, key=lambda f: group_key(f, by_suit, r3w))


@dataclass
class HandLayout:
    text: Text
    spots: list[tuple[int, int, int]]  # per card: line, first column, last column (exclusive)


def hand_layout(cards: list[int], width: int, cursor: int, selected: set[int],
                four_colour: bool, by_suit: bool = False, r3w: bool = False) -> HandLayout:
    """The hand in rank (or suit) groups, wrapped to ``width``; the cursor card is bracketed."""
    lines: list[Text] = [Text()]
    spots: list[tuple[int, int, int]] = []
    x = 0
    prev = None
    for i, f in enumerate(cards):
        gap = 0 if i == 0 else (2 if group_of(f, by_suit, r3w) != prev else 0)
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
        prev = group_of(f, by_suit, r3w)
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


def _wild_in_meld(f: int) -> bool:
    """A joker, a deuce, or a red three (in a meld only as S0's held red trey used as a wild)."""
    return f == JOKER or f // 4 == 0 or (f // 4 == 1 and f % 4 in (1, 2))


def _short(m: dict[str, Any], cards: list[int], four_colour: bool) -> Text:
    """A meld in a few characters for narrow panels: a run as its ends (``4♥-T♥``), a group as
    rank and count with its wild cards (``K×5+2w``)."""
    if "sequence" in m["what"]:
        t = cards_text([cards[0]], four_colour)
        t.append("-")
        t.append_text(cards_text([cards[-1]], four_colour))
        return t
    nat = [f for f in cards if not _wild_in_meld(f)]
    wild = len(cards) - len(nat)
    if not nat:
        return Text(f"wild ×{len(cards)}", style="bold magenta")
    rank = RANK_CHARS[nat[0] // 4 + 2]
    return Text(f"{rank}×{len(nat)}" + (f"+{wild}w" if wild else ""), style="bold")


_KIND_SHORT = {"natural": "nat", "mixed": "mix", "sequence": "seq", "wild": "wild"}


def _meld_line(m: dict[str, Any], four_colour: bool, short: int) -> Text:
    """A meld at one of four widths (``short``): 0 all cards and size; 1 all cards and size, the
    canasta kind abbreviated; 2 short form (run ends, rank x count); 3 the kind in one letter."""
    t = Text(f"@{m['index']} ", style="bold cyan")
    if m["canasta"]:
        kind = m["what"].split()[0]  # natural, mixed, sequence, wild (melds.describe)
        word = kind if not short else _KIND_SHORT.get(kind, kind)[:1 if short == 3 else 4]
        t.append(f"★{word} ", style="bold green" if m["natural"] else "bold yellow")
    if m["cards"] is None:
        t.append(f"closed {m['what']}, {m['size']} cards" if not short else f"closed ({m['size']})",
                 style="bold")
        return t
    cards = parse_cards(m["cards"])
    if short >= 2:
        t.append_text(_short(m, cards, four_colour))
        return t
    t.append_text(cards_text(cards, four_colour))
    t.append(f" ({m['size']})", style="dim")
    if not m["canasta"] and m["what"].split()[0] in ("sequence", "wild"):
        t.append(" run" if m["what"].startswith("sequence") else " wild", style="dim")
    return t


def meld_lines(v: dict[str, Any], side: int, four_colour: bool, width: int = 0) -> list[Text]:
    """One line per meld of ``side``: ``@N`` number, a star for a canasta, the cards (or how many
    for a closed canasta) and the meld's size. Where that would not fit in ``width`` columns (long
    canastas, 3+ sides at 80 columns), shorter forms: runs by their ends, groups by rank and count."""
    out = []
    for m in v["melds"][side]:
        t = _meld_line(m, four_colour, 0)
        for short in (1, 2, 3):
            if not width or t.cell_len <= width:
                break
            t = _meld_line(m, four_colour, short)
        out.append(t)
    return out


def meld_points(v: dict[str, Any], side: int) -> str:
    """The card points of a side's melds (what they count at the end of the hand, before bonuses);
    ``+`` where a closed canasta's cards are hidden."""
    melds = v["melds"][side]
    known = sum(m["points"] for m in melds if m.get("points") is not None)
    return f"{known}{'+' if any(m.get('points') is None for m in melds) else ''}"


def side_header(v: dict[str, Any], side: int, narrow: bool = False, width: int = 0) -> Text:
    """Who sits on the side, score, opening minimum, and the threes laid (red and black counted:
    R 1.2/S3 score them by colour). Where the threes' cards would not fit in ``width`` columns, they
    are counted instead, so that the header does not wrap."""
    seats = [s for s in range(v["players"]) if s % v["sides"] == side]
    names = "+".join("you" if s == v["seat"] else f"s{s}" for s in seats)
    threes = [f for s in seats for f in parse_cards(v["red_threes"][s])]
    t = Text(f"{side_name(v, side).upper()} ", style="bold")
    on_table = meld_points(v, side)
    if narrow:  # about 22 columns: the game score and whether open, then the melds' points and minimum
        t.append(f"{names} {v['scores'][side]}")
        t.append(" open" if v["opened"][side] else " not open", style="dim")
        t.append(f"\nmelds {on_table} · min {v['minimum'][side]}")
    else:
        t.append(f"{names} · game {v['scores'][side]} pts\nmelds {on_table} · min {v['minimum'][side]}")
        t.append(" · open" if v["opened"][side] else " · not open", style="dim")
    if threes:
        red = sum(1 for f in threes if f % 4 in (1, 2))
        black = len(threes) - red
        if narrow:
            t.append(f"\n3s: {red} red" + (f" {black} black" if black else ""))
        else:
            full = Text(" · red 3s " if not black else f" · 3s ({red} red, {black} black) ")
            full.append_text(cards_text(threes, False))
            last = t.plain.split("\n")[-1]
            if width and len(last) + full.cell_len > width:
                full = Text(f" · {red} red 3s" + (f", {black} black" if black else ""))
            t.append_text(full)
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
    counts = ", ".join(f"{'you' if s == v['seat'] else f's{s}'} {n}"
                       for s, n in enumerate(v["hand_counts"]))
    # the turn first: on a narrow screen the line wraps after it, not before it
    t.append(f"\nturn: {seat_name(v, v['turn'])} · dealer s{v['dealer']} · cards {counts}")
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
    "box_red3": "boxed the red treys {cards} face down",
    "turnover": "turned the discard pile over as the stock", "draw_empty": "found the stock empty",
    "merge": "merged two melds of a rank", "pass": "passed (no discard)",
}


def _symbols(text: str) -> str:
    return " ".join(card_label(f) for f in parse_cards(text)) if text else ""


def _event_words(v: dict[str, Any], e: dict[str, Any]) -> str:
    """One event without its player: ``drew K♣``, ``melded K♦ K♥ K♠`` ("" for nothing to say)."""
    what = str(e["what"])
    if "count" in e:
        cards = f"{e['count']} card{'s' if e['count'] != 1 else ''}"
    else:
        cards = _symbols(e.get("cards", ""))
    if what == "take":
        labels = cards.split()
        return _WORDS["take"].format(top=labels[0] if labels else "?",
                                     rest=" ".join(labels[1:]) or "nothing from the hand")
    if what in ("pile", "start_pile") and not cards:
        return ""
    if what == "red3" and any(is_black_three(f) for f in parse_cards(e.get("cards", ""))):
        return f"laid a black three {cards}"  # the American games lay every three (R 1.2, S3 C)
    return _WORDS.get(what, what + " {cards}").format(cards=cards or "nothing")


# events of the table, not of a player's turn
_TABLE_EVENTS = ("deal", "hand_over", "position")


def log_line(v: dict[str, Any], e: dict[str, Any]) -> str:
    words = _event_words(v, e)
    if not words or e["what"] in _TABLE_EVENTS:
        return words
    who = seat_name(v, e["seat"])
    return f"{who[0].upper() + who[1:]} {words}"


def log_lines(v: dict[str, Any], last: int = 0) -> list[str]:
    """The hand's log, one line per turn (a player's events in a row, joined by ``·``), so that the
    start of every bot's turn stays in view; the last ``last`` lines (0: all)."""
    lines: list[str] = []
    seat = None
    for e in v["log"]:
        words = _event_words(v, e)
        if not words:
            continue
        if e["what"] in _TABLE_EVENTS:
            lines.append(words)
            seat = None
        elif e["seat"] == seat:
            lines[-1] += f" · {words}"
        else:
            lines.append(log_line(v, e))
            seat = e["seat"]
    return lines[-last:] if last else lines


SCORE_ROWS = (("canastas", "canasta_bonus"), ("red threes", "red_three_points"),
              ("going out", "going_out"), ("melded cards", "table"), ("cards left in hand", "hand"),
              ("penalties of play", "penalties"), ("perfect cut", "perfect_cut"), ("total", "total"))
# rows shown only when some side has them (American rules: S3 F, G, H)
EXTRA_ROWS = (("special hand", "special"), ("short melds", "incomplete"), ("7s/aces held", "stuck"),
              ("black 3s out", "black_threes"), ("threes kept in hand", "threes_held"))
# S3 K: the score sheet's Base (threes, canastas, going out), Count (table less hand) and Penalties
# rows, which add up to the total
SUM_ROWS = (("base", "base"), ("count", "count"), ("penalties", "all_penalties"))


def score_table(v: dict[str, Any], result: dict[str, Any]) -> Table:
    """The breakdown of a hand's score per side (a result dict of the view's ``results``)."""
    t = Table(title=f"Hand {result['hand'] + 1}", title_justify="left", expand=False)
    t.add_column("")
    for side in range(v["sides"]):
        t.add_column(side_name(v, side), justify="right")
    extra = [row for row in EXTRA_ROWS if any(sc.get(row[1]) for sc in result["sides"])]
    sums = SUM_ROWS if all("base" in sc for sc in result["sides"]) else ()
    for label, key in SCORE_ROWS[:-1] + tuple(extra) + sums + SCORE_ROWS[-1:]:
        if key == "red_three_points" and v.get("threes_laid") == "all":
            label = "threes"  # the American games count every three laid, black too (R 1.2, S3 C)
        cells = []
        for sc in result["sides"]:
            val = str(sc[key])
            if key == "canasta_bonus":
                kinds = [f"{sc[k]} {word}" for k, word in (
                    ("natural_canastas", "natural"), ("mixed_canastas", "mixed"),
                    ("sequence_canastas", "sequence"), ("wild_canastas", "wild")) if sc.get(k)]
                val = f"{', '.join(kinds)}: {sc[key]}" if kinds else str(sc[key])
            elif key == "red_three_points":
                val = f"{sc['red_threes']} laid: {sc[key]}" if sc["red_threes"] else str(sc[key])
            elif key == "going_out" and sc["concealed"]:
                val += " (concealed)"
            cells.append(val)
        t.add_row(label, *cells, style="bold" if key == "total" else "italic" if key in (
            "base", "count", "all_penalties") else None)
    t.add_row("game score", *map(str, result["scores_after"]), style="bold")
    return t


def result_words(v: dict[str, Any], result: dict[str, Any]) -> str:
    reason = result["reason"]
    if reason == "went_out":
        return f"{seat_name(v, result['out_seat']).capitalize()} went out."
    if reason == "stock_out":
        words = "The stock ran out."
        if result.get("moral_winner", -1) >= 0:  # S0 [K](ii)
            words += (f" {side_name(v, result['moral_winner']).capitalize()}: moral winner "
                      "(only going out wins the game).")
        return words
    if reason == "last_red3":  # the American games lay every three, black ones too (R 1.2, S3 C)
        three = "three" if v.get("threes_laid") == "all" else "red three"
        return f"The last card of the stock was a {three}."
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
