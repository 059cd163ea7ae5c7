"""Issue 18: one predicate per rule. The wild-card limit of a meld is stated once
(``melds.wilds_allowed``, with the meld size in ``wild_problem``), which cards freeze the pile once
(``model.freezes_pile``), which cards are laid at once once (``RuleSet.laid_at_once``); the tables
and helpers derived from them agree with them in every preset and under the house rules that change
them."""

from __future__ import annotations

import dataclasses

import pytest

from canasta import rules
from canasta.cards import NUM_FACES
from canasta.melds import wild_problem, wild_room, wilds_allowed
from canasta.model import card_model, freezes_pile, frozen_by, rule_facts
from canasta.presets import PRESETS
from canasta.records import position
from canasta.rules import RuleSet

VARIANTS = [{}, {"wild_ratio": "lt"}, {"wild_ratio": "any"}, {"max_wilds": 1}, {"max_meld_size": 8},
            {"freeze_on_red3": False}, {"freeze_on_wild": False}]


def _rule_sets() -> list[RuleSet]:
    out: list[RuleSet] = []
    for name in PRESETS:
        for extra in VARIANTS:
            try:
                out.append(rules(name, **extra))
            except Exception:  # a combination the preset refuses
                continue
    return out


@pytest.mark.parametrize("rs", _rule_sets(), ids=lambda rs: f"{rs.name}")
def test_wild_limits_derive_from_one_rule(rs: RuleSet) -> None:
    model = card_model(rs)
    for n in range(0, 13):
        if n < len(model.wild_cap):
            assert model.wild_cap[n] == wilds_allowed(rs, n)
        for w in range(0, 13):
            fits = [k for k in range(0, 20) if wild_problem(rs, n, w + k) is None]
            # the room is the largest number of further wild cards that still fit (0 if none fit)
            expected = max(fits) if fits and fits[0] == 0 else 0
            assert wild_room(rs, n, w) == expected, (n, w)
            # and the limit, the meld's size aside, is wilds_allowed
            within_size = not rs.max_meld_size or n + w <= rs.max_meld_size
            if within_size:
                assert (wild_problem(rs, n, w) is None) == (w <= wilds_allowed(rs, n)), (n, w)


@pytest.mark.parametrize("rs", _rule_sets(), ids=lambda rs: f"{rs.name}")
def test_freezing_and_laid_cards_tables_match_their_rules(rs: RuleSet) -> None:
    model = card_model(rs)
    for f in range(NUM_FACES):
        assert model.freezes[f] == freezes_pile(rs, f)
        assert (f in model.laid_cards) == rs.laid_at_once(f) == rs.laid_faces[f]
        assert frozen_by(model, [8, f]) == freezes_pile(rs, f)


@pytest.mark.parametrize("rs", _rule_sets(), ids=lambda rs: f"{rs.name}")
def test_rule_facts_copy_the_rule_set(rs: RuleSet) -> None:
    """``GameState.rf`` (the options the compiled hot paths read) holds each option's value."""
    rf = rule_facts(rs)
    names = [f.name for f in dataclasses.fields(rf)]
    assert names
    for name in names:
        assert getattr(rf, name) == getattr(rs, name), name


# ---------------------------------------------------------------- issue 36: one predicate per rule
def test_S1_pickup_rule_is_one_predicate() -> None:
    """The cards that take the pile (``engine.take.pickup_ok``): a natural pair always; one natural
    and a wild card only where allowed and unfrozen (R 1.1, S2; not S1 "not with one natural and one
    wild"); no card at all only to lay the top card off on a meld of its rank, unfrozen (S2)."""
    from canasta.engine.take import pickup_ok, pickup_possible

    classic, bolivia = rule_facts(rules("classic")), rule_facts(rules("bolivia"))
    assert pickup_ok(classic, True, 2, 0, False) and pickup_ok(classic, True, 3, 2, True)
    assert pickup_ok(classic, False, 1, 1, False) and not pickup_ok(classic, True, 1, 1, False)
    assert not pickup_ok(bolivia, False, 1, 1, False)  # S1: not with one natural and one wild
    assert pickup_ok(classic, False, 0, 0, True) and not pickup_ok(classic, True, 0, 0, True)
    assert not pickup_ok(classic, False, 0, 0, False) and not pickup_ok(classic, False, 0, 1, True)
    assert not pickup_ok(rule_facts(rules("classic", pickup_hand_wilds=False)), True, 2, 1, False)
    # pickup_possible is pickup_ok at the counts it can tell apart
    for rf in (classic, bolivia):
        for frozen in (False, True):
            for onto in (False, True):
                for held in range(4):
                    for wilds in range(3):
                        some = any(pickup_ok(rf, frozen, c, w, onto) for c in range(held + 1)
                                   for w in range(wilds + 1))
                        assert pickup_possible(rf, frozen, held, wilds, onto) == some


def test_R11_house_rule_unfrozen_opening_shows_melds_before_a_natural_and_wild_take() -> None:
    """R 1.1: an unfrozen pile is taken with a natural and a wild card. With the house rule that the
    pile is not frozen for a side that has not melded, such a take may complete the opening: the
    melds shown before it follow the same rule of the take (``pre_draw_ok`` asks ``pickup_possible``),
    where they used to ask for a natural pair."""
    s = position({"rules": {"preset": "classic", "overrides": {"unopened_side_frozen": False}},
                  "dealer": 3, "turn": 0, "phase": "draw", "scores": [1500, 0],
                  "hands": ["KH JK QC QD QH 5C 6D", "4D 4H 6S", "8C 8D JH", "TC TD QS"],
                  "stock": "7C 8S 9S JC", "pile": "4C 9H KD", "melds": [[], []]})
    assert s.minimum[0] == 90 and not s.frozen_reason(0)
    legal = [str(a) for a in s.legal_actions()]
    assert "meld QC QD QH" in legal and "take KH JK" not in legal  # 10 + 10 + 50 = 70 < 90
    s.apply("meld QC QD QH")
    assert "take KH JK" in [str(a) for a in s.legal_actions()]  # 30 + 70 = 100
    s.apply("take KH JK")
    assert s.opened[0] and s.turn.took_pile


def test_S4_E7_house_rule_black_threes_with_two_wild_cards_are_listed() -> None:
    """S4 E7: two black threes and a joker go out; with a house rule allowing two wild cards
    (``black3_meld_wilds=2``) the meld of two threes and two jokers is both accepted and listed
    (the generator builds every count of wild cards ``melds.black_threes_meld`` allows)."""
    from canasta.melds import black_three_problem, black_threes_meld

    rs = rules("spanish", black3_meld_wilds=2)
    assert black_threes_meld(rs, 2, 2) and not black_threes_meld(rs, 3, 1)
    assert black_three_problem(rs, 3, 1) == ("black_three_wild_pair", {})
    assert black_three_problem(rules("american"), 3, 0) == ("black_three_never", {})
    s = position({"rules": {"preset": "spanish", "overrides": {"black3_meld_wilds": 2}},
                  "dealer": 3, "turn": 0, "phase": "play",
                  "hands": ["3C 3S JK JK 9C", "4D 4H 6S", "8C 8D JH", "TC TD QS"],
                  "stock": "7C 8S 9S JC", "pile": "4C 9H", "melds": [["KC KD KH KS KC KD KH"], []]})
    assert "meld 3C 3S JK JK" in [str(a) for a in s.legal_actions()]
    s.apply("meld 3C 3S JK JK")
    s.apply("discard 9C")
    assert s.results[-1].reason == "went_out"


def test_R12_opening_rule_is_one_predicate() -> None:
    """R 1.2 (American): the opening's points reach the minimum with a natural meld of three, or a
    natural canasta opens by itself; elsewhere the points alone (``model.opening_met``)."""
    from canasta.model import opening_met

    american, classic = rule_facts(rules("american")), rule_facts(rules("classic"))
    assert opening_met(classic, 50, 50, False, False) and not opening_met(classic, 50, 45, False, True)
    assert not opening_met(american, 125, 150, False, False) and opening_met(american, 125, 150, True, False)
    assert opening_met(american, 125, 0, False, True)
