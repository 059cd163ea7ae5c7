"""Laying a new meld (``meld``: three cards, black threes when going out, a red three disclosed) and
adding a card to a meld (``add``): checks, generators and effects.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Final

from ..actions import Action
from ..cards import JOKER, card_str, is_black_three, is_red_three
from ..melds import (
    Meld,
    black_three_problem,
    meld_type,
    new_meld,
    red_three_melds_alone,
    sequence_fits,
    wild_problem,
)
from .common import (
    ADDS,
    BLACK3_MELD,
    DISCARDS,
    DRAW_PHASE,
    GROUP_MELD,
    OP_MELD,
    SEQUENCE_MELD,
    WILD_MELD,
    Problem,
    add_action,
    add_rows,
    meld_action,
    multisets,
)
from .conditions import (
    BLACK_THREES_OUT,
    canasta_counts,
    finish_problem,
    go_out_problem,
    has_cards,
    held_faces,
    open_after,
    open_points,
    wild_rule,
    wild_rule_bites,
)
from .flow import go_out, meld_points, take_cards, take_from
from .take import pile_block
from .top import top_possible

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import RuleSet
    from ..state import GameState


def pre_draw_ok(s: GameState) -> bool:
    """May the player show opening melds before taking the pile?"""
    side = s.seat_side[s.current]  # (side_of, by its table: hot)
    if s.opened[side] or s.retracted or not s.pile:
        return False
    level = s.facility_level(side) if s.rf.laydown_facility else 0  # (a call less where there is none)
    if level and top_possible(s, level):
        return True  # S0 [G](i): lay-down melds shown before taking the top card alone
    top = s.pile[-1]
    # (pile_block refuses a natural four to ace only with one card in hand: asked only then)
    if (top < 8 or top == JOKER or s.hn[s.current] == 1) and pile_block(s) is not None:
        return False
    hk = s.hk[s.current]
    held = 0
    for k in s.model.natural_kinds[top // 4 + 2]:
        held += hk[k]
    return held >= 2


def why_not_meld(s: GameState, cards: tuple[int, ...]) -> Problem:
    """Why laying ``cards`` as a new meld is refused (before the draw: only to take the pile)."""
    seat = s.current
    side = s.side_of(seat)
    r = s.rules
    if s.phase is DRAW_PHASE and not pre_draw_ok(s):
        return ("draw_first_to_meld", {})
    if s.retracted and not s.opened[side]:
        return ("retracted", {})
    miss = has_cards(s, seat, cards)
    if miss:
        return miss
    if len(cards) == 1 and is_red_three(cards[0]) and red_three_melds_alone(r):
        if s.phase is DRAW_PHASE:
            return ("draw_first_red_three", {})
        return meld_finish(s, side, cards)
    if s.upcard_lock:
        return ("laydown_locked", {})
    # the natural cards' ranks, a black three's included (red threes and wild cards aside): cards of
    # two ranks make no group, whatever else may be wrong with them (K♣ 4♣ differ in rank before
    # they are two cards; K♥ 3♣ are a king and a three, not a question of black threes)
    wf = s.model.wild_face
    rank = 0
    nat = wild = b3 = 0
    mixed = False
    for f in cards:
        if wf[f]:
            wild += 1
        elif not is_red_three(f):
            fr = f // 4 + 2
            if rank and fr != rank:
                mixed = True
            rank = fr
            nat += 1
            if is_black_three(f):
                b3 += 1
    if mixed:
        if r.sequences and not wild:
            return why_not_sequence(s, cards)
        return ("mixed_ranks_or_run" if r.sequences else "mixed_ranks", {})
    if b3:
        return why_not_black3_meld(s, cards, b3)
    if len(cards) != 3:
        return ("meld_size", {})
    if nat + wild < 3:
        return ("red_three", {})  # (a red three that is no wild card, among other cards)
    if nat == 0:
        if not r.wild_melds:
            return ("no_naturals", {})
        return None if s.phase is DRAW_PHASE else meld_finish(s, side, cards)
    if nat < r.min_naturals:
        return ("few_naturals", {"n": r.min_naturals})
    why = wild_problem(r, nat, wild) or (wild_rule(s, side, rank, nat) if wild else None)
    if why:
        return why
    existing = s.meld_of_rank(side, rank)
    if existing >= 0:
        return ("one_meld_per_rank", {"rank": rank, "meld": existing})
    if s.phase is DRAW_PHASE:
        return None
    return meld_finish(s, side, cards)


def why_not_sequence(s: GameState, cards: tuple[int, ...]) -> Problem:
    """Natural cards of several ranks: three of one suit in a row, inside a sequence window (S1, R 1.3)."""
    r = s.rules
    suits = {f % 4 for f in cards}
    ranks = sorted(f // 4 + 2 for f in cards)
    if len(suits) != 1 or any(ranks[i + 1] != ranks[i] + 1 for i in range(len(ranks) - 1)):
        return ("mixed_ranks_or_run", {})
    if len(cards) != 3:
        return ("meld_size", {})
    if not sequence_fits(r, ranks[0], ranks[2]):
        return window_problem(r)
    if s.phase is DRAW_PHASE:
        return None
    return meld_finish(s, s.side_of(s.current), cards)


def window_problem(r: RuleSet) -> Problem:
    """The refusal of a sequence outside the rule set's windows: it names their lowest and highest rank."""
    return ("sequence_window", {"low_rank": min(lo for lo, _ in r.sequences),
                                "high_rank": max(hi for _, hi in r.sequences)})


def why_not_black3_meld(s: GameState, cards: tuple[int, ...], b3: int) -> Problem:
    """Black threes are melded all together and only when going out (with a wild card where allowed)."""
    r = s.rules
    rf = s.rf
    seat = s.current
    side = s.side_of(seat)
    if rf.black3_meld == "none":
        return ("black_three_never", {})
    if s.phase is DRAW_PHASE:
        return ("black_three_going_out", {})
    held = s.hk[seat][s.model.black3]
    if b3 != held:
        return ("black_three_all", {})
    wild = 0
    wf = s.model.wild_face
    for f in cards:
        if wf[f]:
            wild += 1
        elif not is_black_three(f):
            return ("black_three_alone", {})
    why = black_three_problem(r, b3, wild)
    if why:
        return why
    h_after = s.hn[seat] - len(cards)
    if h_after > 1 or (h_after and rf.black3_out_no_discard):
        # S0 [F](ii){b}: melded, the black treys are the last act, with no discard after them
        return ("black_three_last", {})
    why = go_out_problem(s, canasta_counts(s, side), open_after(s, side, open_points(s, cards)),
                         s.goes_out_concealed(), BLACK_THREES_OUT)
    if why and not (h_after == 1 and s.last_card_goes_out(Action(OP_MELD, cards))):
        return why
    if h_after == 0 and rf.go_out_discard == "required" and not rf.black3_out_no_discard:
        return ("discard_needed", {})
    return None


def why_not_add(s: GameState, index: int, cards: tuple[int, ...]) -> Problem:
    """Why adding ``cards`` (one card) to the side's meld ``index`` is refused."""
    seat = s.current
    side = s.side_of(seat)
    r = s.rules
    if s.phase is DRAW_PHASE and not pre_draw_ok(s):
        return ("draw_first_to_meld", {})
    if s.retracted and not s.opened[side]:
        return ("retracted", {})
    if len(cards) != 1:
        return ("add_one", {})
    if s.upcard_lock:
        return ("laydown_locked", {})
    melds = s.melds[side]
    if not 0 <= index < len(melds):
        return ("no_meld", {"meld": index})
    f = cards[0]
    miss = has_cards(s, seat, cards)
    if miss:
        return miss
    m = melds[index]
    if m.type is BLACK3_MELD:
        return ("black_three_closed", {})
    wild = s.model.wild_face[f]
    if m.type is not GROUP_MELD:
        why_not = misfit(s, m, f, wild)
        if why_not:
            return why_not
        if s.phase is DRAW_PHASE:
            return None
        return add_finish(s, side, index, m, f)
    if not wild and f // 4 + 2 != m.rank:
        return ("add_wrong_rank", {"card": card_str(f), "rank": m.rank})
    if len(m.cards) >= r.canasta_size:
        if not r.add_to_canasta:
            return ("canasta_closed", {})
        if wild and not r.wild_to_canasta:
            return ("canasta_closed_wild", {})
    why = (wild_problem(r, m.naturals + (not wild), m.wilds + wild)
           or (wild_rule(s, side, m.rank, m.naturals) if wild else None))
    if why:
        return why
    if s.phase is DRAW_PHASE:
        return None
    return add_finish(s, side, index, m, f)


def misfit(s: GameState, m: Meld, f: int, wild: bool) -> Problem:
    """Why card ``f`` cannot extend a sequence or a wild meld (closed at a canasta)."""
    r = s.rules
    n = len(m.cards)  # (the size, suit and top rank read off the cards: Meld's properties are calls)
    if m.type is WILD_MELD:
        if n >= s.rf.canasta_size:
            return ("wild_meld_full", {})
        return None if wild else ("not_wild", {"card": card_str(f)})
    if n >= s.rf.canasta_size:
        return ("sequence_full", {})
    rank = f // 4 + 2
    high = m.rank + n - 1  # (a sequence is all naturals: its suit is its first card's)
    if wild or f % 4 != m.cards[0] % 4 or rank not in (m.rank - 1, high + 1) or is_red_three(f):
        return ("wrong_card", {"card": card_str(f), "first_card": card_str(m.cards[0]),
                               "last_card": card_str(m.cards[-1])})
    if not sequence_fits(r, min(m.rank, rank), max(high, rank)):
        return window_problem(r)
    return None


def gen_melds(s: GameState, out: list[Action]) -> list[Action] | None:
    """New three-card melds, black threes and one-card additions (same rules as the checks).
    Where it walks the natural kinds (one per rank, suits aside), it returns each held kind's
    discard (its first held face), in kind order, for ``gen_discards``: a second walk saved."""
    seat = s.current
    side = s.seat_side[seat]  # (side_of, by its table: hot)
    m = s.model
    r = s.rf
    if s.retracted and not s.opened[side]:
        return None
    hk = s.hk[seat]
    h = s.hands[seat]
    hn = s.hn[seat]
    drawing = s.phase is DRAW_PHASE
    if s.upcard_lock:  # S0 [A](i): no lay-down this turn; red treys may still be disclosed
        if hk[m.red3] and not drawing:
            c1 = (s.face_of_kind(seat, m.red3),)
            if why_not_meld(s, c1) is None:
                out.append(meld_action(c1))
        return None
    melds = s.melds[side]
    # (loops, not comprehensions: in plain Python each comprehension is a call of its own)
    wilds: list[int] = []
    wild_faces: list[int] = []
    faces_of = m.faces_of
    for k in m.wild_kinds:
        if hk[k]:
            wilds.append(k)
            for f in faces_of[k]:  # the kind's first held face (``face_of_kind``, inline: hot)
                if h[f]:
                    wild_faces.append(f)
                    break
    # new group melds of three cards
    ok3, ok21 = m.meld3_ok, m.meld21_ok
    naturals: list[Action] | None = None
    if r.sequences:
        gen_suited(s, out, wild_faces, group_ranks(melds) if r.one_meld_per_rank else 0)
    elif ok3 or ok21:
        free = drawing or hn - 3 >= 2
        kind_rank = m.rank
        by_rank = bool(wild_faces) and m.wild_rules and wild_rule_bites(s, side, 2)
        taken = -1 if r.one_meld_per_rank else 0  # group_ranks(melds), found at the first pair held
        naturals = []
        for k in range(m.n_natural):
            n = hk[k]
            if not n:
                continue
            # the kind's discard (as gen_discards: a kind is a rank's four faces, its first held one)
            f0, f1, f2, f3 = faces_of[k]
            naturals.append(DISCARDS[f0 if h[f0] else f1 if h[f1] else f2 if h[f2] else f3])
            if n < 2:
                continue
            if taken < 0:
                taken = group_ranks(melds)
            if taken & RANK_BIT[kind_rank[k]]:
                continue
            base = (kind_rank[k] - 2) * 4
            # the rank's first faces and their meld actions by its suits' counts (``SHAPES``): tables
            # indexed by ints below 256, which plain Python neither makes anew nor hashes
            rows = SHAPES[kind_rank[k]]
            i01 = (64 if n >= 3 else 0) + FACE_PAIR[h[base]][h[base + 1]]
            row = rows[i01]
            if row is None:
                row = [None] * 64
                rows[i01] = row
            i23 = FACE_PAIR[h[base + 2]][h[base + 3]]
            shape = row[i23]
            if shape is None:
                shape = row[i23] = rank_shape(base, bytes(h[base:base + 4]), n >= 3)
            three, a3, with_wild = shape
            if n >= 3 and ok3 and a3 is not None and (free or meld_finish(s, side, three) is None):
                out.append(a3)
            if ok21 and wild_faces and (not by_rank or wild_rule(s, side, kind_rank[k], 2) is None):
                for wf in wild_faces:
                    a = with_wild[wf]
                    if a is None:
                        a = with_wild[wf] = meld_action((three[0], three[1], wf))
                    if free or meld_finish(s, side, a.cards) is None:
                        out.append(a)
    n3 = hk[m.red3] if r.red3_wild else 0  # S0 T8: held red treys are wild cards too
    if r.wild_melds and len(wild_faces) and hk[m.joker] + hk[m.deuce] + n3 >= 3:
        for j in range(min(3, hk[m.joker]), -1, -1):
            for t in range(min(3 - j, n3), -1, -1):
                if 3 - j - t <= hk[m.deuce]:
                    c = ((JOKER,) * j + held_faces(s, seat, m.deuce, 3 - j - t)
                         + held_faces(s, seat, m.red3, t))
                    if why_not_meld(s, c) is None:
                        out.append(meld_action(c))
    if hk[m.red3] and not drawing and red_three_melds_alone(s.rules):
        c = (s.face_of_kind(seat, m.red3),)
        if why_not_meld(s, c) is None:
            out.append(meld_action(c))
    # black threes, all at once, when going out
    # (a meld of b black threes, with at most one wild card, that leaves more than one card in hand
    # is refused by why_not_black3_meld: no candidate is built then)
    if hk[m.black3] >= 2 and not drawing and r.black3_meld != "none" and hn - hk[m.black3] <= 2:
        bcards = held_faces(s, seat, m.black3, hk[m.black3])
        for c in [bcards] + [(*bcards, s.face_of_kind(seat, wk)) for wk in wilds]:
            if why_not_meld(s, c) is None:
                out.append(meld_action(c))
    if not melds:
        return naturals  # (no meld to add to: none of the set-up below)
    # additions, one card at a time (the limits of melds.wild_problem from the model's tables: this
    # is hot; the largest meld is checked first, so only the wild cards' cap remains)
    free = drawing or hn - 1 >= 2
    size = r.canasta_size
    maxsize = r.max_meld_size or 1 << 29  # (no limit: an int below 2 ** 30, on the fast path)
    wild_cap = m.wild_cap
    nat_can = r.add_to_canasta
    wild_can = nat_can and r.wild_to_canasta
    wild_rules = m.wild_rules
    suited = bool(m.seq_runs)  # where suits matter every held suit is listed, else the first held
    nat_kinds = m.natural_kinds
    if len(ADDS) < len(melds):
        add_rows(len(melds))
    for i, meld in enumerate(melds):
        if meld.type is not GROUP_MELD:
            if meld.type is not BLACK3_MELD:
                gen_extend(s, out, i, meld, wild_faces)
            continue
        n = len(meld.cards)
        if n >= maxsize:
            continue
        adds = ADDS[i]
        is_can = n >= size
        if not is_can or nat_can:
            if suited:
                base = (meld.rank - 2) * 4
                for f in HELD_SUITED[(1 if h[base] else 0) + (2 if h[base + 1] else 0)
                                     + (4 if h[base + 2] else 0) + (8 if h[base + 3] else 0)]:
                    f += base
                    if free or add_finish(s, side, i, meld, f) is None:
                        out.append(adds[f] or add_action(f, i))
            else:
                k = nat_kinds[meld.rank][0]
                if hk[k]:  # the kind's first held face (``face_of_kind``): a kind is a rank's four faces
                    f0, f1, f2, f3 = faces_of[k]
                    f = f0 if h[f0] else f1 if h[f1] else f2 if h[f2] else f3
                    if free or add_finish(s, side, i, meld, f) is None:
                        out.append(adds[f] or add_action(f, i))
        if wild_faces and (not is_can or wild_can):
            w = meld.wilds + 1
            if (w <= wild_cap[meld.naturals]
                    and (not wild_rules or wild_rule(s, side, meld.rank, meld.naturals) is None)):
                for f in wild_faces:
                    if free or add_finish(s, side, i, meld, f) is None:
                        out.append(adds[f] or add_action(f, i))
    return naturals


def group_ranks(melds: list[Meld]) -> int:
    """The ranks of ``melds``' groups, a bit each (``RANK_BIT``): where a rank has one group only,
    the ranks whose new melds are refused (``one_meld_per_rank``)."""
    taken = 0
    for x in melds:
        if x.type is GROUP_MELD:
            taken |= RANK_BIT[x.rank]
    return taken


# rank -> its bit in group_ranks: one unspecialized operation per test in plain Python 3.11 (an
# ``&``, where ``>> rank & 1`` is two and ``1 << rank`` one more), and no list to build per call
# (flags by rank were cheaper in plain Python but made the compiled build slower)
RANK_BIT: Final[tuple[int, ...]] = tuple(1 << rank for rank in range(15))


def gen_suited(s: GameState, out: list[Action], wild_faces: list[int], taken: int) -> None:
    """New melds where suits matter: groups from any suits of a rank (not of a rank in ``taken``, a bit
    per rank: the side's one meld of that rank takes them, ``one_meld_per_rank``), and sequences."""
    seat = s.current
    side = s.seat_side[seat]  # (side_of, by its table: hot)
    m = s.model
    h = s.hands[seat]
    free = s.phase is DRAW_PHASE or s.hn[seat] - 3 >= 2
    ok3, ok21 = m.meld3_ok, m.meld21_ok
    # group melds by rank: the suits' counts as one number index a table of the combinations
    wilds = tuple(wild_faces) if ok21 else ()
    wkey = 0
    for wf in wilds:
        wkey |= 1 << (wf if wf < 8 else 8)  # deuces and treys by face, the joker
    by_rank = bool(wilds) and m.wild_rules and wild_rule_bites(s, side, 2)
    ok3bit = 1 << 21 if ok3 else 0  # (GROUPS' key: the rank's base face, ok3, wild faces, counts)
    held0 = held1 = held2 = held3 = 0  # per suit, bit rank - 2 set where the rank is held
    for base in range(8, 52, 4):
        c0, c1, c2, c3 = h[base], h[base + 1], h[base + 2], h[base + 3]
        bit = 1 << (base >> 2)
        # (the bits and the key by + and *: each bit is added once, the key's fields never overlap,
        # and plain Python 3.11 specializes + and * on ints, not | and <<)
        if c0:
            held0 += bit
        if c1:
            held1 += bit
        if c2:
            held2 += bit
        if c3:
            held3 += bit
        if c0 + c1 + c2 + c3 < 2 or taken & RANK_BIT[base // 4 + 2]:
            continue
        here = wilds if not by_rank or wild_rule(s, side, base // 4 + 2, 2) is None else ()
        # (below 2 ** 30, as gen_melds' keys: a face's count, at most 4 packs, fits in 3 bits)
        key = (base * 1048576 + ok3bit + (wkey * 4096 if here else 0) + c0 + c1 * 8 + c2 * 64
               + c3 * 512)
        opts = GROUPS.get(key)
        if opts is None:
            if len(GROUPS) >= GROUPS_MAX:
                GROUPS.clear()
            opts = GROUPS[key] = group_options(base, (c0, c1, c2, c3), here, ok3)
        if free:
            out.extend(opts)
        else:
            for a in opts:
                if meld_finish(s, side, a.cards) is None:
                    out.append(a)
    # sequences: three held ranks in a row of one suit, inside the rule set's spans (windows lie
    # within 4..14). Bit j of ``held`` is rank j + 2, bit j of ``tops`` the run of ranks j + 2 to
    # j + 4, and bits lo - 2 to hi - 4 the runs inside a span: most suits have none, and then no
    # rank is visited
    for lo, hi in m.seq_runs:
        span = (1 << (hi - 3)) - (1 << (lo - 2))
        for suit in range(4):
            held = held0 if suit == 0 else held1 if suit == 1 else held2 if suit == 2 else held3
            tops = held & held >> 1 & held >> 2 & span
            if not tops:
                continue
            for j in range(lo - 2, hi - 3):
                if tops >> j & 1:
                    a = RUN_MELDS[j * 4 + 8 + suit]  # (the run's top card: rank j + 4)
                    if free or meld_finish(s, side, a.cards) is None:
                        out.append(a)


def gen_extend(s: GameState, out: list[Action], i: int, meld: Meld, wild_faces: list[int]) -> None:
    """Cards that extend a sequence (at either end) or a wild meld."""
    if meld.type is WILD_MELD:
        cands = wild_faces
    else:
        h = s.hands[s.current]
        # the cards below and above it (its suit and top rank read off its cards, all naturals:
        # Meld's suit and high are properties, a call each; a loop, not a comprehension, a call too)
        suit = meld.cards[0] % 4
        cands = []
        for f in ((meld.rank - 3) * 4 + suit, (meld.rank + len(meld.cards) - 2) * 4 + suit):
            if 8 <= f < JOKER and h[f]:
                cands.append(f)
    free = s.phase is DRAW_PHASE or s.hn[s.current] - 1 >= 2
    side = s.seat_side[s.current]  # (side_of, by its table: hot)
    for f in cands:  # the checks of why_not_add for a held card, short-cut when cards spare
        if misfit(s, meld, f, s.model.wild_face[f]) is None and (
                free or add_finish(s, side, i, meld, f) is None):
            out.append(add_action(f, i))


def meld_finish(s: GameState, side: int, cards: tuple[int, ...]) -> Problem:
    """``finish_problem`` for laying ``cards`` as a new meld."""
    # the new meld is a natural group of three or more (what ``has_natural`` finds once it is laid):
    # one rank and no card used as a wild card (S0 T8: a held red trey is one, in every respect)
    wf = s.model.wild_face
    natural = (len(cards) >= 3 and len({f // 4 for f in cards}) == 1 and cards[0] // 4 != 1
               and not any(wf[f] for f in cards))
    return finish_problem(s, s.hn[s.current] - len(cards), canasta_counts(s, side),
                                open_after(s, side, open_points(s, cards), natural,
                                                 natural and len(cards) >= s.rf.canasta_size),
                                s.goes_out_concealed(False, s.rf.canasta_size <= len(cards)),
                                meld_action(cards))


def add_finish(s: GameState, side: int, index: int, meld: Meld, f: int) -> Problem:
    """``finish_problem`` for adding card ``f`` to meld ``index``."""
    completes = len(meld.cards) + 1 == s.rf.canasta_size
    own = index >= s.turn_base
    seq = completes and meld.type is SEQUENCE_MELD
    nat_can = completes and meld.type is GROUP_MELD and not meld.wilds and not s.model.wild_face[f]
    return finish_problem(s, s.hn[s.current] - 1, canasta_counts(s, side, completes, seq),
                                open_after(s, side, s.model.open_value[f], False, nat_can) or (
                                    seq and s.rf.sequence_canasta_opens),
                                s.goes_out_concealed(not own, completes and own), add_action(f, index))


def do_meld(s: GameState, a: Action) -> None:
    """Lay the new meld (or disclose a red three); before the draw it is shown toward a take."""
    cards = a.cards
    seat = s.current
    side = s.seat_side[seat]  # (side_of, by its table: hot)
    take_cards(s, seat, cards)
    if len(cards) == 1 and is_red_three(cards[0]):  # an optional red-three meld (S1)
        s.red3[seat].append(cards[0])
        s.log_event(seat, "red3", cards)
        if s.fresh3[seat]:  # S0 [F](i){c}: disclosed at once, a further card may be taken
            s.fresh3[seat] -= 1
            s.bonus_draws += 1
        if s.hn[seat] == 0:
            go_out(s, seat)
        return
    rf = s.rf
    r3w = rf.red3_wild
    meld = new_meld(cards, meld_type(cards, r3w), r3w)
    completed = len(meld.cards) >= rf.canasta_size  # (not ``Meld.size``: a property is a call)
    s.melds[side].append(meld)
    s.log_event(seat, "meld", cards)
    if s.phase is DRAW_PHASE:
        s.pre_draw = True
        s.turn_melded = True
        s.turn_points += open_points(s, cards)
        return
    s.shown = True
    meld_points(s, side, open_points(s, cards), completed)
    if s.hn[seat] == 0:
        go_out(s, seat)


def do_add(s: GameState, a: Action) -> None:
    """Add the card to the meld: the opening's points, a completed canasta, going out."""
    index = a.meld
    f = a.cards[0]
    seat = s.current
    side = s.seat_side[seat]  # (side_of, by its table: hot)
    take_from(s, seat, f)
    old = s.melds[side][index]
    rf = s.rf
    new = old.with_cards((f,), rf.red3_wild)
    s.melds[side][index] = new
    s.log_event(seat, "add", a.cards)
    if s.phase is DRAW_PHASE:
        s.turn_points += s.model.open_value[f]
        return
    s.shown = True
    if index < s.turn_base:
        s.laid_off = True
    completed = len(old.cards) < rf.canasta_size <= len(new.cards)  # (not ``Meld.size``: a call)
    meld_points(s, side, s.model.open_value[f], index >= s.turn_base and completed)
    if completed and new.type is SEQUENCE_MELD and rf.sequence_canasta_opens:
        s.opened[side] = True  # S0 [G](i){d}: a complete sequence is a lay-down by itself
    if s.hn[seat] == 0:
        go_out(s, seat)


@lru_cache(maxsize=1 << 14)
def first_faces(base: int, quad: bytes, count: int) -> tuple[int, ...]:
    """The first ``count`` cards of a rank held (suit counts ``quad``), in suit order: the canonical
    faces of a kind where suits do not matter (as ``conditions.held_faces``)."""
    out: list[int] = []
    for suit, n in enumerate(quad):
        out.extend([base + suit] * min(n, count - len(out)))
    return tuple(out)


# a rank's new melds where suits do not matter, for one set of its suits' counts: its first three faces
# held (or first two), the meld of those three naturals (None for two), and the meld of its first two
# with wild face f, by f (None until first asked)
RankShape = tuple[tuple[int, ...], Action | None, list[Action | None]]


def rank_shape(base: int, quad: bytes, three: bool) -> RankShape:
    """The ``RankShape`` of the rank whose first face is ``base``, its suits' counts ``quad``, with
    three or more of it held (``three``) or two."""
    faces = first_faces(base, quad, 3 if three else 2)
    return (faces, meld_action(faces) if three else None, [None] * 53)


# two suits' counts (below 8: at most four packs) as one int below 64
FACE_PAIR: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(a + 8 * b for b in range(8)) for a in range(8))
# rank -> (64 if three held + FACE_PAIR of the first two suits' counts) -> FACE_PAIR of the last two ->
# its RankShape, built when first met (at most 15 * 128 * 64 entries): the hot path of gen_melds
SHAPES: Final[list[list[list[RankShape | None] | None]]] = [[None] * 128 for _ in range(15)]


# suits held (bit s set when suit s is held) -> the suit offsets of the cards held
HELD_SUITED: Final = tuple(tuple(s for s in range(4) if bits >> s & 1) for bits in range(16))


def group_options(base: int, counts: tuple[int, ...], wilds: tuple[int, ...], ok3: bool = True
                  ) -> tuple[Action, ...]:
    """New group melds from the counts of the four suits of one rank: three naturals (if ``ok3``),
    then two naturals with each of the ``wilds``, in one flat tuple (one object per entry of
    ``GROUPS``). The actions are the shared ``meld_action``s: many entries list the same melds, and
    fresh copies in each made the table (and the collector's work) grow with every new hand shape."""
    # the naturals' part depends on the counts alone, the wild cards held vary far more: a new entry
    # of ``GROUPS`` (most of them differ from others by the wild cards only) takes it from here
    key = base << 20 | ok3 << 16 | counts[0] | counts[1] << 4 | counts[2] << 8 | counts[3] << 12
    part = NATURAL_PARTS.get(key)
    if part is None:
        held = tuple((base + i, c) for i, c in enumerate(counts) if c)
        part = NATURAL_PARTS[key] = (
            tuple(meld_action(c) for c in multisets(held, 3)) if ok3 else (), multisets(held, 2))
    threes, pairs = part
    return threes + tuple(meld_action((*pair, wf)) for pair in pairs for wf in wilds)


# group_options' three-natural melds and natural pairs by (base face, three naturals allowed, the four
# suits' counts): at most 11 ranks times the suit counts of a rank, so it needs no bound
NATURAL_PARTS: Final[dict[int, tuple[tuple[Action, ...], tuple[tuple[int, ...], ...]]]] = {}


# group_options by (base face, three naturals allowed, wild faces held, the four suits' counts): hands
# repeat, tables are small; cleared when full (GROUPS_MAX entries) so that long simulations keep
# their memory bounded
GROUPS: Final[dict[int, tuple[Action, ...]]] = {}
GROUPS_MAX: Final = 1 << 15


# the three-card sequence meld whose top card is face f (f of rank 6 or more)
RUN_MELDS: Final[list[Action]] = [Action(OP_MELD, (f - 8, f - 4, f)) for f in range(52)]
