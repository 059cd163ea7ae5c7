"""Taking the discard pile (``take``): why it is refused, the takes the hand allows, and the effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import JOKER, card_str, is_black_three, is_red_three, is_wild
from ..melds import Meld, new_meld, sequence_fits, wild_problem
from .common import GROUP_MELD, OP_TAKE, PLAY_PHASE, SEQUENCE_MELD, Problem, card_action
from .conditions import (
    canasta_counts,
    finish_problem,
    go_out_problem,
    has_cards,
    has_natural,
    held_faces,
    open_after,
    open_points,
    pile_gain,
    wild_rule,
    wild_rule_bites,
)
from .flow import fresh, go_out, lift_top_with, meld_points

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


def pile_block(s: GameState) -> Problem:
    """Reasons the pile cannot be taken at all, whatever the hand. ``gen_takes`` and ``pre_draw_ok``
    skip this call for a natural four to ace on top with more than one card held (nothing below
    refuses that): a new refusal of such a pile must change their test too."""
    if not s.pile:
        return ("pile_empty", {})
    top = s.pile[-1]
    if top < 8 or top == JOKER:  # (a natural four to ace, faces 8 to 51, is none of these: hot)
        if is_wild(top):
            return ("wild_on_top", {"card": card_str(top)})
        if is_black_three(top):
            return ("black_three_stop", {})
        if is_red_three(top):
            return ("red_three_on_top", {})
    rule = s.rf.one_card_rule
    if s.hn[s.current] == 1 and rule != "none":
        if rule == "one_card_pile" and len(s.pile) == 1:
            return ("one_card_pile", {})
        side = s.side_of(s.current)
        if rule == "cannot_go_out" and go_out_problem(s, canasta_counts(s, side), s.opened[side],
                                                             False):
            return ("one_card_go_out", {})
    return None


def why_not_take(s: GameState, a: Action) -> Problem:
    """Why taking the pile with ``a.cards`` (onto meld ``a.meld``, -1: a new meld) is refused."""
    block = pile_block(s)
    if block:
        return block
    seat = s.current
    side = s.side_of(seat)
    r = s.rules
    rf = s.rf
    cards = a.cards
    if cards:
        miss = has_cards(s, seat, cards)
        if miss:
            return miss
    top = s.pile[-1]
    rank = top // 4 + 2
    melds = s.melds[side]
    if a.meld >= len(melds):
        return ("no_meld", {"meld": a.meld})
    if a.meld >= 0 and melds[a.meld].type is SEQUENCE_MELD:
        return why_not_take_sequence(s, a, melds[a.meld])
    nat = 0
    wild = 0
    jokers = 0
    wf = s.model.wild_face
    for f in cards:
        if wf[f]:
            wild += 1
            jokers += f == JOKER
        elif f // 4 + 2 != rank:
            return ("wrong_rank", {"top_card": card_str(top), "card": card_str(f)})
        else:
            nat += 1
    if rf.one_meld_per_rank:
        target = s.meld_of_rank(side, rank)
        if a.meld != target:
            if target >= 0:
                return ("meld_target", {"rank": rank, "meld": target})
            return ("no_meld_of_rank", {})
    else:
        target = a.meld
        if target >= 0 and (melds[target].type is not GROUP_MELD or melds[target].rank != rank):
            return ("meld_target_wrong", {"top_card": card_str(top), "meld": target})
    frozen = s.frozen_reason(side)
    # the cards from hand justify the take: a natural pair (with any further cards of the meld),
    # one natural and a wild where allowed, or none at all to lay the top card off on the side's
    # meld of that rank (cards to add then go on with ``add``)
    if wild and not rf.pickup_hand_wilds:
        return ("natural_cards", {})
    natural_wild = nat == 1 and wild > 0 and rf.pickup_natural_wild and not frozen
    if nat < 2 and not natural_wild:
        if frozen:
            return (frozen, {"rank": rank})  # (frozen_reason's code: why the pile is frozen)
        layoff = target >= 0 and rf.pickup_layoff
        if nat == 0 and wild:
            return ("wilds_cannot_take", {"rank": rank})
        if cards and layoff:
            return ("layoff_alone", {"rank": rank, "meld": target})
        if not layoff:
            if nat == 1 and rf.pickup_natural_wild:
                return ("need_pair_or_wild", {"rank": rank})
            return ("need_pair", {"rank": rank})
    tm = s.melds[side][target] if target >= 0 else None
    if tm is not None:
        was_canasta = len(tm.cards) >= rf.canasta_size
        if was_canasta:
            if not rf.pickup_layoff_canasta:
                return ("canasta_closed_top", {})
            if not rf.add_to_canasta:
                return ("canasta_closed", {})
            if wild and not rf.wild_to_canasta:
                return ("canasta_closed_wild", {})
        naturals, wilds, size = tm.naturals + nat + 1, tm.wilds + wild, len(tm.cards) + 1 + len(cards)
    else:
        was_canasta = False
        naturals, wilds, size = nat + 1, wild, 1 + len(cards)
        if size < 3:
            return ("new_meld_size", {})
    if tm is not None and was_canasta and rf.max_meld_size == rf.canasta_size:
        return ("dead_card", {"rank": rank})
    why = wild_problem(r, naturals, wilds) or (wild_rule(s, side, rank, naturals) if wild else None)
    if why:
        return why
    points = take_points(s, cards, top)
    if not s.opened[side]:
        natural = rf.take_cards_count and wilds == 0 and naturals >= 3
        if not open_after(s, side, points, natural, natural and size >= rf.canasta_size):
            if s.turn_points + points >= s.minimum[side]:
                return ("opening_natural", {})
            return ("opening_minimum", {"minimum": s.minimum[side], "points": s.turn_points + points})
    h_after = s.hn[seat] - len(cards) + pile_gain(s, True)
    counts = canasta_counts(s, side, 1 if size >= rf.canasta_size and not was_canasta else 0)
    return finish_problem(s, h_after, counts, True, False, a)


def take_points(s: GameState, cards: tuple[int, ...], top: int) -> int:
    """What a take adds toward the opening (S3 J: nothing, where the take cards do not count)."""
    rf = s.rf
    return ((open_points(s, cards) if rf.take_cards_count else 0)
            + (s.model.open_value[top] if rf.pile_top_counts else 0))


def why_not_take_sequence(s: GameState, a: Action, tm: Meld) -> Problem:
    """The top card may extend a sequence of the side (S1: never start one)."""
    r = s.rules
    side = s.side_of(s.current)
    top = s.pile[-1]
    if not r.pickup_extends_sequence:
        return ("no_sequence_take", {})
    if a.cards:
        return ("layoff_alone_sequence", {"meld": a.meld})
    rank = top // 4 + 2
    frozen = s.frozen_reason(side)
    if frozen and not r.seq_pickup_when_frozen:
        return (frozen, {"rank": rank})  # (frozen_reason's code: why the pile is frozen)
    low, high = tm.rank, tm.high
    if top % 4 != tm.suit or rank not in (low - 1, high + 1):
        return ("wrong_card", {"card": card_str(top), "first_card": card_str(tm.cards[0]),
                               "last_card": card_str(tm.cards[-1])})
    if not sequence_fits(r, min(low, rank), max(high, rank)) or tm.size >= r.canasta_size:
        return ("sequence_full", {})
    completes = tm.size + 1 == r.canasta_size
    h_after = s.hn[s.current] + pile_gain(s, r.seq_pickup_takes_pile)
    return finish_problem(s, h_after, canasta_counts(s, side, completes, completes), True, False, a)


def gen_takes(s: GameState, out: list[Action]) -> None:
    """The takes the hand allows: naturals of the top rank (and wilds) onto each possible target."""
    pile = s.pile
    if not pile:
        return
    seat = s.current
    top = pile[-1]
    # (pile_block's other refusals need a top card that is no natural four to ace, or one card in
    # hand: asked only then, a call less in most positions)
    if (top < 8 or top == JOKER or s.hn[seat] == 1) and pile_block(s) is not None:
        return
    side = s.seat_side[seat]  # (side_of, by its table: hot)
    hk = s.hk[seat]
    m = s.model
    rf = s.rf
    rank = top // 4 + 2
    frozen = s.frozen_reason(side) is not None
    held = 0
    for k in m.natural_kinds[rank]:
        held += hk[k]
    if frozen and held < 2 and not rf.pickup_extends_sequence:
        return  # (a frozen pile needs a natural pair: the targets below would all be dropped)
    r = s.rules
    melds = s.melds[side]
    if rf.one_meld_per_rank:
        targets = [s.meld_of_rank(side, rank)]
    else:
        targets = [-1]
        for i, x in enumerate(melds):
            if x.type is GROUP_MELD and x.rank == rank:
                targets.append(i)
    # (targets is never empty here, and a meld's index, if any, is its last)
    layoff = not frozen and rf.pickup_layoff and targets[-1] >= 0
    if held < 2 and not layoff and (frozen or not rf.pickup_natural_wild or held == 0):
        targets = []  # no group take is possible: only sequence ends remain
    elif not s.opened[side] and targets:
        # an upper bound of what a take can add toward the opening (every held natural of the
        # rank and every wild); short of the minimum no group take is legal
        top_value = m.value[s.pile[-1]]
        best = s.turn_points + (top_value if rf.pile_top_counts else 0)
        if rf.take_cards_count:
            best += held * top_value + hk[m.joker] * r.value_joker + hk[m.deuce] * r.value_two
        size = rf.canasta_size
        # a natural canasta completed by the take opens too: the top card and the held naturals
        # with those of a natural meld of that rank already laid this turn
        laid = max([melds[t].naturals for t in targets if t >= 0 and not melds[t].wilds], default=0)
        if best < s.minimum[side] and not (r.canasta_opens and (
                has_natural(s, side, size) or (rf.take_cards_count and laid + held + 1 >= size))):
            targets = []
    if not targets and not rf.pickup_extends_sequence:
        return  # (no take left to list: the rest would find none)
    # naturals of the top rank: every count from 0 (layoff) up, one kind where suits do not matter
    nat_options: list[tuple[int, ...]] = [()]
    for k in m.natural_kinds[rank] if targets else ():
        if hk[k]:
            got = held_faces(s, seat, k, hk[k])  # (c of them are its first c: one call, not one per c)
            nat_options = [prev + got[:c] for prev in nat_options for c in range(len(got) + 1)]
    nj = hk[m.joker] if rf.pickup_hand_wilds else 0
    nd = hk[m.deuce] if rf.pickup_hand_wilds else 0
    nt = hk[m.red3] if rf.red3_wild and rf.pickup_hand_wilds else 0  # S0 T8: red treys are wild
    hn = s.hn[seat]
    # melds.wild_problem from the model's table (as gen_melds): a group of one rank holds at most
    # every natural of it, so ``wild_cap`` covers every count of naturals a take can make
    wild_cap = m.wild_cap
    maxsize = rf.max_meld_size
    # a take's group holds a natural or more: where wild_rule refuses none of them, it is not asked
    bites = m.wild_rules and wild_rule_bites(s, side, 1)
    for target in targets:
        tm = melds[target] if target >= 0 else None
        base_nat = tm.naturals if tm is not None else 0
        base_wild = tm.wilds if tm is not None else 0
        # for an opened side, with no canasta to extend and cards to spare, the pruning below
        # leaves only legal takes (the checks of why_not_take, short-cut)
        trusted = s.opened[side] and (tm is None or len(tm.cards) < rf.canasta_size)
        for nat in nat_options:
            c = len(nat)
            if c == 0 and (frozen or target < 0 or not rf.pickup_layoff):
                continue
            if c == 1 and (frozen or not rf.pickup_natural_wild):
                continue
            wild_ok = not c or not bites or wild_rule(s, side, rank, base_nat + 1 + c) is None
            # (a layoff, no card from hand, takes no wild card: one pass of the loops, not one per
            # wild card held that ends at once)
            for j in range(nj + 1 if c else 1):
                for d in range(nd + 1 if c else 1):
                    for t in range(nt + 1 if c else 1):
                        w = j + d + t
                        if c == 0 and w:
                            break
                        if c == 1 and not w:
                            continue
                        n_nat = base_nat + 1 + c
                        n_wild = base_wild + w
                        if (n_wild > wild_cap[n_nat] or (maxsize and n_nat + n_wild > maxsize)) or (
                                w and not wild_ok):
                            break  # (wild_problem(r, n_nat, n_wild) is not None, or the wild rule)
                        a = card_action(OP_TAKE, nat + (held_faces(s, seat, m.deuce, d) if d else ())
                                        + (JOKER,) * j + (held_faces(s, seat, m.red3, t) if t else ()),
                                        target)
                        # (the pile's cards count only for a hand left short: pile_gain is a
                        # count through the pile, asked only then)
                        left = hn - c - w
                        if ((trusted and (left >= 2 or left + pile_gain(s, True) >= 2))
                                or why_not_take(s, a) is None):
                            out.append(a)
    if rf.pickup_extends_sequence:
        top = s.pile[-1]
        suit = top % 4
        for i, x in enumerate(melds):
            # (a card of another suit, or not next to either end, is refused by the check's
            # "wrong_card": asked here first, without the rest of the check)
            # (a sequence's suit and top rank read off its cards, all naturals: Meld's suit and
            # high are properties, a call each)
            if (x.type is SEQUENCE_MELD and x.cards[0] % 4 == suit
                    and rank in (x.rank - 1, x.rank + len(x.cards))):
                a = card_action(OP_TAKE, (), i)
                if why_not_take(s, a) is None:
                    out.append(a)


def do_take(s: GameState, a: Action) -> None:
    """The top card and the cards from hand form or join the meld; the rest of the pile comes into the
    hand."""
    seat = s.current
    side = s.side_of(seat)
    rf = s.rf
    top = lift_top_with(s, seat, a.cards)
    target = s.melds[side][a.meld] if a.meld >= 0 else None
    if target is not None and target.type is SEQUENCE_MELD and not rf.seq_pickup_takes_pile:
        rest = []  # B2 (option): extending a sequence takes the top card only
    else:
        rest = s.pile
        s.pile = []
        s.pile_frozen = False
    points = take_points(s, a.cards, top)
    if a.meld >= 0:
        old = s.melds[side][a.meld]
        new = old.with_cards((top, *a.cards), rf.red3_wild)
        s.melds[side][a.meld] = new
        # (len of the cards, not ``Meld.size``: a property is a call)
        completed = len(old.cards) < rf.canasta_size <= len(new.cards)
    else:
        new = new_meld((top, *a.cards), GROUP_MELD, rf.red3_wild)
        s.melds[side].append(new)
        completed = len(new.cards) >= rf.canasta_size
    gained: list[int] = []
    laid: list[int] = []
    hand = s.hands[seat]
    hk = s.hk[seat]
    kind_of = s.model.kind_of
    laid_faces = rf.laid_faces
    for f in rest:
        if laid_faces[f]:
            s.red3[seat].append(f)
            laid.append(f)
        else:
            hand[f] += 1  # (``Table.give_card``, inline: every card of the pile)
            hk[kind_of[f]] += 1
            gained.append(f)
    s.hn[seat] += len(gained)
    s.log_event(seat, "take", (top, *a.cards))
    if rf.red3_mode == "disclose":  # (fresh's own test, a call sooner)
        fresh(s, gained)
    if not s.pile:  # the whole pile was taken (not only its top card, B2 option)
        s.log_event(seat, "pile", tuple(gained))
    for f in laid:  # a red three found in the pile is laid, not replaced (R 1.1)
        s.log_event(seat, "red3", (f,))
    s.took_pile = True
    s.pre_draw = False
    s.first_turn = False
    meld_points(s, side, points, completed)
    s.opened[side] = True
    s.phase = PLAY_PHASE
    if s.hn[seat] == 0:
        go_out(s, seat)


def any_take(s: GameState) -> bool:
    """Whether any take is legal now."""
    out: list[Action] = []
    gen_takes(s, out)
    return bool(out)
