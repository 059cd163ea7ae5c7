"""What every action module shares: the phases, the ``Problem`` a check returns, the enum members
the hot paths compare with (as ``Final`` module constants: compiled, a ``Final`` name is a C constant,
while ``Phase.DRAW`` is two dictionary lookups), the seeds and shuffle of the deals, and a few card
helpers.
"""

from __future__ import annotations

import hashlib
import random
from enum import IntEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from ..actions import Action, Op
from ..cards import full_deck
from ..melds import BLACK3_MELD as BLACK3_MELD  # (the meld types' constants live with MeldType)
from ..melds import GROUP_MELD as GROUP_MELD
from ..melds import SEQUENCE_MELD as SEQUENCE_MELD
from ..melds import WILD_MELD as WILD_MELD
from ..melds import Meld

if TYPE_CHECKING:  # pragma: no cover
    from ..rules import RuleSet


FAIR_PREFIX: Final = "fair:"


def hand_seed(seed: int | str, hand_no: int) -> str:
    """The text that seeds hand ``hand_no``'s shuffle and cut (hands numbered from 0): a function of
    the game's seed and the hand number only, never of the play before, so that duplicate tables
    given one seed get the same deals and a commitment to a deal can be checked (``canasta verify``).

    A seed marked ``"fair:"`` (the server's online and duplicate games) seeds hand n from the SHA-256
    (hex) of ``f"{seed}/{n}"``: one-way, so revealing one hand's seed after that hand tells nothing of
    the game's seed or of any other hand. Every other seed keeps ``f"{seed}/{n}"`` (old records and
    golden games deal exactly as before)."""
    text = f"{seed}/{hand_no}"
    if isinstance(seed, str) and seed.startswith(FAIR_PREFIX):
        return hashlib.sha256(text.encode()).hexdigest()
    return text


_PACKS: Final[dict[int, list[int]]] = {}  # full_deck by packs << 8 | jokers per pack


def shuffle_steps(n: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of ``random.Random.shuffle`` on ``n`` cards, last card first: (bound, index, bits),
    card ``index`` swapping with the one ``getrandbits(bits)`` draws below ``bound`` (``index + 1``;
    a draw at or above it is drawn again: ``_randbelow``). A table, so that the shuffle's loop
    does no bookkeeping of its own."""
    return tuple((i + 1, i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))


_SHUFFLE_STEPS: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {}  # shuffle_steps by pack size


def shuffled_pack(rules: RuleSet, seed_text: str) -> tuple[list[int], int]:
    """The pack in the order a hand seeded by ``seed_text`` (a ``hand_seed``) deals it (the last card
    first), and the cut: all the randomness of a deal, so a revealed hand seed shows the whole deal."""
    rng = random.Random(seed_text)
    key = rules.packs << 8 | rules.jokers_per_pack
    pack = _PACKS.get(key)
    if pack is None:
        pack = _PACKS[key] = full_deck(rules.packs, rules.jokers_per_pack)
    deck = pack[:]
    # ``rng.shuffle(deck)`` then ``rng.randint(4, len(deck) - 4)``, the same draws from the generator
    # (``random.Random.shuffle``'s loop with its ``_randbelow`` inline): the standard library's loop
    # is Python code, a call per card even where the engine is compiled
    bits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(deck))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(deck)] = shuffle_steps(len(deck))
    for bound, i, k in steps:
        j = bits(k)
        while j >= bound:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]
    width = len(deck) - 7  # randint(4, len - 4): 4 + randbelow(len - 7)
    k = width.bit_length()
    j = bits(k)
    while j >= width:
        j = bits(k)
    return deck, 4 + j


class Phase(IntEnum):
    DRAW = 0     # the player to move draws, takes the pile or (first turn) the upcard
    PLAY = 1     # melds, additions, asking; ends with a discard
    ANSWER = 2   # the partner answers "may I go out?"
    OVER = 3     # the game has ended


NONE: Final = -1
SAID_NO: Final = 0
SAID_YES: Final = 1
# what stops a player going out on the partner's side (``GameState.permission_problem``)
PARTNER_SAID_NO: Final = 1
ASK_FIRST: Final = 2

# why a check refuses: a code and its data (``canasta.refusals`` holds each code's English words,
# ``canasta.messages`` says how the data are typed), or None when it does not
Problem = tuple[str, dict[str, Any]] | None
# S0 [J](v): the side's melds and opened flag, and the red treys the player had laid, when told "yes"
YesSnapshot = tuple[tuple[Meld, ...], bool, int]


# The enum members the hot paths compare with (see the module docstring).
OP_ADD: Final = Op.ADD
OP_ASK: Final = Op.ASK
OP_DECLARE: Final = Op.DECLARE
OP_DISCARD: Final = Op.DISCARD
OP_DRAW: Final = Op.DRAW
OP_END: Final = Op.END
OP_MELD: Final = Op.MELD
OP_MERGE: Final = Op.MERGE
OP_NO: Final = Op.NO
OP_PASS: Final = Op.PASS
OP_RETRACT: Final = Op.RETRACT
OP_TAKE: Final = Op.TAKE
OP_TOP: Final = Op.TOP
OP_UPCARD: Final = Op.UPCARD
OP_YES: Final = Op.YES
ANSWER_PHASE: Final = Phase.ANSWER
DRAW_PHASE: Final = Phase.DRAW
OVER_PHASE: Final = Phase.OVER
PLAY_PHASE: Final = Phase.PLAY


# add_action's shared actions, ADDS[meld][card] (a row of 53 per meld index, added as melds are
# numbered; ``add_rows``): found by two list subscripts, with no key to make and hash (the hottest
# generator looks its actions up here itself, a call less each, and asks add_action on a miss)
ADDS: Final[list[list[Action | None]]] = []
_CARD_ACTIONS: Final[dict[tuple[Op, tuple[int, ...], int, int], Action]] = {}
_MELDS: Final[dict[tuple[int, ...], Action]] = {}


def _action(op: Op, cards: tuple[int, ...], meld: int, other: int) -> Action:
    """``Action(op, cards, meld, other)``, the same tuple, made without the named tuple's ``__new__``
    (a Python function, run by the interpreter even where the engine is compiled)."""
    return tuple.__new__(Action, (op, cards, meld, other))


# the discard of each face (shared: the generators list these)
DISCARDS: Final = tuple(_action(OP_DISCARD, (f,), -1, -1) for f in range(53))


def add_rows(n: int) -> None:
    """``ADDS`` with a row for each meld index below ``n``."""
    while len(ADDS) < n:
        ADDS.append([None] * 53)


def add_action(f: int, meld: int) -> Action:
    """The ``add`` action of card ``f`` onto meld ``meld``, shared (actions are immutable)."""
    add_rows(meld + 1)
    a = ADDS[meld][f]
    if a is None:
        a = ADDS[meld][f] = _action(OP_ADD, (f,), meld, -1)
    return a


def meld_action(cards: tuple[int, ...]) -> Action:
    """The ``meld`` action of ``cards``, shared (as ``card_action``, keyed by the cards alone)."""
    a = _MELDS.get(cards)
    if a is None:
        if len(_MELDS) >= 1 << 16:
            _MELDS.clear()
        a = _MELDS[cards] = _action(OP_MELD, cards, -1, -1)
    return a


def card_action(op: Op, cards: tuple[int, ...], meld: int = -1, other: int = -1) -> Action:
    """``Action(op, cards, meld, other)``, shared: the generators ask for the same few actions again
    and again, and a dictionary look-up is cheaper than the named tuple's constructor (a Python
    function even where the engine is compiled). Actions are immutable, so sharing them is safe."""
    key = (op, cards, meld, other)
    a = _CARD_ACTIONS.get(key)
    if a is None:
        if len(_CARD_ACTIONS) >= 1 << 16:  # bounded: a long-running server never grows it further
            _CARD_ACTIONS.clear()
        a = _CARD_ACTIONS[key] = _action(op, cards, meld, other)
    return a


@lru_cache(maxsize=4096)
def multisets(held: tuple[tuple[int, int], ...], size: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ``size`` cards from (face, count) pairs, faces in order."""
    if size == 0:
        return ((),)
    if not held:
        return ()
    (f, n), rest = held[0], held[1:]
    out: list[tuple[int, ...]] = []
    for take in range(min(n, size), -1, -1):
        out.extend((f,) * take + tail for tail in multisets(rest, size - take))
    return tuple(out)


