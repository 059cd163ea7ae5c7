"""The tournament's words in English, by code: its refusals (``MESSAGES``) and the lines its pages
show (``LINES``: movement names, draws, partners' notes, where each decision comes from, the
ranking rule).

Nothing in the tournament builds a sentence in another language: it refuses with a code and its
data (``TournamentError``) and hands its pages codes and data (``Event.view``); the English here is
the default a Python user reads, and the template the catalogues are extracted from
(``python -m canasta.translate``): the server says a refusal in the reader's language
(``server.<code>``), a page says a line from its catalogue (``tournament.<code>``). Data keys are
typed by name as :mod:`canasta.messages` says; ``draws`` is a list of [pair, card] a page writes
as "Ann & Bob draws 7♥, ..." (``ev_draw_card``).
"""

from __future__ import annotations

from typing import Any, Final

from ..messages import Template

#: English templates of the tournament's refusals, by code (said as ``server.<code>``).
MESSAGES: Final[dict[str, Template]] = {
    # registering an event
    "pair_no_name": "every pair needs a name",
    "pair_same_name": "two pairs have the same name: {names}",
    "too_few_pairs": "an event needs at least two pairs",
    "too_many_pairs": "{n} pairs: at most {most} in one event",
    "bad_draw": "seats are drawn random, as_listed or high_card, not {value}",
    "bad_movement": "the movement is one of mitchell, howell, round_robin, knockout, not {value}",
    "bad_partnering": "partners are fixed or gvr, not {value}",
    "knockout_gvr": "a knockout keeps its pairs from game to game: GVR partnering changes the partners, so "
                    "choose one or the other",
    "knockout_tie_draw": "a knockout game needs a winner: a tie plays on (time_tie 'extra_hand'), it cannot "
                         "be recorded as a draw",
    "gvr_odd": "GVR partnering needs tables of four: an even number of pairs, not {n}",
    "gvr_games": "GVR partnering changes partners for game 2 (S2) and game 3: 2 or 3 rounds, not {games}",
    "gvr_players": "GVR partnering needs each pair's two players, written like 'Ann & Bob', not {value}",
    "players_same_name": "two players have the same name: {names}",
    "pair_players_of": "{value}: write a pair's two players like 'Ann & Bob'",
    "round_robin_rounds": "a round robin of {n} pairs has {rounds} rounds, not {games}",
    "not_an_event": "not an event: {reason}",
    # the frame's options (S3 B)
    "frame_choice": "{name}: {value} is not one of {allowed}",
    "frame_minutes": "game_minutes: {minutes} (at least 1)",
    "frame_warning": "the warning comes {minutes} minutes before the end of a {game_minutes}-minute round: "
                     "it must be less than the round (warning_minutes 0 up to game_minutes - 1)",
    "frame_unknown": "unknown frame option {names} (options: {options})",
    "frame_number": "{name}: {value} should be a whole number",
    "frame_text": "{name}: {value} should be text",
    # movements
    "bad_odd": "odd: {value} is not one of sitout, phantom",
    "pairs_at_least": "{n} pairs: at least {least}",
    "pair_names_differ": "pair names must differ: {names}",
    "phantom_name": "{value} is the phantom pair's name; registered pairs need another",
    "howell_tables": "a Howell for {n} pairs needs {tables} tables: 3 to 7 (5 to 14 pairs); use round_robin "
                     "for others",
    "berger_rounds": "rounds: {rounds} (1 to {most} for {n} pairs)",
    "round_unseated": "round {round} does not seat {names}",
    "team_counts": "{ns_teams} North-South and {ew_teams} East-West teams: one of each per table, at least "
                   "one table",
    "team_names_differ": "team names must differ: {names}",
    "seating_order": "one seating per table, tables 1 to N in order",
    "games_at_least": "games: {games} (at least 1)",
    "team_wins_twice": "a team can win only one table: {names}",
    # rounds, tables and results
    "no_round": "there is no round {round} (rounds 1 to {rounds})",
    "no_table": ("no game at table {table} in round {round} (tables {tables}; a pair sitting out has no "
                 "table)"),
    "no_pair": "no pair is called {value}",
    "total_whole_ns": "North-South's total must be a whole number, not {value}",
    "total_whole_ew": "East-West's total must be a whole number, not {value}",
    # (the page says these beside the table's row: "Table 2: ...")
    "knockout_tie": "the totals are equal ({total}); a knockout game is won on the higher total, so play "
                    "another hand and enter the totals after it",
    "winner_played_on": "its winner has played round {round} already (table {later_table}); a new winner "
                        "means changing that game first",
    "no_game_yet": "no game at table {table} in round {round} yet",
    "pairs_not_known": "round {round}, table {table}: its pairs are not known yet",
    "no_game_there": "round {round}, table {table}: no game there yet",
    "not_playing_there": "round {round}, table {table}: {pair} does not play there",
    "bracket_size": "a bracket has 2, 4, 8 ... places, not {size}",
    "knockout_few": "a knockout needs at least two pairs",
    # the clock
    "clock_started": "the clock of this round has started; pause or resume it",
    "clock_not_running": "the clock is not running",
    "clock_not_paused": "the clock is not paused",
    "clock_not_started": "start the clock first",
    "clock_last_round": ("round {round} is the last ({n} round)", "round {round} is the last ({n} rounds)"),
    "clock_action": "the clock has start, pause, resume, plus, minus and next, not {value}",
    "elapsed": "elapsed time {value}: seconds since the go-ahead, 0 or more",
    "timed_two_teams": "a timed game is between two teams, not {sides} sides",
    "hand_before_go": "a hand cannot have started before the go-ahead",
    # draws, partners, duplicate, sheets
    "draw_not_a_card": "{value} is not a card face",
    "draw_ran_out": "the cards ran out before the draw was decided: {draws}",
    "position": "position {value}: NS or EW",
    "table_of_four": "a table of four different players clockwise from the keeper, not {names}",
    "same_table": "games 1 and 2 must be the same table with the same keeper",
    "tables_at_least": "tables: {tables} (at least 1)",
    "duplicate_sides": "duplicate compares two directions; these rules have {sides} sides",
    "duplicate_game_sides": "duplicate compares two directions; this game has {sides} sides",
    "deal_twice": "deal {hand} is recorded twice at one table: tables {tables}",
    "pair_deal_twice": "a pair plays deal {hand} twice: {names}",
    "sheet_sides": "a score sheet is for two teams, this game has {sides} sides",
    "sheet_teams": "two different team names, not {value}",
    # standings
    "rank_by_value": "rank_by: {value} is not one of points, wins, match_points",
    "tie_break_value": "tie break {value} is not one of points, wins, match_points, head_to_head, margin",
    "tie_breaks_once": "tie breaks {value}: each once, and not {rank_by} again",
    "sit_out_value": "sit_out: {value} is not one of average, nothing",
    "plays_twice": "{pair} plays twice in round {round}",
    "plays_itself": "{pair} cannot play itself",
    # the provably fair deals' files (fair: the commitments, how a seed was mixed, a verification)
    "fair_hands": "hands: {hands} (at least 1)",
    "fair_salts": "{salts} salts for {hands} hands",
    "fair_not_commitments": "not a commitments file (a JSON object with format {value} and 'deals')",
    "fair_version": "commitments version {value}: this program reads 1 and 2",
    "fair_deal_object": "deal {deal}: an object with hand, sha256, seed and salt",
    "fair_deal_hand": "deal {deal}: 'hand' must be a hand number from 1",
    "fair_deal_sha": "deal {deal}: 'sha256' must be 64 lowercase hex digits",
    "fair_deal_text": "deal {deal}: '{field}' must be text",
    "fair_hand_twice": "a hand is committed twice: hand {hand}",
    "fair_server_object": ("'server' must be an object with sha256 (seed and salt once shown), "
                           "'values' a list"),
    "fair_server_sha": "server: 'sha256' must be 64 lowercase hex digits",
    "fair_server_text": "server: '{field}' must be text",
    "fair_value_object": "value {number}: an object with seat, from (page or server) and value",
    "fair_value_hex": "value {number}: 'value' must be lowercase hex digits",
    "fair_values_order": "the values must be given for seats 0, 1, ... in order",
    "fair_from_position": "the record starts from a position, not from a seeded deal: nothing to verify",
    "fair_no_commitments": "the record holds no 'commitments': give them with --commitments FILE",
}

#: English templates of the lines the tournament's pages show, by key (``tournament.<code>``).
LINES: Final[dict[str, Template]] = {
    "tournament.movement.mitchell": "Mitchell",
    "tournament.movement.howell": "Howell",
    "tournament.movement.round_robin": "Round robin",
    "tournament.movement.knockout": "Knockout",
    "tournament.movement.gvr": "GVR partners",
    # where each decision comes from: a sheet's words, or the director's reading
    "tournament.source.high_card": "S3 B: 'a high card draw' at each table decides positions; director: "
                                   "the pairs listed 1-2, 3-4 ... meet at tables 1, 2 ..., and the high card "
                                   "takes North-South",
    "tournament.source.knockout": "S3: 'This is a single elimination tournament'. Director: a bracket of the "
                                  "next power of two, the top seeds get the byes and meet as seeded brackets "
                                  "do (1 v 8, 4 v 5, 2 v 7, 3 v 6)",
    "tournament.source.knockout_seats": "director (S3 B: positions by a high-card draw between the "
                                        "teams): with the high-card draw each game's table draws again; "
                                        "seeded or drawn by lot, the higher seed sits North-South",
    "tournament.source.gvr": "S2: 'Second game the players to the right and left of the score keeper draw; "
                             "high card then partners with the score keeper.' Director: the high card moves "
                             "opposite the keeper",
    "tournament.source.gvr_keeper": "director (S2 'establish a score keeper'): the first player of the "
                                    "North-South pair keeps score",
    # the ranking rule, each criterion a noun phrase of the sentences after it
    "tournament.criterion.points": "total points",
    "tournament.criterion.wins": "games won",
    "tournament.criterion.match_points": "match points",
    "tournament.criterion.head_to_head": "games won between the tied pairs",
    "tournament.criterion.margin": "points scored minus points conceded",
    "tournament.ranked_1": "Ranked by {first}; pairs still equal share the place.",
    "tournament.ranked_2": "Ranked by {first}, then {second}; pairs still equal share the place.",
    "tournament.ranked_3": "Ranked by {first}, then {second}, then {third}; pairs still equal share the "
                           "place.",
    "tournament.ranked_4": "Ranked by {first}, then {second}, then {third}, then {fourth}; pairs still equal "
                           "share the place.",
    "tournament.ranked_5": "Ranked by {first}, then {second}, then {third}, then {fourth}, then {fifth}; "
                           "pairs still equal share the place.",
    "tournament.ranked_knockout": "Ranked by the round each pair went out in: the champion first, then the "
                                  "finalist; pairs out in the same round share the place.",
    "tournament.sit_out.average": "A pair sitting out a round scores its own average for it.",
    "tournament.sit_out.nothing": "A pair sitting out a round scores nothing for it.",
    # the draws and the partners' notes (the event's page, the table cards)
    "tournament.draw_table": "Table {table}: {draws}; {pair} sits North-South",
    "tournament.draw_no_opponent": "{pair} has no opponent in the draw: North-South at the last table",
    "tournament.gvr_game2": "Table {table}, game 2: {draws}; {high} has the high card and partners the "
                            "keeper {keeper}, {low} partners {partner}",
    "tournament.gvr_game3": "Table {table}, game 3: {across} partners the keeper {keeper}, {left} partners "
                            "{right}",
}

#: The lines of ``canasta tournament``'s plan (``plan.event_plan``), said on the command line; the
#: frame options' sources are ``cli.frame_source.<option>`` (``options.SOURCES``); ``cli.``: the command
#: line's, not sent to the pages.
PLAN: Final[dict[str, Template]] = {
    "cli.plan.frame": ("Tournament frame: {tables} table, {games} games of {minutes} minutes, warning "
                       "at {warning} minutes",
                       "Tournament frame: {tables} tables, {games} games of {minutes} minutes, "
                       "warning at {warning} minutes"),
    "cli.plan.frame_one_game": ("Tournament frame: {tables} table, {games} game of {minutes} minutes, "
                                "warning at {warning} minutes",
                                "Tournament frame: {tables} tables, {games} game of {minutes} "
                                "minutes, warning at {warning} minutes"),
    "cli.plan.option": "{name} = {value}: {source}",
    "cli.plan.draws": "Position draws (seed {seed}), the high card chooses North-South or East-West:",
    "cli.plan.drew": "{team} {card}",
    "cli.plan.draw_table": "table {table}: {draws}: {chooser} chooses",
    "cli.plan.knockout": "Single elimination: the winners of tables 1 and 2 meet at table 1, of 3 and "
                         "4 at table 2, ...; an odd winner has a bye.",
    "cli.plan.movement": "Movement: North-South teams stay; East-West teams move to the next higher "
                         "table, the highest table's to table 1:",
    "cli.plan.seat": "T{table} {ns}-{ew}",
    "cli.plan.game": "game {game}: {seats}",
    "cli.plan.meeting": "{ns}-{ew} in game {game}",
    "cli.plan.repeats": "Pairs meeting again (fewer tables than games): {meetings}",
}

#: The ranking rule's sentence by its number of criteria.
RANKED = ("tournament.ranked_1", "tournament.ranked_2", "tournament.ranked_3", "tournament.ranked_4",
          "tournament.ranked_5")
ORDINALS = ("first", "second", "third", "fourth", "fifth")


def line(code: str, **data: Any) -> dict[str, Any]:
    """A line of a tournament page as a code and its data (``LINES["tournament.<code>"]``)."""
    if f"tournament.{code}" not in LINES:
        raise KeyError(code)
    return {"code": code, "data": data}
