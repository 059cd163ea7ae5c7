"""``canasta.goingout.can_go_out``: may a player told "yes" be held to going out?

S1 "Going out": "If you are able to go out, you may if you wish first ask your partner for permission
... Partner says yes or no and you must abide by the answer." A binding yes obliges a player who can
go out to do so: the turn-ending discard is refused (``must_go_out``); a player who cannot is let off.
So the engine needs an exact answer to "can this player go out this turn?", in every rule set: the
tests below check it by hand on built positions, and against a brute-force search over the engine's
own legal actions (``goout_reference.reference``) on a sample of positions near going out.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from canasta import GameState, rules
from canasta.errors import RecordError
from canasta.goingout import can_go_out
from canasta.goingout_search import can_go_out_general
from canasta.presets import DEFAULT_PLAYERS, PRESETS, preset_table
from canasta.records import position
from goout_reference import played_positions, reference, synthetic_position
from helpers import check_refused, position_for

YES = {"asked": True, "answer": "yes", "answer_binds": True}
ESCALERA = "5H 6H 7H 8H 9H TH JH"  # a sequence canasta (S1: "escalera", R 1.3: "samba")


def told_yes(preset: str, hand: str, melds: list[str], **kw: Any) -> GameState:
    """Seat 0 in the play phase, its partner has said a binding yes; side 0 has ``melds``."""
    return position_for(preset, [hand, "4C 4D", "QH", "AH"], melds=[melds, []],
                        turn_state={**YES, **kw.pop("turn_state", {})}, **kw)


# ------------------------------------------------------------------------ the binding yes (S1)
def test_S1_yes_binds_player_who_can_go_out_discard_refused() -> None:
    """S1 "Going out": "Partner says yes or no and you must abide by the answer." The side has an
    escalera and six kings; holding KH 9C the player can add KH (kings 6 + 1 = 7, a second canasta,
    one of them a sequence canasta) and go out discarding 9C, so discarding 9C now (keeping KH) is
    refused and nothing changes; going out is then accepted."""
    s = told_yes("bolivia", "KH 9C", [ESCALERA, "KC KD KH KS KC KD"])
    assert can_go_out(s)
    check_refused(s, "discard 9C", "must_go_out", "go out")
    check_refused(s, "discard KH", "must_go_out", "go out")
    assert all(a.op.name != "DISCARD" for a in s.legal_actions())
    s.apply("add @1 KH")
    s.apply("discard 9C")
    assert s.results[-1].reason == "went_out" and s.results[-1].out_seat == 0


def test_S1_yes_lets_off_a_player_who_cannot_go_out() -> None:
    """S1 "Going out": the yes binds only a player able to go out. Same table, but QH fits nothing
    (the escalera is closed at seven, no queen meld) and 9C neither: two cards, one discard, so the
    player cannot go out and discards normally (Bolivia has no failed-go-out penalty: 0)."""
    s = told_yes("bolivia", "QH 9C", [ESCALERA, "KC KD KH KS KC KD"])
    assert not can_go_out(s)
    s.apply("discard 9C")
    assert s.current == 1 and not s.results and s.penalties == [0, 0]


def test_S1_B12_yes_binds_going_out_by_melding_every_card() -> None:
    """B12 (going out by melding everything is allowed) with S1's binding yes: the escalera is
    6S..TS (5 cards) and there is a queen canasta; 5S and JS extend it at both ends to seven cards,
    the hand is empty: out without a discard. So discarding either card is refused."""
    s = told_yes("bolivia", "5S JS", ["6S 7S 8S 9S TS", "QC QD QH QS QC QD QH"])
    assert can_go_out(s)
    check_refused(s, "discard 5S", "must_go_out", "go out")
    s.apply("add @0 5S")
    s.apply("add @0 JS")
    assert s.results[-1].reason == "went_out"


def test_S1_sequence_that_does_not_connect_cannot_go_out() -> None:
    """S1 sequences are "in a row": 4S does not touch 6S..TS (the five is missing), JS makes six
    cards only (6 < 7, no escalera), and 4S/4D cannot make a meld of three alone: not out."""
    s = told_yes("bolivia", "4S JS 4D", ["6S 7S 8S 9S TS", "QC QD QH QS QC QD QH"])
    assert not can_go_out(s)
    s.apply("discard 4D")
    assert s.current == 1


def test_S1_wild_meld_completes_a_bolivia_to_go_out() -> None:
    """S1: "Wild cards may be melded as a set of their own"; seven are a bolivia (a canasta). Six
    wild cards + 2C = 7: with the escalera that is two canastas, and 7H is discarded."""
    s = told_yes("bolivia", "2C 7H", ["JK JK 2C 2D 2H 2S", "8D 9D TD JD QD KD AD"])
    assert can_go_out(s)
    check_refused(s, "discard 2C", "must_go_out", "go out")


def test_S1_no_wild_card_onto_a_closed_bolivia() -> None:
    """S1: "a wild card may not be added to an existing canasta" (and a bolivia is closed): of 2C 2D 7H
    one wild completes the bolivia, the other has no place (no group, a new wild meld needs three
    cards), and only one card can be discarded: not out."""
    s = told_yes("bolivia", "2C 2D 7H", ["JK JK 2C 2D 2H 2S", "8D 9D TD JD QD KD AD"])
    assert not can_go_out(s)


def test_S1_red_three_melded_singly_on_the_way_out() -> None:
    """S1: "you may meld a red three as a single card": with 3D 2C 7H the player melds the red three,
    completes the bolivia with 2C and discards 7H."""
    s = told_yes("bolivia", "3D 2C 7H", ["JK JK 2C 2D 2H 2S", "8D 9D TD JD QD KD AD"])
    assert can_go_out(s)
    check_refused(s, "discard 3D", "must_go_out", "go out")


def test_S1_B11_black_threes_melded_last_when_going_out() -> None:
    """B11: three or more black threes, with no wild cards, melded when going out: 3C 3S 3C + 7H
    goes out (threes melded, 7H discarded); two black threes cannot be melded (2 < 3)."""
    melds = [ESCALERA, "KC KD KH KS KC KD KH"]
    assert can_go_out(told_yes("bolivia", "3C 3S 3C 7H", melds))
    s = told_yes("bolivia", "3C 3S 7H", melds)
    assert not can_go_out(s)
    s.apply("discard 7H")
    assert s.current == 1


def test_S1_two_canastas_one_a_sequence_needed() -> None:
    """S1: "at least 2 Canastas, one of which must be a Sequence Canasta": KH completes a second
    group canasta, but with no escalera the side may not go out, so the yes binds nothing."""
    s = told_yes("bolivia", "KH 9C", ["QC QD QH QS QC QD QH", "KC KD KH KS KC KD"])
    assert not can_go_out(s)
    s.apply("discard 9C")
    assert s.current == 1


def test_R13_samba_merge_completes_the_second_canasta() -> None:
    """R 1.3 (Samba): several melds of a rank "may be combined"; two canastas of any kind go out.
    Kings 4 + 4 = 8 cards merged are a canasta; with the samba that is two: the hand 9C 9D 9S 5C
    merges the kings, melds the nines and discards 5C. (Merging first matters: melding down to one
    card is allowed only when the player could then go out.)"""
    melds = [ESCALERA, "KC KD KH KS", "KC KD KH 2C"]
    s = told_yes("samba", "9C 9D 9S 5C", melds)
    assert can_go_out(s)
    check_refused(s, "discard 5C", "must_go_out", "go out")
    s.apply("merge @1 @2")
    s.apply("meld 9C 9D 9S")
    s.apply("discard 5C")
    assert s.results[-1].reason == "went_out"
    # without merging (a house rule: merge_groups off) the kings stay two melds of four
    s = position({"rules": {"preset": "samba", "overrides": {"merge_groups": False}}, "dealer": 3,
                  "turn": 0, "phase": "play", "hands": ["9C 9D 9S 5C", "4C 4D", "QH", "AH"],
                  "melds": [melds, []], "pile": "TC", "stock": "4C 4D 6C 6D", "turn_state": YES})
    assert not can_go_out(s)


def test_R13_merge_may_follow_the_last_card_play_without_the_pass() -> None:
    """R 1.3 (merging: melds of a rank "may be combined", no wild onto a canasta, two canastas to
    go out; no pass) and the rule that a player may meld down to one card only when he can still go
    out with it. Kings 4 + 4 and a samba; hand 2C 5D: the wild must join a king meld before the
    merge (after it the 4 + 4 = 8 kings are a canasta, closed to wild cards); adding it leaves one
    card (5D) and one canasta, but the merge that follows makes 4 + 1 + 4 = 9 kings, the second
    canasta, and 5D is discarded: out. Likewise 2C 3S (the lone black three is the discard), 2C 3S
    3C 3C (2C, merge, the three black threes melded last: B11), 2C KD 5D (2C, merge, KD onto the
    king canasta, discard 5D), and in Bolivia 2C 5D (S1's pass lets the hand hold one card
    anyway)."""
    melds = [ESCALERA, "KC KD KH KS", "KC KD KH KS"]
    assert can_go_out(told_yes("samba", "2C 5D", melds))
    assert can_go_out(told_yes("samba", "2C 3S", melds))
    assert can_go_out(told_yes("samba", "2C 3S 3C 3C", melds))
    assert can_go_out(told_yes("bolivia", "2C 5D", melds))
    s = told_yes("samba", "2C KD 5D", melds)
    assert can_go_out(s)
    check_refused(s, "discard 5D", "must_go_out", "go out")
    for a in ("add @1 2C", "merge @1 @2", "add @1 KD", "discard 5D"):
        s.apply(a)
    assert s.results[-1].reason == "went_out"
    # no merge can make the second canasta: kings 3 + 3 = 6 < 7, so melding QC QD QH down to 5D
    # (escalera alone: 1 < 2 canastas) is still refused, and the player is not held to going out
    s = told_yes("samba", "QC QD QH 5D", [ESCALERA, "KC KD KH", "KC KD KS"])
    assert not can_go_out(s)
    check_refused(s, "meld QC QD QH", "keep_cards_canastas", "one card")


def test_R13_down_to_one_card_then_merge_the_second_canasta_and_go_out() -> None:
    """R 1.3: several melds of a rank "may be combined"; two canastas to go out; no pass (the
    engine refuses a play leaving one card unless the player can still go out). The fixed case:
    kings 4 + 4 and a samba, hand 2C 5D, told yes. Adding 2C leaves 5D with one canasta (the samba),
    but merging then makes 4 + 1 + 4 = 9 kings, a mixed canasta (1 wild): two canastas, so the add
    is listed and accepted, the merge too, and discarding 5D goes out. Score of the side (R 1.3:
    samba 1,500, mixed canasta 300, going out 200; cards: samba 5H 6H 7H = 3 x 5 and 8H..JH =
    4 x 10, so 55; kings 8 x 10 + 2C 20 = 100; partner seat 2 holds QH, -10):
    1,500 + 300 + 200 + 55 + 100 - 10 = 2,145."""
    s = told_yes("samba", "2C 5D", [ESCALERA, "KC KD KH KS", "KC KD KH KS"])
    listed = [str(a) for a in s.legal_actions()]
    assert "add @1 2C" in listed and "add @2 2C" in listed
    assert not any(a.startswith("discard") for a in listed)  # held to the yes: must go out
    s.apply("add @1 2C")
    assert s.hn[0] == 1 and s.canastas(0) == 1
    assert [str(a) for a in s.legal_actions()] == ["merge @1 @2"]  # 5D cannot go out yet
    s.apply("merge @1 @2")
    assert s.canastas(0) == 2 and len(s.melds[0][1].cards) == 9
    s.apply("discard 5D")
    res = s.results[-1]
    assert res.reason == "went_out" and res.out_seat == 0
    side = res.sides[0]
    assert side.canasta_bonus == 1500 + 300 and side.going_out == 200
    assert side.table == 55 + 100 and side.hand == -10
    assert side.total == 1500 + 300 + 200 + 55 + 100 - 10 == 2145


def test_R13_a_merge_leaving_one_card_stranded_is_refused() -> None:
    """R 1.3: two canastas to go out, no pass; a play may leave one card only if the player can
    still go out with it, and a merge with one card held likewise. In Samba itself two canastas of
    a rank never merge (12 kings in three packs, and no wild onto a canasta), so the house option
    wild_to_canasta is on: kings 6 + 2C and 6 + 2D, hand 5D. Discarding 5D goes out (2 canastas);
    merging first would make one canasta of 12 + 2 = 14 kings (1 < 2) and leave 5D stranded (no
    discard, no pass, nothing to meld it on), so that merge is refused and nothing changes."""
    rs = {"preset": "samba", "overrides": {"wild_to_canasta": True}}
    s = position_for(rs, ["5D", "4C 4D", "QH", "AH"],  # type: ignore[arg-type]
                     melds=[["KC KD KH KS KC KD 2C", "KH KS KC KD KH KS 2D"], []], turn_state=YES)
    check_refused(s, "merge @0 @1", "merge_keep_card", "last card")
    assert [str(a) for a in s.legal_actions()] == ["discard 5D"]
    s.apply("discard 5D")
    assert s.results[-1].reason == "went_out"
    # with two cards held the same merge is free (a discard still ends the turn)
    s = position_for(rs, ["5D 6D", "4C 4D", "QH", "AH"],  # type: ignore[arg-type]
                     melds=[["KC KD KH KS KC KD 2C", "KH KS KC KD KH KS 2D"], []])
    s.apply("merge @0 @1")
    assert s.canastas(0) == 1 and len(s.melds[0][0].cards) == 14


def test_R13_samba_two_wilds_in_a_new_group_and_none_onto_a_canasta() -> None:
    """R 1.3: at most two wild cards per meld, "two naturals and two wilds is a legal meld" (T3), no
    wild card added to a canasta. With a samba and a mixed king canasta, 9C 9D 2C 2D is a legal
    meld of four (2 naturals + 2 wilds) and 5C is discarded: out. With 9C 9D 2C 2D JK the third wild
    has no place (max two per meld, none onto the closed canastas): not out."""
    melds = [ESCALERA, "KC KD KH KS KC KD 2H"]
    assert can_go_out(told_yes("samba", "9C 9D 2C 2D 5C", melds))
    assert not can_go_out(told_yes("samba", "9C 9D 2C 2D JK 5C", melds))


def test_R13_samba_from_hand_completes_the_second_canasta() -> None:
    """R 1.3: a sequence is "3+ of one suit" in a row, complete (a samba) at seven. With a king
    canasta on the table, 4H..TH (seven hearts) melded from hand is a samba, 7C 7D 7S a group, JC
    the discard: samba + kings = 2 canastas, out. With 4H..9H (six hearts) the run is no canasta:
    kings alone = 1 < 2, not out."""
    s = told_yes("samba", "4H 5H 6H 7H 8H 9H TH 7C 7D 7S JC", ["KC KD KH KS KC KD KH"])
    assert can_go_out(s)
    s = told_yes("samba", "4H 5H 6H 7H 8H 9H 7C 7D 7S JC", ["KC KD KH KS KC KD KH"])
    assert not can_go_out(s)


def test_must_go_out_refusal_leaves_state_unchanged_samba() -> None:
    """S1/R 1.3 binding yes in Samba: the refused discard changes nothing (checked by check_refused)
    and the plan then goes out (kings 6 + 1 = 7, two canastas)."""
    s = told_yes("samba", "KH 9C", [ESCALERA, "KC KD KH KS KC KD"])
    check_refused(s, "discard 9C", "must_go_out", "go out")
    s.apply("add @1 KH")
    s.apply("discard 9C")
    assert s.results[-1].reason == "went_out"


# -------------------------------------------------------------- the solver against brute force
# every preset (new ones join by themselves), at its fewest, usual and most players
CASES = sorted({(name, n) for name in PRESETS for n in (
    min(preset_table(name)["player_counts"][0]), DEFAULT_PLAYERS[name],
    max(preset_table(name)["player_counts"][0]))})


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_solver_agrees_with_brute_force_near_going_out(preset: str, players: int) -> None:
    """On positions built near going out (canastas on the table, a few cards in hand that mostly
    fit), ``can_go_out`` answers exactly what an exhaustive search over the legal actions finds.
    The sample must hold both answers, or the comparison proves little."""
    rs = rules(preset, players=players)
    rng = random.Random(f"goout/{preset}/{players}")
    answers = []
    for _ in range(60):
        s = synthetic_position(rs, rng)
        want = reference(s)
        assert can_go_out(s) == want, (preset, [str(m) for m in s.melds[0]], s.hand_cards(0))
        if rs.go_out_canastas and not rs.sequences:
            assert can_go_out_general(s) == want  # the general search agrees with the two-pack count
        answers.append(want)
    assert 0 < sum(answers) < len(answers)


@pytest.mark.parametrize("preset", [name for name in PRESETS if rules(name).sequences])
def test_solver_agrees_with_brute_force_in_played_games(preset: str) -> None:
    """Positions from games of heuristic bots (hands of at most eight cards) agree too."""
    rs = rules(preset)
    states = played_positions(rs, seed=1, hands=1)[:40]
    assert states
    for s in states:
        assert can_go_out(s) == reference(s)


def test_large_hand_after_taking_the_pile() -> None:
    """A large hand (40 cards, as after taking a big pile), checked by hand: a lone AS (no ace meld,
    one ace cannot start a meld, no spade sequence reaches the ace) and a lone 3S (one black three
    cannot be melded) can only be discarded, and there is one discard: not out. Without 3S (39
    cards): fours to nines are groups of four, tens to queens groups of three, KC KD KH go onto the
    king canasta, 2C 2D into any group (3 naturals + 2 wilds), AS is discarded: out, with the
    escalera and the kings as the two canastas."""
    hand = ("2C 2D 4C 4D 4H 5C 5D 5S 6C 6D 6H 7C 7D 7H 8C 8D 8H 9C 9D 9H TC TD TH JC JD JH "
            "QC QD QH KC KD KH 4S 5H 6S 7S 8S 9S AS 3S")
    s = told_yes("bolivia", hand, [ESCALERA, "KC KD KH KS KC KD KH"])
    assert s.hn[0] == 40
    assert not can_go_out(s)
    s = told_yes("bolivia", hand.replace(" 3S", ""), [ESCALERA, "KC KD KH KS KC KD KH"])
    assert s.hn[0] == 39 and can_go_out(s)


def test_S1_six_players_partner_two_seats_away_yes_binds() -> None:
    """S1: with 6 players "you play with a partner" (partners separated by two players: seat 0's
    partner is seat 3). After seat 3's yes, seat 0 holding KH 9C with an escalera and six kings can
    go out (kings 6 + 1 = 7): the discard of 9C is refused; with QH 9C it is allowed."""
    def six(hand: str) -> GameState:
        return position({"rules": {"preset": "bolivia", "overrides": {"players": 6}}, "dealer": 5,
                         "turn": 0, "phase": "play", "hands": [hand, "4C", "4D", "QS", "AH", "AD"],
                         "melds": [[ESCALERA, "KC KD KH KS KC KD"], [], []], "pile": "TC",
                         "stock": "4C 4D 6C 6D", "turn_state": YES})
    s = six("KH 9C")
    assert s.partner(0) == 3 and can_go_out(s)
    check_refused(s, "discard 9C", "must_go_out", "go out")
    s = six("QH 9C")
    assert not can_go_out(s)
    s.apply("discard 9C")
    assert s.current == 1


def test_failed_go_out_penalty_for_a_player_let_off() -> None:
    """The let-off player takes the rule set's failed_go_out_penalty (R 1.1 Hoyle: 100; Bolivia has
    none, so here as a house rule on Bolivia): QH 9C cannot go out, the discard is allowed and the
    side is charged 100."""
    s = position({"rules": {"preset": "bolivia", "overrides": {"failed_go_out_penalty": 100}},
                  "dealer": 3, "turn": 0, "phase": "play", "hands": ["QH 9C", "4C 4D", "QH", "AH"],
                  "melds": [[ESCALERA, "KC KD KH KS KC KD"], []], "pile": "TC", "stock": "4C 4D 6C 6D",
                  "turn_state": YES})
    assert not can_go_out(s)
    s.apply("discard 9C")
    assert s.penalties == [100, 0]


@pytest.mark.parametrize("preset", ["american", "nvso-tournament"])
def test_R12_S3F_special_hand_is_a_way_out(preset: str) -> None:
    """R 1.2 / S3 F: seven pairs (14 cards after the draw, no meld by the side) is a special hand
    that ends the hand for its award. A player told yes who holds one can go out (declare pairs),
    so the binding yes holds him: the discard is refused. With JC QD instead of JC JD there are
    six pairs and two odd cards: no special hand, no meld on an unopened side reaches two
    canastas, so he is let off."""
    def hand(cards: str) -> GameState:
        return position_for(preset, [cards, "4H 4S", "QH", "AH"], melds=[[], []], turn_state=YES,
                            stock="KC KD KH KS 8H 8S")
    s = hand("4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD JC JD")
    assert can_go_out(s) and reference(s)
    check_refused(s, "discard 4C", "must_go_out", "go out")
    s = hand("4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD JC QD")
    assert not can_go_out(s) and not reference(s)


def test_R12_opening_natural_meld_may_take_wilds_after_it_opens() -> None:
    """R 1.2: the opening must include a natural meld of three or more; the side opens as soon as
    its points and such a meld are down, so a wild card may then join that meld in the same turn.
    Unopened American side (minimum 125 at 0 points) holding the two canastas' worth: aces
    AC AD AH AS AC AD (6 x 20 = 120) + JK (50) and sixes 6C 6D 6H 6S 6C 6D 6H (7 x 5 = 35), 9C to
    discard. Aces 6 + 6s 7 = 155 points >= 125 with the aces natural: open; JK then joins the aces
    (seven, a canasta), sixes a natural canasta: two canastas, out. Checked by brute force too."""
    s = position_for("american", ["AC AD AH AS AC AD JK 6C 6D 6H 6S 6C 6D 6H 9C", "4H 4S", "QH",
                                  "KH"], melds=[[], []], turn_state=YES, stock="KC KD KH KS 8H 8S")
    assert can_go_out(s) and reference(s)


def _random_play_positions(rs: Any, seed: int, count: int) -> list[GameState]:
    """Play-phase positions of every hand size from uniformly random games."""
    out: list[GameState] = []
    s = GameState.new(rs, seed=seed)
    rng = random.Random(seed)
    while len(out) < count and not s.is_over and len(s.results) < 6:
        if s.phase.value == 1 and rng.random() < 0.3:
            out.append(s.clone())
        s.apply_unchecked(rng.choice(s.legal_actions()))
    return out


# (gvr-club left out: none of these positions of its can go out, so the sample would hold one answer)
def _quick_and_full(states: list[GameState]) -> list[tuple[bool, bool]]:
    """(quick paths' answer, full sweep's answer) of each state."""
    return [(can_go_out_general(s), can_go_out_general(s, quick=False)) for s in states]


@pytest.mark.parametrize("preset", [name for name in sorted(PRESETS) if name != "gvr-club"])
def test_sweep_quick_path_agrees_with_the_full_sweep(preset: str) -> None:
    """The sweep's quick path (ranks that cannot change its values are skipped) answers exactly
    what stepping through every rank answers, on positions near going out, from bots' games and
    from random play (hands of every size). The sample must hold both answers."""
    rs = rules(preset)
    rng = random.Random(f"quick/{preset}")
    states = []
    for _ in range(60):
        with contextlib.suppress(RecordError):  # (a rare draw asks for more copies than the deck has)
            states.append(synthetic_position(rs, rng))
    states += played_positions(rs, seed=1, hands=1)[:40]
    for seed in range(3):
        states += _random_play_positions(rs, seed, 80)
    answers = _quick_and_full(states)
    assert all(quick == full for quick, full in answers), preset
    assert 0 < sum(full for _, full in answers) < len(answers)  # both answers in the sample


@pytest.mark.parametrize("preset", [name for name in sorted(PRESETS) if rules(name).sequences])
def test_sweep_group_step_agrees_with_the_full_sweep(preset: str) -> None:
    """The sweep's second quick path (a rank where no run is open and none can start: the groups'
    step alone, without combining the suits' options) answers what the full sweep answers, on
    hands rich in runs: synthetic positions of up to 14 cards and positions of random play."""
    rs = rules(preset)
    rng = random.Random(f"group-step/{preset}")
    states = []
    for _ in range(200):
        with contextlib.suppress(RecordError):
            states.append(synthetic_position(rs, rng, max_hand=14))
    for seed in range(3, 9):
        states += _random_play_positions(rs, seed, 60)
    answers = _quick_and_full(states)
    assert all(quick == full for quick, full in answers), preset
    assert 0 < sum(full for _, full in answers) < len(answers)  # both answers in the sample
