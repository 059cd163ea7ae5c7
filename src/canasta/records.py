"""Positions (any table situation, written in a few lines of JSON) and game records.

A *position* sets up a hand in progress::

    {
      "rules": "gvr-club",                      # or {"preset": ..., "overrides": {...}}, or a RuleSet
      "seed": 7,                                # deals the hands after this one
      "dealer": 3, "turn": 0, "phase": "draw",  # phase: draw (not yet drawn) or play (has drawn)
      "scores": [0, 0],
      "hands": ["KH KS 5C", "...", "...", "..."],
      "stock": "7C 8D ...",                     # from the top down
      "pile": "4C 9H KD",                       # bottom to top: KD is on top
      "melds": [["QH QS QD 2C"], []],           # per side (groups; where the rules allow:
                                                #  sequences "5H 6H 7H", wild melds "JK 2C 2D")
      "red_threes": [["3H"], [], [], []]        # per seat
    }

In threes mode (``american``, ``nvso-tournament``) ``red_threes`` holds every three laid, red and
black. The turn card is the stock's ``turn_card_under + 1``-th card from the bottom (a stock of 8
cards or fewer: it has been passed); ``talons`` per side records the talon cards taken; dead ranks
are the ranks of the side's completed canastas (melds of 7 where melds stop at 7).

Optional keys: ``owed`` per seat (red threes still to be replaced on that player's turn, S4),
``hand_number``, ``pile_frozen`` (default: the pile holds a wild card or red three
where the rules freeze on them), ``opened`` per side (default: the side has melds), ``has_melded``
per seat, ``first_turn``, ``turn_state`` (the keys of ``views.turn_state``: the turn in progress,
down to the table at a partner's "yes", ``table_at_yes``, S0 [J](v)), ``exposed_cards`` per seat
(cards exposed by mistake, each costing the side ``exposed_card_penalty``, S4 PENALTIES), ``cut``
(``{"size": 44}`` or ``{"perfect": true}``, as in a view: S2's perfect-cut bonus) and
``hand_over``: ``{"reason": "went_out" | "stock_out" | "last_red3", "out_seat": seat or -1,
"concealed": false}`` ends the hand at this position and scores it (``score_position``); its hands
may then hold threes that the rules lay at once (kept by mistake: ``red3_hand_penalty``, S4 and
RULINGS 1.2). A position may hold fewer
cards than the deck (a rule situation needs only a few), but never more copies of a card than the
deck has.

A *record* is the rules, the seed (or a starting position) and the actions; replaying it reproduces the
game exactly, and the saved result lets a replay check that it did.
"""

from __future__ import annotations

import json
import os
import reprlib
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .cards import card_str, full_deck, is_black_three, is_red_three, parse_cards
from .error_words import json_reason, os_reason, reason_of, record_error
from .errors import CanastaError, RecordError
from .melds import Meld, MeldType, card_counts, meld_problem, meld_type, new_meld
from .model import frozen_by
from .presets import rules as preset_rules
from .presets import rules_from_options
from .rules import RuleSet
from .scoring import HandResult, penalty_points
from .state import NONE, SAID_NO, SAID_YES, GameState, Phase
from .turn import TURN_COUNTS, TURN_FLAGS
from .views import TURN_KEYS, check_game

FORMAT = "canasta-record"
VERSION = 1


def _rules_from(spec: Any) -> RuleSet:
    if isinstance(spec, RuleSet):  # built in code (the bots' sampled worlds): already validated
        return spec
    try:
        if isinstance(spec, str):
            return preset_rules(spec)
        if isinstance(spec, dict):
            if "options" in spec:
                return rules_from_options(spec["options"])
            if "preset" in spec:
                overrides = spec.get("overrides", {})
                if not isinstance(overrides, dict):
                    raise record_error("overrides_object")
                return preset_rules(spec["preset"], **overrides)
    except CanastaError as e:
        raise record_error("in_rules", reason=reason_of(e)) from e
    raise record_error("rules_spec")


def _cards(value: Any, where: str) -> list[int]:
    if value is None:
        return []
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value):
            raise record_error("cards_text_list", where=where)
        value = " ".join(value)
    if not isinstance(value, str):
        raise record_error("cards_text", where=where)
    try:
        return parse_cards(value)
    except CanastaError as e:
        raise record_error("at", where=where, reason=reason_of(e)) from e


def _int(pos: dict[str, Any], key: str, default: int) -> int:
    v = pos.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int):
        raise record_error("key_int", key=repr(key), value=reprlib.repr(v))
    return v


def _flag(v: Any, key: str, default: bool) -> bool:
    """A true/false entry of a position (null: ``default``); text or numbers are refused."""
    if v is None:
        return default
    if not isinstance(v, bool):
        raise record_error("key_bool", key=repr(key), value=reprlib.repr(v))
    return v


def _per(pos: dict[str, Any], key: str, n: int, what: str) -> list[Any]:
    v = pos.get(key)
    if v is None:
        return [None] * n
    if not isinstance(v, list) or len(v) != n:
        raise record_error(f"key_per_{what}", key=repr(key), count=n)
    return v


def _meld(rs: RuleSet, cards: list[int], where: str) -> Meld:
    """A meld of a position, checked by the rules of composition (``melds.meld_problem``)."""
    faces = tuple(cards)
    why = meld_problem(rs, faces)
    if why is not None:
        raise record_error("at", where=where, reason={"code": why[0], "data": why[1]})
    kind = meld_type(faces, rs.red3_wild)
    if kind is MeldType.BLACK3:
        return new_meld(faces, kind)._replace(rank=3)
    return new_meld(faces, kind, rs.red3_wild)


def position(pos: dict[str, Any] | object) -> GameState:
    """Set up the position described by ``pos`` (see the module docstring); anything else is refused
    with :class:`RecordError`."""
    if not isinstance(pos, dict):
        raise record_error("position_object")
    known = {"rules", "seed", "dealer", "turn", "phase", "scores", "hands", "stock", "pile", "melds",
             "red_threes", "hand_number", "pile_frozen", "opened", "has_melded", "first_turn",
             "turn_state", "asks", "answers", "penalties", "owed", "talons", "fresh_red_threes",
             "laydown_seats", "laydown_turns", "boxed", "box_turns", "hand_over", "exposed_cards", "cut"}
    extra = set(pos) - known
    if extra:
        raise record_error("position_key", key=repr(sorted(extra)[0]))
    if "rules" not in pos:
        raise record_error("position_rules")
    rs = _rules_from(pos["rules"])
    n, k = rs.players, rs.sides
    over = _hand_over(pos.get("hand_over"), n)
    seed = pos.get("seed", 0)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise record_error("seed_type")
    s = GameState.blank(rs, seed)
    s.hand_no = _int(pos, "hand_number", 0)
    if s.hand_no < 0:
        raise record_error("hand_number", value=str(s.hand_no))
    s.dealer = s.start_dealer = _int(pos, "dealer", 0)
    turn = _int(pos, "turn", (s.dealer + 1) % n)
    if not 0 <= s.dealer < n or not 0 <= turn < n:
        raise record_error("dealer_turn", last=n - 1)
    scores = pos.get("scores", [0] * k)
    if (not isinstance(scores, list) or len(scores) != k
            or any(isinstance(x, bool) or not isinstance(x, int) for x in scores)):
        raise record_error("scores_per_side", sides=k)
    s.scores = list(scores)
    hands = _per(pos, "hands", n, "seat")
    used: list[int] = []
    for seat, h in enumerate(hands):
        cards = _cards(h, f"hands[{seat}]")
        if over is None and any(rs.laid_at_once(f) for f in cards):
            raise record_error("laid_three" if rs.red3_mode == "threes" else "laid_red_three", seat=seat)
        for f in cards:
            s.give_card(seat, f)
            used.append(f)
    stock = _cards(pos.get("stock"), "stock")
    s.stock = list(reversed(stock))
    s.pile = _cards(pos.get("pile"), "pile")
    used += stock + s.pile
    melds = _per(pos, "melds", k, "side")
    for side, ms in enumerate(melds):
        if ms is None:
            continue
        if not isinstance(ms, list):
            raise record_error("melds_list", side=side)
        for i, text in enumerate(ms):
            cards = _cards(text, f"melds[{side}][{i}]")
            m = _meld(rs, cards, f"melds[{side}][{i}]")
            if rs.one_meld_per_rank and m.type is MeldType.GROUP and s.meld_of_rank(side, m.rank) >= 0:
                raise record_error("meld_rank_twice", where=f"melds[{side}][{i}]")
            s.melds[side].append(m)
            used += cards
    for seat, r3 in enumerate(_per(pos, "red_threes", n, "seat")):
        cards = _cards(r3, f"red_threes[{seat}]")
        if any(not is_red_three(f) and not (rs.red3_mode == "threes" and is_black_three(f))
               for f in cards):
            raise record_error("only_threes" if rs.red3_mode == "threes" else "only_red_threes", seat=seat)
        s.red3[seat] = cards
        used += cards
    # S0 [G](ii), [J](v): cards boxed in front of a player, back in his hand after box_turns turns
    for seat, b in enumerate(_per(pos, "boxed", n, "seat")):
        cards = _cards(b, f"boxed[{seat}]")
        s.boxed[seat] = cards
        used += cards
    s.box_turns = [0 if x is None else _count(x, "box_turns") for x in _per(pos, "box_turns", n, "seat")]
    deck_counts = [0] * 53
    for f in full_deck(rs.packs, rs.jokers_per_pack):
        deck_counts[f] += 1
    counts = [0] * 53
    for f in used:
        counts[f] += 1
    for f in range(53):
        if counts[f] > deck_counts[f]:
            raise record_error("deck_count", used=counts[f], face=card_str(f), have=deck_counts[f])
    opened = _per(pos, "opened", k, "side")
    s.opened = [_flag(o, f"opened[{i}]", bool(s.melds[i])) for i, o in enumerate(opened)]
    s.minimum = [rs.opening_for(x, s.hand_no) for x in s.scores]
    s.hand_start_scores = s.scores[:]
    hm = _per(pos, "has_melded", n, "seat")
    s.has_melded = [_flag(x, f"has_melded[{i}]", False) for i, x in enumerate(hm)]
    frozen = pos.get("pile_frozen")
    s.pile_frozen = _flag(frozen, "pile_frozen", frozen_by(s.model, s.pile))
    s.first_turn = _flag(pos.get("first_turn"), "first_turn", False)
    for key in ("asks", "answers"):
        vals = _per(pos, key, n, "seat")
        setattr(s, key, [0 if x is None else _count(x, key) for x in vals])
    s.penalties = [0 if x is None else _count(x, "penalties") for x in _per(pos, "penalties", k, "side")]
    s.talons = [0 if x is None else _count(x, "talons") for x in _per(pos, "talons", k, "side")]
    _cut(s, pos.get("cut"))
    # S4 PENALTIES (optional): cards exposed by mistake, each costing the side exposed_card_penalty
    for seat, x in enumerate(_per(pos, "exposed_cards", n, "seat")):
        if x is not None:
            s.penalties[s.side_of(seat)] += penalty_points(rs, exposed_cards=_count(x, "exposed_cards"))
    # red threes exposed at the deal but replaced only on the player's turn (S4)
    s.owed = [0 if x is None else _count(x, "owed") for x in _per(pos, "owed", n, "seat")]
    # S0 [F](i){c}: red treys in a hand that may still be disclosed for a further card
    s.fresh3 = [0 if x is None else _count(x, "fresh_red_threes")
                for x in _per(pos, "fresh_red_threes", n, "seat")]
    # S0 [G](i): who laid down for each side and that player's turns since (default for a side with
    # melds: its first seat, long ago, so the top-card facility is open in full)
    seats = _per(pos, "laydown_seats", k, "side")
    turns = _per(pos, "laydown_turns", k, "side")
    for side in range(k):
        x = seats[side]
        if x is None:
            x = side if s.opened[side] else -1
        elif isinstance(x, bool) or not isinstance(x, int) or not -1 <= x < n or (
                x >= 0 and x % k != side):
            raise record_error("laydown_seat", side=side)
        s.laydown_seat[side] = x
        t = turns[side]
        s.laydown_turns[side] = (3 if x >= 0 else 0) if t is None else _count(t, "laydown_turns")
    for seat, fresh in enumerate(s.fresh3):
        if fresh > s.hk[seat][s.model.red3]:
            raise record_error("fresh_red_threes", seat=seat)
    phase = pos.get("phase", "draw")
    if phase not in ("draw", "play", "answer"):
        raise record_error("phase")
    s.current = s.actor = turn
    s.turn.melds_before_turn = len(s.melds[s.side_of(turn)])
    s.phase = {"draw": Phase.DRAW, "play": Phase.PLAY, "answer": Phase.ANSWER}[phase]
    _turn_state(s, pos.get("turn_state"))
    s.log_event(s.dealer, "position")
    if over is not None:
        reason, out_seat, concealed = over
        if out_seat >= 0 and s.hn[out_seat]:
            raise record_error("went_out_empty", seat=out_seat)
        s.end_hand(reason, out_seat, concealed)
        return s
    if (s.phase is Phase.PLAY and s.hn[turn] == 0 and not s.turn.must_end_without_discard
            and not s.turn.replacement_draws):
        raise record_error("no_card_after_draw", seat=turn)
    s.check_stock_out()
    return s


def _cut(s: GameState, spec: Any) -> None:
    """A position's ``cut`` (as in a view): ``{"size": 44}`` and/or ``{"perfect": true}``. S2: "A
    perfect cut of 44 cards earns 100 points" for the cutter's side (G11), scored when the hand ends;
    a perfect cut is a packet of exactly the cards dealt."""
    if spec is None:
        return
    if not isinstance(spec, dict) or not spec or not set(spec) <= {"size", "perfect"}:
        raise record_error("cut_object")
    dealt = s.rules.players * s.rules.hand_size
    size = _count(spec["size"], "cut size") if "size" in spec else 0
    if size > s.rules.deck_size:
        raise record_error("cut_too_big", size=size, deck_size=s.rules.deck_size)
    perfect = _flag(spec.get("perfect"), "cut perfect", size == dealt)
    if "size" in spec and perfect != (size == dealt):
        raise record_error("cut_perfect" if size == dealt else "cut_not_perfect", size=size, dealt=dealt)
    s.cut_size = size if "size" in spec else (dealt if perfect else 0)
    s.perfect_cut = perfect


HAND_END_REASONS = ("went_out", "stock_out", "last_red3")


def _hand_over(spec: Any, n: int) -> tuple[str, int, bool] | None:
    """A position's ``hand_over``: the hand ends at this position, and is scored, because of
    ``reason`` (went_out: by ``out_seat``, concealed or not; stock_out; last_red3: the stock's last
    card was a red three, or in threes mode a three, drawn by the player to move)."""
    if spec is None:
        return None
    where = "hand_over"
    if not isinstance(spec, dict) or not set(spec) <= {"reason", "out_seat", "concealed"}:
        raise record_error("hand_over_object")
    reason = spec.get("reason")
    if reason not in HAND_END_REASONS:
        raise record_error("hand_over_reason", choices=", ".join(HAND_END_REASONS))
    out_seat = spec.get("out_seat", -1)
    if isinstance(out_seat, bool) or not isinstance(out_seat, int) or not -1 <= out_seat < n:
        raise record_error("hand_over_seat", last=n - 1)
    if (reason == "went_out") != (out_seat >= 0):
        raise record_error("hand_over_who")
    concealed = _flag(spec.get("concealed"), f"{where} concealed", False)
    if concealed and reason != "went_out":
        raise record_error("hand_over_concealed")
    return reason, out_seat, concealed


def score_position(pos: dict[str, Any] | object) -> HandResult:
    """The score of the hand ended at position ``pos``, whose ``hand_over`` says how it ended (a
    score sheet's hand: the melds, threes, hands, penalties and scores before it)."""
    if not isinstance(pos, dict) or pos.get("hand_over") is None:
        raise record_error("score_needs_end")
    return position(pos).results[-1]


def _count(v: Any, key: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise record_error("key_count", key=repr(key), value=reprlib.repr(v))
    return v


def _turn_state(s: GameState, ts: Any) -> None:
    """Apply a position's ``turn_state`` (the keys of ``views.turn_state``) to the turn in progress."""
    if ts is None:
        if s.phase is Phase.ANSWER:
            raise record_error("answer_needs_turn_state")
        return
    if not isinstance(ts, dict):
        raise record_error("turn_state_object")
    extra = set(ts) - TURN_KEYS
    if extra:
        raise record_error("turn_state_key", key=repr(sorted(extra)[0]))
    for key in (*TURN_FLAGS, "first_turn"):
        if key in ts and not isinstance(ts[key], bool):
            raise record_error("turn_state_bool", key=repr(key))
    for key in TURN_COUNTS:
        if key in ts:
            _count(ts[key], key)
    if ts.get("melds_before_turn", 0) > len(s.melds[s.side_of(s.current)]):
        raise record_error("turn_state_melds")
    turn = s.turn
    for key in (*TURN_FLAGS, *TURN_COUNTS):
        if key in ts:
            setattr(turn, key, ts[key])
    s.first_turn = ts.get("first_turn", s.first_turn)
    answer = ts.get("answer")
    if answer not in (None, "yes", "no"):
        raise record_error("turn_state_answer")
    s.turn.answer = {None: NONE, "yes": SAID_YES, "no": SAID_NO}[answer]
    ask_phase = ts.get("ask_phase", "play")
    if ask_phase not in ("draw", "play"):
        raise record_error("turn_state_ask_phase")
    s.ask_phase = Phase.DRAW if ask_phase == "draw" else Phase.PLAY
    _table_at_yes(s, ts.get("table_at_yes"))
    if s.phase is Phase.ANSWER:
        if s.partner(s.current) < 0:
            raise record_error("answer_needs_partner")
        s.actor = s.partner(s.current)
        s.turn.asked = True
    # a view's stage (``canasta.turn.Stage``) follows from the rest: given, it must agree
    if "stage" in ts and ts["stage"] != s.stage.name.lower():
        raise record_error("turn_state_stage", stage=repr(s.stage.name.lower()),
                           value=reprlib.repr(ts["stage"]))


def _table_at_yes(s: GameState, at: Any) -> None:
    """S0 [J](v): the turn_state's ``table_at_yes`` (``views.turn_state``): the side's melds, its
    opened flag and the red treys the player had laid when told yes (what is boxed if he fails)."""
    if at is None:
        return
    where = "turn_state 'table_at_yes'"
    if s.turn.answer != SAID_YES or not s.rules.failed_go_out_boxes:
        raise record_error("yes_boxed")
    if not isinstance(at, dict) or set(at) != {"melds", "opened", "red_threes"}:
        raise record_error("yes_object")
    if not isinstance(at["melds"], list) or not isinstance(at["opened"], bool):
        raise record_error("yes_fields")
    side = s.side_of(s.current)
    before = tuple(_meld(s.rules, _cards(text, f"{where} melds[{i}]"), f"{where} melds[{i}]")
                   for i, text in enumerate(at["melds"]))
    for f, n in enumerate(card_counts(s.melds[side], before)):
        if n < 0:
            raise record_error("yes_card", face=card_str(f))
    red_threes = _count(at["red_threes"], "red_threes")
    if red_threes > len(s.red3[s.current]):
        raise record_error("yes_red_threes")
    s.turn.table_at_yes = (before, at["opened"], red_threes)


@dataclass
class GameRecord:
    """Rules + seed (or a starting position) + actions: enough to replay a game exactly."""

    rules: RuleSet
    seed: int | str = 0
    actions: list[Action] = field(default_factory=list)
    dealer: int = 0
    start: dict[str, Any] | None = None
    result: dict[str, Any] | None = None

    @staticmethod
    def of(state: GameState | object, start: dict[str, Any] | object | None = None) -> GameRecord:
        """The record of the game played in ``state`` so far (from ``start`` if it began at a
        position). (Typed to take anything: what is not a game, or a start that is not a position's
        object, raises RecordError, also where the engine is compiled.)"""
        state = check_game(state)
        if start is not None and not isinstance(start, dict):
            raise record_error("start_position", value=reprlib.repr(start))
        return GameRecord(state.rules, state.seed, state.history(), state.start_dealer, start,
                          _summary(state))

    def initial_state(self) -> GameState:
        if self.start is not None:
            return position(self.start)
        return GameState.new(self.rules, self.seed, self.dealer)

    def replay(self, upto: int | object | None = None) -> GameState:
        """The state after the first ``upto`` actions (all by default); refuses a record that does
        not replay to its saved result. (Typed to take anything: a value that is no number of
        actions raises RecordError, also where the engine is compiled.)"""
        if upto is None:
            acts = self.actions
        elif isinstance(upto, bool) or not isinstance(upto, int) or upto < 0:
            raise record_error("replay_upto", value=reprlib.repr(upto))
        else:
            acts = self.actions[:upto]
        s = self.initial_state()
        for i, a in enumerate(acts):
            why = s.why_illegal(a)
            if why is not None:
                code, data = why
                if code in ("not_in_hand", "not_that_many") and self.start is None:
                    # The cards were dealt from the seed: a card not in hand means they do not match.
                    raise record_error("seed_mismatch", seed=repr(self.seed), action=i + 1, notation=str(a),
                                       seat=s.actor, card=data["card"])
                raise record_error("action_refused", action=i + 1, notation=str(a),
                                   reason={"code": code, "data": dict(data)})
            s.apply_unchecked(a)
        if upto is None and self.result is not None and _summary(s) != self.result:
            raise record_error("result_differs", saved=_show(self.result), replayed=str(_summary(s)))
        return s

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "format": FORMAT, "version": VERSION,
            "rules": {"preset": self.rules.name, "options": self.rules.options()},
            "seed": self.seed, "dealer": self.dealer,
            "actions": [str(a) for a in self.actions],
        }
        if self.start is not None:
            d["start"] = self.start
        if self.result is not None:
            d["result"] = self.result
        return d

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @staticmethod
    def from_dict(d: Any) -> GameRecord:
        if not isinstance(d, dict):
            raise record_error("record_object")
        if d.get("format") != FORMAT:
            raise record_error("record_format", format=repr(FORMAT))
        if d.get("version") != VERSION:
            raise record_error("record_version", value=reprlib.repr(d.get("version")), version=VERSION)
        for key in ("rules", "actions"):
            if key not in d:
                raise record_error("record_lacks", key=repr(key))
        rules_spec = d["rules"]
        if isinstance(rules_spec, dict) and "options" in rules_spec:
            try:
                rs = rules_from_options(rules_spec["options"])
            except CanastaError as e:
                raise record_error("in_rules", reason=reason_of(e)) from e
        else:
            rs = _rules_from(rules_spec)
        seed = d.get("seed", 0)
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise record_error("seed_type")
        acts_in = d["actions"]
        if not isinstance(acts_in, list):
            raise record_error("actions_list")
        actions: list[Action] = []
        for i, text in enumerate(acts_in):
            if not isinstance(text, str):
                raise record_error("action_text", action=i + 1, value=reprlib.repr(text))
            try:
                actions.append(Action.parse(text))
            except CanastaError as e:
                raise record_error("action_bad", action=i + 1, reason=reason_of(e)) from e
        dealer = d.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rs.players:
            raise record_error("dealer_seat", last=rs.players - 1)
        start = d.get("start")
        if start is not None and not isinstance(start, dict):
            raise record_error("start_object")
        result = d.get("result")
        if result is not None and not isinstance(result, dict):
            raise record_error("result_object")
        return GameRecord(rs, seed, actions, dealer, start, result)

    @staticmethod
    def from_json(text: str | bytes | object) -> GameRecord:
        """The record in JSON ``text`` (str or UTF-8 bytes); anything else is a :class:`RecordError`."""
        return GameRecord.from_dict(read_json(text))


def _show(v: object) -> str:
    """``repr(v)``, shortened where it nests too deeply or runs too long to be read."""
    try:
        text = repr(v)
    except RecursionError:
        return reprlib.repr(v)
    return text if len(text) <= 300 else reprlib.repr(v)


def _summary(s: GameState) -> dict[str, Any]:
    return {"scores": list(s.scores), "hands": len(s.results), "winner": s.winner,
            "actions": s.nactions, "over": s.is_over}


def read_json(text: object) -> Any:
    """Parse a record's or position's JSON text; anything that is not JSON (or nests too deeply to
    be one) raises :class:`RecordError`."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise record_error("not_utf8", why=e.reason, byte=str(e.start)) from e
    if not isinstance(text, str):
        raise record_error("json_text", value=reprlib.repr(text))
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise record_error("json_invalid", why=json_reason(e)) from e
    except RecursionError:
        raise record_error("json_deep") from None


def _path(path: object) -> str | os.PathLike[str]:
    """A file's path, or RecordError (a number would open a file descriptor, None fail deep inside)."""
    if not isinstance(path, (str, os.PathLike)):
        raise record_error("file_path", value=reprlib.repr(path))
    return path


def save(record: GameRecord | object, path: str | object) -> None:
    """Write ``record`` to the file ``path``. (Typed to take anything: what is not a record, or not a
    path, raises RecordError, also where the engine is compiled.)"""
    path = _path(path)
    if not isinstance(record, GameRecord):
        raise record_error("save_what", value=reprlib.repr(record))
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(record.to_json(indent=1))
    except OSError as e:
        raise record_error("record_cannot_write", path=str(path), why=os_reason(e)) from e


def load(path: str | object) -> GameRecord:
    path = _path(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as e:
        raise record_error("record_cannot_read", path=str(path), why=os_reason(e)) from e
    try:
        return GameRecord.from_dict(read_json(data))
    except RecordError as e:
        raise record_error("in_file", path=str(path), reason=reason_of(e)) from e
