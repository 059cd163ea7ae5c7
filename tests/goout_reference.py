"""A brute-force "can the player go out this turn?" and positions near going out, for the tests.

The reference knows no canasta rule: it explores the engine's own legal actions (melds, additions,
merges, retract, the last discard) on clones, memoised on the position, and reports whether some
sequence empties the player's hand by going out. ``canasta.goingout.can_go_out`` must agree with it.
"""

from __future__ import annotations

import random
from typing import Any

from canasta import GameState
from canasta.actions import Op
from canasta.bots import HeuristicBot, play_turn
from canasta.cards import JOKER, card_str, full_deck, parse_cards
from canasta.melds import wild_problem
from canasta.model import card_model
from canasta.records import position
from canasta.rules import RuleSet
from canasta.state import Phase

EXPLORE = (Op.MELD, Op.ADD, Op.MERGE, Op.DISCARD, Op.RETRACT, Op.DECLARE)


OUT = ("went_out", "special")  # a special hand declared ends the hand like going out


def reference(s: GameState) -> bool:
    """Whether some sequence of the player's own legal actions goes out (no asking, no pass; a
    special hand counts)."""
    seat = s.current
    side = s.side_of(seat)
    nres = len(s.results)
    memo: dict[Any, bool] = {}

    def key(c: GameState) -> Any:
        return (tuple(c.hands[seat]), tuple((m.type, tuple(sorted(m.cards))) for m in c.melds[side]),
                c.turn.melds_before_turn, c.turn.made_canasta, c.turn.laid_off, c.opened[side],
                c.turn.retracted, c.turn.opening_points)

    def rec(c: GameState) -> bool:
        k = key(c)
        if k in memo:
            return memo[k]
        memo[k] = False
        for a in c.legal_actions():
            if a.op not in EXPLORE or (a.op is Op.DISCARD and c.hn[seat] != 1):
                continue  # a discard from two or more cards ends the turn in hand
            d = c.clone()
            d.apply(a)
            if len(d.results) > nres:
                if d.results[nres].reason in OUT and d.results[nres].out_seat == seat:
                    memo[k] = True
                    return True
                continue
            if rec(d):
                memo[k] = True
                return True
        return False

    return rec(s.clone())


def played_positions(rs: RuleSet, seed: int, max_hand: int = 8, share: float = 0.3,
                     hands: int = 2) -> list[GameState]:
    """Play-phase states (hand of at most ``max_hand``) from games of heuristic bots."""
    s = GameState.new(rs, seed=seed)
    rng = random.Random(seed)
    bots = [HeuristicBot(seed * 10 + i) for i in range(rs.players)]
    for i, b in enumerate(bots):
        b.start(rs, i)
    out: list[GameState] = []
    for _ in range(3000):
        if s.is_over or s.hand_no >= hands:
            break
        if s.phase is Phase.PLAY and s.hn[s.current] <= max_hand and rng.random() < share:
            out.append(s.clone())
        play_turn(s, bots)
    return out


def _text(cards: list[int]) -> str:
    return " ".join(card_str(f) for f in cards)


def synthetic_position(rs: RuleSet, rng: random.Random, max_hand: int = 8) -> GameState:
    """A random play-phase position near going out: the side has canastas (sequences, groups, wild
    melds where allowed) and open melds, and the player holds a few cards that mostly fit them."""
    avail = [0] * 53
    for f in full_deck(rs.packs, rs.jokers_per_pack):
        avail[f] += 1
    model = card_model(rs)
    wild_faces = [f for k in model.wild_kinds for f in model.faces_of[k]]  # red threes where wild

    def take(f: int) -> bool:
        if avail[f] > 0:
            avail[f] -= 1
            return True
        return False

    def wilds(n: int) -> list[int]:
        out: list[int] = []
        for _ in range(n):
            for f in rng.sample(wild_faces, len(wild_faces)):
                if take(f):
                    out.append(f)
                    break
        return out

    melds: list[list[int]] = []
    size = rs.canasta_size
    if rs.sequences:
        for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3])):
            length = rng.choice([size, size, 3, 4, 5, 6])
            lo, hi = rng.choice(rs.sequences)
            if hi - lo + 1 < length:
                continue
            low = rng.randint(lo, hi - length + 1)
            suit = rng.randrange(4)
            faces = [(r - 2) * 4 + suit for r in range(low, low + length)]
            if all(avail[f] for f in faces):
                for f in faces:
                    take(f)
                melds.append(faces)
    used_ranks: set[int] = set()
    for _ in range(rng.randint(0, 4)):
        rank = rng.randint(4, 14)
        if used_ranks and not rs.one_meld_per_rank and rng.random() < 0.4:
            rank = rng.choice(sorted(used_ranks))  # several groups of a rank: merges
        if rs.one_meld_per_rank and rank in used_ranks:
            continue
        total = rng.choice([size, size, size + 1, 3, 4, 5, 6])
        nw = rng.randint(0, rs.max_wilds)
        nat = total - nw
        if nat < rs.min_naturals or wild_problem(rs, nat, nw):
            continue
        faces = [f for f in ((rank - 2) * 4 + rng.randrange(4) for _ in range(nat)) if take(f)]
        if len(faces) < nat:
            continue
        w = wilds(nw)
        if len(w) < nw:
            continue
        used_ranks.add(rank)
        melds.append(faces + w)
    focus = -1
    if rs.merge_groups and rng.random() < 0.35:  # two groups of a rank that a merge makes a canasta
        focus = rng.randint(4, 14)
        for _ in range(2):
            nat = rng.randint(2, 5)
            faces = [f for f in ((focus - 2) * 4 + rng.randrange(4) for _ in range(nat)) if take(f)]
            w = wilds(rng.randint(0, 1)) if len(faces) > 2 or rng.random() < 0.5 else wilds(1)
            if len(faces) >= 2 and len(faces) + len(w) >= 3:
                melds.append(faces + w)
        if rs.sequences and rng.random() < 0.7:  # and a sequence canasta, often
            suit = rng.randrange(4)
            faces = [(r - 2) * 4 + suit for r in range(7, 7 + size)]
            if all(avail[f] for f in faces):
                for f in faces:
                    take(f)
                melds.append(faces)
    if rs.wild_melds and rng.random() < 0.4:
        w = wilds(rng.choice([3, 4, 5, 6, size]))
        if len(w) >= 3:
            melds.append(w)
    rng.shuffle(melds)
    # the hand: cards that extend sequences, fit groups, or make new melds; some strays
    pool: list[int] = []
    for faces in melds:
        naturals = sorted(f for f in faces if f != JOKER and f >= 8)
        if not naturals:
            continue
        if len({f // 4 for f in naturals}) > 1:
            low, high = naturals[0], naturals[-1]
            pool += [f for f in (low - 4, high + 4, low - 8, high + 8) if 8 <= f < 52]
        else:
            pool += [(naturals[0] // 4) * 4 + s for s in range(4)]
    for _ in range(3):
        rank = rng.randint(4, 14)
        suit = rng.randrange(4)
        pool += [(rank - 2) * 4 + suit] * 3 + [(rank - 2 + d) * 4 + suit for d in (1, 2) if rank + d <= 14]
    pool += wild_faces * 2 + [4, 7, 4, 7] + ([5, 6] if rs.red3_mode == "optional" else [])
    pool += [rng.randrange(8, 52) for _ in range(6)]
    hand: list[int] = []
    want = rng.randint(1, max_hand)
    if focus > 0:  # a few cards around the merge: wilds, that rank, black threes, a stray
        want = rng.randint(1, 4)
        pool = [JOKER, 0, 1, (focus - 2) * 4 + rng.randrange(4), 4, 7, 4, rng.randrange(8, 52)]
    elif rng.random() < 0.5:  # built from pieces that meld, then perhaps spoilt by a card
        pieces = _pieces(rs, rng, melds)
        rng.shuffle(pieces)
        for piece in pieces:
            if len(hand) + len(piece) <= want and all(avail[f] >= piece.count(f) for f in piece):
                for f in piece:
                    take(f)
                hand += piece
        pool = pool[:rng.choice([0, 0, 1, 2])]
    while len(hand) < want and pool:
        f = pool.pop(rng.randrange(len(pool)))
        if 0 <= f < 53 and take(f):
            hand.append(f)
    if not hand:
        hand = [f for f in range(8, 52) if take(f)][:1]
    rest = [f for f in range(53) for _ in range(avail[f])]
    rng.shuffle(rest)
    others = [_text(rest[3 * i:3 * i + 3]) for i in range(rs.players)]
    stock, pile = rest[3 * rs.players:3 * rs.players + 6], rest[3 * rs.players + 6:3 * rs.players + 7]
    hands = others
    hands[0] = _text(hand)
    opened = rng.random() < 0.85 or not melds
    base = rng.randint(0, len(melds)) if opened else 0
    value = sum(rs.card_value(f) for faces in melds for f in faces)
    own_canasta = any(len(faces) >= size for faces in melds[base:])
    side_melds: list[list[str]] = [[] for _ in range(rs.sides)]
    side_melds[0] = [_text(faces) for faces in melds]
    turn_state = {"melds_before_turn": base, "made_canasta": own_canasta,
                  "took_pile": rng.random() < 0.3, "laid_off": base > 0 and rng.random() < 0.3,
                  "asked": True, "answer": "yes", "answer_binds": True}
    if not opened:
        turn_state["opening_points"] = value
    pos: dict[str, Any] = {
        "rules": {"options": rs.options()}, "dealer": rs.players - 1, "turn": 0, "phase": "play",
        "hands": hands, "melds": side_melds, "stock": _text(stock), "pile": _text(pile),
        "opened": [opened] + [False] * (rs.sides - 1), "turn_state": turn_state,
        "has_melded": [rng.random() < 0.5] + [False] * (rs.players - 1),
        "scores": [rng.choice([0, 0, 1600, 3500, -100])] + [0] * (rs.sides - 1),
    }
    # cards laid face up as soon as they are got (red threes, or all threes) are never held
    at_once = [f for f in range(53) if rs.laid_at_once(f)]
    if at_once:
        keep = [f for f in range(53) if f not in at_once]
        pos["pile"] = _text([f for f in pile if f in keep])
        pos["stock"] = _text([f for f in stock if f in keep])
        pos["hands"] = [_text([f for f in parse_cards(h) if f in keep]) for h in hands]
        pos["hands"][0] = _text([f for f in hand if f in keep]) or "9C"
    return position(pos)


def _pieces(rs: RuleSet, rng: random.Random, melds: list[list[int]]) -> list[list[int]]:
    """Small sets of cards that can be melded on this table: new melds, extensions, wild cards."""
    out: list[list[int]] = []
    for faces in melds:
        nat = sorted(f for f in faces if f != JOKER and f >= 8)
        if not nat:
            out.append([rng.choice([JOKER, 0, 1, 2, 3])])
        elif len({f // 4 for f in nat}) > 1:
            out += [[nat[0] - 4], [nat[-1] + 4], [nat[-1] + 4, nat[-1] + 8]]
        else:
            out += [[nat[0]], [nat[0] // 4 * 4 + rng.randrange(4)], [rng.choice([JOKER, 0, 1])]]
    for _ in range(3):
        rank = rng.randint(4, 14)
        face = (rank - 2) * 4 + rng.randrange(4)
        out += [[face, face, face], [face, face ^ 1, rng.choice([JOKER, 0, 2])]]
        if rs.sequences and rank <= 12:
            out.append([face, face + 4, face + 8] + ([face + 12] if rank <= 11 else []))
    out += [[4, 7, 7], [4, 7, 0], [JOKER, 0, 1], [rng.randrange(8, 52)]]
    if rs.red3_mode == "optional":
        out.append([5])
    return [[f for f in piece if 0 <= f <= JOKER] for piece in out if all(0 <= f <= JOKER for f in piece)]
