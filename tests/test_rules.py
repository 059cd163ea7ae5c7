"""Rule sets: every preset validates and says where each value comes from; overrides are validated;
opening-minimum bands; options round-trip.

Sources: R 1.1 (classic reference game), S2 (classic-gvr-club.txt), S4 (spanish-classic.txt) and the
rulings (G*, E*, C*) in RULINGS.md.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest

from canasta import RuleError, RuleSet, rules
from canasta.presets import DEFAULT_PLAYERS, TITLES, preset_table, rules_from_options
from canasta.rules import OPTION_DOCS, OPTION_GROUPS, OPTION_NAMES
from helpers import ALL_PRESETS, ALL_TABLE_IDS, ALL_TABLES, PRESET_IDS

# (preset, players) for every table every preset allows, read from canasta.presets (a new preset is
# tested here without editing this file); ids avoid the preset names (other suites select on those words)
TABLES, TABLE_IDS = ALL_TABLES, ALL_TABLE_IDS


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_every_preset_validates(name: str, players: int) -> None:
    rs = rules(name, players=players)
    assert isinstance(rs, RuleSet) and rs.name == name and rs.players == players
    assert rs.replace() == rs                            # re-validating changes nothing
    assert rs.deck_size == rs.packs * (52 + rs.jokers_per_pack)  # whole packs, with their jokers
    assert rs.players * rs.hand_size + 1 <= rs.deck_size  # the deal and an upcard fit
    assert rs.sides * rs.team_size == rs.players


# The default table of each preset: (cards dealt, deck size), from its sheet. A new preset needs its row.
DEFAULT_TABLES = {
    "classic": (11, 108), "gvr-club": (11, 108), "spanish": (11, 108),  # R 1.1, S2, S4: 11 cards, 2 packs
    "samba": (15, 162), "bolivia": (15, 162),  # R 1.3, S1: 15 cards from 162 (3 x 52 + 6 jokers)
    "american": (13, 108), "nvso-tournament": (13, 108),  # R 1.2: 13 cards, 108; S3 C: 4 piles of 13
    "trey-canasta": (15, 162),  # S0 [A]: 4 players, 3 packs of 54 = 162, 15 cards each
}


@pytest.mark.parametrize("name", ALL_PRESETS, ids=PRESET_IDS)
def test_default_table_of_each_preset(name: str) -> None:
    """Every preset's default table is four players in two partnerships (R 1.1, S2: "Tables of four
    players; two teams ... Deal 11 cards", S4: "Being four the players ... eleven cards", R 1.3 and S1:
    "15 cards are dealt to each player", "Three decks and six Jokers ... 162 cards", R 1.2: 13 cards)."""
    assert name in DEFAULT_TABLES, f"add {name!r} to DEFAULT_TABLES, with the source of its values"
    cards, deck = DEFAULT_TABLES[name]
    rs = rules(name)
    assert (rs.players, rs.team_size, rs.sides, rs.hand_size, rs.deck_size) == (4, 2, 2, cards, deck)


@pytest.mark.parametrize("name", ALL_PRESETS, ids=PRESET_IDS)
def test_every_preset_has_default_players(name: str) -> None:
    """A preset's default table size (DEFAULT_PLAYERS) is one its table allows, and rules(name) uses it."""
    assert name in DEFAULT_PLAYERS, f"add {name!r} to canasta.presets.DEFAULT_PLAYERS"
    assert DEFAULT_PLAYERS[name] in preset_table(name)["player_counts"][0]
    assert rules(name).players == DEFAULT_PLAYERS[name]


@pytest.mark.parametrize("name", ALL_PRESETS, ids=PRESET_IDS)
def test_every_preset_has_a_title_players_know(name: str) -> None:
    """The pages' menus and a new table's name say a rule set as players call it ("American, NVSO
    tournament"), not by its code name; no two alike."""
    assert name in TITLES, f"add {name!r} to canasta.presets.TITLES"
    assert TITLES[name] != name and list(TITLES.values()).count(TITLES[name]) == 1


def test_S4_table_sizes() -> None:
    """S4 "CANASTA BETWEEN TWO OR THREE PLAYERS": two get 15 cards, three get 13 and play independently;
    four to six "play in couples" (five alone: the director's ruling in presets.py)."""
    seen = {p: (rules("spanish", players=p).hand_size, rules("spanish", players=p).team_size,
                rules("spanish", players=p).sides) for p in (2, 3, 4, 5, 6)}
    assert seen == {2: (15, 1, 2), 3: (13, 1, 3), 4: (11, 2, 2), 5: (11, 1, 5), 6: (11, 2, 3)}
    # without partners nobody can be made to ask one
    assert rules("spanish", players=3).ask_partner == "none"
    assert rules("spanish", players=4).ask_partner == "first_binding"  # S4: only the first answer binds


def test_S2_values_that_differ_from_the_reference_game() -> None:
    """S2: "drawing two new cards" (G5), "a team must have two Canastas", "You MUST ask your partner",
    "A perfect cut of 44 cards earns 100 points"."""
    club, ref = rules("gvr-club"), rules("classic")
    assert (club.stock_draw, ref.stock_draw) == (2, 1)
    assert (club.go_out_canastas, ref.go_out_canastas) == (2, 1)
    assert (club.ask_partner, ref.ask_partner) == ("mandatory", "optional")
    assert (club.perfect_cut_bonus, ref.perfect_cut_bonus) == (100, 0)
    assert club.first_turn_upcard == "single" and ref.first_turn_upcard == "none"


def test_S4_card_values_and_bonuses() -> None:
    """S4 "VALUES AND PRIZES": jokers 50, twos 20, aces 20, King to 8: 10; E4: 7-4 = 5, black 3 = 5;
    Canasta Limpia 500, Sucia 300, four red threes 800, finishing 100, Relance 200."""
    rs = rules("spanish")
    from canasta.cards import parse_card as c
    assert [rs.card_value(c(n)) for n in ("JK", "2C", "AS", "KH", "8D", "7C", "4S", "3C", "3S")] == [
        50, 20, 20, 10, 10, 5, 5, 5, 5]
    assert rs.card_value(c("3D")) == 0  # red threes score as bonuses, not in the count
    bonuses = (rs.natural_canasta, rs.mixed_canasta, rs.going_out_bonus, rs.concealed_bonus)
    assert bonuses == (500, 300, 100, 200)
    assert rs.red3_values[4] == 800 and rs.red3_values[1] == 100  # 100 each, all four 800
    assert rs.target_score == 5000                                  # "5.000 points or more"


@pytest.mark.parametrize(("score", "minimum"), [
    (-10**6, 15), (-1, 15),          # R 1.1 / E3: a negative score needs 15
    (0, 50), (1, 50), (1495, 50), (1499, 50),   # 0 to 1,495: 50
    (1500, 90), (2995, 90), (2999, 90),         # 1,500 to 2,995: 90
    (3000, 120), (4995, 120), (10**6, 120),     # 3,000 and more: 120
])
@pytest.mark.parametrize("name", ["classic", "gvr-club", "spanish"], ids=["p0", "p1", "p2"])
def test_R11_opening_minimum_bands(name: str, score: int, minimum: int) -> None:
    """R 1.1: "negative -> 15; 0-1,495 -> 50; 1,500-2,995 -> 90; 3,000+ -> 120" (S4 "PUNCTUATION"
    gives the same bands; G1 takes the classic table for S2)."""
    assert rules(name).opening_minimum(score) == minimum


def test_opening_minimum_with_a_house_table() -> None:
    rs = rules("classic", opening_minimums=[[0, 50], [2000, 100], [4000, 150]])
    # below the lowest band the first minimum applies
    assert [rs.opening_minimum(x) for x in (-5, 0, 1999, 2000, 3999, 4000)] == [50, 50, 50, 100, 100, 150]


def test_overrides_work_and_leave_the_rest() -> None:
    """House rules: rules("gvr-club", go_out_canastas=1) is the club game needing one canasta."""
    base = rules("gvr-club")
    one = rules("gvr-club", go_out_canastas=1)
    assert one.go_out_canastas == 1 and base.go_out_canastas == 2
    assert dataclasses.replace(one, go_out_canastas=2) == base
    two = rules("spanish", players=2, go_out_canastas=2)  # S4: "in some cases ... two Canastas"
    assert two.go_out_canastas == 2 and two.hand_size == 15
    assert rules("classic", target_score=3000, ask_partner="none").target_score == 3000
    # lists are accepted for tuple options (JSON has no tuples)
    assert rules("classic", red3_values=[0, 100, 200, 300, 1000]).red3_values == (0, 100, 200, 300, 1000)
    # replace() is validated too
    assert base.replace(target_score=3000).target_score == 3000
    with pytest.raises(RuleError, match="target_score"):
        base.replace(target_score=0)


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_options_round_trip(name: str, players: int) -> None:
    """options() is a plain JSON-ready dict that rebuilds the same rule set."""
    rs = rules(name, players=players, target_score=4000)
    opts = rs.options()
    assert set(opts) == set(OPTION_NAMES)
    text = json.dumps(opts)
    assert rules_from_options(json.loads(text)) == rs
    assert rules_from_options(opts) == rs


@pytest.mark.parametrize(("name", "players"), TABLES, ids=TABLE_IDS)
def test_every_option_has_a_source(name: str, players: int) -> None:
    """Each preset value is traced to its sheet section or ruling (presets.py), and the table sets every
    option of the rule set (the name aside)."""
    table = preset_table(name, players)
    assert set(table) == set(OPTION_NAMES) - {"name"}
    rs = rules(name, players=players)
    for option, (value, source) in table.items():
        assert isinstance(source, str) and len(source.strip()) >= 5, f"{name}: {option} has no source"
        got = getattr(rs, option)
        assert got == (tuple(value) if isinstance(value, list) else value), option


def test_every_option_is_documented() -> None:
    for name in OPTION_NAMES:
        assert OPTION_DOCS[name].strip(), name
        assert OPTION_GROUPS[name] in {"game", "deck", "upcard", "threes", "pile", "melds", "opening",
                                       "going out", "scoring"}, name


def test_derived_facts() -> None:
    rs = rules("spanish", players=6)
    assert rs.sides == 3 and [rs.side_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    assert rules("classic").deck_size == 108
    assert rules("classic", packs=3, red3_values=[0, 100, 200, 300, 400, 500, 1000]).deck_size == 162


@pytest.mark.parametrize("name", ALL_PRESETS, ids=PRESET_IDS)
def test_derived_facts_are_set_once_and_are_no_options(name: str) -> None:
    """The facts the compiled engine reads as attributes (sides, deck_size, laid_faces) follow the
    options, whichever way the rule set is made (preset, replace, pickled to a worker), and are not
    options themselves (not in OPTION_NAMES, the rules card or a record)."""
    import pickle

    rs = rules(name)
    assert rs.sides == rs.players // rs.team_size and rs.deck_size == rs.packs * (52 + rs.jokers_per_pack)
    # R 1.1: red threes are laid at once; R 1.2 (S3 C): every three; S1, S0: none (they are held)
    laid = {"lay": {5, 6}, "threes": {4, 5, 6, 7}}.get(rs.red3_mode, set())
    assert {f for f in range(53) if rs.laid_faces[f]} == laid
    assert all(rs.laid_at_once(f) == rs.laid_faces[f] for f in range(53))
    again = pickle.loads(pickle.dumps(rs))
    assert again == rs and (again.sides, again.deck_size, again.laid_faces) == (rs.sides, rs.deck_size,
                                                                                rs.laid_faces)
    for derived in ("sides", "deck_size", "laid_faces"):
        assert derived not in OPTION_NAMES and derived not in rs.options()
    other = rs.replace(red3_mode="threes", red3_wild=False)
    assert other.laid_faces[4] and other.laid_faces[7]


def test_games_of_one_option_set_share_one_rule_set() -> None:
    """A simulation or match worker builds a rule set once per option set, not once per game."""
    from canasta.presets import cached_rules_from_options

    opts = rules("samba").options()
    first = cached_rules_from_options(opts)
    assert first == rules("samba") and cached_rules_from_options(dict(opts)) is first
    with pytest.raises(RuleError, match="stock_draw"):
        cached_rules_from_options(opts | {"stock_draw": 0})


# ------------------------------------------------------------ RuleSet(...) made directly (issue 18)
@pytest.mark.parametrize(("kwargs", "words"), [
    ({"packs": 7}, "rule option 'packs' = 7: must be 1 to 4"),
    ({"target_score": "5000"}, "rule option 'target_score' must be a whole number, not '5000'"),
    ({"concealed": "no"}, "rule option 'concealed' must be true or false, not 'no'"),
    ({"red3_mode": "sometimes"}, "rule option 'red3_mode' cannot be 'sometimes'"),
    ({"sequences": ((4, 14), 7)}, "rule option 'sequences' must hold pairs of whole numbers, not 7"),
    ({"stock_draw": 0}, "rule option 'stock_draw' = 0: must be at least 1"),
])
def test_ruleset_made_directly_refuses_a_bad_value(kwargs: dict[str, Any], words: str) -> None:
    """``RuleSet(...)`` goes through the same checks as rules(), replace() and rules_from_options():
    a bad value is the library's RuleError naming the option and the problem."""
    with pytest.raises(RuleError, match=re.escape(words)):
        RuleSet(**kwargs)
    with pytest.raises(RuleError, match=re.escape(words)):
        dataclasses.replace(RuleSet(), **kwargs)


def test_ruleset_made_directly_maps_the_old_value_names_and_lists() -> None:
    """An old option value name (RENAMED_VALUES) is mapped to its new name, and lists become tuples,
    as on every other path: the rule set equals the one rules() and replace() make."""
    old = RuleSet(red3_mode="trey", stock_end="bolivia", red3_values=[0, 100, 200, 300, 800],  # type: ignore[arg-type]
                  opening_minimums=[[-(10**9), 15], [0, 50], [1500, 90], [3000, 120]])  # type: ignore[arg-type]
    assert (old.red3_mode, old.stock_end) == ("disclose", "end_on_draw")
    assert old.red3_values == (0, 100, 200, 300, 800) and isinstance(old.opening_minimums[0], tuple)
    assert old == RuleSet().replace(red3_mode="trey", stock_end="bolivia") == RuleSet(
        red3_mode="disclose", stock_end="end_on_draw")
    assert RuleSet(first_turn_upcard="trey").first_turn_upcard == "plus_stock_card"  # type: ignore[arg-type]
    assert hash(old) == hash(RuleSet(red3_mode="disclose", stock_end="end_on_draw"))


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"merge_groups": True}, "merging needs several melds of a rank"),
    ({"red3_wild": True}, "red3_mode optional or disclose"),
    ({"go_out_sequence": True}, "the rules have no sequences"),
    ({"turn_card_under": 5}, "the turn card only limits the talon"),
    ({"first_turn_upcard": "plus_stock_card", "upcard": "none"}, "needs an upcard"),
])
def test_ruleset_made_directly_refuses_a_conflicting_combination(kwargs: dict[str, Any], words: str) -> None:
    """A combination rules() refuses is refused made directly too, by the same check."""
    with pytest.raises(RuleError, match=re.escape(words)):
        RuleSet(**kwargs)
    with pytest.raises(RuleError, match=re.escape(words)):
        rules("classic", **kwargs)


def test_ruleset_made_directly_refuses_a_name_that_is_no_option() -> None:
    """Not Python's TypeError: the library's RuleError, with the closest option, as rules() says it."""
    words = "unknown rule option 'stock_drew' (did you mean 'stock_draw'?)"
    with pytest.raises(RuleError, match=re.escape(words)):
        RuleSet(stock_drew=1)  # type: ignore[call-arg]
    with pytest.raises(RuleError, match="unknown rule option 'sides'"):  # a derived fact, no option
        RuleSet(sides=3)  # type: ignore[call-arg]
    with pytest.raises(RuleError, match="rule options are given by name"):
        RuleSet("classic")
