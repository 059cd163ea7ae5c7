"""Hand scoring with a full breakdown per side, and what a score means for the next opening."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from .cards import is_black_three, is_red_three
from .melds import Meld, MeldType
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
    hand: int = 0
    perfect_cut: int = 0
    penalties: int = 0
    total: int = 0
    sequence_canastas: int = 0
    wild_canastas: int = 0
    special: int = 0        # a special hand's award (R 1.2, S3 F): the side scores only this
    incomplete: int = 0     # 7s, pure aces or wild cards left short of a canasta (negative)
    stuck: int = 0          # more than two 7s or aces left in a hand (negative)
    black_threes: int = 0   # black threes melded going out, scored by table (S0 [F](ii){b})

    @property
    def base(self) -> int:
        """S3 K 'Base': threes, canastas, going out (and a special hand's award)."""
        return self.red_three_points + self.canasta_bonus + self.going_out + self.special

    @property
    def count(self) -> int:
        """S3 K 'Count': the cards on the table less the cards left in hand."""
        return self.table + self.hand

    def to_dict(self) -> dict[str, Any]:
        return asdict(self) | {"base": self.base, "count": self.count}


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


def score_hand(state: GameState, reason: str, out_seat: int, concealed: bool,
               special: int = 0) -> HandResult:
    """Score the hand that has just ended in ``state`` (``special``: the award of a special hand
    declared by ``out_seat``, whose side then scores only that, N11)."""
    r = state.rules
    value = state.model.value
    out_side = state.side_of(out_seat) if out_seat >= 0 else -1
    cutter = (state.dealer - 1) % r.players if r.perfect_cut_to == "cutter" else state.dealer
    sides: list[SideScore] = []
    for side in range(r.sides):
        if special and side == out_side:
            sides.append(SideScore(special=special, total=special))
            continue
        melds = state.melds[side]
        kinds = [m.kind(r) for m in melds]
        nat, mixed = kinds.count("natural"), kinds.count("mixed")
        seq, wild = kinds.count("sequence"), kinds.count("wild")
        bonus = (nat * r.natural_canasta + mixed * r.mixed_canasta + seq * r.sequence_canasta
                 + wild * r.wild_canasta)
        incomplete = 0
        if r.rank_canasta_bonus or r.wild_canasta_by_jokers or r.rank_incomplete_penalty or (
                r.wild_incomplete_by_jokers):
            bonus, incomplete = _special_canastas(r, melds, bonus)
        seats = state.seats_of(side)
        threes = [f for s in seats for f in state.red3[s]]
        last_three = 0
        if (r.red3_mode == "threes" and reason == "last_red3" and state.current in seats
                and state.red3[state.current]):
            threes.remove(state.red3[state.current][-1])  # R 1.2: the last card's three is -5
            last_three = -r.last_three_penalty
        n_red = len(threes)
        if r.red3_mode == "threes":  # per colour (S3 C, K)
            n_black = sum(1 for f in threes if is_black_three(f))
            top = len(r.red3_values) - 1
            red_pts = r.red3_values[min(n_red - n_black, top)] + r.red3_values[min(n_black, top)]
        else:
            red_pts = r.red3_values[min(n_red, len(r.red3_values) - 1)]
        made_meld = bool(melds) or state.opened[side]
        canastas = nat + mixed + seq + wild
        requirement = canastas >= r.go_out_canastas and (not r.go_out_sequence or seq >= 1)
        minus = {"no_meld": not made_meld, "no_requirement": not requirement,
                 "too_few_canastas": canastas < r.go_out_canastas, "no_canasta": canastas == 0,
                 "never": False}[r.red3_negative]
        if minus:
            red_pts = -red_pts if r.red3_minus == "bonus" else -n_red * r.red3_values[1]
        elif canastas < r.red3_count_canastas:
            red_pts = 0  # R 1.2, S3 K: with one canasta the threes count nothing
        red_pts += last_three
        b3_table = 0
        if r.black3_meld_scoring == "table":  # T9: the red-trey table, no face value
            b3_melded = sum(len(m.cards) for m in melds if m.type is MeldType.BLACK3)
            b3_table = r.red3_values[min(b3_melded, len(r.red3_values) - 1)]
            table = sum(value[f] for m in melds if m.type is not MeldType.BLACK3 for f in m.cards)
        else:
            table = sum(value[f] for m in melds for f in m.cards)
        if r.no_canasta_all_minus and canastas == 0:
            table = -table  # S3 K, N18: no canasta, everything is a minus
        hand = 0
        stuck = 0
        b3_penalty = r.black3_hand_penalty if (r.black3_hand_penalty_when == "always"
                                               or out_seat >= 0) else 0
        threes_mode = r.red3_mode == "threes"
        for s in seats:
            held_red = False
            for f, n in enumerate(state.hands[s]):
                if not n:
                    continue
                # R 1.2: in threes mode a three held in hand costs the penalty whatever its colour
                if (is_red_three(f) or (threes_mode and is_black_three(f))) and r.red3_hand_penalty:
                    held_red = True
                    if r.red3_hand_penalty_per == "card":
                        hand -= n * r.red3_hand_penalty
                elif is_black_three(f) and b3_penalty:
                    hand -= n * b3_penalty
                else:
                    hand -= n * value[f]
            if held_red and r.red3_hand_penalty_per == "player":
                hand -= r.red3_hand_penalty
            for rank in r.stuck_ranks:  # S3 G: more than two 7s or aces in a hand
                if sum(state.hands[s][(rank - 2) * 4: (rank - 1) * 4]) > r.stuck_limit:
                    stuck -= r.stuck_penalty
        going_out = 0
        was_concealed = False
        if side == out_side:
            was_concealed = concealed
            going_out = r.concealed_bonus if concealed else r.going_out_bonus
            b3 = sum(m.naturals for m in melds if m.type is MeldType.BLACK3)
            if r.black3_four_bonus and b3 >= 4:
                going_out += r.black3_four_bonus
        cut = r.perfect_cut_bonus if state.perfect_cut and state.side_of(cutter) == side else 0
        pen = -state.penalties[side]
        total = bonus + red_pts + going_out + table + hand + cut + pen + incomplete + stuck + b3_table
        sides.append(SideScore(nat, mixed, bonus, n_red, red_pts, going_out, was_concealed, table,
                               hand, cut, pen, total, seq, wild, 0, incomplete, stuck, b3_table))
    after = tuple(state.scores[i] + sides[i].total for i in range(r.sides))
    moral = -1
    if r.win_requires_going_out and out_seat < 0 and max(after) >= r.target_score:
        leaders = [i for i, v in enumerate(after) if v == max(after)]
        moral = leaders[0] if len(leaders) == 1 else -1
    return HandResult(state.hand_no, reason, out_seat, tuple(sides), after, moral)

def _special_canastas(r: RuleSet, melds: list[Meld], bonus: int) -> tuple[int, int]:
    """The canasta bonus with the R 1.2 values for natural canastas of some ranks (7s, aces) and
    wild canastas by their jokers, and the penalty for such melds left incomplete (S3 G, H, L)."""
    by_rank = dict(r.rank_canasta_bonus)
    short = dict(r.rank_incomplete_penalty)
    incomplete = 0
    for m in melds:
        done = m.is_canasta(r)
        if m.type is MeldType.GROUP and not m.wilds:
            if done and m.rank in by_rank:
                bonus += by_rank[m.rank] - r.natural_canasta
            elif not done and m.rank in short:
                incomplete -= short[m.rank]
        elif m.type is MeldType.WILD:
            if done and r.wild_canasta_by_jokers:
                bonus += r.wild_canasta_by_jokers[m.jokers] - r.wild_canasta
            elif not done and r.wild_incomplete_by_jokers:
                incomplete -= r.wild_incomplete_by_jokers[m.jokers]
    return bonus, incomplete
