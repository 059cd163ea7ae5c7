"""Named presets: tables of rule options, each value traced to its sheet section or ruling.

Sources: S2 = ``classic-gvr-club.txt``, S4 = ``spanish-classic.txt``; "R 1.1" etc. are sections of
``RULINGS.md`` and G1, E3, C2 ... its numbered rulings. An option a sheet is silent on comes from the
reference game named in the rulings, and says so.
"""

from __future__ import annotations

import difflib
import json
import reprlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from .error_words import rule_error
from .rules import OPTION_NAMES, RuleSet, check_option_names, check_option_values, make_ruleset

Table = dict[str, tuple[Any, str]]

_CLASSIC_MINIMUMS = ((-(10**9), 15), (0, 50), (1500, 90), (3000, 120))


def _classic(players: int) -> Table:
    return {
        "packs": (2, "R 1.1: 108 cards, 2 packs"),
        "jokers_per_pack": (2, "R 1.1: 2 x 52 + 4 jokers"),
        "players": (4, "R 1.1: 4 players in partnerships"),
        "player_counts": ((4,), "R 1.1: 4 players"),
        "team_size": (2, "R 1.1: partnerships"),
        "hand_size": (11, "R 1.1: 11 cards each"),
        "stock_draw": (1, "R 1.1 / R 2.6: draw 1"),
        "perfect_cut_bonus": (0, "R 1.1: no perfect-cut bonus"),
        "perfect_cut_to": ("cutter", "unused (no bonus)"),
        "upcard": ("cover", "R 1.1: the stock's top card is turned up"),
        "upcard_cover": (("wild", "red3"), "R 2.6: cover a wild or red-three upcard"),
        "first_turn_upcard": ("none", "R 1.1: no special first turn"),
        "upcard_recover": ((), "R 1.1: covered until a natural card shows (upcard_cover)"),
        "red3_mode": ("lay", "R 1.1: red threes laid face up and replaced"),
        "red3_replace": ("deal", "R 1.1 (Bicycle): replaced when dealt"),
        "red3_wild": (False, "R 1.1: red threes are never wild"),
        "black3_stop": (True, "R 1.1, R1: a black three blocks the pile for one turn"),
        "black3_meld": ("going_out", "R 1.1: black threes melded only when going out"),
        "black3_meld_min": (3, "R 1.1: with three or four he melds them"),
        "black3_meld_wilds": (0, "R 1.1: no wild cards with black threes"),
        "black3_out_no_discard": (False, "R 1.1: unused (going out needs no discard)"),
        "pile_always_frozen": (False, "R 1.1: frozen only by a wild, a red three or no meld"),
        "freeze_on_wild": (True, "R 1.1: a wild card freezes the pile"),
        "freeze_on_red3": (True, "R 1.1: a red three (as upcard) freezes the pile"),
        "unopened_side_frozen": (True, "R 1.1: frozen against a side that has not melded"),
        "pickup_natural_wild": (True, "R 1.1: unfrozen, a natural + wild takes it"),
        "pickup_layoff": (True, "R 1.1: unfrozen, adding the top card to an own meld takes it"),
        "pickup_hand_wilds": (True, "R 1.1: the pair may come with wild cards"),
        "pickup_layoff_canasta": (True, "R E15: canastas may be extended, so also onto a canasta"),
        "one_card_rule": ("one_card_pile", "R 1.1: a player with one card cannot take a one-card "
                          "pile"),
        "pile_top_counts": (True, "R 1.1 (S4 explicit): the top card counts to the minimum"),
        "pickup_extends_sequence": (False, "R 1.1: no sequences"),
        "laydown_facility": (False, "R 1.1: no top-card facility"),
        "seq_pickup_when_frozen": (False, "R 1.1: no sequences"),
        "seq_pickup_takes_pile": (True, "R 1.1: no sequences"),
        "min_naturals": (2, "R 1.1: at least 2 naturals"),
        "max_wilds": (3, "R 1.1: at most 3 wilds"),
        "wild_ratio": ("le", "R 1.1: never more wilds than naturals"),
        "wild_melds": (False, "R 1.1: no wild-card melds"),
        "canasta_size": (7, "R 1.1: seven cards"),
        "max_meld_size": (0, "R 1.1: melds grow beyond seven"),
        "add_to_canasta": (True, "R E15: completed canastas may be extended"),
        "wild_to_canasta": (True, "R E15: wilds too, within the limit of 3"),
        "one_meld_per_rank": (True, "R C3: one meld per rank per side"),
        "canasta_cards_hidden": (False, "R 1.1: canastas stay face up (a red or black card on top)"),
        "merge_groups": (False, "R C3: one meld per rank, nothing to merge"),
        "sequences": ((), "R 1.1: no sequences"),
        "opening_minimums": (_CLASSIC_MINIMUMS, "R 1.1: negative 15, 0 50, 1,500 90, 3,000 120"),
        "opening_schedule": ("score", "R 1.1: by the side's score"),
        "threes_count_to_opening": (True, "R 1.1: black threes melded going out count 5"),
        "sequence_canasta_opens": (False, "R 1.1: no sequences"),
        "go_out_canastas": (1, "R 1.1: one canasta to go out"),
        "go_out_sequence": (False, "R 1.1: no sequences"),
        "go_out_discard": ("optional", "R 1.1: the last card may be melded or discarded"),
        "ask_partner": ("optional", "R 1.1: asking optional, the answer binds"),
        "ask_after_pickup": (False, "R 1.1: a player may ask before drawing to take the pile"),
        "concealed": (True, "R 1.1: concealed going out"),
        "concealed_needs_canasta": (True, "R 1.1, C1: the hand must contain a canasta"),
        "concealed_allows_layoff": (False, "R 1.1 (Britannica): no layoffs, the hand all in melds "
                                    "(director's reading of C1)"),
        "pass_allowed": (False, "R 1.1: no pass"),
        "stock_end": ("play_on", "R 1.1 (Britannica): play on while the discard is taken"),
        "stock_out_turnover": (False, "R 1.1: the hand ends"),
        "stock_out_must_take": ("layoff", "R 1.1 (Britannica): must take the upcard if it can be ... "
                                "laid off (director's reading: a pair take stays optional)"),
        "value_joker": (50, "R 1.1 card values"),
        "value_two": (20, "R 1.1 card values"),
        "value_ace": (20, "R 1.1 card values"),
        "value_high": (10, "R 1.1 card values: K-8"),
        "value_low": (5, "R 1.1 card values: 7-4"),
        "value_black3": (5, "R 1.1 card values: black 3"),
        "value_red3": (0, "R 1.1: red threes score as bonuses only"),
        "natural_canasta": (500, "R 1.1: natural canasta 500"),
        "mixed_canasta": (300, "R 1.1: mixed canasta 300"),
        "sequence_canasta": (1500, "unused (no sequences)"),
        "wild_canasta": (2500, "unused (no wild melds)"),
        "red3_values": ((0, 100, 200, 300, 800), "R 1.1: 100 each, all four 800"),
        "red3_negative": ("no_meld", "R 1.1: minus for a side that has made no meld"),
        "red3_minus": ("bonus", "R 1.1: minus at the bonus's value (100 each, 800 for four)"),
        "red3_hand_penalty": (0, "R 1.1: red threes are laid at once, never held"),
        "red3_hand_penalty_per": ("card", "R 1.1: red threes are never held"),
        "black3_hand_penalty": (0, "R 1.1: a black three in hand counts its 5 points"),
        "black3_hand_penalty_when": ("always", "R 1.1: no black-three penalty"),
        "black3_meld_scoring": ("face", "R 1.1: melded black threes count 5 each"),
        "black3_four_bonus": (0, "R 1.1: no black-three bonus"),
        "going_out_bonus": (100, "R 1.1: going out 100"),
        "concealed_bonus": (200, "R 1.1: concealed 200"),
        "failed_go_out_penalty": (100, "R 1.1 (Hoyle): permission given but cannot go out -100"),
        "exposed_card_penalty": (0, "R 1.1: no penalty for an exposed card"),
        "failed_go_out_boxes": (0, "R 1.1: no boxed cards"),
        "retract_boxes": (False, "R 1.1: a retracted opening goes back to the hand"),
        "target_score": (5000, "R 1.1: game is 5,000"),
        "win_requires_going_out": (False, "R C4: the higher total at or over 5,000 wins"),
        "turn_card_under": (0, "R 1.1: no turn card"),
        "talon": ((), "R 1.1: no talon"),
        "last_three_penalty": (0, "R 1.1: a last-card red three is scored as usual"),
        "wild_needs_naturals": (0, "R 1.1: no rule of five"),
        "no_wild_ranks": ((), "R 1.1: every rank takes wilds"),
        "opening_wild_ranks": ((), "R 1.1: every rank takes wilds"),
        "opening_by_hand": ((), "R 1.1: minimum by score"),
        "opening_natural_meld": (False, "R 1.1: no natural meld required"),
        "canasta_opens": (False, "R 1.1: the minimum always applies (concealed aside)"),
        "take_cards_count": (True, "R 1.1: the cards of the take count toward the minimum"),
        "after_take_no_discard": ((), "R 1.1: any discard after a take"),
        "red3_count_canastas": (0, "R 1.1: red threes count whenever the side melded"),
        "rank_canasta_bonus": ((), "R 1.1: canastas 500/300 whatever the rank"),
        "rank_incomplete_penalty": ((), "R 1.1: no incomplete-meld penalty"),
        "wild_canasta_by_jokers": ((), "R 1.1: no wild canastas"),
        "wild_incomplete_by_jokers": ((), "R 1.1: no wild canastas"),
        "stuck_ranks": ((), "R 1.1: no penalty for ranks left in hand"),
        "stuck_limit": (2, "unused (no stuck ranks)"),
        "stuck_penalty": (0, "R 1.1: no penalty for ranks left in hand"),
        "no_canasta_all_minus": (False, "R 1.1: table cards count plus"),
        "special_pairs": (0, "R 1.1: no special hands"),
        "special_pairs_wild": (0, "R 1.1: no special hands"),
        "special_garbage": (0, "R 1.1: no special hands"),
        "special_straight": (0, "R 1.1: no special hands"),
        "straight_discard": (True, "R 1.1: no special hands"),
        "garbage_deuces": (False, "R 1.1: no special hands"),
        "game_hands": (0, "R 1.1: play to the target"),
    }


def _gvr(players: int) -> Table:
    t = {k: (v, f"classic: {src}") for k, (v, src) in _classic(players).items()}
    t.update({
        "players": (4, "S2: tables of four players"),
        "player_counts": ((4,), "S2: tables of four, two teams"),
        "team_size": (2, "S2: two teams"),
        "hand_size": (11, "S2: deal 11 cards to each player"),
        "stock_draw": (2, "S2: drawing two new cards; G5"),
        "perfect_cut_bonus": (100, "S2: a perfect cut of 44 cards earns 100"),
        "perfect_cut_to": ("cutter", "G11: the cutter's team"),
        "upcard_cover": (("wild", "red3"), "G3/G4: cover a wild or red-three upcard (Classic)"),
        "first_turn_upcard": ("single", "S2: ONLY in this first instance the player may pick up "
                              "that card; G4: the final natural upcard"),
        "red3_replace": ("deal", "S2: red threes placed in order of play and replaced"),
        "black3_stop": (True, "S2: no pickup when a black three is on top"),
        "black3_meld_min": (3, "S2: 3 or more black threes may be laid when going out"),
        "pickup_natural_wild": (True, "S2: two naturals or one natural and one wild"),
        "pickup_layoff": (True, "S2: if the team has a meld showing ... using that top card"),
        "unopened_side_frozen": (True, "G7/G8: frozen for a team that has not melded"),
        "freeze_on_wild": (True, "S2: frozen with a wild card ... two natural like cards"),
        "freeze_on_red3": (True, "S2: frozen with ... a red three"),
        "min_naturals": (2, "S2: including at least 2 naturals"),
        "max_wilds": (3, "S2: a maximum of three wild cards; G6 per meld"),
        "wild_ratio": ("le", "S2: an equal number of wild cards and natural cards"),
        "opening_minimums": (_CLASSIC_MINIMUMS, "G1: the sheet's table is missing; Classic"),
        "go_out_canastas": (2, "S2: a team must have two Canastas"),
        "ask_partner": ("mandatory", "S2: you MUST ask your partner ... and abide"),
        "concealed_bonus": (200, "G12: Classic 200"),
        "natural_canasta": (500, "S2: natural Canastas count 500"),
        "mixed_canasta": (300, "S2: dirty Canastas count 300"),
        "red3_values": ((0, 100, 200, 300, 800), "S2: 100 each; all four double, 800"),
        "red3_negative": ("no_meld", "S2: red threes but can't meld: all count negative"),
        "going_out_bonus": (100, "S2: going out earns 100"),
        "failed_go_out_penalty": (0, "R 2.3: Classic/Hoyle penalties optional, off"),
        "target_score": (5000, "S2: reach 5000 points first"),
    })
    for k in ("value_joker", "value_two", "value_ace", "value_high", "value_low", "value_black3"):
        t[k] = (t[k][0], "G2: the sheet's card values are missing; Classic")
    return t


# S4 "CANASTA BETWEEN TWO OR THREE PLAYERS": 2 get 15 cards, 3 get 13 and play alone. The sheet is
# silent on 5 and 6; 6 play in three couples (S4 "four to six persons play in couples"), 5 alone.
_SPANISH_SEATING = {2: (15, 1), 3: (13, 1), 4: (11, 2), 5: (11, 1), 6: (11, 2)}


def _spanish(players: int) -> Table:
    hand, team = _SPANISH_SEATING.get(players, (11, 2))
    t = {k: (v, f"classic: {src}") for k, (v, src) in _classic(players).items()}
    t.update({
        "players": (players, "S4: two to six people"),
        "player_counts": ((2, 3, 4, 5, 6), "S4: it can be played by two to six people"),
        "team_size": (team, "S4: couples; for two and three each plays alone; five alone "
                      "(director's ruling, sheet silent)"),
        "hand_size": (hand, "S4: four players eleven cards; two 15; three 13; five and six 11 "
                      "(director's ruling, sheet silent)"),
        "stock_draw": (2 if players == 2 else 1, "S4: one card; two players draw 2 (E14, Classic)"),
        "upcard_cover": (("wild", "red3"), "S4 upcard; E1: joker, two or red three"),
        "red3_replace": ("turn", "S4: when his turn comes ... as many as red threes, plus another"),
        "black3_stop": (True, "S4: the effect as a cover card lasts only one throw"),
        "black3_meld_min": (3, "S4: 3 black threes as a threesome or a quartet"),
        "black3_meld_wilds": (1, "S4: or joining a joker to two of them; E7"),
        "freeze_on_wild": (True, "S4: a joker thrown is put slantwise ... two similar cards"),
        "freeze_on_red3": (True, "S4: the rewarded pool has a red three or a joker"),
        "unopened_side_frozen": (True, "S4: two similar cards, if the game is still uncovered"),
        "pickup_natural_wild": (True, "S4: a similar card and a joker, if the game is open"),
        "pickup_layoff": (True, "S4: a similar card to those on the table: taken without more"),
        "pickup_layoff_canasta": (True, "S4: a canasta of sevens started or finished"),
        "pile_top_counts": (True, "S4: including the discovered one, but not the ones below"),
        "min_naturals": (2, "S4: three cards, only one can be joker"),
        "max_wilds": (3, "S4: up to three jokers; E5/E6"),
        "wild_ratio": ("le", "E5/E6: Classic, never more wilds than naturals"),
        "add_to_canasta": (True, "E15: a completed canasta may be extended"),
        "canasta_cards_hidden": (True, "S4: nobody ... can extend them again to see how they were "
                                 "formed"),
        "opening_minimums": (((-(10**9), 15), (0, 50), (1500, 90), (3000, 120)),
                             "S4: 0-1495 50, 1500-2995 90, 3000-4995 120; E3 negative 15"),
        "go_out_canastas": (1, "S4: in conditions to finish for already having a Canasta"),
        "go_out_discard": ("optional", "S4: close with or without a discard"),
        "ask_partner": ("first_binding" if team == 2 else "none",
                        "S4: only obliged to take into account the reply once"),
        "concealed": (True, "S4: Relance, opening and closing at once"),
        "concealed_needs_canasta": (True, "E16: Relance needs a canasta"),
        "concealed_bonus": (200, "S4: Relance 200; E9 replaces the 100"),
        "stock_end": ("play_on", "S4: the next player may take the pool ... ends when one can not"),
        "value_joker": (50, "S4: jokers 50"),
        "value_two": (20, "S4: twos 20"),
        "value_ace": (20, "S4: aces 20"),
        "value_high": (10, "S4: from the King to number 8: 10"),
        "value_low": (5, "E4: 7-4 = 5"),
        "value_black3": (5, "E4: black 3 = 5"),
        "natural_canasta": (500, "S4: Canasta Limpia 500"),
        "mixed_canasta": (300, "S4: Canasta Sucia 300"),
        "red3_values": ((0, 100, 200, 300, 800), "S4: 100 each; the four red threes 800"),
        "red3_negative": ("no_meld", "S4: if the couple never opened, the prizes are negative"),
        "black3_four_bonus": (0, "E7: the 500 for four black threes is off by default"),
        "going_out_bonus": (100, "S4: for finishing a game 100"),
        "failed_go_out_penalty": (0, "S4 penalties are optional; E11 off (100 when on)"),
        "red3_hand_penalty": (0, "S4 PENALTIES: for having kept a red three instead of exposing it; "
                              "optional, E11 off (500 when on)"),
        "exposed_card_penalty": (0, "S4 PENALTIES: for uncovering a card, 50 (E11: an exposed card); "
                                 "optional, E11 off (50 when on)"),
        "target_score": (5000, "S4: 5.000 points or more"),
    })
    if players == 2:
        t["go_out_canastas"] = (1, "S4: two players 'in some cases' need two canastas; default one")
    return t


_SAMBA_WINDOWS = ((4, 10), (5, 11), (6, 12), (7, 13), (8, 14))


def _samba(players: int) -> Table:
    t = {k: (v, f"classic: {src}") for k, (v, src) in _classic(players).items()}
    t.update({
        "packs": (3, "R 1.3: 162 cards (3 x 52 + 6 jokers)"),
        "jokers_per_pack": (2, "R 1.3: 6 jokers"),
        "players": (4, "R 1.3: 4 players in partnerships"),
        "player_counts": ((4,), "R 1.3: 4 players"),
        "hand_size": (15, "R 1.3: 15 cards each"),
        "stock_draw": (2, "R 1.3: draw 2 and discard 1"),
        "red3_values": ((0, 100, 200, 300, 400, 500, 1000), "R 1.3: 100 each, 1,000 for all six"),
        "red3_negative": ("no_requirement", "R 1.3 (HowStuffWorks): minus if two canastas are not made"),
        "red3_minus": ("bonus", "R 1.3: deducted at the same value as the bonus"),
        "pickup_natural_wild": (False, "R 1.3: taken only with a natural matching pair or a layoff"),
        "pickup_layoff": (True, "R 1.3: unfrozen, adding the top card to a meld"),
        "pickup_layoff_canasta": (False, "R 1.3: ... to a meld that is still short of a canasta"),
        "pickup_extends_sequence": (True, "R 1.3: sequence melds included; never starts one"),
        "seq_pickup_when_frozen": (False, "R 1.3: a frozen pile needs a natural pair"),
        "seq_pickup_takes_pile": (True, "R 1.3 (Bicycle): the whole pile"),
        "min_naturals": (2, "R 1.3: at least two naturals (Bicycle Samba)"),
        "max_wilds": (2, "R 1.3: at most 2 wilds per meld"),
        "wild_ratio": ("any", "R 1.3, T3: two naturals and two wilds is a legal meld"),
        "wild_melds": (False, "R 1.3: wild cards may not be melded on their own"),
        "wild_to_canasta": (False, "R 1.3: no wild may be added to a canasta"),
        "one_meld_per_rank": (False, "R 1.3: several melds of the same rank allowed"),
        "merge_groups": (True, "R 1.3: ... and may be combined"),
        "sequences": (_SAMBA_WINDOWS, "R 1.3: 3+ of one suit, ace high, four low, complete at 7"),
        "opening_minimums": (((-(10**9), 15), (0, 50), (1500, 90), (3000, 120), (7000, 160)),
                             "R 1.3: 15 / 50 / 90 / 120 / 160 over 7,000"),
        "go_out_canastas": (2, "R 1.3: two canastas (mixed, natural or samba) to go out"),
        "concealed": (False, "R 1.3: no concealed bonus"),
        "going_out_bonus": (200, "R 1.3: going out 200"),
        "concealed_bonus": (200, "R 1.3: no concealed bonus (unused)"),
        "sequence_canasta": (1500, "R 1.3: a samba 1,500"),
        "failed_go_out_penalty": (0, "R 1.3: no penalty listed"),
        "target_score": (10000, "R 1.3: game 10,000"),
    })
    t["upcard_cover"] = (("wild", "red3"), "R 1.3 silent: cover a wild or red-three upcard as in "
                         "classic, from which Samba descends (director's ruling)")
    return t


# S1: "2, 3 or 5 players, everyone plays his or her own game; 4 or 6 players, you play with a partner"
# and "2, 3, 4 or 5 players: 15 cards; 6 players: 13 cards".
_BOLIVIA_SEATING = {2: (15, 1), 3: (15, 1), 4: (15, 2), 5: (15, 1), 6: (13, 2)}


def _bolivia(players: int) -> Table:
    hand, team = _BOLIVIA_SEATING.get(players, (15, 2))
    t = {k: (v, f"samba: {src}") for k, (v, src) in _samba(players).items()}
    t.update({
        "packs": (3, "S1: three decks and six jokers ... a total of 162 cards"),
        "jokers_per_pack": (2, "S1: three decks and six jokers"),
        "players": (players, "S1: 2, 3, 4, 5 or even 6 players"),
        "player_counts": ((2, 3, 4, 5, 6), "S1: 2, 3, 4, 5 or even 6 players"),
        "team_size": (team, "S1: 2, 3 or 5 play alone; 4 and 6 with a partner (6: partners "
                      "separated by two players)"),
        "hand_size": (hand, "S1: 15 cards each; with 6 players 13"),
        "stock_draw": (2, "S1: draw 2 cards at a time, discard one"),
        "upcard": ("plain", "B3: one card starts the pile, no covering"),
        "upcard_cover": ((), "B3: no covering; a wild or three on top cannot be taken"),
        "red3_mode": ("optional", "S1: you may meld a red three as a single card"),
        "black3_meld_min": (3, "B11: three or more black threes when going out"),
        "black3_meld_wilds": (0, "B11: with no wild cards"),
        "pile_always_frozen": (True, "S1: the pile is effectively frozen all the time"),
        "pickup_natural_wild": (False, "S1: not with one natural and one wild"),
        "pickup_layoff": (False, "S1, B1: never to add the top card to a group without two "
                          "naturals from hand"),
        "pickup_layoff_canasta": (False, "S1: nor by adding the top card to a canasta"),
        "pickup_extends_sequence": (True, "S1: the top card only fits onto the end of a sequence "
                                    "already on the table"),
        "seq_pickup_when_frozen": (True, "S1: ... although the pile is always frozen"),
        "seq_pickup_takes_pile": (True, "B2: the whole pile (false: the top card only)"),
        "one_card_rule": ("cannot_go_out", "S1: a player with one card who cannot go out may not "
                          "take the pile"),
        "max_wilds": (2, "S1: no more than two wild cards in a mixed canasta; B5 per meld"),
        "wild_melds": (True, "S1: wild cards may be melded as a set of their own"),
        "wild_canasta": (2500, "S1: a canasta of seven wild cards, a bolivia, 2,500"),
        "wild_to_canasta": (False, "S1: a wild card may not be added to an existing canasta"),
        "merge_groups": (True, "S1: you may merge two group melds of the same rank"),
        "sequences": (_SAMBA_WINDOWS, "S1: 4-10, 5-J, 6-Q, 7-K, 8-A"),
        "sequence_canasta": (1500, "S1: a samba (escalera) 1,500"),
        "opening_minimums": (((-(10**9), 15), (0, 50), (1500, 90), (3000, 120), (7000, 150)),
                             "S1: up to 1,495 50; 1,500 90; 3,000 120; 7,000 150; B6 negative 15"),
        "go_out_canastas": (2, "S1: at least 2 canastas"),
        "go_out_sequence": (True, "S1: one of which must be a sequence canasta"),
        "go_out_discard": ("optional", "B12: going out by melding every card is allowed"),
        "ask_partner": ("optional", "S1: you may ask, and must abide by the answer"),
        "pass_allowed": (True, "S1: meld down to one card and say pass"),
        "stock_end": ("end_on_draw", "S1: when a player wants to draw from an empty stock, play ends"),
        "red3_values": ((0, 100, 200, 300, 400, 500, 1000), "S1: 100 each; all 6: 1,000"),
        "red3_negative": ("no_requirement", "S1: only with the two canastas needed to go out; B8"),
        "red3_minus": ("per_card", "S1: for every melded red three 100 penalty; B10 (-600 for six)"),
        "red3_hand_penalty": (750, "S1: red threes in hand: 750, regardless of the number"),
        "red3_hand_penalty_per": ("player", "B9: per player"),
        "black3_hand_penalty": (100, "S1: black threes in hand count 100 each"),
        "black3_hand_penalty_when": ("going_out", "S1: ... when someone goes out"),
        "going_out_bonus": (200, "S1: the side that goes out scores 200"),
        "target_score": (15000, "S1: 15,000"),
    })
    for k in ("value_joker", "value_two", "value_ace", "value_high", "value_low", "value_black3"):
        t[k] = (t[k][0], "B4: Samba card values")
    return t


_TREY_WINDOWS = ((4, 10), (5, 11), (6, 12), (7, 13))
# S0 [G](i) table; scores are multiples of 5, so "> 2995" is 3,000 and up, "> 5995" 6,000, "> 8995" 9,000.
_TREY_MINIMUMS = ((-(10**9), 15), (0, 50), (3000, 90), (6000, 120), (9000, 150))


def _trey(players: int) -> Table:
    t = {k: (v, f"bolivia (R 1.5: S0 silent): {src}") for k, (v, src) in _bolivia(4).items()}
    t.update({
        "packs": (3, "S0 [A]: number of packs = 3"),
        "jokers_per_pack": (2, "S0 [A]: 54 cards including 2 jokers; 162 with 6 jokers"),
        "players": (4, "S0 [A]: number of players for these rules = 4"),
        "player_counts": ((4,), "S0 [A]: four players"),
        "team_size": (2, "S0 'partnership', 'partner'; R 2.1 partners opposite"),
        "hand_size": (15, "S0 [A]: 15 cards each; 16 or 17 as an option ([A](iii))"),
        "stock_draw": (2, "S0 [A](i): taking two cards from the stock pile"),
        "upcard": ("cover", "S0 [A]: 1 is turned over; {b} a wild upcard is covered by the dealer"),
        "upcard_cover": (("wild",), "S0 [A](i){b}: a wild upcard is covered; {c} a red trey is left"),
        "upcard_recover": (("wild", "red3"), "T1: a covering card that is wild or a red trey is "
                           "covered again"),
        "first_turn_upcard": ("plus_stock_card", "S0 [A](i){a}{b}{c}: one stock card plus the "
                              "upcard; then no lay-down until the next turn; T1: not a black trey"),
        "red3_mode": ("disclose", "S0 [F](i){c}: disclosed at once for a further card, or held, "
                      "discarded (freezes) or disclosed later without one"),
        "red3_wild": (True, "S0 [F](i){c}: held, then used as if a wild card; T8 a wild in every "
                      "respect, counting toward the wild cap"),
        "value_red3": (100, "S0 [B]: treys 100; T8 value 100 as a wild"),
        "black3_stop": (True, "S0 [H](i): a black trey on top stops the next player only"),
        "black3_meld_min": (3, "S0 [F](ii){b}: 3, 4, 5 or 6 of them as the last act"),
        "black3_meld_wilds": (0, "S0 [F](ii){b}: black treys alone"),
        "black3_out_no_discard": (True, "S0 [F](ii){b}: the last act without any discard"),
        "pile_always_frozen": (False, "S0 [H](ii)(iii): frozen by a wild or red trey, else not"),
        "freeze_on_wild": (True, "S0 [H](ii): a deuce or joker freezes the pack"),
        "freeze_on_red3": (True, "S0 [H](ii), [F](i){c}: a red trey discarded freezes the pack"),
        "unopened_side_frozen": (True, "T5: before laying down, only with a natural pair and a "
                                 "qualifying lay-down"),
        "pickup_natural_wild": (False, "S0 [H](ii)(iii): a like card plus a wild is not allowed; a "
                                "meld from hand without any wild card"),
        "pickup_layoff": (True, "S0 [H](iii): the discard added to any of the partnership's cards"),
        "pickup_hand_wilds": (False, "S0 [H](iii): the start of a canasta from one's [without any wild "
                              "card] hand (director's reading: the take uses naturals only)"),
        "pickup_layoff_canasta": (False, "T5: not onto a completed canasta"),
        "pickup_extends_sequence": (True, "S0 [A](i), [H](iii): onto a disclosed run; no run started"),
        "seq_pickup_when_frozen": (False, "S0 [H](ii): a frozen pack needs two of the like rank"),
        "seq_pickup_takes_pile": (True, "S0 [H](iii): the other cards go into one's hand"),
        "laydown_facility": (True, "S0 [G](i){a}{b}{c}; T12 counts the lay-down player's own turns"),
        "min_naturals": (2, "S0 [C] meld: 2 ranked cards with one wild card at least"),
        "max_wilds": (2, "S0 [C] meld: a maximum of two wild cards"),
        "wild_ratio": ("lt", "S0 [C], T3: 2N+1W or 3N+ with at most 2W, so 2N+2W is illegal (flag: "
                       "'any' is the Samba/Bolivia reading)"),
        "wild_melds": (True, "S0 [C]: a wild canasta = 7 deuces or jokers or a mixture"),
        "add_to_canasta": (True, "T4: canastas may grow with naturals"),
        "wild_to_canasta": (False, "T4: never with wilds"),
        "sequences": (_TREY_WINDOWS, "S0 [C]: 4-10, 5-J, 6-Q, 7-K; T2 one suit, no 8-A"),
        "threes_count_to_opening": (False, "S0 [B]: treys do NOT count towards a lay down"),
        "sequence_canasta_opens": (True, "S0 [G](i){d}: a complete seven card sequence counts as "
                                   "the required lay-down"),
        "opening_minimums": (_TREY_MINIMUMS, "S0 [G](i): <0 15; 0 to <3000 50; >2995 90; >5995 "
                             "120; >8995 150"),
        "go_out_canastas": (2, "S0 [J](i): a minimum of two canastas"),
        "go_out_sequence": (True, "S0 [J](i): one of which must be a sequence canasta; T11"),
        "go_out_discard": ("required", "S0 [J](iii): all cards less one, the last act discard"),
        "ask_partner": ("mandatory", "S0 [J](ii): must ask permission of his / her partner first"),
        "ask_after_pickup": (True, "S0 [J](ii): only after pick up and before any disclosure"),
        "value_joker": (50, "S0 [B]: jokers 50"),
        "value_two": (20, "S0 [B]: twos 20"),
        "value_ace": (20, "S0 [B]: aces 20"),
        "value_high": (10, "S0 [B]: K, Q, J, ten, nine, eight 10"),
        "value_low": (5, "S0 [B]: seven to four 5"),
        "value_black3": (100, "S0 [B]: treys 100 (a black trey in hand counts -100)"),
        "natural_canasta": (500, "S0 [D]: natural 500"),
        "mixed_canasta": (300, "S0 [D]: mixed 300"),
        "sequence_canasta": (1500, "S0 [D]: sequence 1500"),
        "wild_canasta": (2500, "S0 [D]: wild 2500"),
        "red3_values": ((0, 100, 200, 300, 600, 800, 1000), "S0 [F](i){a}: 100 each; 4 600, 5 800, "
                        "6 1000"),
        "red3_negative": ("no_requirement", "T7: minus without the going-out canastas (Bolivia); "
                          "flag 'never' = always plus"),
        "red3_minus": ("per_card", "T7: the Bolivia rule, 100 each"),
        "red3_hand_penalty": (100, "S0 [F](i){b}: a red concealed in hand counts 100 negative"),
        "red3_hand_penalty_per": ("card", "S0 [F](i){b}: each counts 100"),
        "black3_hand_penalty": (100, "S0 [F](ii){a}: each counts 100 against you (6 at most: 600)"),
        "black3_hand_penalty_when": ("going_out", "S0 [F](ii){a}: when opponents or partner go out"),
        "black3_meld_scoring": ("table", "S0 [F](ii){b}: counts as per the reds; T9 no face value"),
        "going_out_bonus": (300, "S0 [D]: the partnership going out receives 300"),
        "failed_go_out_penalty": (300, "S0 [J](v): told OK but cannot go out: minus 300"),
        "stock_out_turnover": (False, "S0 [K](iii): some players agree before commencement (off)"),
        "failed_go_out_boxes": (2, "S0 [J](v): the cards disclosed are un-usable until that player has "
                                "had two further turns; T13"),
        "retract_boxes": (True, "S0 [G](ii): boxed until that player has next discarded; T13"),
        "target_score": (15000, "S0 [K](i): 15,000 points"),
        "win_requires_going_out": (True, "S0 [K](i), [J](vii): only by going out, even if the "
                                   "opponents are higher"),
    })
    return t


_AMERICAN_MINIMUMS = ((-(10**9), 125), (3000, 155), (5000, 180))


def _american(players: int) -> Table:
    """Modern American canasta (RULINGS 1.2)."""
    t = {k: (v, f"classic: {src}") for k, (v, src) in _classic(players).items()}
    t.update({
        "packs": (2, "R 1.2: 108 cards"),
        "jokers_per_pack": (2, "R 1.2: 108 cards, 4 jokers"),
        "players": (4, "R 1.2: 4 players"),
        "player_counts": ((4,), "R 1.2: 4 players"),
        "team_size": (2, "R 1.2: partnerships"),
        "hand_size": (13, "R 1.2: 13 cards each"),
        "stock_draw": (1, "R 1.2: draw one card per turn"),
        "turn_card_under": (8, "R 1.2: counts off 8 cards and turns the 9th (turn card)"),
        "talon": ((4, 3), "R 1.2: the first team to meld draws 4 bonus cards, the second 3"),
        "upcard": ("none", "R 1.2: discard pile starts empty; no upcard"),
        "upcard_cover": ((), "R 1.2: no upcard"),
        "red3_mode": ("threes", "R 1.2: threes (red and black) are all laid out and replaced"),
        "red3_replace": ("turn", "R 1.2 (S3 C): threes from the deal laid and replaced on the "
                         "player's turn"),
        "last_three_penalty": (5, "R 1.2: a 3 drawn as the last card scores -5"),
        "black3_stop": (False, "R 1.2: threes never reach the pile (laid at once)"),
        "black3_meld": ("none", "R 1.2: threes are laid out, never melded"),
        "pile_always_frozen": (True, "R 1.2: picking the pack always needs a matching natural pair"),
        "pickup_natural_wild": (False, "R 1.2: always a natural pair"),
        "pickup_layoff": (False, "R 1.2: always a natural pair"),
        "pickup_layoff_canasta": (False, "R 1.2: no pick onto a completed (dead) rank"),
        "one_card_rule": ("none", "R 1.2: a pick needs a pair, so never with one card"),
        "pile_top_counts": (True, "R 1.2 / N7: the Pagat summary lets the pick count"),
        "take_cards_count": (True, "N7: the pair counts toward the opening (Pagat summary)"),
        "min_naturals": (2, "R 1.2: melds >= 2 naturals"),
        "max_wilds": (2, "R 1.2: melds <= 2 wilds"),
        "wild_ratio": ("le", "R 1.2: <= 2 wilds with >= 2 naturals"),
        "wild_melds": (True, "R 1.2: wild canastas (melds of wild cards)"),
        "canasta_size": (7, "R 1.2: seven cards"),
        "max_meld_size": (7, "R 1.2: meld size capped at 7"),
        "add_to_canasta": (False, "R 1.2: capped at 7; a completed rank is dead"),
        "wild_to_canasta": (False, "R 1.2: capped at 7"),
        "wild_needs_naturals": (5, "R 1.2: after opening a wild only onto a meld with 5 naturals"),
        "no_wild_ranks": ((7,), "R 1.2: melds of 7s never take wilds"),
        "opening_wild_ranks": ((14,), "R 1.2: aces take wilds only in the initial meld"),
        "one_meld_per_rank": (True, "R 1.2: at most one meld per rank"),
        "opening_minimums": (_AMERICAN_MINIMUMS, "R 1.2: 125; 155 at 3,000; 180 at 5,000 (N2)"),
        "opening_schedule": ("score", "R 1.2: by score"),
        "opening_natural_meld": (True, "R 1.2: the initial meld includes a natural meld of 3+"),
        "canasta_opens": (True, "R 1.2: a natural canasta waives the point minimum"),
        "go_out_canastas": (2, "R 1.2: going out needs 2 canastas"),
        "go_out_discard": ("required", "R 1.2: and a final discard"),
        "ask_partner": ("once", "R 1.2: asking optional; N13 once per hand"),
        "concealed": (False, "R 1.2: no concealed bonus (going out 100)"),
        "after_take_no_discard": (("seven", "ace", "wild", "dead"), "R 1.2: SWAD after picking "
                                  "(dead: a rank the side has closed, director's reading)"),
        "stock_out_must_take": ("never", "R 1.2: play on while players pick the pack; picking "
                                "stays optional (director's reading)"),
        "natural_canasta": (500, "R 1.2: pure 500"),
        "mixed_canasta": (300, "R 1.2: mixed 300"),
        "wild_canasta": (2000, "R 1.2: wild canasta 2,000 (other)"),
        "wild_canasta_by_jokers": ((3000, 2000, 2000, 2000, 2500),
                                   "R 1.2: all deuces 3,000; 4 jokers + 3 deuces 2,500; other 2,000"),
        "wild_incomplete_by_jokers": ((2000, 2000, 2000, 2000, 2500),
                                      "R 1.2: incomplete wild meld -2,000; N4 -2,500 with 4 jokers"),
        "rank_canasta_bonus": (((7, 2500), (14, 2500)), "R 1.2: pure 7s 2,500, pure aces 2,500"),
        "rank_incomplete_penalty": (((7, 2500), (14, 2500)),
                                    "R 1.2: incomplete 7s or pure-aces meld -2,500"),
        "red3_values": ((0, 100, 300, 500, 1000), "R 1.2: per colour 1 100, 2 300, 3 500, 4 1,000"),
        "red3_negative": ("no_canasta", "R 1.2: minus with 0 canastas"),
        "red3_minus": ("bonus", "R 1.2: minus at the same values"),
        "red3_count_canastas": (2, "R 1.2: plus with >= 2 canastas, 0 with exactly 1"),
        "red3_hand_penalty": (100, "R 1.2: a 3 in hand -100, red or black (threes are laid at once: "
                              "only a hand ended holding one, as a position)"),
        "stuck_ranks": ((7, 14), "R 1.2: 3+ aces or 3+ 7s in one hand"),
        "stuck_limit": (2, "R 1.2: 3+ (more than two)"),
        "stuck_penalty": (1500, "R 1.2: -1,500 each set (-3,000 both)"),
        "no_canasta_all_minus": (True, "R 1.2 / N18: with no canasta all table cards count minus"),
        "special_pairs": (2500, "R 1.2: pairs without wilds 2,500"),
        "special_pairs_wild": (2000, "R 1.2: pairs incl. A-A, 7-7 and a pair of 2s or jokers 2,000"),
        "special_garbage": (2000, "R 1.2 / R3: garbage 2,000 (Pagat)"),
        "special_straight": (3000, "R 1.2: straight 3,000"),
        "straight_discard": (True, "N8: the straight is declared with the 14th card discarded"),
        "garbage_deuces": (False, "N9: garbage with no wild cards at all"),
        "going_out_bonus": (100, "R 1.2: going out 100"),
        "failed_go_out_penalty": (0, "R 1.2: no such penalty"),
        "target_score": (8500, "R 1.2: game 8,500"),
    })
    return t


def _nvso(players: int) -> Table:
    """The NVSO tournament sheet (S3): ACS rules with its exceptions."""
    t = {k: (v, f"american: {src}") for k, (v, src) in _american(players).items()}
    t.update({
        "players": (4, "S3: teams of two"),
        "hand_size": (13, "S3 C: 4 piles of 13 cards"),
        "turn_card_under": (8, "S3 C: takes 8 cards from the bottom and turns the 9th"),
        "talon": ((4, 3), "S3 D: the first to meld takes a talon of 4, the second team 3"),
        "upcard": ("none", "R 2.4: none, the first discard starts the pile"),
        "red3_mode": ("threes", "S3 C: place any threes ... one card for each three"),
        "red3_replace": ("turn", "S3 C: the first thing a player does ... then picks one card for "
                         "each three"),
        "last_three_penalty": (5, "S3 C: a 3 picked as the last card: played, no further discard; "
                               "R 2.4: score it -5"),
        "pile_top_counts": (False, "S3 J / N7: the opening WITHOUT using the discard card"),
        "take_cards_count": (False, "S3 J / N7: ... and the two he or she has in the hand"),
        "opening_minimums": (_AMERICAN_MINIMUMS, "S3 D: 125; 155 at 3,000; over 5,000 180 (N2)"),
        "opening_schedule": ("hand", "S3 B / N1: meld 125, then 155, then 180 by hand"),
        "opening_by_hand": ((125, 155, 180), "S3 B: 125, 155, then the last hand 180"),
        "opening_natural_meld": (True, "S3 D: at least one of the groupings must contain 3 naturals"),
        "canasta_opens": (True, "S3 D: seven sixes ... regardless, a full natural canasta"),
        "max_wilds": (2, "S3 E: a canasta ... may include up to 2 wild cards"),
        "no_wild_ranks": ((7,), "S3 G: 7s only as a canasta without wilds"),
        "opening_wild_ranks": ((14,), "S3 G: aces with wilds only on the initial meld"),
        "after_take_no_discard": (("seven", "ace", "wild", "dead"),
                                  "S3 G (7 or ace) and N6 (ACS SWAD: also wild and dead)"),
        "go_out_canastas": (2, "S3 E: once a team completes 2 canastas ... eligible to go out"),
        "go_out_discard": ("required", "S3 K: has one card left to discard"),
        "ask_partner": ("once", "S3 K: this can only be asked once; N13 per hand"),
        "natural_canasta": (500, "S3 E: pure 500"),
        "mixed_canasta": (300, "S3 E: one or two wilds 300"),
        "wild_canasta_by_jokers": ((3000, 2000, 2000, 2000, 2500),
                                   "S3 H: all 2s 3,000; 4 jokers + 3 2s 2,500; 1-3 jokers 2,000"),
        "wild_incomplete_by_jokers": ((2000, 2000, 2000, 2000, 2500),
                                      "S3 H / N4: -2,000; -2,500 with 4 jokers"),
        "rank_canasta_bonus": (((7, 2500), (14, 2500)), "S3 K 'separate point value'; N5 2,500"),
        "rank_incomplete_penalty": (((7, 2500), (14, 2500)),
                                    "S3 G, L: failure to complete A's or 7's -2,500"),
        "red3_values": ((0, 100, 300, 500, 1000), "S3 C, K: 1 100, 2 300, 3 500, 4 1,000 per colour"),
        "red3_negative": ("no_canasta", "S3 C, K: no canasta, the threes are deducted"),
        "red3_count_canastas": (2, "S3 C, K: one canasta, no credit; 2 canastas count"),
        "stuck_ranks": ((7, 14), "S3 G: more than two 7s or two aces"),
        "stuck_penalty": (1500, "S3 G, L: 1,500; both 3,000"),
        "no_canasta_all_minus": (True, "S3 K: no canastas, everything is a minus; N18"),
        "special_pairs": (2500, "S3 F: pairs without wilds 2,500"),
        "special_pairs_wild": (2000, "S3 F: 2-2 or J-J, must contain A's and 7's, 2,000"),
        "special_garbage": (2000, "S3 F: garbage 2,000 (no wilds, N9)"),
        "special_straight": (3000, "S3 F: straight 3,000 (N8: with a discard)"),
        "straight_discard": (True, "S3 F lists 13 cards; N8: declared with the 14th discarded"),
        "garbage_deuces": (False, "S3 F: may not have any jokers; N9: no wilds at all"),
        "going_out_bonus": (100, "S3 K: going out 100"),
        "target_score": (8500, "S3 A: 8,500 wins"),
        "game_hands": (3, "S3 B: each game consists of 3 hands (director: then the higher total "
                       "wins, a tie plays another hand)"),
    })
    return t


@dataclass(frozen=True)
class BotTuning:
    """What the bots were measured to play best with in a rule set (``docs/bots.md``): numbers, read
    by ``canasta.bots``, kept with the rule set so that a new one states them (or that they were not
    measured) in one place."""

    # the search's cut-off estimate (``bots.search.Estimate``: per point in hand, per card, per wild
    # card, the part of a canasta's bonus a meld one, two, three cards short of it is worth), fitted
    # by ``benchmarks/calibrate_estimate.py``; None: not fitted, the hand-set default
    estimate: tuple[float, float, float, tuple[float, float, float]] | None
    # how sure (standard errors) an alternative must be to overrule the heuristic
    confidence: float
    # the search's sampled worlds deal the other hands as players keep them (natural pairs)
    kept_pairs: bool
    # how far one hand moves a game: the standard deviation of two sides' hand difference and a
    # side's mean hand score (``benchmarks/calibrate_estimate.py``); None: not measured, a rough row
    hand_spread: tuple[float, float] | None
    # the search plays to win the game (``bots.search.game_chance``), not the hand's points
    play_to_win: bool
    # the playouts run to the end of the hand with this many times the worlds (0: cut off)
    whole_hand: int
    # the Beginner takes piles and closes canastas like the Club player and instead plays no
    # sequences on purpose (where taking fewer piles made the heuristic stronger)
    beginner_plays_no_sequences: bool


#: The tuning of a rule set the bots were not measured in (a custom one, or a preset's defaults).
UNMEASURED = BotTuning(estimate=None, confidence=1.0, kept_pairs=False, hand_spread=None, play_to_win=False,
                       whole_hand=0, beginner_plays_no_sequences=False)


@dataclass(frozen=True)
class Preset:
    """One rule set, everything about it in one record: its name, what players call it (``title``),
    a line describing it, its table of option values for a player count (each with its source), the
    players it is set up for, and what the bots were tuned to. ``tests/test_presets.py`` checks that
    every rule set gives each."""

    name: str
    title: str
    description: str
    table: Callable[[int], Table]
    default_players: int
    bots: BotTuning


#: The rule sets, one record each (``Preset``), by name.
RULE_SETS: dict[str, Preset] = {p.name: p for p in (
    Preset("classic", "Classic canasta",
           "Reference classic canasta (RULINGS 1.1): 2 packs, 11 cards, draw 1, one canasta to go out, 5,000",
           _classic, 4, UNMEASURED),
    Preset("gvr-club", "Classic, GVR club rules",
           "GVR club classic (S2): draw 2, two canastas to go out, must ask partner, perfect cut 100, 5,000",
           _gvr, 4, replace(UNMEASURED, estimate=(1.76, 19.7, 3.66, (0.503, 0.256, 0.116)))),
    Preset("spanish", "Spanish canasta",
           "Spanish / Latin classic (S4): 2-6 players, Relance 200, first answer binds, black threes with "
           "a joker, 5,000", _spanish, 4, UNMEASURED),
    Preset("samba", "Samba",
           "Reference Samba (RULINGS 1.3): 3 packs, 15 cards, draw 2, sequences, two canastas to go out, "
           "10,000", _samba, 4, replace(UNMEASURED, estimate=(2.36, -6.3, 35.3, (0.31, 0.0845, 0.0137)))),
    Preset("bolivia", "Bolivia",
           "Bolivia (S1): 3 packs, 2-6 players, sequences (escalera), wild canastas, two canastas with an "
           "escalera to go out, 15,000", _bolivia, 4,
           replace(UNMEASURED, estimate=(2.55, 27.4, 34.4, (0.503, 0.231, 0.0805)),
                   beginner_plays_no_sequences=True)),
    # the American games: the sampled worlds and the estimate model the game less well (a surer
    # search won more), random deals hold too few pairs, a game is three hands (S3 B) decided at the
    # end of each: see docs/bots.md for each measurement
    Preset("american", "American canasta",
           "Modern American canasta (RULINGS 1.2): 13 cards, threes, turn card, talon, 125/155/180, 7s "
           "and aces, special hands, 8,500", _american, 4,
           BotTuning(estimate=(6.08, -8.36, -17.1, (1.62, 0.594, 0.37)), confidence=2.0, kept_pairs=True,
                     hand_spread=(2502.0, 1109.0), play_to_win=True, whole_hand=2,
                     beginner_plays_no_sequences=False)),
    Preset("nvso-tournament", "American, NVSO tournament",
           "NVSO tournament (S3): American with the sheet's exceptions, meld 125/155/180 by hand, games "
           "of three hands", _nvso, 4,
           BotTuning(estimate=(8.27, -53.0, -17.8, (1.25, 0.543, 0.288)), confidence=2.0, kept_pairs=True,
                     hand_spread=(2511.0, 964.0), play_to_win=True, whole_hand=6,
                     beginner_plays_no_sequences=False)),
    Preset("trey-canasta", "Trey Canasta (U3A)",
           "Trey Canasta / U3A Bolivia Plus (S0): 3 packs, 4 players, red and black treys, four sequence "
           "windows, going out only at 15,000", _trey, 4,
           replace(UNMEASURED, estimate=(2.13, 21.0, 41.9, (0.565, 0.273, 0.146)),
                   beginner_plays_no_sequences=True)),
)}

# The older names, each a view of RULE_SETS (for the interfaces that read them)
#: ``name -> (one-line description, table of option values for a player count)``
PRESETS: dict[str, tuple[str, Callable[[int], Table]]] = {
    n: (p.description, p.table) for n, p in RULE_SETS.items()}
#: What players call each rule set: the pages' menus and a new table's default name.
TITLES: dict[str, str] = {n: p.title for n, p in RULE_SETS.items()}
DEFAULT_PLAYERS: dict[str, int] = {n: p.default_players for n, p in RULE_SETS.items()}


def preset(name: str) -> Preset:
    """The rule set ``name``'s record; RuleError naming the closest one for an unknown name."""
    return RULE_SETS[check_preset(name)]


def preset_title(name: str) -> str:
    """The rule set as players call it; a name that is no preset is shown as it is."""
    p = RULE_SETS.get(name)
    return p.title if p is not None else name


def bot_tuning(name: str) -> BotTuning:
    """What the bots were tuned to in rule set ``name`` (``UNMEASURED`` for a custom one)."""
    p = RULE_SETS.get(name)
    return p.bots if p is not None else UNMEASURED


def check_preset(name: str) -> str:
    """``name`` if it is a preset; otherwise RuleError naming the closest preset and all of them
    (one message for the engine, the command line and the server)."""
    if name not in RULE_SETS:
        close = difflib.get_close_matches(str(name), list(RULE_SETS), n=1)
        if close:
            raise rule_error("unknown_preset_close", name=repr(name), close=repr(close[0]),
                             choices=", ".join(RULE_SETS))
        raise rule_error("unknown_preset", name=repr(name), choices=", ".join(RULE_SETS))
    return name


def preset_table(name: str, players: int | None = None) -> Table:
    """A preset's option table: option -> (value, source)."""
    p = preset(name)
    return p.table(players if players is not None else p.default_players)


#: House-rule bundles: one word for several options a sheet names together, each value with its source.
#: ``--set tournament_penalties=true`` (or ``rules(NAME, tournament_penalties=True)``) turns them all on;
#: an option also given on its own keeps that value.
BUNDLES: dict[str, Table] = {
    "tournament_penalties": {
        "red3_hand_penalty": (500, "S4 PENALTIES: for having kept, unawares, a red three instead of "
                              "exposing it, 500 points"),
        "failed_go_out_penalty": (100, "S4 PENALTIES: for having asked permission to quit and not been "
                                  "able to do so, 100 points"),
        "exposed_card_penalty": (50, "S4 PENALTIES: for uncovering a card, 50 points (E11: an exposed "
                                 "card); 'leave their use only for the tournaments'"),
    },
}


def expand_bundles(overrides: dict[str, Any]) -> dict[str, Any]:
    """House-rule overrides with each bundle word (true or false) replaced by the options it sets."""
    out: dict[str, Any] = {}
    for key, on in overrides.items():
        if key in BUNDLES:
            if not isinstance(on, bool):
                raise rule_error("bundle_bool", option=repr(key), value=reprlib.repr(on))
            if on:
                out |= {opt: value for opt, (value, _) in BUNDLES[key].items()}
    return out | {k: v for k, v in overrides.items() if k not in BUNDLES}


def rules(name: str, /, **overrides: Any) -> RuleSet:
    """The preset ``name`` with house-rule overrides, validated.

    >>> rules("gvr-club", go_out_canastas=1).go_out_canastas
    1
    >>> rules("spanish", players=3).hand_size
    13
    >>> rules("spanish", tournament_penalties=True).exposed_card_penalty
    50
    """
    if not isinstance(name, str):
        raise rule_error("preset_name_text", choices=", ".join(PRESETS), value=reprlib.repr(name))
    if "name" in overrides:
        raise rule_error("name_not_house_rule", name=repr(name))
    check_option_names(overrides, also=tuple(BUNDLES))
    overrides = expand_bundles(overrides)
    players = overrides.get("players")
    if players is not None:
        check_option_values({"players": players})  # a whole number, before it picks the table
    table = preset_table(name, players)
    if players is not None and players not in table["player_counts"][0]:
        allowed = ", ".join(map(str, table["player_counts"][0]))
        raise rule_error("players_for", players=players, name=name, counts=allowed)
    values = {k: v for k, (v, _) in table.items()} | {"name": name}
    return make_ruleset(values | overrides)


def rules_from_options(options: dict[str, Any]) -> RuleSet:
    """Rebuild a rule set from its full option dict (as saved in a record, ``RuleSet.options()``).

    Every option must be there, except options added to the engine after the record was saved: those
    take the value of the preset named by ``name`` (a custom rule set must give them all).
    """
    if not isinstance(options, dict):
        raise rule_error("rules_not_object")
    check_option_values(options)
    name = options.get("name")
    if not isinstance(name, str):
        raise rule_error("rules_need_name")
    missing = [k for k in OPTION_NAMES if k not in options]
    if not missing:
        return make_ruleset(options)
    if name not in PRESETS:
        raise rule_error("rules_lack_more" if len(missing) > 3 else "rules_lack", name=repr(name),
                         options=", ".join(map(repr, missing[:3])))
    if len(missing) > len(OPTION_NAMES) // 2:
        raise rule_error("rules_lack_many", name=repr(name), missing=len(missing), total=len(OPTION_NAMES),
                         option=repr(missing[0]))
    players = options.get("players")
    table = preset_table(name, players if isinstance(players, int) and not isinstance(players, bool)
                         else None)
    return make_ruleset({k: table[k][0] for k in missing} | options)


def cached_rules_from_options(options: dict[str, Any]) -> RuleSet:
    """:func:`rules_from_options`, built once per distinct option set in this process: a simulation or
    match worker plays game after game under the same options, and validating them (about a quarter of
    a millisecond) each time showed in the figures. Rule sets are frozen, so sharing one is safe."""
    try:
        key = json.dumps(options, sort_keys=True)
    except (TypeError, ValueError):  # not JSON: let the uncached path name the problem
        return rules_from_options(options)
    return _rules_from_json(key)


@lru_cache(maxsize=32)
def _rules_from_json(text: str) -> RuleSet:
    return rules_from_options(json.loads(text))
