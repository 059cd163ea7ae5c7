"""The table facts a rule set adds to the screen (turn card, talons, closed ranks, the hand schedule,
lay-down turn counters, boxed cards, held red treys, how the game is won). They read only a seat's
view and the (public) rule set, so they show nothing the seat may not know."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ..cards import RANK_CHARS, parse_cards
from ..rules import RuleSet
from .render import cards_text, side_name
from .words import w


def _seat(v: dict[str, Any], seat: int) -> str:
    return w("tui.you") if seat == v["seat"] else w("tui.seat_short", seat=seat)


def closed_ranks(v: dict[str, Any], side: int) -> list[int]:
    """Ranks of the side's completed group canastas (S3: a 'dead' rank may not be discarded onto
    the pile just taken). A closed canasta whose cards are hidden is read from its description."""
    out = []
    for m in v["melds"][side]:
        if not m["canasta"] or m["cards"] is None:
            continue
        ranks = {f // 4 + 2 for f in parse_cards(m["cards"]) if f < 52 and f // 4 + 2 not in (2, 3)}
        if len(ranks) == 1 and m.get("type") != "sequence":
            out.append(ranks.pop())
    return sorted(set(out), reverse=True)


def facts(v: dict[str, Any], r: RuleSet, four_colour: bool = False) -> list[Text]:
    """Short phrases, one per fact that this rule set has (empty for the two-pack presets)."""
    out: list[Text] = []
    if r.turn_card_under:  # R 1.2, S3 C: the turn card, the (under + 1)th card from the bottom
        above = v["stock"] - r.turn_card_under - 1
        out.append(Text(w("tui.fact.turn_card_passed"), style="bold red") if v["turn_card"]["passed"]
                   else Text(w("tui.fact.turn_card", n=above)))
    if r.talon:  # R 1.2, S3: talons after the opening turn
        parts = []
        for side in range(v["sides"]):
            size = r.talon[side] if side < len(r.talon) else 0
            if not size:
                continue
            got = v["talons"][side]
            parts.append(w("tui.fact.talon_took", side=side_name(v, side), n=got) if got
                         else w("tui.fact.talon_due", side=side_name(v, side), n=size))
        if parts:
            out.append(Text(w("tui.fact.talon", list=", ".join(parts))))
    if "dead" in r.after_take_no_discard:
        dead = [w("tui.fact.dead_side", side=side_name(v, s),
                  ranks=" ".join(RANK_CHARS[k] for k in closed_ranks(v, s)))
                for s in range(v["sides"]) if closed_ranks(v, s)]
        if dead:
            out.append(Text(w("tui.fact.dead", list=", ".join(dead))))
    if r.opening_schedule == "hand" and r.opening_by_hand:  # S3 B: the minimum by hand number
        sched = r.opening_by_hand
        now = sched[min(v["hand_number"], len(sched) - 1)]
        schedule = "/".join(map(str, sched))
        out.append(Text(w("tui.fact.schedule_of", hand=v["hand_number"] + 1, hands=r.game_hands,
                          minimum=now, schedule=schedule) if r.game_hands
                        else w("tui.fact.schedule", hand=v["hand_number"] + 1, minimum=now,
                               schedule=schedule), style="bold"))
    if r.laydown_facility:  # S0 [G](i): the other side's lay-down and its turn counter
        for side in range(v["sides"]):
            seat = v["laydown_seats"][side]
            if seat >= 0:
                out.append(Text(w("tui.fact.laid_down", side=side_name(v, side), who=_seat(v, seat),
                                  n=v["laydown_turns"][side])))
    for seat, boxed in enumerate(v["boxed"]):  # S0 [G](ii), [J](v)
        cards = parse_cards(boxed)
        if not cards:
            continue
        turns = v["box_turns"][seat]
        back = w("tui.fact.back_in", n=turns) if turns > 0 else w("tui.fact.back_after")
        if seat == v["seat"]:
            before, _, after = w("tui.fact.your_boxed", shown="\0", back=back).partition("\0")
            t = Text(before)
            t.append_text(cards_text(cards, four_colour))
            t.append(after)
        else:
            t = Text(w("tui.fact.boxed", who=_seat(v, seat), n=len(cards), back=back))
        out.append(t)
    legal = {a.split()[0] for a in v["legal_actions"]}
    if r.first_turn_upcard == "plus_stock_card" and "upcard" in legal:  # S0 [A](i){a}{b}{c}
        out.append(Text(w("tui.fact.first_turn", n=r.stock_draw), style="bold"))
    if "top" in legal:  # S0 [G](i){a}{b}{c}
        out.append(Text(w("tui.fact.top"), style="bold"))
    black = sum(1 for f in parse_cards(v["hand"]) if f in (4, 7))
    if r.black3_out_no_discard and black >= r.black3_meld_min:  # S0 [F](ii){b}
        out.append(Text(w("tui.fact.black_treys", n=black)))
    fresh = v.get("fresh_red_threes", 0)
    if fresh:  # S0 [F](i){c}: own red treys disclosed now bring a further card
        out.append(Text(w("tui.fact.fresh_red", n=fresh), style="red"))
    if r.red3_wild and any(f in (5, 6) for f in parse_cards(v["hand"])):
        out.append(Text(w("tui.fact.red_wild"), style="red"))
    if r.win_requires_going_out:
        out.append(Text(w("tui.fact.only_out_wins"), style="dim"))
    if r.stock_out_turnover:
        out.append(Text(w("tui.fact.turnover"), style="dim"))
    return out


def facts_text(v: dict[str, Any], r: RuleSet, four_colour: bool = False) -> Text:
    return Text(" · ").join(facts(v, r, four_colour))
