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
