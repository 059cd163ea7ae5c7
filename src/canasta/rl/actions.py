"""One integer action space per rule set (and player count): every legal action has an id.

A learning agent picks from a fixed list of numbers, known before play; the engine's actions are
named tuples of cards and meld numbers. :class:`ActionSpace` numbers them. An action's id says
what a player means by it: its kind (draw, take, meld, add, discard, ...), the *kinds* of its cards
(``canasta.model``: where there are no sequences the suit of a natural card never matters, so all
kings are one kind; where there are sequences each suited face is its own kind; deuces, jokers, red
and black threes are a kind each) and the meld it goes onto. Two actions that differ only in cards
of one kind share an id: the engine itself lists such actions once (``GameState.legal_actions``)
and accepts any actual cards of those kinds, so nothing is lost (``docs/rl.md`` has the table).

The families, in id order (each family's size is fixed by the rule set: ``ActionSpace.families``):

- ``draw``, ``upcard``, ``ask``, ``yes``, ``no``, ``retract``, ``end``, ``pass``: one id each;
- ``discard``: one id per card kind;
- ``meld``: one id per shape of new meld (three naturals of a rank, two and a wild card, a
  sequence, three wild cards, a red three disclosed, all one's black threes with or without a wild
  card), by kinds;
- ``add``: meld slot ``@N`` times card kind (slots numbered as the engine numbers a side's melds);
- ``take``: the target (a new meld, or the first, second, ... group meld of the top card's rank on
  the side's table) times the naturals of that rank from hand (by count, or by count per suit
  where suits matter) times the wild cards from hand (jokers, deuces, red threes where wild);
- ``take_seq``: the top card onto the sequence in slot ``@N``;
- ``top`` (S0's top-card facility): the rank and the naturals shown with the top card, or a run
  (which of the run's three places the top card fills);
- ``merge``: two slots, the lower first;
- ``declare``: the special hand, and the kind of card discarded with a straight (or none).

The bounds (how many meld slots, how many naturals or wild cards a take can hold) come from the
rule set: the deck, the packs, one meld per rank or several, the wild-card limit. An action outside
them would be a bug: :meth:`ActionSpace.id_of` raises :class:`ActionSpaceError` rather than guess.

>>> from canasta.records import position
>>> s = position({"rules": "gvr-club", "dealer": 3, "turn": 0, "phase": "draw",
...               "hands": ["KH KS 5C 7D 9C", "4D 4H 6S", "8C 8D JH", "TC TD QS"],
...               "stock": "7C 8S 9S JC", "pile": "4C 9H KD", "melds": [["QH QS QD"], []]})
>>> space = ActionSpace(s.rules)
>>> space.size
384
>>> ids, actions = space.legal(s)
>>> [(i, str(a)) for i, a in zip(ids, actions)]
[(0, 'draw'), (2, 'ask'), (254, 'take KH KS')]
>>> space.describe(254)
'take the pile: 2 naturals of its rank onto a new meld'
>>> str(space.decode(s, 254))
'take KH KS'
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from itertools import combinations_with_replacement, product
from typing import Any, Final, NamedTuple

from ..actions import SPECIAL_HANDS, Action, Op
from ..cards import RANK_CHARS, RANK_NAMES, SUITS
from ..melds import GROUP_MELD, SEQUENCE_MELD, red_three_melds_alone, wilds_allowed
from ..model import card_model
from ..rules import RuleSet
from ..state import GameState
from .encode import legal_ids

# the actions without cards or melds, in id order
SIMPLE: Final = (Op.DRAW, Op.UPCARD, Op.ASK, Op.YES, Op.NO, Op.RETRACT, Op.END, Op.PASS)

Key = tuple[Any, ...]  # a family name, then its fields (ints, tuples of ints)


class ActionSpaceError(ValueError):
    """An action that has no id in this space, or an id that is no legal action now."""


class Family(NamedTuple):
    """A block of consecutive ids: its name, first id, size and what one id of it means."""

    name: str
    start: int
    size: int
    meaning: str


def meld_slots(rules: RuleSet) -> int:
    """How many melds a side can have at once: the slots of ``add``, ``take_seq`` and ``merge``.

    Every meld holds three cards or more, but for the black threes (two or more, once, when going
    out); a group needs ``min_naturals`` natural cards, a sequence three, a wild meld three wild cards.
    With one meld per rank there are at most eleven groups (fours to aces)."""
    packs = rules.packs
    deck = 54 * packs if rules.jokers_per_pack == 2 else (52 + rules.jokers_per_pack) * packs
    naturals = 44 * packs  # fours to aces
    wilds = 4 * packs + rules.jokers_per_pack * packs + (2 * packs if rules.red3_wild else 0)
    groups = 11 if rules.one_meld_per_rank else naturals // max(1, rules.min_naturals)
    sequences = naturals // 3 if rules.sequences else 0
    wild = wilds // 3 if rules.wild_melds else 0
    black3 = 0 if rules.black3_meld == "none" else 1
    return min(deck // 3 + 1, groups + sequences + wild + black3)


def _nat_shapes(suited: bool, packs: int, low: int, high: int) -> list[tuple[int, ...]]:
    """The naturals of one rank a take or a top-card lay-down can hold: a count (suits aside) or a
    count per suit (each at most ``packs``), totalling ``low`` to ``high``."""
    if not suited:
        return [(c,) for c in range(low, high + 1)]
    return [c for c in product(range(packs + 1), repeat=4) if low <= sum(c) <= high]


class ActionSpace:
    """The integer actions of one rule set (its player count included). See the module docstring."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        m = self.model = card_model(rules)
        self.suited = bool(rules.sequences)
        self.slots = meld_slots(rules)
        packs = rules.packs
        wild_kinds = list(m.wild_kinds)
        self.keys: list[Key] = []
        self.families: list[Family] = []
        # the naturals of one rank: every kind of it (one kind, or four suits)
        self.take_groups = 1 if rules.one_meld_per_rank else 4 * packs // max(1, rules.min_naturals)

        def family(name: str, meaning: str, keys: Iterator[Key] | list[Key]) -> None:
            start = len(self.keys)
            self.keys.extend(keys)
            self.families.append(Family(name, start, len(self.keys) - start, meaning))

        for op in SIMPLE:
            family(op.name.lower(), _SIMPLE_MEANING[op], [(op.name.lower(),)])
        family("discard", "discard a card of kind K", [("discard", k) for k in range(m.nkinds)])
        family("meld", "lay a new meld of these card kinds", [("meld", c) for c in self._meld_shapes()])
        family("add", "add a card of kind K to the meld in slot @N",
               [("add", i, k) for i in range(self.slots) for k in range(m.nkinds)])
        # takes: naturals of the top card's rank (the top is one of them), wild cards, the target
        most = 4 * packs - 1
        cap = max(wilds_allowed(rules, n) for n in range(4 * packs + 1)) if rules.pickup_hand_wilds else 0
        counts = {m.joker: rules.jokers_per_pack * packs, m.deuce: 4 * packs, m.red3: 2 * packs}
        take_wilds = [w for w in wild_kinds if rules.pickup_hand_wilds]
        wild_sets = [c for c in _wild_counts(take_wilds, counts, cap)]
        take_keys: list[Key] = []
        for target in range(self.take_groups + 1):
            for nat in _nat_shapes(self.suited, packs, 0, most):
                c = sum(nat)
                for w in wild_sets:
                    nw = sum(n for _, n in w)
                    if c == 0 and (target == 0 or nw):
                        continue  # a layoff: the top card alone onto a meld
                    if c == 1 and not nw:
                        continue  # one natural needs a wild card
                    take_keys.append(("take", target, nat, w))
        family("take", "take the pile: naturals of the top card's rank and wild cards from hand, onto a "
               "new meld (target 0) or the side's n-th group meld of that rank", take_keys)
        family("take_seq", "take the pile: the top card onto the sequence in slot @N",
               [("take_seq", i) for i in range(self.slots if rules.pickup_extends_sequence else 0)])
        top_keys: list[Key] = []
        if rules.laydown_facility:
            for rank in range(4, 15):
                top_keys.extend(("top", rank, nat) for nat in _nat_shapes(self.suited, packs, 2, 4 * packs))
            top_keys.extend(("top_run", place) for place in range(3))
        family("top", "the top card alone with cards from hand as a new lay-down meld", top_keys)
        family("merge", "merge the meld in slot @M into the meld in slot @N (N < M)",
               [("merge", i, j) for i in range(self.slots) for j in range(i + 1, self.slots)]
               if rules.merge_groups else [])
        specials = [i for i, on in enumerate((rules.special_pairs or rules.special_pairs_wild,
                                              rules.special_garbage, rules.special_straight)) if on]
        family("declare", "declare a special hand (with a straight, the kind of card discarded)",
               [("declare", i, k) for i in specials for k in range(-1, m.nkinds)])
        self.size = len(self.keys)
        self.index: dict[Key, int] = {k: i for i, k in enumerate(self.keys)}
        self._simple = {op: self.index[(op.name.lower(),)] for op in SIMPLE}
        self._discard0 = self.index[("discard", 0)]
        self._add0 = self.index[("add", 0, 0)] if self.slots else -1
        # an action's id by the action object (the engine shares its action objects, so most are
        # found by identity; takes, tops and merges depend on the table and are not kept)
        self._cache: dict[int, tuple[Action, int]] = {}

    # ------------------------------------------------------------------ the catalogue
    def _meld_shapes(self) -> list[tuple[int, ...]]:
        """Every new meld the engine can list, as sorted card kinds (``engine/meld.py``: three naturals
        of a rank, two and a wild card, sequences of three, three wild cards, a red three alone,
        the black threes with at most one wild card)."""
        r, m = self.rules, self.model
        shapes: set[tuple[int, ...]] = set()
        packs = r.packs
        for rank in range(4, 15):
            kinds = m.natural_kinds[rank]
            for three in combinations_with_replacement(kinds, 3):
                if max(three.count(k) for k in kinds) <= packs * (4 // len(kinds)):
                    shapes.add(tuple(sorted(three)))
            for two in combinations_with_replacement(kinds, 2):
                for w in m.wild_kinds:
                    shapes.add(tuple(sorted((*two, w))))
        for lo, hi in r.sequences:
            for low in range(lo, hi - 1):
                for suit in range(4):
                    shapes.add(tuple(sorted(m.kind_of[(x - 2) * 4 + suit] for x in range(low, low + 3))))
        if r.wild_melds:
            for three in combinations_with_replacement(m.wild_kinds, 3):
                shapes.add(tuple(sorted(three)))
        if red_three_melds_alone(r):
            shapes.add((m.red3,))
        if r.black3_meld != "none":
            for n in range(2, 2 * packs + 1):
                shapes.add((m.black3,) * n)
                for w in m.wild_kinds:
                    shapes.add(tuple(sorted((m.black3,) * n + (w,))))
        return sorted(shapes, key=lambda c: (len(c), c))

    # ------------------------------------------------------------------ actions to ids
    def id_of(self, state: GameState, a: Action) -> int:
        """The id of ``a`` (an action of ``state``'s player to move); ActionSpaceError if it has none."""
        hit = self._cache.get(id(a))
        if hit is not None and hit[0] is a:
            return hit[1]
        op = a.op
        kind = self.model.kind_of
        if op is Op.DISCARD:
            i = self._discard0 + kind[a.cards[0]]
        elif op is Op.ADD:
            if not 0 <= a.meld < self.slots:
                raise ActionSpaceError(f"{a}: meld slot @{a.meld} is past the space's {self.slots} slots")
            i = self._add0 + a.meld * self.model.nkinds + kind[a.cards[0]]
        elif op is Op.MELD:
            i = self._find(a, ("meld", tuple(sorted(kind[f] for f in a.cards))))
        elif op is Op.TAKE:
            return self._find(a, self._take_key(state, a))
        elif op is Op.TOP:
            return self._find(a, self._top_key(state, a))
        elif op is Op.MERGE:
            i = self._find(a, ("merge", a.meld, a.other))
        elif op is Op.DECLARE:
            i = self._find(a, ("declare", a.meld, kind[a.cards[0]] if a.cards else -1))
        else:
            i = self._simple[op]
        if len(self._cache) >= 1 << 16:
            self._cache.clear()
        self._cache[id(a)] = (a, i)
        return i

    def _find(self, a: Action, key: Key) -> int:
        i = self.index.get(key)
        if i is None:
            raise ActionSpaceError(f"'{a}' has no id in the action space of {self.rules.name} ({key})")
        return i

    def _take_key(self, state: GameState, a: Action) -> Key:
        melds = state.melds[state.side_of(state.current)]
        top = state.pile[-1]
        if not a.cards and a.meld >= 0 and melds[a.meld].type is SEQUENCE_MELD:
            return ("take_seq", a.meld)
        m = self.model
        rank = top // 4 + 2
        nat = [0] * (4 if self.suited else 1)
        wild: dict[int, int] = {}
        for f in a.cards:
            if m.wild_face[f]:
                k = m.kind_of[f]
                wild[k] = wild.get(k, 0) + 1
            else:
                nat[f % 4 if self.suited else 0] += 1
        target = 0
        if a.meld >= 0:
            target = 1 + sum(1 for x in melds[:a.meld] if x.type is GROUP_MELD and x.rank == rank)
        return ("take", target, tuple(nat), tuple(sorted(wild.items())))

    def _top_key(self, state: GameState, a: Action) -> Key:
        top = state.pile[-1]
        ranks = {f // 4 + 2 for f in a.cards}
        if len(ranks) == 1:  # a group (a run's two cards are of two ranks)
            rank = ranks.pop()
            nat = [0] * (4 if self.suited else 1)
            for f in a.cards:
                nat[f % 4 if self.suited else 0] += 1
            return ("top", rank, tuple(nat))
        low = min(ranks | {top // 4 + 2})
        return ("top_run", top // 4 + 2 - low)

    def legal(self, state: GameState) -> tuple[list[int], list[Action]]:
        """The legal actions of ``state`` and their ids, sorted by id (each id once: the engine lists
        one action per kind of card)."""
        # (compiled: this runs at every step; an action met before is found by identity)
        return legal_ids(state.legal_actions(), self._cache, partial(self.id_of, state))

    def legal_ids(self, state: GameState) -> list[int]:
        """The ids of the legal actions now, ascending."""
        return self.legal(state)[0]

    # ------------------------------------------------------------------ ids to actions
    def decode(self, state: GameState, i: int) -> Action:
        """The action id ``i`` means in ``state``, built from its definition: cards of its kinds
        from the hand of the player to move (the first of each kind in suit order, as the engine
        names them) and its meld slot. Whether it is legal is the engine's to say."""
        if not 0 <= i < self.size:
            raise ActionSpaceError(f"action {i} is not in 0..{self.size - 1}")
        key = self.keys[i]
        name = key[0]
        seat = state.current
        if name == "discard":
            return Action(Op.DISCARD, self._faces(state, seat, [key[1]]))
        if name == "meld":
            return Action(Op.MELD, self._faces(state, seat, list(key[1])))
        if name == "add":
            return Action(Op.ADD, self._faces(state, seat, [key[2]]), key[1])
        if name == "take_seq":
            melds = state.melds[state.side_of(seat)]
            slot: int = key[1]
            if not (0 <= slot < len(melds) and melds[slot].type is SEQUENCE_MELD):
                raise ActionSpaceError(f"the side has no sequence @{slot}")
            return Action(Op.TAKE, (), slot)
        if name == "take":
            return self._decode_take(state, key)
        if name in ("top", "top_run"):
            return self._decode_top(state, key)
        if name == "merge":
            return Action(Op.MERGE, (), key[1], key[2])
        if name == "declare":
            k = key[2]
            cards = self._faces(state, seat, [k]) if k >= 0 else ()
            return Action(Op.DECLARE, cards, key[1])
        return Action(Op[name.upper()])

    def _faces(self, state: GameState, seat: int, kinds: list[int]) -> tuple[int, ...]:
        """Cards of these kinds from the hand, the first of each kind in suit order (as many as
        there are, where the hand holds too few: the engine then says what is missing)."""
        h = state.hands[seat]
        used: dict[int, int] = {}
        out: list[int] = []
        for k in kinds:
            faces = self.model.faces_of[k]
            skip = used.get(k, 0)
            used[k] = skip + 1
            for f in faces:
                if h[f] > skip:
                    out.append(f)
                    break
                skip -= h[f]
            else:
                out.append(faces[0])
        return tuple(out)

    def _rank_faces(self, state: GameState, rank: int, nat: tuple[int, ...]) -> list[int]:
        """Naturals of ``rank``: a count (the first held, in suit order) or a count per suit."""
        m = self.model
        if self.suited:
            out: list[int] = []
            for suit, n in enumerate(nat):
                out.extend([(rank - 2) * 4 + suit] * n)
            return out
        return list(self._faces(state, state.current, [m.natural_kinds[rank][0]] * nat[0]))

    def _decode_take(self, state: GameState, key: Key) -> Action:
        _, target, nat, wild = key
        seat = state.current
        if not state.pile:
            raise ActionSpaceError("there is no pile to take")
        rank = state.pile[-1] // 4 + 2
        if not 4 <= rank <= 14:
            raise ActionSpaceError("the pile's top card is no natural card to take with its rank")
        cards = self._rank_faces(state, rank, nat)
        for k, n in wild:
            cards.extend(self._faces(state, seat, [k] * n))
        meld = -1
        if target:
            seen = 0
            for i, x in enumerate(state.melds[state.side_of(seat)]):
                if x.type is GROUP_MELD and x.rank == rank:
                    seen += 1
                    if seen == target:
                        meld = i
                        break
            else:
                raise ActionSpaceError(f"the side has no group meld number {target} of {RANK_NAMES[rank]}")
        return Action(Op.TAKE, tuple(cards), meld)

    def _decode_top(self, state: GameState, key: Key) -> Action:
        if not state.pile:
            raise ActionSpaceError("there is no pile")
        top = state.pile[-1]
        if key[0] == "top":
            return Action(Op.TOP, tuple(self._rank_faces(state, key[1], key[2])))
        rank, suit = top // 4 + 2, top % 4
        low = rank - key[1]
        return Action(Op.TOP, tuple((x - 2) * 4 + suit for x in range(low, low + 3) if x != rank))

    # ------------------------------------------------------------------ words
    def family_of(self, i: int) -> Family:
        for fam in self.families:
            if fam.start <= i < fam.start + fam.size:
                return fam
        raise ActionSpaceError(f"action {i} is not in 0..{self.size - 1}")

    def describe(self, i: int) -> str:
        """What id ``i`` means, in words (the same for every state)."""
        if not 0 <= i < self.size:
            raise ActionSpaceError(f"action {i} is not in 0..{self.size - 1}")
        key = self.keys[i]
        name = key[0]
        names = self.model.names
        if name == "discard":
            return f"discard a {_kind_word(names[key[1]])}"
        if name == "meld":
            return "meld " + " ".join(_kind_word(names[k]) for k in key[1])
        if name == "add":
            return f"add a {_kind_word(names[key[2]])} to meld @{key[1]}"
        if name == "take":
            _, target, nat, wild = key
            parts = [_nat_words(nat)]
            parts += [f"{n} {_kind_word(names[k])}" for k, n in wild]
            onto = "a new meld" if not target else f"the side's group meld {target} of that rank"
            return f"take the pile: {' + '.join(p for p in parts if p) or 'the top card alone'} onto {onto}"
        if name == "take_seq":
            return f"take the pile: the top card onto the sequence @{key[1]}"
        if name == "top":
            return f"lay the top card with {_nat_words(key[2])} of {RANK_NAMES[key[1]]}"
        if name == "top_run":
            return f"lay the top card in a run of three, in place {2 - key[1] + 1} from the top"
        if name == "merge":
            return f"merge meld @{key[2]} into meld @{key[1]}"
        if name == "declare":
            what = SPECIAL_HANDS[key[1]]
            return f"declare {what}" + (f", discarding a {_kind_word(names[key[2]])}" if key[2] >= 0 else "")
        return str(name)


_SIMPLE_MEANING: Final = {
    Op.DRAW: "draw from the stock (or a red trey's further card)",
    Op.UPCARD: "take the first turn's upcard",
    Op.ASK: "ask the partner \"may I go out?\"",
    Op.YES: "answer yes",
    Op.NO: "answer no",
    Op.RETRACT: "take back provisional opening melds",
    Op.END: "end the hand without a discard, or decline the pile with the stock gone",
    Op.PASS: "pass (Bolivia, Trey: no discard)",
}


def _wild_counts(kinds: list[int], counts: dict[int, int], cap: int) -> list[tuple[tuple[int, int], ...]]:
    """Every way of holding at most ``cap`` wild cards of these kinds (each at most as many as the
    deck has), as sorted (kind, count) pairs without zeros."""
    out: list[tuple[tuple[int, int], ...]] = []
    for ns in product(*[range(min(counts[k], cap) + 1) for k in kinds]):
        if sum(ns) <= cap:
            out.append(tuple(sorted((k, n) for k, n in zip(kinds, ns, strict=True) if n)))
    return out


def _kind_word(name: str) -> str:
    """A card kind as words: ``K`` king, ``7H`` seven of hearts, ``JK`` joker, ..."""
    words = {"JK": "joker", "2": "deuce", "R3": "red three", "B3": "black three"}
    if name in words:
        return words[name]
    rank = {c: r for r, c in RANK_CHARS.items()}[name[0]]
    single = RANK_NAMES[rank][:-1] if rank != 6 else "six"
    if len(name) == 2:
        suit = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[name[1]]
        return f"{single} of {suit}"
    return single


def _nat_words(nat: tuple[int, ...]) -> str:
    n = sum(nat)
    if not n:
        return ""
    if len(nat) == 1:
        return f"{n} natural{'s' if n > 1 else ''} of its rank"
    return "naturals of its rank " + " ".join(f"{c}{SUITS[s]}" for s, c in enumerate(nat) if c)


__all__ = ["ActionSpace", "ActionSpaceError", "Family", "meld_slots"]
