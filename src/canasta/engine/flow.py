"""The named operations on the state: moving cards, the melds, the pile, the turn's record, the
opening's progress, the end of a turn, going out, dealing.

The effects of the action modules are made of these (PokerKit's operations, each a ``do`` of one
thing); only this module (and the state's setup API, for positions) writes the state's fields, so
that what can change the state is a short list of names. Nothing here checks legality.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import is_black_three, is_red_three, is_wild
from ..melds import card_counts
from ..model import frozen_by
from ..scoring import penalty_points
from ..turn import NoOut, Turn
from .common import (
    ANSWER_PHASE,
    DRAW_PHASE,
    PLAY_PHASE,
    SAID_NO,
    SAID_YES,
    YesSnapshot,
    hand_seed,
    shuffled_pack,
)
from .conditions import open_after

if TYPE_CHECKING:  # pragma: no cover
    from ..melds import Meld
    from ..state import GameState


def take_from(s: GameState, seat: int, f: int) -> None:
    """Take card ``f`` out of the seat's hand (the inverse of ``GameState.give_card``)."""
    s.hands[seat][f] -= 1
    s.hk[seat][s.model.kind_of[f]] -= 1
    s.hn[seat] -= 1


def take_cards(s: GameState, seat: int, cards: tuple[int, ...]) -> None:
    """Take ``cards`` out of the seat's hand: ``take_from`` for each, in one call."""
    hand = s.hands[seat]
    hk = s.hk[seat]
    kind_of = s.model.kind_of
    for f in cards:
        hand[f] -= 1
        hk[kind_of[f]] -= 1
    s.hn[seat] -= len(cards)


def lift_top_with(s: GameState, seat: int, cards: tuple[int, ...]) -> int:
    """Take ``cards`` out of the seat's hand and the pile's top card off the pile, returning it: the
    start of every use of the top card with cards from hand (taking the pile, S0's facility)."""
    take_cards(s, seat, cards)
    return s.pile.pop()


def lift_top(s: GameState) -> int:
    """Take the pile's top card off the pile and return it (the upcard); an emptied pile is unfrozen."""
    f = s.pile.pop()
    if not s.pile:
        s.pile_frozen = False
    return f


def take_pile(s: GameState) -> list[int]:
    """The pile's cards (under the top card already lifted), the pile left empty and unfrozen."""
    rest = s.pile
    s.pile = []
    s.pile_frozen = False
    return rest


def refreeze_pile(s: GameState) -> None:
    """The pile is frozen by what it holds now (S0's facility lifts its top card alone)."""
    s.pile_frozen = frozen_by(s.model, s.pile)


def turn_pile_over(s: GameState) -> None:
    """S0 [K](iii): the discard pile, turned over, becomes the stock."""
    s.stock = s.pile[::-1]
    s.pile = []
    s.pile_frozen = False


def discard_card(s: GameState, seat: int, f: int) -> None:
    """Card ``f`` from the seat's hand onto the pile, freezing it where the card does."""
    s.hands[seat][f] -= 1  # (take_from, inline: every turn)
    s.hk[seat][s.model.kind_of[f]] -= 1
    s.hn[seat] -= 1
    s.pile.append(f)
    if s.model.freezes[f]:
        s.pile_frozen = True


def gain_cards(s: GameState, seat: int, cards: list[int]) -> tuple[list[int], list[int]]:
    """``cards`` (a pile taken) into the seat's hand, those laid at once (red threes) laid in front
    of it instead: (the cards gained, the cards laid)."""
    gained: list[int] = []
    laid: list[int] = []
    hand = s.hands[seat]
    hk = s.hk[seat]
    kind_of = s.model.kind_of
    laid_faces = s.rf.laid_faces
    for f in cards:
        if laid_faces[f]:
            s.red3[seat].append(f)
            laid.append(f)
        else:
            hand[f] += 1  # (``Table.give_card``, inline: every card of the pile)
            hk[kind_of[f]] += 1
            gained.append(f)
    s.hn[seat] += len(gained)
    return gained, laid


def lay_meld(s: GameState, side: int, meld: Meld) -> None:
    """A new meld on the side's table."""
    s.melds[side].append(meld)


def grow_meld(s: GameState, side: int, index: int, meld: Meld) -> None:
    """The side's meld ``index`` is now ``meld`` (cards added)."""
    s.melds[side][index] = meld


def merge_into(s: GameState, side: int, index: int, other: int, merged: Meld) -> None:
    """The side's meld ``other`` joins meld ``index`` as ``merged``; the melds after ``other`` move
    down one place (the turn's own melds too)."""
    melds = s.melds[side]
    del melds[other]
    melds[index if other > index else index - 1] = merged
    if other < s.turn.melds_before_turn:
        s.turn.melds_before_turn -= 1


def take_back_melds(s: GameState, side: int) -> list[int]:
    """The side's (provisional) melds come off the table: their cards, for the hand or the box."""
    back: list[int] = []
    for m in s.melds[side]:
        back.extend(m.cards)
    s.melds[side] = []
    return back


def box_cards(s: GameState, seat: int, cards: tuple[int, ...] | list[int]) -> None:
    """Cards set aside in front of the seat (S0 [G](ii), [J](v)), given back by ``unbox``."""
    s.boxed[seat].extend(cards)


def lay_red_three(s: GameState, seat: int, f: int) -> None:
    """A red three from the hand laid in front of the seat (S1: melded alone; S0: disclosed), with
    the further card it earns where it was just picked up (S0 [F](i){c})."""
    take_from(s, seat, f)
    s.red3[seat].append(f)
    if s.fresh3[seat]:
        s.fresh3[seat] -= 1
        s.turn.replacement_draws += 1


def replacement_drawn(s: GameState) -> None:
    """The further card owed for a red trey disclosed at once has been drawn."""
    s.turn.replacement_draws -= 1


def picked_up(s: GameState, took_pile: bool) -> None:
    """The turn's pick-up is made (a draw, the upcard, the pile or S0's top card): the play phase."""
    turn = s.turn
    if took_pile:
        turn.took_pile = True
    turn.shown_before_draw = False
    s.first_turn = False
    s.phase = PLAY_PHASE


def lock_laydown(s: GameState) -> None:
    """S0 [A](i): after the upcard, no lay-down this turn."""
    s.turn.upcard_lock = True


def shown_before_draw(s: GameState, points: int, new_meld: bool) -> None:
    """Cards shown before the draw toward taking the pile (``new_meld``: a meld, else an addition):
    their points count toward the opening, which the take completes."""
    turn = s.turn
    if new_meld:
        turn.shown_before_draw = True
        turn.melded = True
    turn.opening_points += points


def shown_in_play(s: GameState, laid_off: bool = False) -> None:
    """A card shown in the play phase (a meld, an addition, a merge): ``laid_off``, onto a meld from
    before the turn (C1: the turn goes out concealed no more)."""
    s.turn.shown = True
    if laid_off:
        s.turn.laid_off = True


def open_side(s: GameState, side: int) -> None:
    """The side has opened (its opening made, the pile taken, a complete sequence, going out)."""
    s.opened[side] = True


def retracted(s: GameState) -> None:
    """The turn's opening melds were taken back: their points and canastas no more, no meld again."""
    turn = s.turn
    turn.opening_points = 0
    turn.made_canasta = False
    turn.melded = False
    turn.shown_before_draw = False
    turn.retracted = True


def ask_partner(s: GameState) -> None:
    """The player asks "may I go out?": the answer phase, the partner to act."""
    seat = s.current
    s.asks[seat] += 1
    s.turn.asked = True
    s.ask_phase = s.phase
    s.phase = ANSWER_PHASE
    s.actor = s.partner(seat)


def partner_answers(s: GameState, yes: bool, binds: bool, table: YesSnapshot | None) -> None:
    """The partner's answer (``binds``: the player must abide by it; ``table``: S0 [J](v), the
    table when told yes), and play returns to the player."""
    seat = s.current
    turn = s.turn
    turn.answer_binds = binds
    s.answers[seat] += 1
    turn.answer = SAID_YES if yes else SAID_NO
    turn.table_at_yes = table
    s.phase = s.ask_phase
    s.actor = seat


def no_way_out(s: GameState, where: NoOut) -> None:
    """The check of a binding "yes" found no way out from ``where`` this turn (a cache, kept with
    the turn's record: ``engine.discard.must_go_out``)."""
    s.turn.no_out = where


def set_talon(s: GameState, side: int, cards: int) -> None:
    """R 1.2: the side drew ``cards`` talon cards after its opening."""
    s.talons[side] = cards


def draw_cards(s: GameState, seat: int, count: int, floor: int = 0) -> list[int]:
    """Draw ``count`` cards (leaving at least ``floor`` in the stock), laying and replacing red
    threes (all threes in threes mode); returns the cards kept. A three laid is replaced even from
    below ``floor`` (the turn card limits the talon's cards, not the replacement of a three: the
    director's reading, since otherwise a player could be left holding no card at all)."""
    got: list[int] = []
    last_red3 = False
    laid = s.rf.laid_faces
    stock = s.stock
    hand = s.hands[seat]
    hk = s.hk[seat]
    kind_of = s.model.kind_of
    while count > 0 and len(stock) > floor:
        f = stock.pop()
        if laid[f]:
            s.red3[seat].append(f)
            s.log_event(seat, "red3", (f,))
            last_red3 = True
            floor = max(0, floor - 1)
            continue
        last_red3 = False
        hand[f] += 1  # (``Table.give_card``, inline: every card drawn; the count once, below)
        hk[kind_of[f]] += 1
        got.append(f)
        count -= 1
    s.hn[seat] += len(got)
    if last_red3 and not s.stock:
        s.turn.must_end_without_discard = True
    return got


def fresh(s: GameState, got: tuple[int, ...] | list[int]) -> None:
    """S0 [F](i){c}: red treys just dealt or picked up may be disclosed for a further card."""
    if s.rf.red3_mode == "disclose":
        s.fresh3[s.current] += sum(1 for f in got if is_red_three(f))


def meld_points(s: GameState, side: int, points: int, completed: bool) -> None:
    """A play worth ``points`` toward the opening (``completed``: it made a canasta): the side opens when
    it can."""
    s.turn.melded = True
    if completed:
        s.turn.made_canasta = True
    if not s.opened[side]:
        s.turn.opening_points += points
        if open_after(s, side, 0):
            s.opened[side] = True


def check_failed_go_out(s: GameState) -> None:
    """A player told a binding "yes" who ends the turn without going out pays the penalty (and boxes, S0)."""
    if s.turn.answer == SAID_YES and s.turn.answer_binds and s.rules.failed_go_out_penalty:
        side = s.side_of(s.current)
        s.penalties[side] += penalty_points(s.rules, failed_go_out=1)
        s.log_event(s.current, "failed_go_out")
        if s.rules.failed_go_out_boxes and s.turn.table_at_yes is not None:
            box_shown(s, side, s.turn.table_at_yes)


def box_shown(s: GameState, side: int, snapshot: YesSnapshot) -> None:
    """S0 [J](v): the cards shown since the "yes" come off the table, boxed in front of the player,
    unusable until he has had two further turns (the table is as it was when he was told yes).
    Red treys he disclosed since are "cards disclosed" too: boxed, and held again afterwards."""
    before, was_open, red_then = snapshot
    count = card_counts(s.melds[side], before)
    shown = tuple(f for f in range(53) for _ in range(count[f]))
    seat = s.current
    treys = tuple(s.red3[seat][red_then:])
    if not shown and not treys:
        return
    s.melds[side] = list(before)
    s.opened[side] = was_open
    del s.red3[seat][red_then:]
    s.boxed[seat].extend(shown + treys)
    # counted down at the end of each of his turns, this one included (see unbox)
    s.box_turns[seat] = max(s.box_turns[seat], s.rules.failed_go_out_boxes + 1)
    if shown:
        s.log_event(seat, "box", shown)
    if treys:  # (a separate event: the log's "box" cards come off the melds)
        s.log_event(seat, "box_red3", treys)


def unbox(s: GameState, seat: int) -> None:
    """At the end of the player's turn: boxed cards come back once their turns have passed."""
    if not s.boxed[seat]:
        return
    if s.box_turns[seat] > 0:
        s.box_turns[seat] -= 1
        if s.box_turns[seat] > 0:
            return
    back = s.boxed[seat]
    s.boxed[seat] = []
    for f in back:
        s.give_card(seat, f)
    s.log_event(seat, "unbox", tuple(back))


def next_turn(s: GameState) -> None:
    """The player's turn ends: boxed cards, the lay-down player's turns (S0), the next seat."""
    if s.turn.melded:
        s.has_melded[s.current] = True
    if s.boxed[s.current]:  # (nothing boxed, nothing to give back: a call less at every turn)
        unbox(s, s.current)
    side = s.seat_side[s.current]  # (side_of, by its table: once a turn)
    if s.opened[side]:  # S0 [G](i), T12: count the lay-down player's own turns after it
        if s.laydown_seat[side] < 0:
            s.laydown_seat[side] = s.current
            s.laydown_turns[side] = 0
        elif s.laydown_seat[side] == s.current:
            s.laydown_turns[side] += 1
    start_turn(s, (s.current + 1) % s.rf.players)


def start_turn(s: GameState, seat: int) -> None:
    """Seat ``seat`` begins its turn: owed replacements drawn, the classic end of the stock checked."""
    s.current = s.actor = seat
    s.phase = DRAW_PHASE
    s.turn = Turn(melds_before_turn=len(s.melds[s.seat_side[seat]]))  # the turn's record, anew
    if s.owed[seat]:
        n = s.owed[seat]
        s.owed[seat] = 0
        got = draw_cards(s, seat, n)
        s.log_event(seat, "replace", tuple(got), private=True)
        if s.turn.must_end_without_discard and s.rf.red3_mode == "threes":
            # S3 C: "If a 3 is be picked as the last card in the tray, the 3 is played and no
            # further discard is permissible": picked as a replacement, it leaves no draw; as
            # after drawing it, the player may meld, then the hand ends (R 1.2: -5 for it)
            s.phase = PLAY_PHASE
        else:
            s.turn.must_end_without_discard = False
    if not s.stock:  # (its first test, made a call sooner at every turn)
        s.check_stock_out()


def go_out(s: GameState, seat: int) -> None:
    """The seat has gone out: the hand ends and is scored."""
    side = s.side_of(seat)
    concealed = s.goes_out_concealed()
    s.opened[side] = True
    s.log_event(seat, "out")
    s.end_hand("went_out", seat, concealed)


def deal(s: GameState) -> None:
    """Shuffle and cut from the hand's seed, deal, turn the upcard (covered where the rules say)."""
    r = s.rules
    n = r.players
    deck, s.cut_size = shuffled_pack(r, hand_seed(s.seed, s.hand_no))
    s.perfect_cut = s.cut_size == n * r.hand_size
    s.stock = deck
    s.hands = [[0] * 53 for _ in range(n)]
    s.hk = [[0] * s.model.nkinds for _ in range(n)]
    order = [(s.dealer + 1 + i) % n for i in range(n)]
    hands = s.hands
    hk = s.hk
    kind_of = s.model.kind_of
    # the cards go round the seats in ``order`` one at a time from the top of the deck (its end):
    # seat ``order[i]`` gets every n-th of them from the i-th; taken off the deck at once
    dealt = deck[len(deck) - n * r.hand_size:]
    del deck[len(deck) - n * r.hand_size:]
    dealt.reverse()
    for i, seat in enumerate(order):
        hand = hands[seat]
        kinds = hk[seat]
        for f in dealt[i::n]:  # ``give_card`` inline
            hand[f] += 1
            kinds[kind_of[f]] += 1
    s.hn = [r.hand_size] * n
    s.pile = []
    if r.upcard != "none":
        s.pile.append(s.stock.pop())
        if r.upcard == "cover":
            while s.stock and (cover_class(s.pile[-1]) in r.upcard_cover or (
                    len(s.pile) > 1 and cover_class(s.pile[-1]) in r.upcard_recover)):
                s.pile.append(s.stock.pop())
    s.pile_frozen = frozen_by(s.model, s.pile)
    setup_hand(s, order)


def setup_hand(s: GameState, order: list[int]) -> None:
    """Everything a fresh hand needs once the cards are placed (used by deals and positions)."""
    r = s.rules
    n = r.players
    s.melds = [[] for _ in range(r.sides)]
    s.red3 = [[] for _ in range(n)]
    s.talons = [0] * r.sides
    s.opened = [False] * r.sides
    s.hand_start_scores = s.scores[:]
    s.minimum = [r.opening_for(score, s.hand_no) for score in s.scores]
    s.has_melded = [False] * n
    s.asks = [0] * n
    s.answers = [0] * n
    s.penalties = [0] * r.sides
    s.owed = [0] * n
    s.fresh3 = [s.hk[x][s.model.red3] if r.red3_mode == "disclose" else 0 for x in range(n)]
    s.laydown_seat = [-1] * r.sides
    s.laydown_turns = [0] * r.sides
    s.boxed = [[] for _ in range(n)]
    s.box_turns = [0] * n
    s.log_event(s.dealer, "deal")
    s.log_event(s.dealer, "start_pile", tuple(s.pile))  # empty without an upcard (R 1.2)
    m = s.model
    kinds = [k for k in (m.red3, m.black3) if r.laid_faces[m.faces_of[k][0]]]  # threes laid at once
    if kinds:
        for seat, k in [(seat, k) for seat in order for k in kinds]:
            while s.hk[seat][k]:
                f = s.face_of_kind(seat, k)
                take_from(s, seat, f)
                s.red3[seat].append(f)
                s.log_event(seat, "red3", (f,))
                if r.red3_replace == "deal":
                    got = draw_cards(s, seat, 1)
                    s.log_event(seat, "replace", tuple(got), private=True)
                else:
                    s.owed[seat] += 1
    s.turn.must_end_without_discard = False
    s.first_turn = r.first_turn_upcard != "none"
    s.phase = DRAW_PHASE
    start_turn(s, order[0])


def cover_class(f: int) -> str:
    """What kind of card covers an upcard: wild, red3, black3 or natural (``RuleSet.upcard_cover``)."""
    if is_wild(f):
        return "wild"
    if is_red_three(f):
        return "red3"
    if is_black_three(f):
        return "black3"
    return "natural"
