"""A seat's view in words and coloured cards (Rich text). Everything here reads a view dict
(``canasta.views.view``): nothing can show a card the seat may not see."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.table import Table
from rich.text import Text

from ..cards import JOKER, RANK_CHARS, SUIT_SYMBOLS, parse_cards
from ..i18n.events import TABLE_EVENTS, event_words
from .words import active, w

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
        return w("tui.you")
    if seat == v["partner"]:
        return w("tui.partner_seat", seat=seat)
    return w("tui.seat", seat=seat)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def side_name(v: dict[str, Any], side: int) -> str:
    if side == v["side"]:
        return w("tui.us") if v["players"] > v["sides"] else w("tui.you_side")
    return w("tui.them") if v["sides"] == 2 else w("tui.side", side=side)


def meld_what(m: dict[str, Any]) -> str:
    """A meld in words from the view's data (``kings``, ``natural canasta of kings``), as the
    pages say it (the same catalogue keys)."""
    kind = m.get("type", "group")
    if kind == "black3":
        return w("meld_black3")
    if kind == "wild":
        return w("meld_wild_canasta" if m["canasta"] else "meld_wild")
    if kind == "sequence":
        return w("meld_sequence_canasta" if m["canasta"] else "meld_sequence",
                 from_card=m["from_card"], to_card=m["to_card"])
    if m["canasta"]:
        return w("meld_group_natural" if m["natural"] else "meld_group_mixed", rank=m["rank"])
    return w("meld_group", rank=m["rank"])


def _wild_in_meld(f: int) -> bool:
    """A joker, a deuce, or a red three (in a meld only as S0's held red trey used as a wild)."""
    return f == JOKER or f // 4 == 0 or (f // 4 == 1 and f % 4 in (1, 2))


def _short(m: dict[str, Any], cards: list[int], four_colour: bool) -> Text:
    """A meld in a few characters for narrow panels: a run as its ends (``4♥-T♥``), a group as
    rank and count with its wild cards (``K×5+2w``)."""
    if m.get("type") == "sequence":
        t = cards_text([cards[0]], four_colour)
        t.append("-")
        t.append_text(cards_text([cards[-1]], four_colour))
        return t
    nat = [f for f in cards if not _wild_in_meld(f)]
    wild = len(cards) - len(nat)
    if not nat:
        return Text(w("tui.wild_short", n=len(cards)), style="bold magenta")
    rank = RANK_CHARS[nat[0] // 4 + 2]
    return Text(w("tui.group_short_wild", rank_char=rank, n=len(nat), wild=wild) if wild
                else w("tui.group_short", rank_char=rank, n=len(nat)), style="bold")


def _meld_line(m: dict[str, Any], four_colour: bool, short: int) -> Text:
    """A meld at one of four widths (``short``): 0 all cards and size; 1 all cards and size, the
    canasta kind abbreviated; 2 short form (run ends, rank x count); 3 the kind in one letter."""
    t = Text(f"@{m['index']} ", style="bold cyan")
    if m["canasta"]:
        kind = m["kind"]  # natural, mixed, sequence, wild
        word = w(f"tui.kind.{kind}") if not short else w(f"tui.kind_short.{kind}")[:1 if short == 3 else 4]
        t.append(f"★{word} ", style="bold green" if m["natural"] else "bold yellow")
    if m["cards"] is None:
        t.append(w("tui.closed_meld", what=meld_what(m), n=m["size"]) if not short
                 else w("tui.closed_short", n=m["size"]), style="bold")
        return t
    cards = parse_cards(m["cards"])
    if short >= 2:
        t.append_text(_short(m, cards, four_colour))
        return t
    t.append_text(cards_text(cards, four_colour))
    t.append(f" ({m['size']})", style="dim")
    if not m["canasta"] and m.get("type") in ("sequence", "wild"):
        t.append(" " + w("tui.run_mark" if m["type"] == "sequence" else "tui.wild_mark"), style="dim")
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
    return f"{number(known)}{'+' if any(m.get('points') is None for m in melds) else ''}"


def number(n: int) -> str:
    """A number as the player's language groups it (``15.000`` in Spanish)."""
    return active().number(n)


def side_header(v: dict[str, Any], side: int, narrow: bool = False, width: int = 0) -> Text:
    """Who sits on the side, score, opening minimum, and the threes laid (red and black counted:
    R 1.2/S3 score them by colour). Where the threes' cards would not fit in ``width`` columns, they
    are counted instead, so that the header does not wrap."""
    seats = [s for s in range(v["players"]) if s % v["sides"] == side]
    names = "+".join(w("tui.you") if s == v["seat"] else w("tui.seat_short", seat=s) for s in seats)
    threes = [f for s in seats for f in parse_cards(v["red_threes"][s])]
    t = Text(f"{side_name(v, side).upper()} ", style="bold")
    on_table = meld_points(v, side)
    melds = w("tui.melds_min", points=on_table, minimum=v["minimum"][side])
    is_open = w("tui.open") if v["opened"][side] else w("tui.not_open")
    if narrow:  # about 22 columns: the game score and whether open, then the melds' points and minimum
        t.append(w("tui.side_narrow", names=names, score=v["scores"][side]))
        t.append(f" {is_open}", style="dim")
        t.append(f"\n{melds}")
    else:
        t.append(f"{w('tui.side_wide', names=names, score=v['scores'][side])}\n{melds}")
        t.append(f" · {is_open}", style="dim")
    if threes:
        red = sum(1 for f in threes if f % 4 in (1, 2))
        black = len(threes) - red
        if narrow:
            t.append("\n" + (w("tui.threes_narrow_black", red=red, black=black) if black
                             else w("tui.threes_narrow", red=red)))
        else:
            full = Text(" · " + (w("tui.threes_cards", red=red, black=black) if black
                                 else w("tui.red_threes_cards")) + " ")
            full.append_text(cards_text(threes, False))
            last = t.plain.split("\n")[-1]
            if width and len(last) + full.cell_len > width:
                full = Text(" · " + (w("tui.threes_count", red=red, black=black) if black
                                     else w("tui.red_threes_count", red=red)))
            t.append_text(full)
    return t


def rules_title(name: str) -> str:
    """A rule set as players call it, in the active language."""
    key = f"preset.{name}.title"
    return w(key) if active().has(key) else name


def status_text(v: dict[str, Any], four_colour: bool) -> Text:
    pile = v["pile"]
    t = Text(w("tui.status", rules=rules_title(v["rules"]), hand=v["hand_number"] + 1,
               stock=v["stock"]) + " ")
    if pile["top"]:
        t.append_text(cards_text(parse_cards(pile["top"]), four_colour))
        t.append(" " + w("tui.pile_size", n=pile["size"]))
    else:
        t.append(w("tui.pile_empty"))
    if pile["stopped"]:
        t.append(" " + w("tui.stopped"), style="bold red")
    if pile["frozen"]:
        t.append(" " + w("tui.frozen"), style="bold blue")
    elif pile["frozen_for_me"]:
        t.append(" " + w("tui.frozen_for_us"), style="blue")
    counts = ", ".join(w("tui.count", who=w("tui.you") if s == v["seat"] else w("tui.seat_short", seat=s),
                         n=n) for s, n in enumerate(v["hand_counts"]))
    # the turn first: on a narrow screen the line wraps after it, not before it
    t.append("\n" + w("tui.turn_line", who=seat_name(v, v["turn"]),
                      dealer=w("tui.seat_short", seat=v["dealer"]), counts=counts))
    return t


def _event_words(v: dict[str, Any], e: dict[str, Any]) -> str:
    """One event of the view's log without its player (:func:`canasta.i18n.events.event_words`), the
    reader's own said to them."""
    return event_words(active(), str(e["what"]), str(e.get("cards") or "").split(), count=e.get("count"),
                       mine=e.get("seat") == v["seat"])


def log_line(v: dict[str, Any], e: dict[str, Any]) -> str:
    words = _event_words(v, e)
    if not words or e["what"] in TABLE_EVENTS:
        return _capital(words)
    if e["seat"] == v["seat"] and "count" not in e:
        return _capital(w("tui.log_you_line", words=words))
    return _capital(w("tui.log_line", who=seat_name(v, e["seat"]), words=words))


def log_lines(v: dict[str, Any], last: int = 0) -> list[str]:
    """The hand's log, one line per turn (a player's events in a row, joined by ``·``), so that the
    start of every bot's turn stays in view; the last ``last`` lines (0: all)."""
    lines: list[str] = []
    seat = None
    for e in v["log"]:
        words = _event_words(v, e)
        if not words:
            continue
        if e["what"] in TABLE_EVENTS:   # (a line of its own, begun with a capital as every line)
            lines.append(_capital(words))
            seat = None
        elif e["seat"] == seat:
            lines[-1] += f" · {words}"
        else:
            lines.append(log_line(v, e))
            seat = e["seat"]
    return lines[-last:] if last else lines


SCORE_ROWS = (("tui.row.canastas", "canasta_bonus"), ("tui.row.red_threes", "red_three_points"),
              ("tui.row.going_out", "going_out"), ("tui.row.melded", "table"), ("tui.row.hand", "hand"),
              ("tui.row.play_penalties", "penalties"), ("tui.row.perfect_cut", "perfect_cut"),
              ("tui.row.total", "total"))
# rows shown only when some side has them (American rules: S3 F, G, H)
EXTRA_ROWS = (("tui.row.special", "special"), ("tui.row.short", "incomplete"), ("tui.row.stuck", "stuck"),
              ("tui.row.black_threes", "black_threes"), ("tui.row.threes_held", "threes_held"))
# S3 K: the score sheet's Base (threes, canastas, going out), Count (table less hand) and Penalties
# rows, which add up to the total
SUM_ROWS = (("tui.row.base", "base"), ("tui.row.count", "count"), ("tui.row.penalties", "all_penalties"))


def score_table(v: dict[str, Any], result: dict[str, Any]) -> Table:
    """The breakdown of a hand's score per side (a result dict of the view's ``results``)."""
    t = Table(title=w("tui.hand_title", n=result["hand"] + 1), title_justify="left", expand=False)
    t.add_column("")
    for side in range(v["sides"]):
        t.add_column(side_name(v, side), justify="right")
    extra = [row for row in EXTRA_ROWS if any(sc.get(row[1]) for sc in result["sides"])]
    sums = SUM_ROWS if all("base" in sc for sc in result["sides"]) else ()
    for label, key in SCORE_ROWS[:-1] + tuple(extra) + sums + SCORE_ROWS[-1:]:
        if key == "red_three_points" and v.get("threes_laid") == "all":
            label = "tui.row.threes"  # the American games count every three laid, black too (R 1.2, S3 C)
        cells = []
        for sc in result["sides"]:
            val = number(sc[key])
            if key == "canasta_bonus":
                kinds = [w(f"tui.cell.{word}", n=sc[k]) for k, word in (
                    ("natural_canastas", "natural"), ("mixed_canastas", "mixed"),
                    ("sequence_canastas", "sequence"), ("wild_canastas", "wild")) if sc.get(k)]
                if kinds:
                    val = w("tui.cell.canastas", kinds=", ".join(kinds), points=sc[key])
            elif key == "red_three_points" and sc["red_threes"]:
                val = w("tui.cell.threes", n=sc["red_threes"], points=sc[key])
            elif key == "going_out" and sc["concealed"]:
                val = w("tui.cell.concealed", points=sc[key])
            cells.append(val)
        t.add_row(w(label), *cells, style="bold" if key == "total" else "italic" if key in (
            "base", "count", "all_penalties") else None)
    t.add_row(w("tui.row.game_score"), *map(number, result["scores_after"]), style="bold")
    return t


def result_words(v: dict[str, Any], result: dict[str, Any]) -> str:
    reason = result["reason"]
    if reason == "went_out":
        return _capital(w("tui.result.went_out", who=seat_name(v, result["out_seat"])))
    if reason == "stock_out":
        if result.get("moral_winner", -1) >= 0:  # S0 [K](ii)
            return w("tui.result.stock_out_moral", side=_capital(side_name(v, result["moral_winner"])))
        return w("tui.result.stock_out")
    if reason == "last_red3":  # the American games lay every three, black ones too (R 1.2, S3 C)
        return w("tui.result.last_three" if v.get("threes_laid") == "all" else "tui.result.last_red3")
    if reason == "special":
        return _capital(w("tui.result.special", who=seat_name(v, result["out_seat"])))
    return str(reason)


def summary_table(v: dict[str, Any]) -> Table:
    t = Table(title=w("tui.summary_title"), title_justify="left")
    t.add_column(w("tui.hand_col"))
    for side in range(v["sides"]):
        t.add_column(side_name(v, side), justify="right")
    for r in v["results"]:
        t.add_row(number(r["hand"] + 1), *(number(sc["total"]) for sc in r["sides"]))
    t.add_row(w("tui.final"), *map(number, v["scores"]), style="bold")
    return t
