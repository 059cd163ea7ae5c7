"""Hand scoring with a full breakdown per side, and what a score means for the next opening."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from operator import mul
from typing import TYPE_CHECKING, Any

from .cards import is_black_three
from .melds import BLACK3_MELD, GROUP_MELD, WILD_MELD
from .rules import RuleSet

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's score for one hand, by category; ``total`` is their sum."""

    natural_canastas: int = 0
    mixed_canastas: int = 0
    canasta_bonus: int = 0
    red_threes: int = 0
    red_three_points: int = 0
    going_out: int = 0
    concealed: bool = False
    table: int = 0
    hand: int = 0           # the cards left in hand at their card values (negative)
    perfect_cut: int = 0
    penalties: int = 0
    total: int = 0
    sequence_canastas: int = 0
    wild_canastas: int = 0
    special: int = 0        # a special hand's award (R 1.2, S3 F): the side scores only this
    incomplete: int = 0     # 7s, pure aces or wild cards left short of a canasta (negative)
    stuck: int = 0          # more than two 7s or aces left in a hand (negative)
    black_threes: int = 0   # black threes melded going out, scored by table (S0 [F](ii){b})
    threes_held: int = 0    # threes kept in hand where the rules fine them (S1 -750, S4 -500; negative)

    @property
    def base(self) -> int:
        """S3 K 'Base': threes, canastas, going out, a special hand's award; also the black treys
        melded going out (S0 [F](ii){b}: "record the value of Black treys as part of the basic
        score") and the perfect cut's bonus (S2: "added to that person's team score")."""
        return (self.red_three_points + self.canasta_bonus + self.going_out + self.special
                + self.black_threes + self.perfect_cut)

    @property
    def count(self) -> int:
        """S3 K 'Count': the cards on the table less the cards left in hand, at their card values."""
        return self.table + self.hand

    @property
    def all_penalties(self) -> int:
        """The sheet's Penalties column: every penalty, so that Base + Count + Penalties = Total
        (unfinished melds and stuck sevens or aces, S3 G/L; threes fined in hand; the penalties
        of play: a failed go-out, exposed cards, the director's)."""
        return self.penalties + self.incomplete + self.stuck + self.threes_held

    def to_dict(self) -> dict[str, Any]:
        return asdict(self) | {"base": self.base, "count": self.count, "all_penalties": self.all_penalties}


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and what each side scored."""

    hand: int
    reason: str              # went_out, stock_out, last_red3
    out_seat: int            # the player who went out, or -1
    sides: tuple[SideScore, ...]
    scores_after: tuple[int, ...]
    moral_winner: int = -1   # S0 [K](ii): nobody went out and this side leads at the target

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.sides)

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "reason": self.reason, "out_seat": self.out_seat,
                "sides": [s.to_dict() for s in self.sides], "scores_after": list(self.scores_after),
                "moral_winner": self.moral_winner}


@dataclass(frozen=True, slots=True)
class SideTally:
    """One side's hand as a score sheet records it: the facts the rule set puts a price on.

    Why: an online hand (``tally_side`` reads them off the cards) and a paper game (the score keeper,
    ``canasta.scoresheet``, takes them as a table enters them) are priced by the one function
    ``price_side``, so there is one place per scoring rule. Counts are of what the side has; card
    points are positive numbers, as players count them.
    """

    natural_canastas: int = 0
    mixed_canastas: int = 0
    sequence_canastas: int = 0
    wild_canastas: int = 0
    # (rank, how many) of the natural canastas of ranks priced apart (R 1.2 / S3 H: sevens, aces)
    rank_canastas: tuple[tuple[int, int], ...] = ()
    # how many wild-card canastas hold 0, 1, 2, ... jokers (S3 L), where the rules price them so
    wild_canastas_by_jokers: tuple[int, ...] = ()
    # natural melds of those ranks, and wild-card melds by jokers, left short of a canasta (S3 G, L)
    incomplete_ranks: tuple[tuple[int, int], ...] = ()
    incomplete_wild_by_jokers: tuple[int, ...] = ()
    red_threes: int = 0             # threes laid (where every three is a bonus card: red and black)
    black_threes_laid: int = 0      # ... of which black (threes counted by colour, S3 C, K)
    last_three: bool = False        # R 1.2: the stock's last card was this side's three
    melded: bool = False            # the side has melded (or opened) in this hand
    black_three_meld_cards: int = 0  # cards in the side's melds of black threes (made going out)
    black_threes_melded: int = 0    # ... the black threes among them
    table: int = 0                  # points of the melded cards (less black-three melds scored by the table)
    hand: int = 0                   # points of the cards left in the side's hands, threes apart
    threes_in_hand: tuple[tuple[int, int], ...] = ()  # per player of the side: (red, black) threes held
    stuck: int = 0                  # players holding more of a rank than the rules allow (S3 G)
    went_out: bool = False
    concealed: bool = False
    perfect_cut: bool = False
    penalties: int = 0              # penalty points (see ``penalty_points``), a positive number
    special: int = 0                # a special hand's award: the side then scores only this (R 1.2, S3 F)


def penalty_points(r: RuleSet, failed_go_out: int = 0, exposed_cards: int = 0) -> int:
    """The penalty points for the times a player asked to go out and could not (S0 [J](v), S4
    PENALTIES) and the cards exposed by mistake (S4 PENALTIES), as the rules price them."""
    return failed_go_out * r.failed_go_out_penalty + exposed_cards * r.exposed_card_penalty


def tally_side(state: GameState, side: int, reason: str, out_seat: int, concealed: bool,
               special: int = 0) -> SideTally:
    """What ``side`` has at the end of the hand in ``state``, read off the cards."""
    r = state.rules
    value = state.model.value
    out_side = state.side_of(out_seat) if out_seat >= 0 else -1
    if special and side == out_side:
        return SideTally(special=special)
    melds = state.melds[side]
    kinds = [m.kind(r) for m in melds]
    by_rank = dict(r.rank_canasta_bonus)
    short = dict(r.rank_incomplete_penalty)
    rank_done: dict[int, int] = {}
    rank_short: dict[int, int] = {}
    jokers = max([m.jokers for m in melds if m.type is WILD_MELD], default=0)
    wild_done = [0] * (jokers + 1)
    wild_short = [0] * (jokers + 1)
    for m in melds:
        done = m.is_canasta(r)
        if m.type is GROUP_MELD and not m.wilds:
            if done and m.rank in by_rank:
                rank_done[m.rank] = rank_done.get(m.rank, 0) + 1
            elif not done and m.rank in short:
                rank_short[m.rank] = rank_short.get(m.rank, 0) + 1
        elif m.type is WILD_MELD:
            if done:
                wild_done[m.jokers] += 1
            else:
                wild_short[m.jokers] += 1
    seats = state.seats_of(side)
    threes = [f for s in seats for f in state.red3[s]]
    last_three = False
    if (r.red3_mode == "threes" and reason == "last_red3" and state.current in seats
            and state.red3[state.current]):
        threes.remove(state.red3[state.current][-1])  # R 1.2: the last card's three is priced apart
        last_three = True
    black3 = [m for m in melds if m.type is BLACK3_MELD]
    by_table = r.black3_meld_scoring == "table"
    table = 0
    for m in melds:  # (loops, not a generator: in plain Python it resumes a frame for every card)
        if not (by_table and m.type is BLACK3_MELD):
            for f in m.cards:
                table += value[f]
    hand = 0
    held: list[tuple[int, int]] = []
    stuck = 0
    model = state.model
    red_faces = model.faces_of[model.red3]  # (the faces is_red_three and is_black_three name)
    black_faces = model.faces_of[model.black3]
    for s in seats:
        h = state.hands[s]
        # every card's points at C speed, less the threes' (counted apart, priced by price_side)
        points = sum(map(mul, value, h))
        red = black = 0
        for f in red_faces:
            red += h[f]
            points -= value[f] * h[f]
        for f in black_faces:
            black += h[f]
            points -= value[f] * h[f]
        hand += points
        held.append((red, black))
        for rank in r.stuck_ranks:  # S3 G: more than two 7s or aces in a hand
            if sum(state.hands[s][(rank - 2) * 4: (rank - 1) * 4]) > r.stuck_limit:
                stuck += 1
    cutter = (state.dealer - 1) % r.players if r.perfect_cut_to == "cutter" else state.dealer
    return SideTally(
        natural_canastas=kinds.count("natural"), mixed_canastas=kinds.count("mixed"),
        sequence_canastas=kinds.count("sequence"), wild_canastas=kinds.count("wild"),
        rank_canastas=tuple(sorted(rank_done.items())),
        wild_canastas_by_jokers=tuple(wild_done) if r.wild_canasta_by_jokers else (),
        incomplete_ranks=tuple(sorted(rank_short.items())),
        incomplete_wild_by_jokers=tuple(wild_short) if r.wild_incomplete_by_jokers else (),
        red_threes=len(threes), black_threes_laid=sum(1 for f in threes if is_black_three(f)),
        last_three=last_three, melded=bool(melds) or state.opened[side],
        black_three_meld_cards=sum(len(m.cards) for m in black3),
        black_threes_melded=sum(m.naturals for m in black3),
        table=table, hand=hand, threes_in_hand=tuple(held), stuck=stuck,
        went_out=side == out_side, concealed=concealed and side == out_side,
        perfect_cut=state.perfect_cut and state.side_of(cutter) == side,
        penalties=state.penalties[side])


def price_side(r: RuleSet, t: SideTally, someone_out: bool) -> SideScore:
    """A side's score for the hand from its tally, by the rule set (``someone_out``: a player went
    out, which some rules ask before they charge black threes left in hand)."""
    if t.special:
        return SideScore(special=t.special, total=t.special)
    nat, mixed, seq, wild = t.natural_canastas, t.mixed_canastas, t.sequence_canastas, t.wild_canastas
    bonus = (nat * r.natural_canasta + mixed * r.mixed_canasta + seq * r.sequence_canasta
             + wild * r.wild_canasta)
    by_rank = dict(r.rank_canasta_bonus)
    short = dict(r.rank_incomplete_penalty)
    incomplete = 0
    for rank, n in t.rank_canastas:  # R 1.2: canastas of some ranks have their own value
        if rank in by_rank:
            bonus += n * (by_rank[rank] - r.natural_canasta)
    for rank, n in t.incomplete_ranks:
        if rank in short:
            incomplete -= n * short[rank]
    if r.wild_canasta_by_jokers:
        for j, n in enumerate(t.wild_canastas_by_jokers):
            bonus += n * (r.wild_canasta_by_jokers[j] - r.wild_canasta)
    if r.wild_incomplete_by_jokers:
        for j, n in enumerate(t.incomplete_wild_by_jokers):
            incomplete -= n * r.wild_incomplete_by_jokers[j]
    n_red = t.red_threes
    top = len(r.red3_values) - 1
    if r.red3_mode == "threes":  # per colour (S3 C, K)
        n_black = t.black_threes_laid
        red_pts = r.red3_values[min(n_red - n_black, top)] + r.red3_values[min(n_black, top)]
    else:
        red_pts = r.red3_values[min(n_red, top)]
    canastas = nat + mixed + seq + wild
    requirement = canastas >= r.go_out_canastas and (not r.go_out_sequence or seq >= 1)
    minus = {"no_meld": not t.melded, "no_requirement": not requirement,
             "too_few_canastas": canastas < r.go_out_canastas, "no_canasta": canastas == 0,
             "never": False}[r.red3_negative]
    if minus:
        red_pts = -red_pts if r.red3_minus == "bonus" else -n_red * r.red3_values[1]
    elif canastas < r.red3_count_canastas:
        red_pts = 0  # R 1.2, S3 K: with one canasta the threes count nothing
    if t.last_three:
        red_pts -= r.last_three_penalty  # R 1.2: the last card's three is -5
    b3_table = 0
    if r.black3_meld_scoring == "table":  # T9: the red-trey table, no face value
        b3_table = r.red3_values[min(t.black_three_meld_cards, top)]
    table = -t.table if r.no_canasta_all_minus and canastas == 0 else t.table  # S3 K, N18
    hand = -t.hand
    held = 0  # threes kept in hand that the rules fine (a penalty), apart from the cards' count
    b3_penalty = r.black3_hand_penalty if (r.black3_hand_penalty_when == "always" or someone_out) else 0
    threes_mode = r.red3_mode == "threes"
    for red, black in t.threes_in_hand:
        # R 1.2: where every three is a bonus card, a three held costs the penalty whatever its colour
        like_red = red + (black if threes_mode and r.red3_hand_penalty else 0)
        black -= like_red - red
        if r.red3_hand_penalty:
            if r.red3_hand_penalty_per == "card":
                held -= like_red * r.red3_hand_penalty
            elif like_red:
                held -= r.red3_hand_penalty
        else:
            hand -= like_red * r.value_red3
        if b3_penalty:
            held -= black * b3_penalty
        else:
            hand -= black * r.value_black3
    stuck = -t.stuck * r.stuck_penalty
    going_out = 0
    if t.went_out:
        going_out = r.concealed_bonus if t.concealed else r.going_out_bonus
        if r.black3_four_bonus and t.black_threes_melded >= 4:
            going_out += r.black3_four_bonus
    cut = r.perfect_cut_bonus if t.perfect_cut else 0
    pen = -t.penalties
    total = bonus + red_pts + going_out + table + hand + cut + pen + incomplete + stuck + b3_table + held
    return SideScore(nat, mixed, bonus, n_red, red_pts, going_out, t.went_out and t.concealed, table,
                     hand, cut, pen, total, seq, wild, 0, incomplete, stuck, b3_table, held)


def moral_winner(r: RuleSet, scores_after: tuple[int, ...], out_seat: int) -> int:
    """S0 [K](ii): nobody went out and one side leads at the target: that side, else -1."""
    if r.win_requires_going_out and out_seat < 0 and max(scores_after) >= r.target_score:
        leaders = [i for i, v in enumerate(scores_after) if v == max(scores_after)]
        return leaders[0] if len(leaders) == 1 else -1
    return -1


def game_winner(r: RuleSet, scores: list[int] | tuple[int, ...], hand_no: int, out_side: int) -> int:
    """The side that has won once hand ``hand_no`` (from 0) has ended with these totals, or -1
    while the game goes on. A tie at the top plays on (RULINGS); where a side must go out to win
    (S0 [K](i)) only the side that went out can win; a game of N hands ends after the Nth (S3 B)."""
    top = max(scores)
    leaders = [i for i, v in enumerate(scores) if v == top]
    if r.win_requires_going_out:
        leaders = [out_side] if out_side >= 0 else []
        top = scores[out_side] if out_side >= 0 else 0
    last = r.game_hands > 0 and hand_no + 1 >= r.game_hands
    if (top >= r.target_score or last) and len(leaders) == 1:
        return leaders[0]
    return -1


def score_hand(state: GameState, reason: str, out_seat: int, concealed: bool,
               special: int = 0) -> HandResult:
    """Score the hand that has just ended in ``state`` (``special``: the award of a special hand
    declared by ``out_seat``, whose side then scores only that, N11)."""
    r = state.rules
    sides = tuple(price_side(r, tally_side(state, side, reason, out_seat, concealed, special), out_seat >= 0)
                  for side in range(r.sides))
    after = tuple(state.scores[i] + sides[i].total for i in range(r.sides))
    return HandResult(state.hand_no, reason, out_seat, sides, after, moral_winner(r, after, out_seat))
