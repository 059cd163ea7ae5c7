"""Hand scoring with a full breakdown per side, and what a score means for the next opening."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from .cards import is_black_three, is_red_three
from .melds import MeldType

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
    black_threes: int = 0    # black threes melded going out, scored by table (S0 [F](ii){b})

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


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


def score_hand(state: GameState, reason: str, out_seat: int, concealed: bool) -> HandResult:
    """Score the hand that has just ended in ``state``."""
    r = state.rules
    value = state.model.value
    out_side = state.side_of(out_seat) if out_seat >= 0 else -1
    cutter = (state.dealer - 1) % r.players if r.perfect_cut_to == "cutter" else state.dealer
    sides: list[SideScore] = []
    for side in range(r.sides):
        melds = state.melds[side]
        kinds = [m.kind(r) for m in melds]
        nat, mixed = kinds.count("natural"), kinds.count("mixed")
        seq, wild = kinds.count("sequence"), kinds.count("wild")
        bonus = (nat * r.natural_canasta + mixed * r.mixed_canasta + seq * r.sequence_canasta
                 + wild * r.wild_canasta)
        seats = state.seats_of(side)
        n_red = sum(len(state.red3[s]) for s in seats)
        red_pts = r.red3_values[min(n_red, len(r.red3_values) - 1)]
        made_meld = bool(melds) or state.opened[side]
        canastas = nat + mixed + seq + wild
        requirement = canastas >= r.go_out_canastas and (not r.go_out_sequence or seq >= 1)
        minus = {"no_meld": not made_meld, "no_requirement": not requirement,
                 "too_few_canastas": canastas < r.go_out_canastas, "no_canasta": canastas == 0,
                 "never": False}[r.red3_negative]
        if minus:
            red_pts = -red_pts if r.red3_minus == "bonus" else -n_red * r.red3_values[1]
        b3_table = 0
        if r.black3_meld_scoring == "table":  # T9: the red-trey table, no face value
            b3_melded = sum(len(m.cards) for m in melds if m.type is MeldType.BLACK3)
            b3_table = r.red3_values[min(b3_melded, len(r.red3_values) - 1)]
            table = sum(value[f] for m in melds if m.type is not MeldType.BLACK3 for f in m.cards)
        else:
            table = sum(value[f] for m in melds for f in m.cards)
        hand = 0
        b3_penalty = r.black3_hand_penalty if (r.black3_hand_penalty_when == "always"
                                               or out_seat >= 0) else 0
        for s in seats:
            held_red = False
            for f, n in enumerate(state.hands[s]):
                if not n:
                    continue
                if is_red_three(f) and r.red3_hand_penalty:
                    held_red = True
                    if r.red3_hand_penalty_per == "card":
                        hand -= n * r.red3_hand_penalty
                elif is_black_three(f) and b3_penalty:
                    hand -= n * b3_penalty
                else:
                    hand -= n * value[f]
            if held_red and r.red3_hand_penalty_per == "player":
                hand -= r.red3_hand_penalty
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
        total = bonus + red_pts + going_out + table + hand + cut + pen + b3_table
        sides.append(SideScore(nat, mixed, bonus, n_red, red_pts, going_out, was_concealed, table,
                               hand, cut, pen, total, seq, wild, b3_table))
    after = tuple(state.scores[i] + sides[i].total for i in range(r.sides))
    moral = -1
    if r.win_requires_going_out and out_seat < 0 and max(after) >= r.target_score:
        leaders = [i for i, v in enumerate(after) if v == max(after)]
        moral = leaders[0] if len(leaders) == 1 else -1
    return HandResult(state.hand_no, reason, out_seat, tuple(sides), after, moral)
