"""What one seat may know: its own hand and everything public, as a JSON-ready dict.

Bots, the terminal UI and the web server consume views, never the state. A view holds no card the
seat has not seen: other hands and the stock appear only as counts, and another player's draws only
as how many cards they drew.
"""

from __future__ import annotations

import reprlib
from collections.abc import Sequence
from operator import attrgetter
from typing import Any, NamedTuple

from .actions import Op
from .cards import card_str, format_cards, sort_key
from .errors import SeatError
from .goingout import can_go_out
from .melds import Meld, MeldType
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


class MeldFacts(NamedTuple):
    """A meld as a seat sees it (``view``'s meld entry in numbers): a closed canasta whose cards the
    rules hide (``canasta_cards_hidden``) shows no cards."""

    type: int           # melds.MeldType
    rank: int           # its natural rank (the lowest of a sequence; 3 black threes; 0 wild cards)
    size: int
    canasta: bool
    natural: bool
    cards: tuple[int, ...]  # faces, or () where hidden


class SeatView(NamedTuple):
    """What :func:`view` gives the seat, in numbers and without the log, for machines that look at
    every position (the observations of ``canasta.rl``): the same facts, read from the state the same
    way, plus ``pile_cards``, the pile's cards, every one of which was shown face up as it reached the
    pile (the public log has each: what a player who remembers the log knows; ``bots.knowledge``
    rebuilds it from the log). Seats, sides and card faces are numbered as in the engine."""

    seat: int
    side: int
    phase: Phase                      # 0 draw, 1 play, 2 answer, 3 over
    turn: int
    to_act: int                       # -1 when the game is over
    dealer: int
    hand_number: int
    hand: Sequence[int]               # the seat's own cards: a count per face (53)
    hand_counts: Sequence[int]        # per seat
    stock: int
    pile_top: int                     # a face, or -1
    pile_size: int
    pile_cards: Sequence[int]         # faces, bottom to top
    pile_frozen: bool
    frozen_for_me: bool
    pile_stopped: bool
    melds: tuple[tuple[MeldFacts, ...], ...]  # per side
    threes: Sequence[Sequence[int]]   # per seat, the threes laid out (faces)
    opened: Sequence[bool]            # per side
    minimum: Sequence[int]
    canastas: tuple[int, ...]
    scores: Sequence[int]
    talons: Sequence[int]
    penalties: Sequence[int]
    has_melded: Sequence[bool]        # per seat
    asks: Sequence[int]
    answers: Sequence[int]
    owed: Sequence[int]
    fresh_red_threes: int             # the seat's own
    laydown_seats: Sequence[int]      # per side
    laydown_turns: Sequence[int]
    boxed: Sequence[Sequence[int]]    # per seat, faces
    box_turns: Sequence[int]
    turn_flags: tuple[bool, ...]      # TURN_FLAGS' facts, in its order
    opening_points: int
    melds_before_turn: int
    answer: int                       # -1 none, SAID_NO, SAID_YES
    ask_phase: Phase
    replacement_draws: int
    told_yes: bool                    # the table at a "yes" is kept (S0 [J](v))
    turn_card_passed: bool
    winner: int


def seat_view(state: GameState, seat: object) -> SeatView:
    """:func:`view` in numbers (see :class:`SeatView`): what ``seat`` may know now. Made for a
    caller that reads it at once: its sequences may be the state's own lists (no copies: it is read
    at every step of a learning environment), so it is read-only and valid until the next action."""
    r = state.rules
    me = check_seat(state, seat)
    side = state.seat_side[me]
    pile = state.pile
    hidden = r.canasta_cards_hidden
    size = r.canasta_size
    over = state.phase is Phase.OVER
    cache = _SIDE_FACTS
    melds = []
    for ms in state.melds:
        key = (hidden, size, *map(id, ms))
        facts = cache.get(key)
        if facts is None:
            facts = _side_facts(ms, hidden, size, key)
        melds.append(facts[1])
    return tuple.__new__(SeatView, (
        me, side, state.phase, state.current, -1 if over else state.actor, state.dealer,
        state.hand_no, state.hands[me], state.hn, len(state.stock), pile[-1] if pile else -1,
        len(pile), pile, state.pile_frozen or r.pile_always_frozen,
        state.frozen_reason(side) is not None, state.pile_stopped(), tuple(melds), state.red3,
        state.opened, state.minimum, tuple([state.canastas(x) for x in range(len(melds))]),
        state.scores, state.talons, state.penalties, state.has_melded, state.asks, state.answers,
        state.owed, state.fresh3[me], state.laydown_seat, state.laydown_turns, state.boxed,
        state.box_turns, _FLAGS(state), state.turn_points, state.turn_base, state.permission,
        state.ask_phase, state.bonus_draws, state.yes_snapshot is not None,
        bool(r.turn_card_under) and len(state.stock) <= r.turn_card_under, state.winner))


# a side's melds' facts by the melds' identities (melds are immutable and shared between states and
# their clones, so a side's melds are met again and again; the melds are kept with their facts, so
# their ids are not reused meanwhile)
_SIDE_FACTS: dict[tuple[object, ...], tuple[list[Meld], tuple[MeldFacts, ...]]] = {}


def _side_facts(ms: list[Meld], hidden: bool, size: int, key: tuple[object, ...]
                ) -> tuple[list[Meld], tuple[MeldFacts, ...]]:
    facts = []
    for m in ms:
        canasta = m.type is not MeldType.BLACK3 and len(m.cards) >= size
        facts.append(MeldFacts(int(m.type), m.rank, len(m.cards), canasta, m.wilds == 0,
                               () if hidden and canasta else m.cards))
    if len(_SIDE_FACTS) >= 1 << 14:
        _SIDE_FACTS.clear()
    entry = _SIDE_FACTS[key] = (list(ms), tuple(facts))
    return entry


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
_FLAGS = attrgetter(*TURN_FLAGS.values())  # the turn's facts in TURN_FLAGS' order (seat_view)
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


_MELD_TYPES = {MeldType.GROUP: "group", MeldType.BLACK3: "black3", MeldType.SEQUENCE: "sequence",
               MeldType.WILD: "wild"}


def _meld_view(state: GameState, index: int, m: Meld) -> dict[str, Any]:
    r = state.rules
    closed = r.canasta_cards_hidden and m.is_canasta(r)
    value = state.model.value
    seq = m.type is MeldType.SEQUENCE
    return {"index": index, "cards": None if closed else str(m), "size": m.size,
            "what": m.describe(r), "kind": m.kind(r), "canasta": m.is_canasta(r),
            "natural": m.is_natural(),
            # what an interface names the meld by, in any language: its type and rank (a
            # sequence by its ends, public as its description is)
            "type": _MELD_TYPES[m.type], "rank": m.rank,
            "from_card": card_str(m.cards[0]) if seq else None,
            "to_card": card_str(m.cards[-1]) if seq else None,
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
