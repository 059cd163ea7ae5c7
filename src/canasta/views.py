"""What one seat may know: its own hand and everything public, as a JSON-ready dict.

Bots, the terminal UI and the web server consume views, never the state. A view holds no card the
seat has not seen: other hands and the stock appear only as counts, and another player's draws only
as how many cards they drew.
"""

from __future__ import annotations

import reprlib
from typing import Any

from .actions import Op
from .cards import card_str, format_cards, sort_key
from .errors import SeatError
from .goingout import can_go_out
from .melds import Meld
from .rules import RuleSet
from .state import SAID_NO, SAID_YES, GameState, Phase


def view(state: GameState, seat: object) -> dict[str, Any]:
    """Everything ``seat`` may know now, serialisable with :func:`json.dumps`. (Typed
    ``object``: anything is checked here, also where the engine is compiled; a number that is not a
    seat of the table raises :class:`SeatError`.)"""
    r = state.rules
    me = check_seat(state, seat)
    side = state.side_of(me)
    pile = state.pile
    to_act = state.actor if state.phase is not Phase.OVER else -1
    return {
        "rules": r.name,
        "seat": me,
        "side": side,
        "players": r.players,
        "sides": r.sides,
        "partner": state.partner(me),
        "hand_number": state.hand_no,
        "dealer": state.dealer,
        "phase": state.phase.name.lower(),
        "turn": state.current,
        "to_act": to_act,
        "hand": format_cards(sorted(state.hand_cards(me), key=sort_key)),
        "hand_counts": list(state.hn),
        "stock": len(state.stock),
        "pile": {
            "top": card_str(pile[-1]) if pile else None,
            "size": len(pile),
            "frozen": state.pile_frozen or r.pile_always_frozen,
            "frozen_for_me": state.frozen_reason(side),
            "stopped": state.pile_stopped(),
        },
        "melds": [[_meld_view(state, i, m) for i, m in enumerate(ms)] for ms in state.melds],
        "red_threes": [format_cards(x) for x in state.red3],
        "threes_laid": threes_laid(r),
        "opened": list(state.opened),
        "minimum": list(state.minimum),
        "canastas": [state.canastas(s) for s in range(r.sides)],
        "scores": list(state.scores),
        "turn_state": turn_state(state),
        "has_melded": list(state.has_melded),
        "asks": list(state.asks),
        "answers": list(state.answers),
        "penalties": list(state.penalties),
        "owed": list(state.owed),
        # S0 [F](i){c}: own red treys that may still be disclosed for a further card (private)
        "fresh_red_threes": state.fresh3[me],
        # S0 [G](i), T12: per side, who laid down and how many turns that player has had since
        "laydown_seats": list(state.laydown_seat),
        "laydown_turns": list(state.laydown_turns),
        # S0 [G](ii), [J](v): cards boxed face down in front of a player (they were shown first, so
        # everyone knows them) and the further turns of his they stay there
        "boxed": [format_cards(b) for b in state.boxed],
        "box_turns": list(state.box_turns),
        "talons": list(state.talons),
        "turn_card": {"under": r.turn_card_under,
                      "passed": bool(r.turn_card_under) and len(state.stock) <= r.turn_card_under},
        "cut": {"size": state.cut_size, "perfect": state.perfect_cut},
        "legal_actions": [str(a) for a in state.legal_actions()] if to_act == me else [],
        "results": [h.to_dict() for h in state.results],
        "winner": state.winner,
        "log": public_log(state, me),
    }


def going_out(state: GameState, seat: int) -> dict[str, Any] | None:
    """Whether the seat to act could go out this turn, when asking "may I go out?" is one of its legal
    actions (else None): ``possible`` (the engine's ``can_go_out``; before the draw, after one of the
    legal takes of the pile), ``binding`` (a "yes" now obliges the player to go out: the rules' ask
    mode and the answers given this hand) and ``penalty`` (what failing to go out after a yes costs).
    The seat's own hand and public facts only; kept out of :func:`view`, which bots call at every
    decision, so a page asks for it (the server adds it to a person's view)."""
    if state.phase is Phase.OVER or state.actor != seat:
        return None
    legal = state.legal_actions()
    if not any(a.op is Op.ASK for a in legal):
        return None
    if state.phase is Phase.DRAW:
        possible = False
        for a in legal:
            if a.op is Op.TAKE or a.op is Op.TOP:
                trial = state.clone()
                trial.apply(a)
                if can_go_out(trial):
                    possible = True
                    break
    else:
        possible = can_go_out(state)
    r = state.rules
    return {"possible": possible,
            "binding": r.ask_partner != "first_binding" or state.answers[seat] == 0,
            "penalty": r.failed_go_out_penalty, "boxes": r.failed_go_out_boxes}


def threes_laid(r: RuleSet) -> str:
    """Which threes are laid and scored: "all" in the American games (R 1.2, S3 C), else "red";
    the pages, the terminal and the CLI name the threes' rows and log lines by it."""
    return "all" if r.red3_mode == "threes" else "red"


def check_seat(state: GameState, seat: object) -> int:
    """``seat`` if it is a seat number of this table, else :class:`SeatError`."""
    n = state.rules.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise SeatError(f"seat {_brief(seat)} is not at this table (seats 0 to {n - 1})")
    return seat


def _brief(v: object) -> str:
    return reprlib.repr(v)


# The true/false facts of the turn in progress: view key -> state attribute. A position's
# ``turn_state`` (records.py) takes the same keys, so a view's turn can be set up again.
TURN_FLAGS = {"took_pile": "took_pile", "melded": "turn_melded", "made_canasta": "turn_canasta",
              "laid_off": "laid_off", "retracted": "retracted", "shown_before_draw": "pre_draw",
              "asked": "asked_turn", "answer_binds": "binding", "must_end_without_discard": "no_discard",
              "first_turn": "first_turn", "upcard_lock": "upcard_lock", "shown": "shown"}
TURN_KEYS = frozenset(TURN_FLAGS) | {"opening_points", "melds_before_turn", "answer", "ask_phase",
                                     "replacement_draws", "table_at_yes"}


# What only the seat itself may see: dropped from the view given to a spectator.
PRIVATE_KEYS = ("hand", "fresh_red_threes", "legal_actions")


def spectator_view(state: GameState) -> dict[str, Any]:
    """What someone watching the table may know: everything public, no hand, no seat's private log
    entries (the cards a player drew appear only as counts)."""
    out = view(state, 0)
    out.update({"seat": None, "side": None, "partner": None, "hand": "", "fresh_red_threes": 0,
                "legal_actions": [], "log": public_log(state, -1)})
    out["pile"]["frozen_for_me"] = None
    return out


def turn_state(state: GameState) -> dict[str, Any]:
    """The public facts of the turn in progress (the same keys a position's ``turn_state`` takes)."""
    out: dict[str, Any] = {key: getattr(state, attr) for key, attr in TURN_FLAGS.items()}
    out.update({
        "opening_points": state.turn_points,
        "melds_before_turn": state.turn_base,
        "answer": {SAID_YES: "yes", SAID_NO: "no"}.get(state.permission),
        "ask_phase": state.ask_phase.name.lower(),
        "replacement_draws": state.bonus_draws,
        "table_at_yes": _table_at_yes(state),
    })
    return out


def _table_at_yes(state: GameState) -> dict[str, Any] | None:
    """S0 [J](v): the table when the player was told "yes" (public: everyone saw it), which says
    what he has shown since and would be boxed if he then fails to go out; None where nothing is
    boxed for that."""
    snap = state.yes_snapshot
    if snap is None:
        return None
    melds, opened, red_threes = snap
    return {"melds": [str(m) for m in melds], "opened": opened, "red_threes": red_threes}


def _meld_view(state: GameState, index: int, m: Meld) -> dict[str, Any]:
    r = state.rules
    closed = r.canasta_cards_hidden and m.is_canasta(r)
    value = state.model.value
    return {"index": index, "cards": None if closed else str(m), "size": m.size,
            "what": m.describe(r), "kind": m.kind(r), "canasta": m.is_canasta(r),
            "natural": m.is_natural(),
            # the cards' face values (S3 K "Count"): hidden with the cards of a closed canasta
            "points": None if closed else sum(value[f] for f in m.cards)}


def public_log(state: GameState, seat: int, hand: int | None = None) -> list[dict[str, Any]]:
    """The table log of a hand (default: the current one) as ``seat`` saw it."""
    want = state.hand_no if hand is None else hand
    out: list[dict[str, Any]] = []
    for h, who, what, cards, private in state.events():
        if h != want:
            continue
        entry: dict[str, Any] = {"seat": who, "what": what}
        if private and who != seat:
            entry["count"] = len(cards)
        elif cards:
            entry["cards"] = format_cards(cards)
        out.append(entry)
    return out
