"""Melds on the table and the rules of their composition."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Any, Final, NamedTuple

from .cards import (
    BLACK_THREE_FACES,
    JOKER,
    RANK_NAMES,
    WILD_FACES,
    card_str,
    format_cards,
    is_black_three,
    is_red_three,
    is_wild,
    rank_of,
)
from .rules import RuleSet


class MeldType(IntEnum):
    GROUP = 0      # cards of one rank, with wild cards
    BLACK3 = 1     # black threes laid when going out
    SEQUENCE = 2   # natural cards of one suit in a row (Samba, Bolivia: "escalera")
    WILD = 3       # wild cards only (Bolivia: seven of them are a "bolivia")


# The members as module constants, for the hot paths: in plain Python ``MeldType.GROUP`` is a look-up
# through the enum's metaclass (about 60 ns, a global name about 8); compiled, a ``Final`` name is a
# C constant.
BLACK3_MELD: Final = MeldType.BLACK3
GROUP_MELD: Final = MeldType.GROUP
SEQUENCE_MELD: Final = MeldType.SEQUENCE
WILD_MELD: Final = MeldType.WILD


class Meld(NamedTuple):
    """An immutable meld; adding a card makes a new one, so clones share melds safely."""

    type: MeldType
    rank: int               # the natural rank (3 for black threes, the lowest rank of a sequence)
    cards: tuple[int, ...]  # faces, naturals first (a sequence: in rank order)
    naturals: int
    wilds: int
    jokers: int

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def high(self) -> int:
        """The highest rank of a sequence."""
        return self.rank + len(self.cards) - 1

    @property
    def suit(self) -> int:
        return self.cards[0] % 4 if self.cards and self.cards[0] != JOKER else -1

    def with_cards(self, faces: tuple[int, ...], r3w: bool = False) -> Meld:
        """This meld with ``faces`` added (``r3w``: red threes are wild cards, S0 T8)."""
        if self.type is SEQUENCE_MELD:
            cards = tuple(sorted(self.cards + faces))
            return _meld(self.type, cards[0] // 4 + 2, cards, len(cards), 0, 0)
        if self.type is WILD_MELD:
            cards = self.cards + faces
            return _meld(self.type, 0, cards, 0, len(cards), cards.count(JOKER))
        if len(faces) == 1:  # (one card, as every ``add``: the same meld as below, built directly)
            f = faces[0]
            if WILD_FACES[f] or (r3w and is_red_three(f)):  # (wild_card)
                return _meld(self.type, self.rank, self.cards + faces, self.naturals, self.wilds + 1,
                             self.jokers + (1 if f == JOKER else 0))
            n = self.naturals
            return _meld(self.type, self.rank, self.cards[:n] + faces + self.cards[n:], n + 1, self.wilds,
                         self.jokers)
        wild = [f for f in faces if wild_card(f, r3w)]
        nat = [f for f in faces if not wild_card(f, r3w)]
        return _meld(self.type, self.rank, self.cards[: self.naturals] + tuple(nat)
                    + self.cards[self.naturals:] + tuple(wild),
                    self.naturals + len(nat), self.wilds + len(wild),
                    self.jokers + wild.count(JOKER))

    def is_canasta(self, rules: RuleSet) -> bool:
        return self.type is not BLACK3_MELD and len(self.cards) >= rules.canasta_size

    def is_natural(self) -> bool:
        return self.wilds == 0

    def kind(self, rules: RuleSet) -> str:
        """What it scores as: natural, mixed, sequence or wild (canasta), or meld / black threes."""
        if self.type is MeldType.BLACK3:
            return "black threes"
        if not self.is_canasta(rules):
            return "meld"
        if self.type is MeldType.SEQUENCE:
            return "sequence"
        if self.type is MeldType.WILD:
            return "wild"
        return "natural" if self.wilds == 0 else "mixed"

    def describe(self, rules: RuleSet) -> str:
        """A few words for people: ``natural canasta of kings``."""
        if self.type is MeldType.BLACK3:
            return "black threes"
        if self.type is MeldType.SEQUENCE:
            run = f"{card_str(self.cards[0])}-{card_str(self.cards[-1])}"
            return f"sequence canasta {run}" if self.is_canasta(rules) else f"sequence {run}"
        if self.type is MeldType.WILD:
            return "wild canasta" if self.is_canasta(rules) else "wild cards"
        name = RANK_NAMES[self.rank]
        if self.is_canasta(rules):
            return f"{'natural' if self.is_natural() else 'mixed'} canasta of {name}"
        return name

    def __str__(self) -> str:
        return format_cards(self.cards)


def _meld(mtype: MeldType, rank: int, cards: tuple[int, ...], naturals: int, wilds: int,
          jokers: int) -> Meld:
    """``Meld(mtype, rank, cards, naturals, wilds, jokers)``, the same tuple, made without the named
    tuple's ``__new__``: that is a Python function, run by the interpreter even where the engine is
    compiled, once per meld laid or grown."""
    return tuple.__new__(Meld, (mtype, rank, cards, naturals, wilds, jokers))


def wild_card(f: int, r3w: bool = False) -> bool:
    """A joker or deuce; with ``r3w`` (S0 T8: a held red trey used as a wild card) a red three too."""
    return is_wild(f) or (r3w and is_red_three(f))


def new_meld(faces: tuple[int, ...], mtype: MeldType = MeldType.GROUP, r3w: bool = False) -> Meld:
    if mtype is SEQUENCE_MELD:
        cards = tuple(sorted(faces))
        return _meld(mtype, cards[0] // 4 + 2, cards, len(cards), 0, 0)
    if mtype is WILD_MELD:
        return _meld(mtype, 0, tuple(faces), 0, len(faces), faces.count(JOKER))
    # (face order is ``sort_key``'s order, jokers last: sorted without the key function, which was
    # a call and a tuple per card)
    nat_l: list[int] = []
    wild_l: list[int] = []
    for f in faces:  # (one pass, no call per card)
        if WILD_FACES[f] or (r3w and is_red_three(f)):  # (wild_card)
            wild_l.append(f)
        else:
            nat_l.append(f)
    nat_l.sort()
    wild_l.sort()
    nat = tuple(nat_l)
    wild = tuple(wild_l)
    rank = rank_of(nat[0]) if nat else 0
    return _meld(mtype, rank, nat + wild, len(nat), len(wild), wild.count(JOKER))


def meld_type(cards: tuple[int, ...], r3w: bool = False) -> MeldType:
    """The type of a meld from its cards (``r3w``: red threes are wild, S0 T8): black threes, wild cards
    only, natural cards of several ranks (a sequence) or of one rank with wild cards (a group). It
    classifies; whether the cards make a meld the rules allow is ``black_three_problem``,
    ``wild_problem`` and ``meld_problem``."""
    # (one pass over the cards, without a list and a set: a black three anywhere makes black threes,
    # else no natural card makes wild cards, naturals of several ranks a sequence)
    rank = -1  # the first natural's rank, as f // 4
    several = False
    for f in cards:
        if BLACK_THREE_FACES[f]:
            return BLACK3_MELD
        if WILD_FACES[f] or (r3w and is_red_three(f)):  # (wild_card)
            continue
        if rank < 0:
            rank = f // 4
        elif f // 4 != rank:
            several = True
    if rank < 0:
        return WILD_MELD
    return SEQUENCE_MELD if several else GROUP_MELD


def wilds_allowed(rules: RuleSet, naturals: int) -> int:
    """The most wild cards a group with ``naturals`` natural cards may hold, its size aside: the rule
    set's ``max_wilds`` and ``wild_ratio`` (``le``: no more wilds than naturals; ``lt``: fewer, unless
    none). The one statement of the wild-card limit: ``wild_problem`` (the checks), ``wild_room`` (the
    going-out solvers, the bots) and ``CardModel.wild_cap`` (the move generators) all derive from it."""
    cap = rules.max_wilds
    if rules.wild_ratio == "le":
        cap = min(cap, naturals)
    elif rules.wild_ratio == "lt":
        cap = min(cap, naturals - 1)
    return max(cap, 0)


def wild_fits(rules: RuleSet, naturals: int, wilds: int) -> bool:
    """Whether a group of ``naturals`` natural and ``wilds`` wild cards keeps the wild-card limits
    (``wilds_allowed``) and the largest meld (``max_meld_size``): the predicate, for the searches
    that ask it many times; ``wild_problem`` says why not."""
    return wilds <= wilds_allowed(rules, naturals) and not (
        rules.max_meld_size and naturals + wilds > rules.max_meld_size)


def wild_problem(rules: RuleSet, naturals: int, wilds: int) -> tuple[str, dict[str, Any]] | None:
    """Why a group of this composition breaks the wild-card limits (``wild_fits``), as a refusal's
    code and data (``canasta.refusals``), or None."""
    if wild_fits(rules, naturals, wilds):
        return None
    if wilds > wilds_allowed(rules, naturals):
        if wilds > rules.max_wilds:
            return ("wild_limit_max", {"n": rules.max_wilds})
        if rules.wild_ratio == "le":
            return ("wild_limit_ratio", {})
        return ("wild_limit_fewer", {})
    return ("wild_limit_size", {"n": rules.max_meld_size})


def wild_room(rules: RuleSet, naturals: int, wilds: int) -> int:
    """How many more wild cards a group with these counts may take (0 when it may take none): the
    largest ``k`` for which ``wild_problem(rules, naturals, wilds + k)`` is None, or 0."""
    return room_within(wilds_allowed(rules, naturals), rules.max_meld_size, naturals, wilds)


def room_within(allowed: int, max_size: int, naturals: int, wilds: int) -> int:
    """``wild_room`` from ``allowed`` = ``wilds_allowed(rules, naturals)`` and the largest meld
    (0: no limit), for callers that hold those already (``CardModel.wild_cap``: the going-out count)."""
    room = allowed - wilds
    if max_size and room > max_size - naturals - wilds:
        room = max_size - naturals - wilds
    return room if room > 0 else 0


def black_threes_meld(rules: RuleSet, threes: int, wilds: int) -> bool:
    """Whether ``threes`` black threes and ``wilds`` wild cards may lie together as a meld: where
    the rules meld black threes at all, at least ``black3_meld_min`` of them alone, or two with at
    most ``black3_meld_wilds`` wild cards (S4: two threes and a joker). The going out they are
    melded with is the play's (``engine.meld``). The one statement of the black-three meld, for the
    check (``black_three_problem`` names the reason), the generator, the going-out solvers, positions
    and the bots."""
    if rules.black3_meld == "none":
        return False
    if wilds:
        return threes == 2 and wilds <= rules.black3_meld_wilds
    return threes >= rules.black3_meld_min


def black_three_problem(rules: RuleSet, threes: int, wilds: int) -> tuple[str, dict[str, Any]] | None:
    """Why ``threes`` black threes and ``wilds`` wild cards may not be melded (``black_threes_meld``),
    as a refusal's code and data, or None."""
    if black_threes_meld(rules, threes, wilds):
        return None
    if rules.black3_meld == "none":
        return ("black_three_never", {})
    if not wilds:
        return ("black_three_min", {"n": rules.black3_meld_min})
    if not rules.black3_meld_wilds:
        return ("black_three_no_wilds", {})
    return ("black_three_wild_pair", {})


def meld_problem(rules: RuleSet, cards: tuple[int, ...]) -> tuple[str, dict[str, Any]] | None:
    """Why ``cards`` cannot lie on the table together as one meld, as a refusal's code and data
    (:mod:`canasta.refusals`: a RecordError says it in English, the command line and the server in the
    reader's language), or None: a meld as a position or a record shows it, of any size it may have
    grown to (a play's checks add the turn's rules: three cards at a time, one meld of a rank, the going
    out black threes need). Black threes only with each other
    (``black_three_problem``); no red three among other cards (wild in S0 T8); wild cards alone only
    where ``wild_melds``, up to a canasta; a sequence of three or more natural cards of one suit in a
    row inside a window (``sequence_fits``); a group of three or more with ``min_naturals`` naturals
    within the wild-card limits (``wild_problem``)."""
    if not cards:
        return ("meld_empty", {})
    r3w = rules.red3_wild
    kind = meld_type(cards, r3w)
    if kind is MeldType.BLACK3:
        if any(not is_black_three(f) and not wild_card(f, r3w) for f in cards):
            return ("meld_black_three_mixed", {})
        threes = sum(1 for f in cards if is_black_three(f))
        return black_three_problem(rules, threes, len(cards) - threes)
    nat = [f for f in cards if not wild_card(f, r3w)]
    if any(is_red_three(f) for f in nat):
        return ("meld_red_three", {})
    if kind is MeldType.WILD:
        if not rules.wild_melds or len(cards) < 3:
            return ("meld_wild_alone", {})
        if len(cards) > rules.canasta_size:
            return ("meld_wild_size", {"size": rules.canasta_size})
        return None
    if kind is MeldType.SEQUENCE:
        ranks = sorted(f // 4 + 2 for f in nat)
        if (len(nat) != len(cards) or len({f % 4 for f in nat}) != 1 or len(nat) < 3
                or ranks != list(range(ranks[0], ranks[0] + len(ranks)))
                or not sequence_fits(rules, ranks[0], ranks[-1])):
            return ("meld_shape", {})
        return None
    if len(cards) < 3 or len(nat) < rules.min_naturals:
        return ("meld_naturals", {"naturals": rules.min_naturals})
    return wild_problem(rules, len(nat), len(cards) - len(nat))


def red_three_melds_alone(rules: RuleSet) -> bool:
    """Whether a red three held in hand may be melded on its own, disclosed (S1; S0 [F](i){c}): the
    one statement of it, for the meld check and generator, the going-out search and the bots."""
    return rules.red3_mode == "optional" or rules.red3_mode == "disclose"


def sequence_fits(rules: RuleSet, low: int, high: int) -> bool:
    """Whether ranks low..high lie inside one of the rule set's sequence windows."""
    return any(lo <= low and high <= hi for lo, hi in rules.sequences)


def card_counts(melds: Iterable[Meld], less: Iterable[Meld] = ()) -> list[int]:
    """How many of each face the ``melds`` hold, less those in ``less`` (negative where ``less`` holds
    a card the others do not): what was added to a table since an earlier state of it."""
    count = [0] * 53
    for m in melds:
        for f in m.cards:
            count[f] += 1
    for m in less:
        for f in m.cards:
            count[f] -= 1
    return count
